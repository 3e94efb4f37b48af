/**
 * Nightsong's Step Dice (N-STEPDIE-*): D12 → D10 → D8 → D6 → D4 → D0. On a roll a 1 steps the
 * die down two steps, a 2–3 one step, a 4+ leaves it; at D0 the tracked thing ends.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { DiceRuleViolation } from "../Errors.js"
import type { DiceSource } from "../Source.js"

/** The step-die chain, largest first. */
export const STEP_CHAIN = ["d12", "d10", "d8", "d6", "d4", "d0"] as const

/** A step die, as data. */
export const StepDie = Schema.Literals(STEP_CHAIN).annotate({
  identifier: "StepDie",
  description: "A Nightsong Step Die: d12, d10, d8, d6, d4 or d0 (spent)",
})
export type StepDie = typeof StepDie.Type

/** Reads "D8", "d8" or 8 as a step die; throws on anything else. */
export const stepDie = (input: string | number): StepDie => {
  const t = typeof input === "number" ? `d${input}` : input.trim().toLowerCase()
  if ((STEP_CHAIN as readonly string[]).includes(t)) return t as StepDie
  throw new DiceRuleViolation({
    path: "die",
    reason: `a step die is one of ${STEP_CHAIN.join(", ")}, got ${JSON.stringify(input)}`,
    clause: "N-STEPDIE-01",
  })
}

/** Sides of a step die (d0 → 0). */
export const sidesOf = (die: StepDie): number => Number(die.slice(1))

/** Steps a die down (positive) or up (negative), clamped to the chain (AMB-N-12: a drop past D0 stops at D0). */
export const step = (die: StepDie, down: number): StepDie => {
  const i = STEP_CHAIN.indexOf(die)
  const j = Math.min(STEP_CHAIN.length - 1, Math.max(0, i + down))
  return STEP_CHAIN[j]!
}

/** How many steps a face moves the die down (N-STEPDIE-03). */
export const stepsForFace = (face: number): 0 | 1 | 2 => (face === 1 ? 2 : face <= 3 ? 1 : 0)

/** A step-die roll. */
export interface StepDieRoll {
  readonly before: StepDie
  readonly face: number
  readonly after: StepDie
  /** True when the die reached D0: the resource is spent, the item breaks, the timer runs out (N-STEPDIE-04). */
  readonly ended: boolean
}

/** Rolls a step die and steps it down. A D0 cannot be rolled. */
export const rollStepDie = (source: DiceSource, die: StepDie): StepDieRoll => {
  if (die === "d0") {
    throw new DiceRuleViolation({
      path: "die",
      reason: "a D0 is spent and cannot be rolled",
      clause: "N-STEPDIE-04",
    })
  }
  const face = source.die(sidesOf(die), "step")
  const after = step(die, stepsForFace(face))
  return { before: die, face, after, ended: after === "d0" }
}
