/**
 * "Odds are exact distributions, not samples": each odds function against a brute-force
 * enumeration of every face combination (test/enumerate.ts), to 1e-12, edge cases included.
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { fightOdds, shootOdds } from "../src/odds/CombatOdds.js"
import { mean } from "../src/odds/Distribution.js"
import { checkChance, fateChance, nuancedOdds, stepDieLifetime } from "../src/odds/NightsongOdds.js"
import { blightGained, poolOdds, testChance } from "../src/odds/PoolOdds.js"
import { OddsRequest, oddsReport } from "../src/Report.js"
import { dist, faces, fight, meanOf, pool, same, sameFight, tally, through } from "./enumerate.js"

/** P(a desperate Shoot's hit gets through one Armour die). */
const testChanceThrough = (helmet: boolean): number =>
  shootOdds({ dice: -1, armour: 1, helmet }).hitsThrough.find((o) => o.value === 1)?.probability ?? 0

const POOLS: Array<[number, number]> = []
for (let b = 0; b <= 3; b++) for (let d = -3; d <= 6 - b; d++) POOLS.push([d, b])

describe("exact odds against brute force", () => {
  it("B-DICE-01 B-DICE-07 B-BLIGHTDICE-03 R-DICE-01 every pool of up to 6 dice (desperate, all-Blight included): successes, Crits, joint, Blight gained", () => {
    for (const [d, b] of POOLS) {
      const p = pool(d, b)
      const o = poolOdds(d, b)
      const what = `pool ${d} +${b}`
      expect(o.desperate, what).toBe(Math.max(0, d) + b < 1)
      same(o.successes, dist(tally(p.n, p.successes)), `${what} successes`)
      same(o.crits, dist(tally(p.n, p.crits)), `${what} crits`)
      const joint = tally(p.n, (f) => p.successes(f) * 100 + p.crits(f))
      expect(o.joint.length, what).toBe(joint.size)
      for (const j of o.joint)
        expect(Math.abs(j.probability - (joint.get(j.successes * 100 + j.crits) ?? 0)), what).toBeLessThan(
          1e-12,
        )
      if (b > 0) same(o.blight, dist(tally(p.n, p.blight)), `${what} Blight`)
      else expect(o.blight).toEqual([{ value: 0, probability: 1 }])
    }
  })

  it("B-DICE-05 R-DICE-01 the largest pools the CLI and API take (60 dice + 3 Blight dice): the exact multinomial, in whole numbers", () => {
    const fact = (k: number): bigint => (k <= 1 ? 1n : BigInt(k) * fact(k - 1))
    for (const [d, b] of [
      [60, 3],
      [60, 0],
      [17, 2],
    ] as const) {
      const n = d + b
      const all = 6n ** BigInt(n)
      const o = poolOdds(d, b)
      for (const j of o.joint) {
        // n! / (fails! plain! crits!) · 3^fails · 2^plain / 6^n, exactly, then to a float.
        const [f, pl, c] = [n - j.successes, j.successes - j.crits, j.crits]
        const ways = (fact(n) / (fact(f) * fact(pl) * fact(c))) * 3n ** BigInt(f) * 2n ** BigInt(pl)
        const want = Number((ways * 10n ** 30n) / all) / 1e30
        expect(Math.abs(j.probability - want), `pool ${d} +${b}: P(${j.successes}, ${j.crits})`).toBeLessThan(
          1e-12,
        )
      }
      expect(o.joint.length).toBe(((n + 1) * (n + 2)) / 2)
      expect(Math.abs(o.mean.successes - n / 2)).toBeLessThan(1e-12)
      expect(Math.abs(testChance(d, n, b) - 2 ** -n)).toBeLessThan(1e-12)
      expect(testChance(d, n + 1, b)).toBe(0)
    }
  })

  it("B-DICE-07 R-DICE-06 a desperate 6 is a Crit: against one Armour die it is blocked only by a 6 (5+ with a Helmet)", () => {
    expect(poolOdds(0).joint).toEqual([
      { successes: 0, crits: 0, probability: 5 / 6 },
      { successes: 1, crits: 1, probability: 1 / 6 },
    ])
    // Through: the 6 (1/6) not blocked (5/6 bare, 4/6 with a Helmet).
    expect(Math.abs(testChanceThrough(false) - (1 / 6) * (5 / 6))).toBeLessThan(1e-15)
    expect(Math.abs(testChanceThrough(true) - (1 / 6) * (4 / 6))).toBeLessThan(1e-15)
  })

  it("B-ARMOUR-03 a Damage 0 weapon deals 0 for certain: one outcome, not one 0 per number of hits through", () => {
    expect(shootOdds({ dice: 4, armour: 1, damage: 0 }).damage).toEqual([{ value: 0, probability: 1 }])
    expect(shootOdds({ dice: 4, armour: 1, damage: 0 }).mean).toBe(0)
  })

  it("B-TEST-02 B-DICE-05 B-BLIGHTDICE-01 the odds refuse what a roll refuses: target 0, fractions of dice, negative Blight dice", () => {
    expect(() => testChance(3, 0)).toThrow(/target.*B-TEST-02/s)
    expect(() => testChance(3, 1.5)).toThrow(/B-TEST-02/)
    expect(() => poolOdds(2.5)).toThrow(/dice.*B-DICE-05/s)
    expect(() => poolOdds(2, -1)).toThrow(/blightDice.*B-BLIGHTDICE-01/s)
    expect(() => shootOdds({ dice: 2, blightDice: -1, armour: 1 })).toThrow(/B-BLIGHTDICE-01/)
    expect(() => fightOdds({ attacker: Number.NaN, defender: 1 })).toThrow(/B-DICE-05/)
  })

  it("B-TEST-01 B-TEST-02 every test of up to 6 dice, targets 1 to above the pool", () => {
    for (const [d, b] of POOLS) {
      const p = pool(d, b)
      for (let t = 1; t <= p.n + 2; t++) {
        const want = [...faces(p.n)].reduce((a, f) => a + (p.successes(f) >= t ? 1 : 0), 0) / 6 ** p.n
        expect(Math.abs(testChance(d, t, b) - want), `test ${d} +${b} (${t})`).toBeLessThan(1e-12)
      }
    }
    expect(testChance(3, 4)).toBe(0)
  })

  it("B-SHOOT-08 B-ARMOUR-01 B-ARMOUR-02 B-ARMOUR-03 R-DICE-03 R-DICE-04 every Shoot of up to 6 dice in all, Armour above the hits, Helmet or not, Damage 0 to 3", () => {
    for (let d = -1; d <= 4; d++)
      for (let b = 0; b <= 1; b++)
        for (let a = 0; a <= 6 - Math.max(1, d + b); a++)
          for (const helmet of [false, true]) {
            const p = pool(d, b)
            const n = p.n + a
            const hits = tally(n, (f) => {
              const atk = f.slice(0, p.n)
              return through(p.successes(atk), p.crits(atk), f.slice(p.n), helmet)
            })
            for (const damage of [0, 1, 3]) {
              const o = shootOdds({ dice: d, blightDice: b, armour: a, helmet, damage })
              const want = new Map<number, number>()
              for (const [h, q] of hits) want.set(h * damage, (want.get(h * damage) ?? 0) + q)
              const what = `shoot ${d} +${b} vs ${a}${helmet ? "H" : ""} ×${damage}`
              same(o.damage, dist(want), what)
              const m = [...want].reduce((acc, [v, q]) => acc + v * q, 0)
              expect(Math.abs(o.mean - m), what).toBeLessThan(1e-12)
            }
          }
  })

  it("B-FIGHT-05 B-FIGHT-07 B-FIGHT-09 every Fight of up to 7 dice in all: the margin, wins and ties", () => {
    for (let a = -1; a <= 4; a++)
      for (let d = -1; d <= 6 - Math.max(1, a); d++) {
        const pa = pool(a, 0)
        const pd = pool(d, 0)
        const m = tally(pa.n + pd.n, (f) => pa.successes(f.slice(0, pa.n)) - pd.successes(f.slice(pa.n)))
        const o = fightOdds({ attacker: a, defender: d })
        const what = `fight ${a} vs ${d}`
        same(o.margin, dist(m), what)
        const sum = (keep: (v: number) => boolean) => [...m].reduce((s, [v, q]) => s + (keep(v) ? q : 0), 0)
        expect(Math.abs(o.attackerWins - sum((v) => v > 0)), what).toBeLessThan(1e-12)
        expect(Math.abs(o.tie - sum((v) => v === 0)), what).toBeLessThan(1e-12)
        expect(Math.abs(o.defenderWins - sum((v) => v < 0)), what).toBeLessThan(1e-12)
      }
    const down = fightOdds({ attacker: 3, defender: 5, defenderDown: true })
    same(down.margin, dist(tally(3, pool(3, 0).successes)), "fight 3 vs Down")
  })

  it("B-BLIGHTDICE-01 B-BLIGHTDICE-02 B-BLIGHTDICE-03 every Fight of up to 6 dice in all with Blight dice on either side: the margin, wins, ties and the Blight each side expects", () => {
    for (let a = -1; a <= 3; a++)
      for (let ab = 0; ab <= 3; ab++)
        for (let d = -1; d <= 2; d++)
          for (let db = 0; db <= 3; db++) {
            // Blight dice succeed and Crit as any die (02); each side's 1s on them are its Blight (03).
            if (ab + db === 0 || pool(a, ab).n + pool(d, db).n > 6) continue
            const o = fightOdds({ attacker: a, defender: d, attackerBlight: ab, defenderBlight: db })
            const what = `fight ${a} +${ab} vs ${d} +${db}`
            sameFight(o, fight(a, ab, d, db), what)
            expect(Math.abs(o.meanBlight.attacker - ab / 6), what).toBeLessThan(1e-12)
          }
    const down = fightOdds({ attacker: 2, defender: 0, attackerBlight: 2, defenderDown: true })
    same(down.margin, dist(tally(4, pool(2, 2).successes)), "fight 2 +2 vs Down")
    expect(down.meanBlight).toEqual({ attacker: mean(blightGained(2)), defender: 0 })
  })

  it("B-BLIGHTDICE-03 a Shoot with Blight dice: the Blight the shooter expects is the mean of the 1s on them, Blight dice / 6", () => {
    for (const [d, b] of [
      [2, 1],
      [0, 3],
      [-2, 2],
      [3, 0],
    ] as const) {
      const p = pool(d, b)
      const want = meanOf(tally(p.n, p.blight))
      const o = shootOdds({ dice: d, blightDice: b, armour: 1 })
      expect(Math.abs(o.meanBlight - want), `shoot ${d} +${b}`).toBeLessThan(1e-12)
      expect(Math.abs(o.meanBlight - b / 6), `shoot ${d} +${b}`).toBeLessThan(1e-12)
    }
  })

  it("B-FIGHT-05 B-BLIGHTDICE-01 a Down defender does not roll, so Blight dice for it are refused naming the rule", () => {
    for (const defenderBlight of [1, 3, -1])
      expect(() => fightOdds({ attacker: 3, defender: 0, defenderDown: true, defenderBlight })).toThrow(
        /defenderBlight: a Down defender does not roll.*B-FIGHT-05/,
      )
    expect(fightOdds({ attacker: 3, defender: 0, defenderDown: true, defenderBlight: 0 }).attackerWins).toBe(
      1,
    )
    expect(() => fightOdds({ attacker: 3, defender: 2, attackerBlight: -1 })).toThrow(
      /blightDice.*B-BLIGHTDICE-01/s,
    )
  })

  it("B-BLIGHTDICE-01 B-BLIGHTDICE-03 the odds report of a Fight: each side's Blight dice bounded 0–3 naming the rule; the expected Blight only when Blight dice are rolled", () => {
    const decode = Schema.decodeUnknownResult(OddsRequest)
    for (const field of ["attackerBlight", "defenderBlight"]) {
      const bad = decode({ kind: "fight", attacker: 3, defender: 2, [field]: 4 })
      expect(Result.isFailure(bad), field).toBe(true)
      if (Result.isFailure(bad))
        // effect 4's SchemaError text puts the message first and the path after it ("at [\"field\"]").
        expect(String(bad.failure), field).toMatch(
          new RegExp(`expected 0 to 3, got 4.*B-BLIGHTDICE-01[\\s\\S]*at \\["${field}"\\]`),
        )
    }
    const r = oddsReport({ kind: "fight", attacker: 3, defender: 2, attackerBlight: 1, defenderBlight: 2 })
    const lib = fightOdds({ attacker: 3, defender: 2, attackerBlight: 1, defenderBlight: 2 })
    expect(r).toEqual({
      margin: lib.margin,
      attackerWins: lib.attackerWins,
      defenderWins: lib.defenderWins,
      tie: lib.tie,
      mean: lib.mean,
      meanBlight: lib.meanBlight,
    })
    expect(oddsReport({ kind: "fight", attacker: 3, defender: 2 }).meanBlight).toBeUndefined()
    expect(oddsReport({ kind: "shoot", dice: 3, armour: 1 }).meanBlight).toBeUndefined()
    expect(oddsReport({ kind: "shoot", dice: 3, armour: 1, blightDice: 3 }).meanBlight).toBe(
      shootOdds({ dice: 3, armour: 1, blightDice: 3 }).meanBlight,
    )
    expect(() => oddsReport({ kind: "fight", attacker: 3, defenderDown: true, defenderBlight: 1 })).toThrow(
      /B-FIGHT-05/,
    )
  })

  it("B-FIGHT-05 a request giving a Down defender Fight dice is refused, naming defender: it rolls none, so the count would be ignored", () => {
    expect(() => oddsReport({ kind: "fight", attacker: 3, defender: 2, defenderDown: true })).toThrow(
      /a Down defender does not roll: give its Fight dice or that it is Down, not both/,
    )
    expect(oddsReport({ kind: "fight", attacker: 3, defenderDown: true }).attackerWins).toBe(1)
  })

  it("N-CHECK-02 N-ADV-01 every d20 Check: abilities −3 to +6, DR 0 to 30, plain, Advantage, Disadvantage", () => {
    for (let ab = -3; ab <= 6; ab++)
      for (let dr = 0; dr <= 30; dr++) {
        const one = [...faces(1, 20)].filter((f) => f[0]! + ab >= dr).length / 20
        const adv = [...faces(2, 20)].filter((f) => Math.max(...f) + ab >= dr).length / 400
        const dis = [...faces(2, 20)].filter((f) => Math.min(...f) + ab >= dr).length / 400
        expect(Math.abs(checkChance(ab, dr) - one), `${ab} vs ${dr}`).toBeLessThan(1e-12)
        expect(Math.abs(checkChance(ab, dr, "advantage") - adv), `${ab} vs ${dr} adv`).toBeLessThan(1e-12)
        expect(Math.abs(checkChance(ab, dr, "disadvantage") - dis), `${ab} vs ${dr} dis`).toBeLessThan(1e-12)
      }
  })

  it("N-NUANCED-02 N-NUANCED-04 every Nuanced Check: 2d20, or 3d20 keeping the highest or lowest two", () => {
    const outcome = (a: number, b: number, dr: number) => (a >= dr ? 1 : 0) + (b >= dr ? 1 : 0)
    for (const ab of [-2, 0, 3])
      for (const dr of [1, 6, 12, 18, 24]) {
        for (const adv of ["none", "advantage", "disadvantage"] as const) {
          const n = adv === "none" ? 2 : 3
          const c = [0, 0, 0]
          for (const f of faces(n, 20)) {
            const s = [...f].sort((x, y) => x - y)
            const [x, y] = adv === "advantage" ? [s[n - 2]!, s[n - 1]!] : [s[0]!, s[1]!]
            c[outcome(x + ab, y + ab, dr)]!++
          }
          const o = nuancedOdds(ab, dr, adv)
          const what = `nuanced ${ab} vs ${dr} ${adv}`
          expect(Math.abs(o.failure - c[0]! / 20 ** n), what).toBeLessThan(1e-12)
          expect(Math.abs(o.weak - c[1]! / 20 ** n), what).toBeLessThan(1e-12)
          expect(Math.abs(o.strong - c[2]! / 20 ** n), what).toBeLessThan(1e-12)
        }
      }
  })

  it("N-STEPDIE-01 N-STEPDIE-03 N-STEPDIE-04 a step die's lifetime: exact means by hand, the distribution by walking the chain", () => {
    // By hand: on a dN, faces 4+ keep it, 2–3 step once, 1 steps twice (D4 → D0 on 1–3).
    // E[d4] = 1/(1 − 1/4); E[d6] = (1 + (1/6)·E[d0] + (2/6)·E[d4]) / (1 − 3/6); E[d8] stays on
    // 4–8, so divides by 1 − 5/8; and so on.
    const e4 = 4 / 3
    const e6 = (1 + (2 / 6) * e4) / (3 / 6)
    const e8 = (1 + (1 / 8) * e4 + (2 / 8) * e6) / (3 / 8)
    const e10 = (1 + (1 / 10) * e6 + (2 / 10) * e8) / (3 / 10)
    const e12 = (1 + (1 / 12) * e8 + (2 / 12) * e10) / (3 / 12)
    const want = { d4: e4, d6: e6, d8: e8, d10: e10, d12: e12 }
    for (const [die, e] of Object.entries(want))
      expect(Math.abs(stepDieLifetime(die as keyof typeof want).mean - e), die).toBeLessThan(1e-12)
    expect(stepDieLifetime("d0").rolls).toEqual([{ value: 0, probability: 1 }])
    // The D4 is spent on roll k with chance (1/4)^(k−1)·(3/4).
    const d4 = stepDieLifetime("d4").rolls
    for (const o of d4.slice(0, 10))
      expect(Math.abs(o.probability - (1 / 4) ** (o.value - 1) * (3 / 4))).toBeLessThan(1e-12)
  })

  it("N-FATE-01 N-FATE-02 R-N-FATE-01 the Die of Fate: every d% roll at or below the threshold is yes", () => {
    for (let t = 0; t <= 100; t++)
      expect(fateChance(t)).toBe([...faces(1, 100)].filter((f) => f[0]! <= t).length / 100)
  })
})
