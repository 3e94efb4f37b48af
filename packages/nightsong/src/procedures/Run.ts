/**
 * The Effect boundary for play procedures: run any procedure (or the world generator) on the
 * `Dice` service's dice, so rolls land in the service's log and bad input or broken rules come
 * back as typed failures instead of thrown errors.
 *
 * @since 0.1.0
 */

import { Dice, type DiceSource, Errors } from "@blight/dice"
import { Cause, Effect, Exit } from "effect"
import { ProcedureError } from "./Errors.js"

/** Every typed failure a procedure run can end in. */
export type RunError = ProcedureError | Errors.DiceError

/**
 * Runs `procedure` with dice from the `Dice` service. A {@link ProcedureError} or a dice error
 * becomes a typed failure; anything else is a defect.
 */
export const withDice = <A>(procedure: (source: DiceSource) => A): Effect.Effect<A, RunError, Dice> =>
  Effect.flatMap(Dice, (dice) =>
    Effect.suspend(() => {
      const source: DiceSource = {
        kind: "recording",
        die: (sides, label) => {
          const exit = Effect.runSyncExit(dice.die(sides, label))
          if (Exit.isSuccess(exit)) return exit.value
          throw Cause.squash(exit.cause)
        },
      }
      try {
        return Effect.succeed(procedure(source))
      } catch (e) {
        return e instanceof ProcedureError || Errors.isDiceError(e) ? Effect.fail(e) : Effect.die(e)
      }
    }),
  ).pipe(Effect.withSpan("Procedures.withDice"))
