/**
 * Brute force for the odds tests: every face combination of small pools, written straight from
 * the rules text and sharing no code with `src/odds`, so a wrong convolution cannot hide behind
 * a matching sample.
 */
import { expect } from "vitest"

/** A distribution as every odds answer gives it (library, CLI JSON, HTTP). */
export type Dist = ReadonlyArray<{ readonly value: number; readonly probability: number }>

/** The same values in the same order, each probability within 1e-12 of the brute force's. */
export const same = (got: Dist, want: Dist, what: string): void => {
  expect(
    got.map((o) => o.value),
    `${what}: values`,
  ).toEqual(want.map((o) => o.value))
  for (const [i, o] of want.entries())
    expect(Math.abs(got[i]!.probability - o.probability), `${what}: P(${o.value})`).toBeLessThan(1e-12)
}

/** Every combination of `n` dice of `sides` faces, each as an array of faces (6^n of them). */
export const faces = function* (n: number, sides = 6): Generator<number[]> {
  const f = new Array<number>(n).fill(1)
  for (;;) {
    yield [...f]
    let i = 0
    while (i < n && f[i] === sides) f[i++] = 1
    if (i === n) return
    f[i]!++
  }
}

/** Counts of a value over every combination, as a map value → probability. */
export const tally = (n: number, value: (f: number[]) => number, sides = 6): Map<number, number> => {
  // Whole counts, divided once: summing 1/6^n thousands of times would drift past 1e-12.
  const m = new Map<number, number>()
  for (const f of faces(n, sides)) {
    const v = value(f)
    m.set(v, (m.get(v) ?? 0) + 1)
  }
  const all = sides ** n
  for (const [v, k] of m) m.set(v, k / all)
  return m
}

/** A pool read from the text: 4+ succeeds, 6 Crits; below 1 die, one die that succeeds only on a 6. */
export const pool = (dice: number, blightDice: number) => {
  const n = Math.max(0, dice) + blightDice
  const desperate = n < 1
  return {
    n: desperate ? 1 : n,
    successes: (f: number[]) => f.filter((x) => (desperate ? x === 6 : x >= 4)).length,
    crits: (f: number[]) => f.filter((x) => x === 6).length,
    // Blight dice are the last `blightDice` of the combination.
    blight: (f: number[]) => f.slice(f.length - blightDice).filter((x) => x === 1).length,
  }
}

/**
 * Hits through Armour with the defender choosing blocks as well as possible, by trying every
 * number of Crits blocked: a die blocks an ordinary hit on 4+, a Crit on 6 (5+ with a Helmet).
 */
export const through = (hits: number, crits: number, armour: readonly number[], helmet: boolean): number => {
  const critCapable = armour.filter((x) => x >= (helmet ? 5 : 6)).length
  const capable = armour.filter((x) => x >= 4).length
  let best = hits
  for (let j = 0; j <= Math.min(crits, critCapable); j++) {
    const ordinaryBlocked = Math.min(hits - crits, capable - j)
    best = Math.min(best, hits - j - ordinaryBlocked)
  }
  return best
}

/** A map as an ascending distribution. */
export const dist = (m: Map<number, number>) =>
  [...m.entries()].sort(([a], [b]) => a - b).map(([value, probability]) => ({ value, probability }))

/**
 * A Fight read from the text, over every combination of both pools' dice (Blight dice last in
 * each): the margin (attacker's successes − defender's), who wins, and the mean number of 1s on
 * each side's own Blight dice, the Blight each expects (B-BLIGHTDICE-03).
 */
export const fight = (attacker: number, attackerBlight: number, defender: number, defenderBlight: number) => {
  const [pa, pd] = [pool(attacker, attackerBlight), pool(defender, defenderBlight)]
  // One pass: margin, attacker's 1s and defender's 1s packed in one key (each fewer than 10).
  const all = tally(pa.n + pd.n, (f) => {
    const [atk, def] = [f.slice(0, pa.n), f.slice(pa.n)]
    return (pa.successes(atk) - pd.successes(def) + 100) * 100 + pa.blight(atk) * 10 + pd.blight(def)
  })
  const margin = new Map<number, number>()
  const meanBlight = { attacker: 0, defender: 0 }
  for (const [k, q] of all) {
    const v = Math.floor(k / 100) - 100
    margin.set(v, (margin.get(v) ?? 0) + q)
    meanBlight.attacker += Math.floor((k % 100) / 10) * q
    meanBlight.defender += (k % 10) * q
  }
  const sum = (keep: (v: number) => boolean) => [...margin].reduce((s, [v, q]) => s + (keep(v) ? q : 0), 0)
  return {
    margin: dist(margin),
    attackerWins: sum((v) => v > 0),
    tie: sum((v) => v === 0),
    defenderWins: sum((v) => v < 0),
    meanBlight,
  }
}

/** The mean of a map value → probability. */
export const meanOf = (m: Map<number, number>): number => [...m].reduce((s, [v, q]) => s + v * q, 0)

/** A Fight's answer (library, CLI JSON, HTTP) against {@link fight}'s, each number within 1e-12. */
export const sameFight = (
  got: {
    readonly margin: Dist
    readonly attackerWins: number
    readonly tie: number
    readonly defenderWins: number
    /** Absent from a report without Blight dice: then each side expects 0. */
    readonly meanBlight?: { readonly attacker: number; readonly defender: number }
  },
  want: ReturnType<typeof fight>,
  what: string,
): void => {
  same(got.margin, want.margin, what)
  for (const k of ["attackerWins", "tie", "defenderWins"] as const)
    expect(Math.abs(got[k] - want[k]), `${what}: ${k}`).toBeLessThan(1e-12)
  for (const side of ["attacker", "defender"] as const)
    expect(
      Math.abs((got.meanBlight?.[side] ?? 0) - want.meanBlight[side]),
      `${what}: ${side}'s Blight`,
    ).toBeLessThan(1e-12)
}
