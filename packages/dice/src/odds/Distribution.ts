/**
 * Exact discrete distributions: every value with its probability, not samples.
 *
 * @since 0.1.0
 */

/** One value and its probability. */
export interface Outcome {
  readonly value: number
  readonly probability: number
}

/** A distribution: outcomes in ascending order of value, probabilities summing to 1. */
export type Distribution = readonly Outcome[]

/** Builds a distribution from a dense array of probabilities, where index `i` is value `offset + i`. */
export const fromDense = (probabilities: readonly number[], offset = 0): Distribution =>
  probabilities.flatMap((p, i) => (p > 0 ? [{ value: offset + i, probability: p }] : []))

/** Builds a distribution from a map of value → probability. */
export const fromMap = (m: ReadonlyMap<number, number>): Distribution =>
  [...m.entries()]
    .filter(([, p]) => p > 0)
    .sort(([a], [b]) => a - b)
    .map(([value, probability]) => ({ value, probability }))

/** The mean. */
export const mean = (d: Distribution): number => d.reduce((acc, o) => acc + o.value * o.probability, 0)

/** The total probability (1, up to rounding). */
export const total = (d: Distribution): number => d.reduce((acc, o) => acc + o.probability, 0)

/** P(value ≥ x). */
export const atLeast = (d: Distribution, x: number): number =>
  d.reduce((acc, o) => (o.value >= x ? acc + o.probability : acc), 0)

/** P(value = x). */
export const probabilityOf = (d: Distribution, x: number): number =>
  d.find((o) => o.value === x)?.probability ?? 0

/** The binomial distribution of successes in `n` trials of chance `p`. */
export const binomial = (n: number, p: number): Distribution => {
  let dense = [1]
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dense.length + 1).fill(0)
    for (let k = 0; k < dense.length; k++) {
      next[k]! += dense[k]! * (1 - p)
      next[k + 1]! += dense[k]! * p
    }
    dense = next
  }
  return fromDense(dense)
}
