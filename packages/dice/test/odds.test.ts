import { describe, expect, it } from "vitest"
import { rollArmour } from "../src/blight/Armour.js"
import { rollPool } from "../src/blight/Pool.js"
import { rollCheck, rollNuanced } from "../src/nightsong/Check.js"
import { rollStepDie } from "../src/nightsong/StepDie.js"
import { fightOdds, shootOdds } from "../src/odds/CombatOdds.js"
import { atLeast, binomial, type Distribution, mean, probabilityOf, total } from "../src/odds/Distribution.js"
import { checkChance, fateChance, nuancedOdds, stepDieLifetime } from "../src/odds/NightsongOdds.js"
import { poolOdds, testChance } from "../src/odds/PoolOdds.js"
import { Prng } from "../src/Prng.js"
import { seeded } from "../src/Source.js"

const N = 200_000

/** Every outcome's sampled frequency lies within 4 standard errors of its exact probability. */
const agrees = (exact: Distribution, sample: (i: number) => number, n = N): void => {
  const counts = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const v = sample(i)
    counts.set(v, (counts.get(v) ?? 0) + 1)
  }
  for (const v of counts.keys())
    expect(
      exact.some((o) => o.value === v),
      `sampled ${v} has no exact probability`,
    ).toBe(true)
  for (const o of exact) {
    const f = (counts.get(o.value) ?? 0) / n
    const se = Math.sqrt((o.probability * (1 - o.probability)) / n)
    expect(
      Math.abs(f - o.probability),
      `value ${o.value}: exact ${o.probability}, sampled ${f}`,
    ).toBeLessThanOrEqual(4 * se + 1e-12)
  }
}

