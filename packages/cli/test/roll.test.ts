import { describe, expect, it } from "vitest"
import { run, runJson, spawnBlight } from "./helpers.js"

describe("blight roll", () => {
  it("B-DICE-01 roll pool N prints the dice, successes and Crits, and replays with --seed", async () => {
    const a = await runJson("roll", "pool", "5", "--seed", "7", "--json")
    expect(a.code).toBe(0)
    expect(a.json).toMatchObject({ seed: 7, kind: "pool", desperate: false })
    expect(a.json.dice).toHaveLength(5)
    expect(a.json.successes).toBe(a.json.dice.filter((d: { face: number }) => d.face >= 4).length)
    expect(a.json.rolled).toHaveLength(5)
    const b = await runJson("roll", "pool", "5", "--seed", "7", "--json")
    expect(b.json).toEqual(a.json)
  })

  it("B-BLIGHTDICE-03 roll pool 3 --blight 2 keeps Blight dice apart and counts Blight gained", async () => {
    const r = await runJson("roll", "pool", "3", "--blight", "2", "--manual", "4,5,6,1,1", "--json")
    expect(r.json).toMatchObject({ manual: true, successes: 3, crits: 1, blightGained: 2 })
    expect(r.json.dice.map((d: { blight: boolean }) => d.blight)).toEqual([false, false, false, true, true])
  })

  it("B-DICE-07 roll pool 0 is a desperate roll", async () => {
    const r = await runJson("roll", "pool", "0", "--manual", "5", "--json")
    expect(r.json).toMatchObject({ desperate: true, successes: 0 })
  })

  it("B-TEST-01 roll test 3 --target 2", async () => {
    const r = await runJson("roll", "test", "3", "--target", "2", "--manual", "4,1,6", "--json")
    expect(r.json).toMatchObject({ kind: "test", target: 2, passed: true })
  })

  it("rolls dice expressions: 2d6, d66 (with both readings), d3, d%", async () => {
    const r = await runJson("roll", "2d6", "--manual", "3,4", "--json")
    expect(r.json).toMatchObject({ kind: "dice", dice: [3, 4], value: 7 })
    const d66 = await runJson("roll", "d66", "--manual", "4,2", "--json")
    expect(d66.json).toMatchObject({ key: "3·4/2", halfRow: 8 })
    expect((await runJson("roll", "d3", "--manual", "5", "--json")).json.value).toBe(3)
    expect((await runJson("roll", "d%", "--seed", "1", "--json")).json.value).toBeGreaterThanOrEqual(1)
  })

  it("N-COMBAT-12 roll d8+d8 is a multiple attack: every die rolled, the single highest kept", async () => {
    const r = await runJson("roll", "d8+d8", "--manual", "3,7", "--json")
    expect(r.json).toMatchObject({ manual: true, kind: "dice", expression: "d8+d8", dice: [3, 7], value: 7 })
    const three = await runJson("roll", "D12+D12+D12", "--manual", "11,2,9", "--json")
    expect(three.json).toMatchObject({ expression: "d12+d12+d12", dice: [11, 2, 9], value: 11 })
    expect(three.json.rolled.map((d: { sides: number }) => d.sides)).toEqual([12, 12, 12])
    const text = await run("roll", "d6+d6", "--manual", "6,1")
    expect(text.out).toBe("d6+d6: [6 1] → 6 (highest kept)\n")
    const seeded = await runJson("roll", "d8+d8", "--seed", "4", "--json")
    expect(seeded.json.value).toBe(Math.max(...seeded.json.dice))
    expect((await runJson("roll", "d8+d8", "--seed", "4", "--json")).json).toEqual(seeded.json)
  })

  it("N-COMBAT-12 expressions with a plus keep their meaning: d8+8 and 2d6+1 still add", async () => {
    expect((await runJson("roll", "d8+8", "--manual", "3", "--json")).json).toMatchObject({
      dice: [3],
      value: 11,
    })
    expect((await runJson("roll", "2d6+1", "--manual", "3,4", "--json")).json).toMatchObject({ value: 8 })
    expect((await run("roll", "2d6+1", "--manual", "3,4")).out).toBe("2d6+1: [3 4] → 8\n")
  })

  it("N-ADV-01 roll d20 --adv keeps the higher die", async () => {
    const r = await runJson("roll", "d20", "--adv", "--manual", "3,17", "--json")
    expect(r.json).toMatchObject({ kind: "d20", advantage: "advantage", rolls: [3, 17], kept: 17 })
    const c = await runJson(
      "roll",
      "d20",
      "--dis",
      "--ability",
      "2",
      "--dr",
      "12",
      "--manual",
      "3,17",
      "--json",
    )
    expect(c.json).toMatchObject({ kind: "check", kept: 3, total: 5, success: false })
    const n = await runJson(
      "roll",
      "d20",
      "--nuanced",
      "--ability",
      "1",
      "--dr",
      "12",
      "--manual",
      "11,4",
      "--json",
    )
    expect(n.json).toMatchObject({ kind: "nuanced", outcome: "weak" })
  })

  it("N-STEPDIE-03 roll step d8 steps the die down", async () => {
    const r = await runJson("roll", "step", "d8", "--manual", "1", "--json")
    expect(r.json).toMatchObject({ before: "d8", face: 1, after: "d4", ended: false })
  })

  it("N-FATE-01 roll fate --threshold 50", async () => {
    const r = await runJson("roll", "fate", "--threshold", "50", "--manual", "51", "--json")
    expect(r.json).toMatchObject({ roll: 51, threshold: 50, yes: false })
  })

  it("without --json prints a readable line with the seed", async () => {
    const r = await run("roll", "pool", "4", "--seed", "3")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^pool 4: \[[1-6 ]+\] → \d success\(es\), \d Crit\(s\) {3}\(seed 3\)\n$/)
  })

  it("without --seed draws a seed and reports it, so the roll can be replayed", async () => {
    const a = await runJson("roll", "pool", "6", "--json")
    const b = await runJson("roll", "pool", "6", "--seed", String(a.json.seed), "--json")
    expect(b.json).toEqual(a.json)
  })

  it.each([
    [["roll"], /what to roll/],
    [["roll", "pool"], /pool size: a number is required/],
    [["roll", "pool", "five"], /pool size: expected a whole number, got "five"/],
    [["roll", "pool", "3", "--blight", "4"], /--blight: expected 0 to 3, got 4/],
    [["roll", "pool", "3", "--seed=-1"], /--seed: expected 0 to/],
    [["roll", "pool", "3", "--bogus"], /blight roll: unknown option --bogus \(this takes .*--seed.*\)/],
    [["roll", "pool", "-3"], /-3: a negative number is written after "--", as in -- -3/],
    [["roll", "pool", "3", "--seed", "1", "--seed=2"], /--seed: given more than once; give it once/],
    [["roll", "2x6"], /dice expression "2x6"/],
    [["roll", "d8+"], /dice expression "d8\+": expected .*"half" or "d8\+d8" \(a multiple attack/],
    [["roll", "d8+d20"], /a multiple attack joins Damage dice D4 to D12 \(N-COMBAT-12\), got D20/],
    [["roll", "d8 + d8"], /with no spaces/],
    [["roll", "step", "d7"], /a step die is one of/],
    [["roll", "fate", "--threshold", "101"], /--threshold: expected 0 to 100/],
    [["roll", "d20", "--adv", "--dis"], /cannot both be given/],
    [["roll", "pool", "3", "--manual", "4,7,1"], /manual dice\[1\]: a d6 shows 1 to 6, got 7/],
    [["roll", "pool", "3", "--manual", "4"], /manual dice\[1\]: a d6 is needed but only 1/],
  ])("bad arguments %j print one line and exit 2", async (args, message) => {
    const r = await run(...args)
    expect(r.code).toBe(2)
    expect(r.out).toBe("")
    expect(r.err.trim().split("\n")).toHaveLength(1)
    expect(r.err).toMatch(message)
  })

  it("the built binary runs from the repo (npx blight), and bad arguments exit 2 without a stack trace", async () => {
    const ok = await spawnBlight("roll", "2d6", "--seed", "5", "--json")
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.out)).toMatchObject({ seed: 5, kind: "dice" })
    const bad = await spawnBlight("roll", "pool", "x")
    expect(bad.code).toBe(2)
    expect(bad.err).not.toMatch(/at .*\.js:\d+/)
    const unknown = await spawnBlight("frobnicate")
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(/unknown verb "frobnicate"/)
  })
})
