/**
 * Exact odds for The Blight's pools (B-DICE-*, B-TEST-*, B-BLIGHTDICE-03).
 *
 * Each die is a fail (1–3, ½), a plain success (4–5, ⅓) or a Crit (6, ⅙); a pool is the
 * multinomial over them, built by convolution. A desperate die (pool below 1) is a Crit on a 6
 * and nothing else (B-DICE-07).
 *
 * @since 0.1.0
 */
import { DiceRuleViolation } from "../Errors.js"
import { binomial, type Distribution, fromDense, mean } from "./Distribution.js"

/** The joint probability of (successes, Crits): `joint[s][c]`. */
export type Joint = readonly (readonly number[])[]

const P_FAIL = 1 / 2
const P_PLAIN = 1 / 3
const P_CRIT = 1 / 6

/** Refuses what `Pool.rollPool` refuses, so the odds never answer for a pool that cannot be rolled. */
const checkPool = (dice: number, blightDice: number): void => {
  for (const [path, n] of [
    ["dice", dice],
    ["blightDice", blightDice],
  ] as const)
    if (!Number.isInteger(n))
      throw new DiceRuleViolation({
        path,
        reason: `expected a whole number of dice, got ${String(n)}`,
        clause: "B-DICE-05",
      })
  if (blightDice < 0)
    throw new DiceRuleViolation({
      path: "blightDice",
      reason: "cannot add fewer than 0 Blight dice",
      clause: "B-BLIGHTDICE-01",
    })
}

/** Dice rolled for a pool of `dice` ordinary (after modifiers) plus `blightDice`, and whether it is desperate. */
export const poolSize = (
  dice: number,
  blightDice = 0,
): { readonly n: number; readonly desperate: boolean } => {
  checkPool(dice, blightDice)
  const n = Math.max(0, dice) + Math.max(0, blightDice)
  return n < 1 ? { n: 1, desperate: true } : { n, desperate: false }
}

/** Joint distribution of successes and Crits for `n` dice (not desperate). */
export const jointFor = (n: number): Joint => {
  // rows: successes 0..n; cols: crits 0..n (crits ≤ successes)
  let cur: number[][] = [[1]]
  for (let i = 0; i < n; i++) {
    const next: number[][] = Array.from({ length: i + 2 }, (_, s) => new Array<number>(s + 1).fill(0))
    for (let s = 0; s < cur.length; s++) {
      const row = cur[s]!
      for (let c = 0; c < row.length; c++) {
        const p = row[c]!
        if (p === 0) continue
        next[s]![c]! += p * P_FAIL
        next[s + 1]![c]! += p * P_PLAIN
        next[s + 1]![c + 1]! += p * P_CRIT
      }
    }
    cur = next
  }
  return cur
}

/** Joint distribution of a pool, desperate roll included. */
export const poolJoint = (dice: number, blightDice = 0): Joint => {
  const { n, desperate } = poolSize(dice, blightDice)
  return desperate
    ? [
        [5 / 6, 0],
        [0, 1 / 6],
      ]
    : jointFor(n)
}

/** Everything about a pool's odds. */
export interface PoolOdds {
  readonly dice: number
  readonly blightDice: number
  readonly desperate: boolean
  readonly successes: Distribution
  readonly crits: Distribution
  readonly joint: ReadonlyArray<{
    readonly successes: number
    readonly crits: number
    readonly probability: number
  }>
  readonly mean: { readonly successes: number; readonly crits: number; readonly blight: number }
  /** Blight gained from 1s on Blight dice: binomial(Blight dice, ⅙) (B-BLIGHTDICE-03). */
  readonly blight: Distribution
}

/** Blight gained from `blightDice` Blight dice: each 1 is +1 Blight, binomial(n, ⅙) (B-BLIGHTDICE-03). */
export const blightGained = (blightDice: number): Distribution => binomial(Math.max(0, blightDice), 1 / 6)

/** Exact odds of a pool. */
export const poolOdds = (dice: number, blightDice = 0): PoolOdds => {
  const joint = poolJoint(dice, blightDice)
  const { desperate } = poolSize(dice, blightDice)
  const succ: number[] = new Array<number>(joint.length).fill(0)
  const crit: number[] = new Array<number>(joint.length).fill(0)
  const flat: Array<{ successes: number; crits: number; probability: number }> = []
  for (const [s, row] of joint.entries()) {
    for (const [c, p] of row.entries()) {
      if (p === 0) continue
      succ[s]! += p
      crit[c]! += p
      flat.push({ successes: s, crits: c, probability: p })
    }
  }
  const successes = fromDense(succ)
  const crits = fromDense(crit)
  const blight = blightGained(blightDice)
  return {
    dice,
    blightDice,
    desperate,
    successes,
    crits,
    joint: flat,
    mean: { successes: mean(successes), crits: mean(crits), blight: mean(blight) },
    blight,
  }
}

/** The chance a test passes: a pool needing at least `target` successes (B-TEST-01/02). */
export const testChance = (dice: number, target = 1, blightDice = 0): number => {
  // As `Pool.rollTest`: a "test" needing 0 successes is not a test (B-TEST-02: no number needs 1).
  if (!Number.isInteger(target) || target < 1)
    throw new DiceRuleViolation({
      path: "target",
      reason: `a test needs a whole number of successes, at least 1, got ${String(target)}`,
      clause: "B-TEST-02",
    })
  const joint = poolJoint(dice, blightDice)
  let p = 0
  joint.forEach((row, s) => {
    if (s >= target) for (const q of row) p += q
  })
  return p
}
