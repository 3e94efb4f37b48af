/**
 * Intervals for the reports: a proportion's Wilson score interval, a mean's normal interval, and
 * the difference of two proportions by Newcombe's hybrid score method (built from the two Wilson
 * intervals), all at 95% unless told; a mean of values never below 0 has an interval never below
 * 0. Pure arithmetic on counts; numbers rounded to 6 places so a report's bytes do not depend on
 * the order sums were taken in.
 *
 * @since 0.4.0
 */
import { Schema } from "effect"

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054

/** An estimate and its interval. */
export const Interval = Schema.Struct({
  estimate: Schema.Number,
  low: Schema.Number,
  high: Schema.Number,
}).annotate({ identifier: "SimInterval" })
export type Interval = typeof Interval.Type

/** Rounds to 6 decimal places (reports print the same bytes wherever they were summed). */
export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6

const interval = (estimate: number, low: number, high: number): Interval => ({
  estimate: round6(estimate),
  low: round6(low),
  high: round6(high),
})

/** Wilson's bounds for `k` of `n`, unrounded (a difference is built from them, then rounded once). */
const wilsonBounds = (k: number, n: number, z: number): { p: number; low: number; high: number } => {
  if (n === 0) return { p: 0, low: 0, high: 1 }
  const p = k / n
  const z2 = z * z
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** Wilson's score interval for `k` successes in `n` trials. */
export const wilson = (k: number, n: number, z = Z95): Interval => {
  const w = wilsonBounds(k, n, z)
  return interval(w.p, w.low, w.high)
}

/** The mean of `xs` and a normal interval (the sample standard deviation; n < 2: no width), cut at `ceiling` (1 for a share). */
export const meanInterval = (
  xs: ReadonlyArray<number>,
  z = Z95,
  ceiling = Number.POSITIVE_INFINITY,
): Interval => {
  const n = xs.length
  if (n === 0) return interval(0, 0, 0)
  let sum = 0
  for (const x of xs) sum += x
  const mean = sum / n
  if (n < 2) return interval(mean, mean, mean)
  let ss = 0
  for (const x of xs) ss += (x - mean) ** 2
  const half = z * Math.sqrt(ss / (n - 1) / n)
  // Counts cannot be negative: an interval of values never below 0 stops at 0.
  const floor = xs.every((x) => x >= 0) ? 0 : Number.NEGATIVE_INFINITY
  return interval(mean, Math.max(floor, mean - half), Math.min(ceiling, mean + half))
}

/**
 * The difference p1 − p2 of two proportions with Newcombe's hybrid score interval (method 10 of
 * Newcombe 1998), which keeps to [−1, 1] and behaves near 0 and 1 where the Wald interval fails.
 */
export const differenceOfProportions = (
  k1: number,
  n1: number,
  k2: number,
  n2: number,
  z = Z95,
): Interval => {
  const a = wilsonBounds(k1, n1, z)
  const b = wilsonBounds(k2, n2, z)
  const p1 = a.p
  const p2 = b.p
  const d = p1 - p2
  const low = d - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2)
  const high = d + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2)
  return interval(d, Math.max(-1, low), Math.min(1, high))
}

/**
 * The difference of two means with a normal interval on Welch's unpooled standard error,
 * √(s₁²/n₁ + s₂²/n₂), and z (not Student's t: the runs are hundreds of raids, where the two agree).
 */
export const differenceOfMeans = (
  xs: ReadonlyArray<number>,
  ys: ReadonlyArray<number>,
  z = Z95,
): Interval => {
  const stats = (v: ReadonlyArray<number>) => {
    const n = v.length
    const mean = n === 0 ? 0 : v.reduce((s, x) => s + x, 0) / n
    const variance = n < 2 ? 0 : v.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)
    return { n, mean, se2: n === 0 ? 0 : variance / n }
  }
  const a = stats(xs)
  const b = stats(ys)
  const d = a.mean - b.mean
  const half = z * Math.sqrt(a.se2 + b.se2)
  return interval(d, d - half, d + half)
}

/** Counts of each whole value (a histogram's bins), from 0 to the largest value seen. */
export const histogram = (xs: ReadonlyArray<number>): number[] => {
  const max = xs.reduce((m, x) => Math.max(m, x), 0)
  const bins = Array.from({ length: max + 1 }, () => 0)
  for (const x of xs) bins[x] = (bins[x] ?? 0) + 1
  return bins
}