describe("exact odds", () => {
  it("B-DICE-01 B-DICE-02 a pool's successes and Crits: exact, summing to 1, agreeing with 200,000 seeded pools", () => {
    const o = poolOdds(5)
    expect(total(o.successes)).toBeCloseTo(1, 12)
    expect(total(o.crits)).toBeCloseTo(1, 12)
    expect(o.joint.reduce((a, j) => a + j.probability, 0)).toBeCloseTo(1, 12)
    expect(o.mean.successes).toBeCloseTo(2.5, 12)
    expect(o.mean.crits).toBeCloseTo(5 / 6, 12)
    expect(probabilityOf(o.successes, 5)).toBeCloseTo(1 / 32, 12)
    const prng = Prng.fromSeed(101)
    const packed: number[] = []
    agrees(o.successes, (i) => {
      packed[i & 1023] = prng.poolCounts(5)
      return packed[i & 1023]! & 255
    })
    const prng2 = Prng.fromSeed(202)
    agrees(o.crits, () => prng2.poolCounts(5) >> 8)
  })

  it("B-DICE-07 a desperate pool succeeds (and Crits) only on a 6", () => {
    const o = poolOdds(-2)
    expect(o.desperate).toBe(true)
    expect(o.successes).toEqual([
      { value: 0, probability: 5 / 6 },
      { value: 1, probability: 1 / 6 },
    ])
    expect(testChance(0, 1)).toBeCloseTo(1 / 6, 12)
    const src = seeded(303)
    agrees(o.successes, () => rollPool(src, { dice: -2 }).successes, 100_000)
  })

  it("B-TEST-01 a test's chance: 3 dice needing 2 is exactly one half", () => {
    expect(testChance(3, 2)).toBeCloseTo(0.5, 15)
    expect(testChance(1, 1)).toBeCloseTo(0.5, 15)
    expect(testChance(2, 3)).toBe(0)
    expect(atLeast(poolOdds(4).successes, 2)).toBeCloseTo(testChance(4, 2), 15)
  })

  it("B-BLIGHTDICE-03 Blight gained from Blight dice is binomial(n, 1/6), and Blight dice count as dice", () => {
    const o = poolOdds(2, 3)
    expect(o.blight).toEqual(binomial(3, 1 / 6))
    expect(o.mean.blight).toBeCloseTo(0.5, 12)
    expect(o.mean.successes).toBeCloseTo(2.5, 12)
    const src = seeded(404)
    agrees(o.blight, () => rollPool(src, { dice: 2, blightDice: 3 }).blightGained, 100_000)
  })

  it("B-SHOOT-08 B-ARMOUR-01 B-ARMOUR-02 B-ARMOUR-03 a Shoot's damage after Armour, exact and sampled", () => {
    const spec = { dice: 4, armour: 2, helmet: false, damage: 2 }
    const o = shootOdds(spec)
    expect(total(o.damage)).toBeCloseTo(1, 12)
    expect(o.damage.every((x) => x.value % 2 === 0)).toBe(true)
    const src = seeded(505)
    agrees(o.damage, () => {
      const p = rollPool(src, { dice: spec.dice })
      return rollArmour(src, spec, { hits: p.successes, crits: p.crits }).damage
    })
  })

  it("B-ARMOUR-02 a Helmet lowers damage; with a Helmet the exact odds still match samples", () => {
    const bare = shootOdds({ dice: 6, armour: 3 })
    const helm = shootOdds({ dice: 6, armour: 3, helmet: true })
    expect(helm.mean).toBeLessThan(bare.mean)
    const src = seeded(606)
    agrees(helm.damage, () => {
      const p = rollPool(src, { dice: 6 })
      return rollArmour(src, { armour: 3, helmet: true }, { hits: p.successes, crits: p.crits }).damage
    })
  })

  it("B-ARMOUR-01 with no Armour every hit goes through: damage is the success distribution", () => {
    const o = shootOdds({ dice: 5, armour: 0 })
    expect(o.damage.map((x) => x.probability)).toEqual(poolOdds(5).successes.map((x) => x.probability))
  })

  it("B-FIGHT-07 B-FIGHT-09 a Fight's margin: exact, summing to 1, agreeing with samples", () => {
    const o = fightOdds({ attacker: 3, defender: 2 })
    expect(total(o.margin)).toBeCloseTo(1, 12)
    expect(o.attackerWins + o.defenderWins + o.tie).toBeCloseTo(1, 12)
    expect(o.mean).toBeCloseTo(0.5, 12)
    expect(o.margin[0]!.value).toBe(-2)
    expect(o.margin.at(-1)!.value).toBe(3)
    const src = seeded(707)
    agrees(o.margin, () => rollPool(src, { dice: 3 }).successes - rollPool(src, { dice: 2 }).successes)
  })

  it("B-FIGHT-05 B-FIGHT-06 R-DICE-05 a Down defender does not roll and is Finished whatever the attacker shows", () => {
    const o = fightOdds({ attacker: 2, defender: 3, defenderDown: true })
    expect(o.margin.map((x) => x.value)).toEqual([0, 1, 2])
    expect(probabilityOf(o.margin, 0)).toBeCloseTo(0.25, 12)
    expect([o.attackerWins, o.tie, o.defenderWins]).toEqual([1, 0, 0])
    expect(fightOdds({ attacker: -1, defender: 0, defenderDown: true }).attackerWins).toBe(1)
  })

  it("N-CHECK-02 N-ADV-01 a Check's chance, plain and with Advantage or Disadvantage", () => {
    expect(checkChance(2, 12)).toBeCloseTo(0.55, 12)
    expect(checkChance(2, 12, "advantage")).toBeCloseTo(1 - 0.45 ** 2, 12)
    expect(checkChance(2, 12, "disadvantage")).toBeCloseTo(0.55 ** 2, 12)
    expect(checkChance(0, 25)).toBe(0)
    expect(checkChance(5, 3)).toBe(1)
    const src = seeded(808)
    const exact = [
      { value: 0, probability: 1 - checkChance(1, 15, "advantage") },
      { value: 1, probability: checkChance(1, 15, "advantage") },
    ]
    agrees(
      exact,
      () => (rollCheck(src, { ability: 1, dr: 15, advantage: "advantage" }).success ? 1 : 0),
      100_000,
    )
  })

  it("N-NUANCED-02 N-NUANCED-04 Nuanced odds: strong/weak/failure sum to 1 and match samples", () => {
    for (const adv of ["none", "advantage", "disadvantage"] as const) {
      const o = nuancedOdds(1, 12, adv)
      expect(o.strong + o.weak + o.failure).toBeCloseTo(1, 12)
    }
    const plain = nuancedOdds(0, 11)
    expect(plain.strong).toBeCloseTo(0.25, 12)
    expect(plain.weak).toBeCloseTo(0.5, 12)
    const o = nuancedOdds(2, 14, "advantage")
    const code = { failure: 0, weak: 1, strong: 2 } as const
    const src = seeded(909)
    agrees(
      [
        { value: 0, probability: o.failure },
        { value: 1, probability: o.weak },
        { value: 2, probability: o.strong },
      ],
      () => code[rollNuanced(src, { ability: 2, dr: 14, advantage: "advantage" }).outcome],
      100_000,
    )
  })

  it("N-STEPDIE-03 N-STEPDIE-04 a step die's lifetime: exact expected uses and distribution", () => {
    const d4 = stepDieLifetime("d4")
    expect(d4.mean).toBeCloseTo(4 / 3, 12)
    const d6 = stepDieLifetime("d6")
    expect(total(d6.rolls)).toBeCloseTo(1, 9)
    expect(mean(d6.rolls)).toBeCloseTo(d6.mean, 6)
    expect(stepDieLifetime("d12").mean).toBeGreaterThan(d6.mean)
    const src = seeded(1001)
    agrees(
      d6.rolls,
      () => {
        let die: Parameters<typeof rollStepDie>[1] = "d6"
        let k = 0
        while (die !== "d0") {
          die = rollStepDie(src, die).after
          k++
        }
        return k
      },
      100_000,
    )
  })

  it("N-FATE-01 the Die of Fate's chance is the threshold in %", () => {
    expect(fateChance(50)).toBe(0.5)
    expect(fateChance(70)).toBe(0.7)
  })
})
