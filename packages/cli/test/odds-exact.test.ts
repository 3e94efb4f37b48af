/**
 * `blight odds` and `blight roll` as an outsider checks them: each answer against every face
 * combination (the dice package's brute force), the bounds' errors naming the rule, the docs'
 * examples as printed, and the same seed giving the same dice as the library.
 */
import { Pool, seeded } from "@blight/dice"
import { describe, expect, it } from "vitest"
// The brute force of a Fight with Blight dice on either side, and a mean.
import * as Brute from "../../dice/test/enumerate.js"
import { dist, faces, pool, same, tally, through } from "../../dice/test/enumerate.js"
import { run, runJson } from "./helpers.js"

describe("blight odds, exactly", () => {
  it.each([
    [4, 0],
    [0, 0],
    [-3, 0],
    [0, 3],
    [-2, 1],
    [2, 2],
  ])(
    "B-DICE-01 B-DICE-07 B-BLIGHTDICE-03 R-DICE-01 odds pool %i --blight %i is every face combination",
    async (d, b) => {
      const r = await runJson("odds", "pool", "--json", "--blight", String(b), "--", String(d))
      expect(r.code).toBe(0)
      const p = pool(d, b)
      expect(r.json.desperate).toBe(Math.max(0, d) + b < 1)
      same(r.json.successes, dist(tally(p.n, p.successes)), "successes")
      same(r.json.crits, dist(tally(p.n, p.crits)), "crits")
      if (b > 0) same(r.json.blight, dist(tally(p.n, p.blight)), "Blight gained")
      else expect(r.json.blight).toBeUndefined()
    },
  )

  it("B-TEST-01 B-TEST-02 odds test: a target the pool can just reach, one above it, a desperate test", async () => {
    const chance = async (...a: string[]) => (await runJson("odds", "test", "--json", ...a)).json.probability
    expect(Math.abs((await chance("4", "--target", "4")) - 1 / 16)).toBeLessThan(1e-12)
    expect(await chance("4", "--target", "5")).toBe(0)
    expect(await chance("2", "--blight", "1", "--target", "4")).toBe(0)
    expect(Math.abs((await chance("--", "-1")) - 1 / 6)).toBeLessThan(1e-12)
    expect(Math.abs((await chance("0", "--blight", "2", "--target", "2")) - 1 / 4)).toBeLessThan(1e-12)
    expect((await run("odds", "test", "0")).out).toMatch(/desperate: one die, 6 only/)
  })

  it.each([
    [3, 0, 4, true, 2],
    [2, 1, 2, false, 1],
    [0, 0, 1, true, 3],
    [3, 0, 0, false, 0],
  ])(
    "B-SHOOT-08 B-ARMOUR-01 B-ARMOUR-02 B-ARMOUR-03 R-DICE-04 odds shoot --dice %i --blight %i --armour %i (Helmet %s) --damage %i is every face combination",
    async (d, b, a, helmet, damage) => {
      const args = [
        "--dice",
        String(d),
        "--blight",
        String(b),
        "--armour",
        String(a),
        "--damage",
        String(damage),
      ]
      const r = await runJson("odds", "shoot", ...args, ...(helmet ? ["--helmet"] : []), "--json")
      expect(r.code).toBe(0)
      const p = pool(d, b)
      const hits = tally(p.n + a, (f) => {
        const atk = f.slice(0, p.n)
        return through(p.successes(atk), p.crits(atk), f.slice(p.n), helmet)
      })
      const want = new Map<number, number>()
      for (const [h, q] of hits) want.set(h * damage, (want.get(h * damage) ?? 0) + q)
      same(r.json.damage, dist(want), "damage")
    },
  )

  it("B-FIGHT-07 B-FIGHT-09 odds fight 2 vs 3 is every face combination; B-FIGHT-05 B-FIGHT-06 R-DICE-05 a Down defender is Finished for certain", async () => {
    const r = await runJson("odds", "fight", "--attacker", "2", "--defender", "3", "--json")
    const m = tally(5, (f) => pool(2, 0).successes(f.slice(0, 2)) - pool(3, 0).successes(f.slice(2)))
    same(r.json.margin, dist(m), "margin")
    expect(Math.abs(r.json.tie - (m.get(0) ?? 0))).toBeLessThan(1e-12)
    const down = await runJson("odds", "fight", "--attacker", "3", "--defender-down", "--json")
    expect([down.json.attackerWins, down.json.tie, down.json.defenderWins]).toEqual([1, 0, 0])
    same(down.json.margin, dist(tally(3, pool(3, 0).successes)), "the attacker's successes")
    expect((await run("odds", "fight", "--attacker", "3", "--defender-down")).out).toMatch(/Finished/)
  })

  it.each([
    [2, 1, 1, 2],
    [0, 3, 2, 0],
    [-1, 0, 1, 3],
  ])(
    "B-BLIGHTDICE-01 B-BLIGHTDICE-02 B-BLIGHTDICE-03 odds fight --attacker %i --blight %i --defender %i --defender-blight %i is every face combination, and each side's expected Blight is the mean of its 1s",
    async (a, ab, d, db) => {
      // A negative pool is written --attacker=-1 (parseArgs reads "-1" as an option).
      const args = [`--attacker=${a}`, "--blight", String(ab), `--defender=${d}`]
      const r = await runJson("odds", "fight", ...args, "--defender-blight", String(db), "--json")
      expect(r.code).toBe(0)
      Brute.sameFight(r.json, Brute.fight(a, ab, d, db), `fight ${a} +${ab} vs ${d} +${db}`)
      expect((await run("odds", "fight", ...args, "--defender-blight", String(db))).out).toMatch(
        /Blight gained on average: attacker \d\.\d{3}, defender \d\.\d{3}/,
      )
    },
  )

  it("B-BLIGHTDICE-01 B-BLIGHTDICE-03 odds fight --defender-down --blight 2: the attacker's pool with its Blight dice; no Blight dice is no expected Blight", async () => {
    const r = await runJson("odds", "fight", "--attacker", "1", "--blight", "2", "--defender-down", "--json")
    same(r.json.margin, dist(tally(3, pool(1, 2).successes)), "the attacker's successes")
    expect(r.json.meanBlight.defender).toBe(0)
    expect(Math.abs(r.json.meanBlight.attacker - 2 / 6)).toBeLessThan(1e-12)
    expect(
      (await runJson("odds", "fight", "--attacker", "1", "--defender", "1", "--json")).json.meanBlight,
    ).toBe(undefined)
  })

  it("B-BLIGHTDICE-03 odds shoot --blight 3: the shooter's expected Blight is the mean of the 1s on its Blight dice", async () => {
    const r = await runJson("odds", "shoot", "--dice", "1", "--blight", "3", "--armour", "1", "--json")
    const p = pool(1, 3)
    const want = Brute.meanOf(tally(p.n, p.blight))
    expect(Math.abs(r.json.meanBlight - want)).toBeLessThan(1e-12)
    expect((await run("odds", "shoot", "--dice", "1", "--blight", "3", "--armour", "1")).out).toMatch(
      /^shoot 1 dice \+3 Blight vs Armour 1.*Blight gained 0\.500 on average/,
    )
  })

  it("N-CHECK-02 N-ADV-01 odds check against every d20, and a negative Ability printed as −1 (not +-1)", async () => {
    for (const [ab, dr, flag] of [
      [-1, 12, "--dis"],
      [3, 18, "--adv"],
      [0, 21, ""],
    ] as const) {
      const r = await runJson(
        "odds",
        "check",
        `--ability=${ab}`,
        "--dr",
        String(dr),
        ...(flag ? [flag] : []),
        "--json",
      )
      const n = flag ? 2 : 1
      const keep = flag === "--dis" ? Math.min : Math.max
      const want = [...faces(n, 20)].filter((f) => keep(...f) + ab >= dr).length / 20 ** n
      expect(Math.abs(r.json.probability - want), `${ab} vs ${dr} ${flag}`).toBeLessThan(1e-12)
    }
    expect((await run("odds", "check", "--ability=-1", "--dr", "12")).out).toMatch(/^check −1 vs DR 12/)
  })

  it.each([
    [["odds", "test", "3", "--target", "0"], /--target: expected 1 to 100, got 0: .*B-TEST-02/],
    [["odds", "pool", "3", "--blight", "4"], /--blight: expected 0 to 3, got 4: .*B-BLIGHTDICE-01/],
    [["odds", "pool", "61"], /pool size: expected -20 to 60, got 61: .*B-DICE-07/],
    [["odds", "shoot", "--dice", "3", "--armour", "21"], /--armour: expected 0 to 20, got 21: .*B-ARMOUR-01/],
    [["odds", "shoot", "--dice", "3", "--armour", "1", "--damage", "21"], /--damage: .*B-ARMOUR-03/],
    [["odds", "check", "--ability", "1", "--dr", "61"], /--dr: expected 0 to 60, got 61: .*N-CHECK-01/],
    [["roll", "fate", "--threshold", "101"], /--threshold: expected 0 to 100, got 101: .*N-FATE-02/],
    [["roll", "test", "2", "--target", "0"], /--target: .*B-TEST-02/],
    [
      ["odds", "fight", "--attacker", "3", "--defender", "2", "--blight", "4"],
      /--blight: expected 0 to 3, got 4: .*B-BLIGHTDICE-01/,
    ],
    [
      ["odds", "fight", "--attacker", "3", "--defender", "2", "--defender-blight", "4"],
      /--defender-blight: expected 0 to 3, got 4: .*B-BLIGHTDICE-01/,
    ],
    [
      ["odds", "fight", "--attacker", "3", "--defender-down", "--defender-blight", "1"],
      /--defender-blight: a Down defender does not roll, so it adds no Blight dice \(B-FIGHT-05\)/,
    ],
    [
      ["odds", "fight", "--attacker", "3", "--defender", "2", "--defender-down"],
      /--defender: a Down defender does not roll: give its Fight dice or that it is Down, not both \(B-FIGHT-05\)/,
    ],
    [["odds", "pool", "3", "--defender-blight", "1"], /--defender-blight does not apply to `odds pool`/],
    [["odds", "pool", "3", "--target", "2"], /--target does not apply to `odds pool`/],
    [["odds", "test", "3", "--helmet"], /--helmet does not apply to `odds test`/],
    [["roll", "pool", "3", "--dr", "12"], /--dr does not apply to `roll pool`/],
    [["roll", "2d6", "--blight", "1"], /--blight does not apply to `roll 2d6`/],
  ])(
    "B-DICE-05 %j is refused in one line naming the argument (and, for a bound, the rule)",
    async (args, message) => {
      const r = await run(...args)
      expect(r.code).toBe(2)
      expect(r.err.trim().split("\n")).toHaveLength(1)
      expect(r.err).toMatch(message)
    },
  )

  it('the docs\' examples print what the docs say: odds test 3 --target 2 --json is exactly {"probability":0.5}', async () => {
    expect((await run("odds", "test", "3", "--target", "2", "--json")).out).toBe('{"probability":0.5}\n')
  })

  it("B-DICE-01 B-BLIGHTDICE-03 roll pool 5 --blight 2 --seed 7 rolls the dice Pool.rollPool(seeded(7), …) rolls", async () => {
    const r = await runJson("roll", "pool", "5", "--blight", "2", "--seed", "7", "--json")
    const lib = Pool.rollPool(seeded(7), { dice: 5, blightDice: 2 })
    expect(r.json).toMatchObject({ seed: 7, ...lib })
    const t = await runJson("roll", "test", "3", "--target", "2", "--seed", "7", "--json")
    expect(t.json).toMatchObject(Pool.rollTest(seeded(7), { dice: 3, target: 2 }))
  })
})
