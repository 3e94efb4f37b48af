/**
 * The Blight's dice pools (B-DICE-*, B-TEST-*, B-REROLL-01, B-BLIGHTDICE-*).
 *
 * A pool is a number of d6; every 4+ is a success and every 6 also a Crit. A pool that would
 * fall below 1 die rolls one desperate die that succeeds only on a 6. Blight dice are rolled
 * with it, kept apart, and every 1 on them gives +1 Blight.
 *
 * @since 0.1.0
 */
import { DiceRuleViolation } from "../Errors.js"
import type { DiceSource } from "../Source.js"

/** One die of a pool. */
export interface PoolDie {
  readonly face: number
  /** A Blight die (B-BLIGHTDICE-01): succeeds like any die, but a 1 gives +1 Blight. */
  readonly blight: boolean
  /** True once the die has been re-rolled: it may not be re-rolled again (B-REROLL-01). */
  readonly rerolled: boolean
  /** The faces it showed before, oldest first. */
  readonly history: readonly number[]
}

/** A rolled pool. */
export interface PoolRoll {
  readonly dice: readonly PoolDie[]
  /** True when the pool fell below 1 die and one desperate die was rolled (B-DICE-07). */
  readonly desperate: boolean
  readonly successes: number
  readonly crits: number
  /** Blight gained from 1s on Blight dice, including 1s later re-rolled (ruling R-DICE-02). */
  readonly blightGained: number
}

/** What to roll: ordinary dice after modifiers (may be 0 or negative), and Blight dice added. */
export interface PoolSpec {
  readonly dice: number
  readonly blightDice?: number
}

/** Is this die a success? (4+; a desperate die only on a 6.) */
export const isSuccess = (face: number, desperate = false): boolean => (desperate ? face === 6 : face >= 4)
/** Is this die a Crit? (a 6) */
export const isCrit = (face: number): boolean => face === 6

const checkCount = (n: number, path: string): void => {
  if (!Number.isInteger(n)) {
    throw new DiceRuleViolation({
      path,
      reason: `expected a whole number of dice, got ${String(n)}`,
      clause: "B-DICE-05",
    })
  }
}

/** Counts a pool's dice. */
export const score = (dice: readonly PoolDie[], desperate: boolean, blightGained: number): PoolRoll => {
  let successes = 0
  let crits = 0
  for (const die of dice) {
    if (isSuccess(die.face, desperate)) successes++
    if (isCrit(die.face)) crits++
  }
  return { dice, desperate, successes, crits, blightGained }
}

/**
 * Rolls a pool. Ordinary dice are rolled first, then Blight dice, each labelled for the record.
 * Ruling R-DICE-01: Blight dice count towards the pool's size, so a pool of 0 ordinary dice
 * plus 1 Blight die is a 1-die pool, not a desperate roll; a desperate die is an ordinary die.
 */
export const rollPool = (source: DiceSource, spec: PoolSpec): PoolRoll => {
  checkCount(spec.dice, "dice")
  const blightDice = spec.blightDice ?? 0
  checkCount(blightDice, "blightDice")
  if (blightDice < 0) {
    throw new DiceRuleViolation({
      path: "blightDice",
      reason: "cannot add fewer than 0 Blight dice",
      clause: "B-BLIGHTDICE-01",
    })
  }
  const ordinary = Math.max(0, spec.dice)
  const desperate = ordinary + blightDice < 1
  const dice: PoolDie[] = []
  const n = desperate ? 1 : ordinary
  for (let i = 0; i < n; i++)
    dice.push({ face: source.die(6, "pool"), blight: false, rerolled: false, history: [] })
  let blightGained = 0
  for (let i = 0; i < blightDice; i++) {
    const face = source.die(6, "blight")
    if (face === 1) blightGained++
    dice.push({ face, blight: true, rerolled: false, history: [] })
  }
  return score(dice, desperate, blightGained)
}

/**
 * Re-rolls the dice at `indices`. Refuses (and changes nothing) if any was already re-rolled
 * (B-REROLL-01) or an index is not in the pool. A Blight die re-rolled to a 1 adds +1 Blight.
 */
export const reroll = (source: DiceSource, pool: PoolRoll, indices: readonly number[]): PoolRoll => {
  const seen = new Set<number>()
  for (const [k, i] of indices.entries()) {
    const die = pool.dice[i]
    if (!Number.isInteger(i) || die === undefined) {
      throw new DiceRuleViolation({
        path: `indices[${k}]`,
        reason: `no die ${String(i)} in a pool of ${pool.dice.length}`,
      })
    }
    if (die.rerolled || seen.has(i)) {
      throw new DiceRuleViolation({
        path: `indices[${k}]`,
        reason: `die ${i} has already been re-rolled; no die can be re-rolled more than once`,
        clause: "B-REROLL-01",
      })
    }
    seen.add(i)
  }
  let blightGained = pool.blightGained
  const dice = pool.dice.map((die, i) => {
    if (!seen.has(i)) return die
    const face = source.die(6, die.blight ? "blight" : "pool")
    if (die.blight && face === 1) blightGained++
    return { face, blight: die.blight, rerolled: true, history: [...die.history, die.face] }
  })
  return score(dice, pool.desperate, blightGained)
}

/** A rolled test: the pool, its target and whether it passed (B-TEST-01, B-TEST-02). */
export interface TestRoll {
  readonly pool: PoolRoll
  readonly target: number
  readonly passed: boolean
}

/** Rolls a test: a pool that needs at least `target` successes (default 1, B-TEST-02). */
export const rollTest = (source: DiceSource, spec: PoolSpec & { readonly target?: number }): TestRoll => {
  const target = spec.target ?? 1
  checkCount(target, "target")
  if (target < 1)
    throw new DiceRuleViolation({
      path: "target",
      reason: "a test needs at least 1 success",
      clause: "B-TEST-02",
    })
  const pool = rollPool(source, spec)
  return { pool, target, passed: pool.successes >= target }
}

/** Judges an already rolled pool against a target. */
export const judge = (pool: PoolRoll, target = 1): TestRoll => ({
  pool,
  target,
  passed: pool.successes >= target,
})
