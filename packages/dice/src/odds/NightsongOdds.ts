/**
 * Exact odds for Nightsong: Checks (plain, Advantage, Disadvantage), Nuanced Checks, and how
 * long a Step Die lasts.
 *
 * @since 0.1.0
 */
import type { Advantage } from "../nightsong/Check.js"
import { keepTwo, nuancedOutcome } from "../nightsong/Check.js"
import { STEP_CHAIN, type StepDie, sidesOf, step, stepsForFace } from "../nightsong/StepDie.js"
import { type Distribution, fromDense, mean } from "./Distribution.js"

/** P(d20 + ability ≥ dr), with Advantage (best of 2) or Disadvantage (worst of 2). */
export const checkChance = (ability: number, dr: number, advantage: Advantage = "none"): number => {
  const need = dr - ability // the d20 must show at least this
  const single = need <= 1 ? 1 : need > 20 ? 0 : (21 - need) / 20
  if (advantage === "advantage") return 1 - (1 - single) ** 2
  if (advantage === "disadvantage") return single ** 2
  return single
}

export interface NuancedOdds {
  readonly strong: number
  readonly weak: number
  readonly failure: number
}

/** Exact outcome chances of a Nuanced Check, by enumerating the 400 or 8,000 equally likely rolls. */
export const nuancedOdds = (ability: number, dr: number, advantage: Advantage = "none"): NuancedOdds => {
  const counts = { strong: 0, weak: 0, failure: 0 }
  const n = advantage === "none" ? 2 : 3
  const rolls = new Array<number>(n).fill(1)
  const total = 20 ** n
  for (let i = 0; i < total; i++) {
    let x = i
    for (let j = 0; j < n; j++) {
      rolls[j] = (x % 20) + 1
      x = Math.floor(x / 20)
    }
    const [a, b] = keepTwo(rolls, advantage)
    counts[nuancedOutcome(a + ability, b + ability, dr)]++
  }
  return { strong: counts.strong / total, weak: counts.weak / total, failure: counts.failure / total }
}

export interface StepDieLifetime {
  readonly die: StepDie
  /** Expected number of rolls until the die reaches D0 (e.g. a D6 torch's expected Turns). */
  readonly mean: number
  /** P(the die reaches D0 on exactly the k-th roll), k ≥ 1, truncated once the tail is below 1e-12. */
  readonly rolls: Distribution
}

/** How many rolls a Step Die survives (N-STEPDIE-03): exact mean, and its distribution. */
export const stepDieLifetime = (die: StepDie): StepDieLifetime => {
  // Expected rolls, by the chain from D4 upwards: E[d] = (1 + Σ P(face)·E[after]) / (1 − P(stay)).
  const expected = new Map<StepDie, number>([["d0", 0]])
  for (const d of [...STEP_CHAIN].reverse().slice(1)) {
    const sides = sidesOf(d)
    let acc = 1
    let stay = 0
    for (let f = 1; f <= sides; f++) {
      const after = step(d, stepsForFace(f))
      if (after === d) stay += 1 / sides
      else acc += expected.get(after)! / sides
    }
    expected.set(d, acc / (1 - stay))
  }
  // Distribution of the roll on which D0 is reached, by stepping the state vector.
  let state = new Map<StepDie, number>([[die, 1]])
  const ends: number[] = [0]
  for (let k = 1; die !== "d0" && k < 10000; k++) {
    const next = new Map<StepDie, number>()
    let ended = 0
    for (const [d, p] of state) {
      const sides = sidesOf(d)
      for (let f = 1; f <= sides; f++) {
        const after = step(d, stepsForFace(f))
        if (after === "d0") ended += p / sides
        else next.set(after, (next.get(after) ?? 0) + p / sides)
      }
    }
    ends.push(ended)
    state = next
    let left = 0
    for (const p of state.values()) left += p
    if (left < 1e-12) break
  }
  const rolls = fromDense(ends)
  return { die, mean: expected.get(die)!, rolls: die === "d0" ? [{ value: 0, probability: 1 }] : rolls }
}

/** The d% Die of Fate: P(positive answer) for a threshold (ruling R-N-FATE-01: roll ≤ threshold). */
export const fateChance = (threshold: number): number => Math.min(100, Math.max(0, threshold)) / 100

export { mean }
