/**
 * The Die of Fate as the procedure areas ask it (N-FATE-01, N-FATE-02): the Referee's threshold
 * (the command's, else asked), the Referee's d%, low is yes; the answer goes in the log.
 *
 * @since 0.3.0
 */
import type { DiceSource } from "@blight/dice"
import { type Ctx, diceOf, ruled, st, thresholdCall } from "../Context.js"

/** A Die of Fate answer a procedure gave. */
export interface Fated {
  readonly threshold: number
  readonly roll: number
  readonly yes: boolean
}

/**
 * Asks `question` with a procedure (`weather`, `wayAhead`, …) that rolls the Die of Fate against
 * the threshold, and logs the answer.
 */
export const fateBy = <R extends { readonly roll: number; readonly yes: boolean }>(
  ctx: Ctx,
  given: number | undefined,
  question: string,
  procedure: (source: DiceSource, threshold: number) => R,
): R & { readonly threshold: number } => {
  const threshold = thresholdCall(ctx, given, question)
  const r = ruled(() => procedure(diceOf(ctx, st(ctx).seats.referee, `${question}: `), threshold))
  ctx.emit({ type: "fated", question, threshold, roll: r.roll, yes: r.yes })
  return { ...r, threshold }
}
