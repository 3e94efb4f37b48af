/**
 * The Die of Fate in play (N-FATE): a d% against a threshold the Referee sets from how likely
 * the positive answer is. Dice core ruling R-N-FATE-01: a roll at or under the threshold is yes.
 *
 * @since 0.1.0
 */
import { type DiceSource, Fate } from "@blight/dice"
import { Schema } from "effect"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** How likely the positive answer is (N-FATE-01, N-FATE-02). */
export const Likelihood = Schema.Literals(["unlikely", "even", "likely"])
export type Likelihood = typeof Likelihood.Type

/** Thresholds: 30 unlikely, 50 by default, 70 very likely (N-FATE-01, N-FATE-02). */
export const THRESHOLDS = { unlikely: 30, even: 50, likely: 70 } as const satisfies Record<Likelihood, number>

/**
 * The threshold a procedure rolls against: a named situation's (e.g. "mild" 30), a number the
 * Referee sets, or, when none is given, the Die of Fate's default of 50 (N-FATE-01: the text's
 * 30%/70% figures are adjustments the Referee "may" make). Any other name is refused, so a
 * misspelt situation is never read as one of the two extremes.
 */
export const thresholdFor = <K extends string>(
  given: K | number | undefined,
  named: Readonly<Record<K, number>>,
  path: string,
  clause: string,
): number => {
  if (given === undefined) return THRESHOLDS.even
  if (typeof given === "number") return given
  ensure(
    Object.hasOwn(named, given),
    path,
    `one of ${Object.keys(named).join(", ")} or a threshold from 0 to 100, got ${JSON.stringify(given)}`,
    clause,
  )
  return named[given]
}

/**
 * Thresholds for a question whose rulings give the chance of the *bad* outcome (R-N-JOURNEY-01,
 * R-N-EVENT-01): the question is still asked the Die of Fate's way, low is yes, so the threshold
 * of the positive answer is 100 minus that chance (a 30% chance of breaking holds on 70 or less).
 */
export const positiveThresholds = <K extends string>(
  badChances: Readonly<Record<K, number>>,
): Readonly<Record<K, number>> =>
  Object.fromEntries(Object.entries<number>(badChances).map(([k, v]) => [k, 100 - v])) as Record<K, number>

/** A Die of Fate answer. */
export interface FateAnswer extends Fate.FateRoll {
  readonly answer: "positive" | "negative"
}

/** Rolls the Die of Fate at a named likelihood or an explicit threshold (N-FATE-01, N-FATE-02). */
export const ask = (source: DiceSource, likelihood: Likelihood | number = "even") =>
  tracked(source, (s): FateAnswer => {
    const r = Fate.rollFate(s, typeof likelihood === "number" ? likelihood : THRESHOLDS[likelihood])
    return { ...r, answer: r.yes ? "positive" : "negative" }
  })

/** A published "X% chance of ___": the outcome happens when the d% falls within 1–X (N-FATE-03). */
export const chance = (source: DiceSource, percent: number) =>
  tracked(source, (s) => {
    const r = Fate.rollFate(s, percent)
    return { ...r, happens: r.yes }
  })
