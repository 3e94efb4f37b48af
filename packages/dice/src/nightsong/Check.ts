/**
 * Nightsong's d20 Checks (N-CHECK-*, N-ADV-*, N-NUANCED-*): 1D20 + Ability against a DR;
 * Advantage keeps the best of 2D20, Disadvantage the worst; a Nuanced Check rolls 2D20 (3D20
 * with Advantage or Disadvantage, keeping two) and counts how many totals meet the DR.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { DiceRuleViolation } from "../Errors.js"
import type { DiceSource } from "../Source.js"

/** Advantage state of a roll. */
export const Advantage = Schema.Literals(["none", "advantage", "disadvantage"]).annotate({
  identifier: "Advantage",
})
export type Advantage = typeof Advantage.Type

/** The Difficulty Ratings (N-CHECK-01). */
export const DR = { routine: 6, easy: 9, normal: 12, difficult: 15, extreme: 18 } as const

export interface CheckSpec {
  readonly ability: number
  readonly dr: number
  readonly advantage?: Advantage
}

/** A plain Check. */
export const CheckRoll = Schema.Struct({
  rolls: Schema.Array(Schema.Int),
  kept: Schema.Int,
  total: Schema.Int,
  dr: Schema.Int,
  success: Schema.Boolean,
}).annotate({ identifier: "NightsongCheckRoll" })
export type CheckRoll = typeof CheckRoll.Type

const checkSpec = (spec: CheckSpec): void => {
  if (!Number.isInteger(spec.ability))
    throw new DiceRuleViolation({ path: "ability", reason: "expected a whole number" })
  if (!Number.isInteger(spec.dr))
    throw new DiceRuleViolation({ path: "dr", reason: "expected a whole number" })
}

/** Rolls a Check (N-CHECK-02, N-ADV-01). */
export const rollCheck = (source: DiceSource, spec: CheckSpec): CheckRoll => {
  checkSpec(spec)
  const adv = spec.advantage ?? "none"
  const rolls = adv === "none" ? [source.die(20, "d20")] : [source.die(20, "d20"), source.die(20, "d20")]
  const kept = adv === "disadvantage" ? Math.min(...rolls) : Math.max(...rolls)
  const total = kept + spec.ability
  return { rolls, kept, total, dr: spec.dr, success: total >= spec.dr }
}

/** Outcome of a Nuanced Check (N-NUANCED-02). */
export const NuancedOutcome = Schema.Literals(["strong", "weak", "failure"])
export type NuancedOutcome = typeof NuancedOutcome.Type

const Pair = Schema.Tuple([Schema.Int, Schema.Int])

/** A Nuanced Check: two d20 kept (of three with Advantage or Disadvantage), two totals. */
export const NuancedRoll = Schema.Struct({
  rolls: Schema.Array(Schema.Int),
  kept: Pair,
  totals: Pair,
  dr: Schema.Int,
  outcome: NuancedOutcome,
}).annotate({ identifier: "NightsongNuancedRoll" })
export type NuancedRoll = typeof NuancedRoll.Type

/** Keeps the best two (Advantage) or worst two (Disadvantage) of three d20 (N-NUANCED-04). */
export const keepTwo = (rolls: readonly number[], adv: Advantage): [number, number] => {
  const sorted = [...rolls].sort((a, b) => a - b)
  if (rolls.length === 2) return [rolls[0]!, rolls[1]!]
  return adv === "disadvantage" ? [sorted[0]!, sorted[1]!] : [sorted[1]!, sorted[2]!]
}

/** Judges two totals against a DR: both meet it → strong, one → weak, none → failure. */
export const nuancedOutcome = (a: number, b: number, dr: number): NuancedOutcome => {
  const met = (a >= dr ? 1 : 0) + (b >= dr ? 1 : 0)
  return met === 2 ? "strong" : met === 1 ? "weak" : "failure"
}

/** Rolls a Nuanced Check (N-NUANCED-01, N-NUANCED-04). */
export const rollNuanced = (source: DiceSource, spec: CheckSpec): NuancedRoll => {
  checkSpec(spec)
  const adv = spec.advantage ?? "none"
  const n = adv === "none" ? 2 : 3
  const rolls: number[] = []
  for (let i = 0; i < n; i++) rolls.push(source.die(20, "d20"))
  const kept = keepTwo(rolls, adv)
  const totals: [number, number] = [kept[0] + spec.ability, kept[1] + spec.ability]
  return { rolls, kept, totals, dr: spec.dr, outcome: nuancedOutcome(totals[0], totals[1], spec.dr) }
}

/** An opposed Check: both sides roll, higher total wins, ties roll again (N-CHECK-06). */
export interface OpposedRoll {
  readonly rounds: ReadonlyArray<{ readonly a: number; readonly b: number }>
  readonly winner: "a" | "b"
}

export const rollOpposed = (
  source: DiceSource,
  a: { readonly ability: number; readonly advantage?: Advantage },
  b: { readonly ability: number; readonly advantage?: Advantage },
  maxRounds = 1000,
): OpposedRoll => {
  const rounds: Array<{ a: number; b: number }> = []
  for (let i = 0; i < maxRounds; i++) {
    const ra = rollCheck(source, {
      ability: a.ability,
      dr: 0,
      ...(a.advantage ? { advantage: a.advantage } : {}),
    }).total
    const rb = rollCheck(source, {
      ability: b.ability,
      dr: 0,
      ...(b.advantage ? { advantage: b.advantage } : {}),
    }).total
    rounds.push({ a: ra, b: rb })
    if (ra !== rb) return { rounds, winner: ra > rb ? "a" : "b" }
  }
  throw new DiceRuleViolation({ path: "opposed", reason: `still tied after ${maxRounds} rolls` })
}
