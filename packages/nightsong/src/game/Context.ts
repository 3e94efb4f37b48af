/**
 * How a Nightsong rule runs on the kernel's context: the procedures' dice come from `ctx.dice`
 * (seeded, or typed in by the seat that rolls them), a procedure's refusal becomes the command's
 * refusal with its clause, and the Referee's calls are read off the command or asked.
 *
 * @since 0.2.0
 */
import { type DiceSource, Errors } from "@blight/dice"
import { type RuleContext, refuse } from "@blight/engine"
import { ProcedureError } from "../procedures/Errors.js"
import type { AdvantageCall } from "./Command.js"
import type { GameEvent } from "./Event.js"
import type { GameState } from "./State.js"

/** A rule's context. */
export type Ctx = RuleContext<GameState, GameEvent, undefined>

/**
 * The procedures' dice, each one an input of the command, rolled or typed in by the seat `by`
 * names (one seat, or a seat for each die's label: the defender rolls its own Armor).
 */
export const diceOf = (ctx: Ctx, by: string | ((label: string) => string), what = ""): DiceSource => ({
  kind: "recording",
  die: (sides, label = "die") =>
    ctx.dice(1, `${what}${label} (d${sides})`, typeof by === "string" ? by : by(label), sides)[0] as number,
})

/** Runs a pure procedure; what it refuses (a ProcedureError, a dice rule) refuses the command. */
export const ruled = <A>(f: () => A): A => {
  try {
    return f()
  } catch (e) {
    if (e instanceof ProcedureError) refuse(e.message, e.clause)
    if (Errors.isDiceError(e)) {
      const clause = (e as { clause?: string }).clause
      refuse(e.message, clause)
    }
    throw e
  }
}

/** The DR of every Check in solo play unless the fiction calls for another (N-CHECK-03). */
const SOLO_DR = 12

/** The DR: the command's, else 12 in solo play (N-CHECK-03), else the Referee sets it (N-CHECK-01). */
export const drCall = (ctx: Ctx, given: number | undefined, what: string): number =>
  given ??
  (st(ctx).solo === true ? SOLO_DR : undefined) ??
  Number(
    ctx.choose("dr", `the DR for ${what} (N-CHECK-01)`, ["6", "9", "12", "15", "18"], st(ctx).seats.referee),
  )

/**
 * Advantage: the command's, else the Referee's call (N-ADV-02); on a party member's roll in the
 * dark (N-DELVE-02) or pressing on through bad weather (N-JOURNEY-02) a Disadvantage joins it,
 * and cancels an Advantage (R-N-ADV-01, R-N-GAME-13).
 */
export const advantageCall = (
  ctx: Ctx,
  given: AdvantageCall | undefined,
  what: string,
  roller: string,
): AdvantageCall => {
  const call =
    given ??
    (ctx.choose(
      "advantage",
      `Advantage on ${what}? (N-ADV-02)`,
      ["none", "advantage", "disadvantage"],
      st(ctx).seats.referee,
    ) as AdvantageCall)
  const s = st(ctx)
  const hindered = Object.hasOwn(s.party, roller) && (s.light?.lit === false || s.hardGoing === true)
  if (!hindered) return call
  return call === "advantage" ? "none" : "disadvantage"
}

/** A Die of Fate threshold: the command's, else the Referee's (N-FATE-01, N-FATE-02). */
export const thresholdCall = (ctx: Ctx, given: number | undefined, question: string): number => {
  if (given !== undefined) {
    if (!Number.isInteger(given) || given < 0 || given > 100)
      refuse(`threshold: a Die of Fate threshold runs 0 to 100, got ${given}`, "N-FATE-02")
    return given
  }
  return Number(
    ctx.choose(
      "threshold",
      `the threshold for "${question}" (N-FATE-02)`,
      ["30", "50", "70"],
      st(ctx).seats.referee,
    ),
  )
}

/** The state a rule reads (the draft, read only: only events change it). */
export const st = (ctx: Ctx): GameState => ctx.draft as unknown as GameState

/** The decoded type of a command's schema. */
export type Of<S> = S extends { readonly Type: infer T } ? T : never
