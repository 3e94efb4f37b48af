/**
 * The combat Round (N-COMBAT-01..03): which side acts first, surprise, and what one character
 * may do in their turn.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Schema } from "effect"
import { ask } from "../checks/Fate.js"
import { ensure } from "../Errors.js"

/** The two sides of a fight. */
export const Side = Schema.Literals(["players", "enemies"])
export type Side = typeof Side.Type

/** Who was caught off guard when the fight began (N-COMBAT-02). */
export const Surprise = Schema.Struct({ players: Schema.Boolean, enemies: Schema.Boolean }).annotate({
  identifier: "Surprise",
})
export type Surprise = typeof Surprise.Type

/**
 * The order the two sides act in a Round: players usually first, then alternating (N-COMBAT-01).
 * In the first Round a surprised side acts last (N-COMBAT-02); if both are surprised, neither
 * gains (ruling R-N-COMBAT-04). From the second Round combat proceeds normally.
 */
export const turnOrder = (
  round: number,
  surprise: Surprise = { players: false, enemies: false },
): readonly [Side, Side] => {
  ensure(Number.isInteger(round) && round >= 1, "round", `Rounds count from 1, got ${round}`, "N-COMBAT-01")
  if (round === 1 && surprise.players && !surprise.enemies) return ["enemies", "players"]
  return ["players", "enemies"]
}

/**
 * Is a side caught off guard? The Die of Fate is used for surprise (N-FATE-04) but no procedure is
 * given (GAP-N-08): ruling R-N-COMBAT-05 asks "are they caught off guard?" at a threshold the
 * Referee sets (default 50; 30 if they are alert, 70 if they are distracted).
 */
export const rollSurprise = (source: DiceSource, threshold = 50) => {
  const r = ask(source, threshold)
  return { ...r, surprised: r.yes }
}

/** What a character may do with their one action (N-COMBAT-03). */
export const CombatAction = Schema.Literals([
  "attack",
  "cast",
  "feat",
  "moveFurther",
  "useItem",
  "rescue",
  "help",
  "other",
])
export type CombatAction = typeof CombatAction.Type

/** One character's turn: a short move and at most one other action (N-COMBAT-03). */
export const TurnPlan = Schema.Struct({
  move: Schema.Boolean,
  actions: Schema.Array(CombatAction),
}).annotate({ identifier: "TurnPlan" })
export type TurnPlan = typeof TurnPlan.Type

/**
 * Checks a character's turn: a short move plus one action (N-COMBAT-03). Helping an ally's Check
 * is their action for the Round (N-CHECK-05); ruling R-N-CHECK-02 (AMB-N-23): the short move stays.
 */
export const checkTurn = (plan: TurnPlan): TurnPlan => {
  ensure(
    plan.actions.length <= 1,
    "actions",
    `a character takes one action besides a short move each Round, got ${plan.actions.length}${plan.actions.includes("help") ? " (helping is the action)" : ""}`,
    plan.actions.includes("help") ? "N-CHECK-05" : "N-COMBAT-03",
  )
  return plan
}
