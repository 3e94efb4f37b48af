import { describe, expect, it } from "vitest"
import { run, runJson, spawnBlight } from "./helpers.js"

const sum = (xs: Array<{ probability: number }>) => xs.reduce((a, x) => a + x.probability, 0)

describe("blight odds", () => {
  it("B-DICE-01 odds pool 5 gives exact successes and Crits with means", async () => {
    const r = await runJson("odds", "pool", "5", "--json")
    expect(r.code).toBe(0)
    expect(r.json.successes.map((x: { value: number }) => x.value)).toEqual([0, 1, 2, 3, 4, 5])
    expect(sum(r.json.successes)).toBeCloseTo(1, 12)
    expect(sum(r.json.crits)).toBeCloseTo(1, 12)
    expect(r.json.mean.successes).toBeCloseTo(2.5, 12)
    expect(r.json.mean.crits).toBeCloseTo(5 / 6, 12)
  })

  it("B-BLIGHTDICE-03 odds pool 3 --blight 2 adds the Blight gained distribution", async () => {
    const r = await runJson("odds", "pool", "3", "--blight", "2", "--json")
    expect(r.json.blight.map((x: { value: number }) => x.value)).toEqual([0, 1, 2])
    expect(r.json.mean.blight).toBeCloseTo(1 / 3, 12)
    expect(r.json.mean.successes).toBeCloseTo(2.5, 12)
  })

  it("B-TEST-01 odds test 3 --target 2 is exactly 0.5", async () => {
    const r = await runJson("odds", "test", "3", "--target", "2", "--json")
    expect(r.json).toEqual({ probability: 0.5 })
  })

  it("B-SHOOT-08 B-ARMOUR-02 odds shoot gives the damage distribution after Armour", async () => {
    const r = await runJson(
      "odds",
      "shoot",
      "--dice",
      "4",
      "--armour",
      "2",
      "--helmet",
      "--damage",
      "2",
      "--json",
    )
    expect(sum(r.json.damage)).toBeCloseTo(1, 12)
    expect(r.json.damage.every((x: { value: number }) => x.value % 2 === 0)).toBe(true)
    const bare = await runJson("odds", "shoot", "--dice", "4", "--armour", "2", "--damage", "2", "--json")
    expect(r.json.mean).toBeLessThan(bare.json.mean)
  })

  it("B-FIGHT-07 odds fight gives the margin from −defender to +attacker", async () => {
    const r = await runJson("odds", "fight", "--attacker", "3", "--defender", "2", "--json")
    expect(r.json.margin[0].value).toBe(-2)
    expect(r.json.margin.at(-1).value).toBe(3)
    expect(sum(r.json.margin)).toBeCloseTo(1, 12)
  })

  it("N-NUANCED-02 odds check --nuanced and N-STEPDIE-03 odds step", async () => {
    const c = await runJson("odds", "check", "--ability", "0", "--dr", "11", "--nuanced", "--json")
    expect(c.json.strong).toBeCloseTo(0.25, 12)
    const p = await runJson("odds", "check", "--ability", "2", "--dr", "12", "--adv", "--json")
    expect(p.json.probability).toBeCloseTo(1 - 0.45 ** 2, 12)
    const s = await runJson("odds", "step", "d4", "--json")
    expect(s.json.mean).toBeCloseTo(4 / 3, 12)
  })

  it("without --json prints a table with a histogram", async () => {
    const r = await run("odds", "pool", "3")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/successes/)
    expect(r.out).toMatch(/█/)
    expect(r.out).toMatch(/12\.50%/)
  })

  it.each([
    [["odds"], /odds of what/],
    [["odds", "dice"], /unknown odds "dice"/],
    [["odds", "pool", "x"], /pool size: expected a whole number/],
    [["odds", "test", "3", "--target", "0"], /--target: expected 1 to/],
    [["odds", "shoot", "--armour", "2"], /--dice is required/],
    [["odds", "shoot", "--dice", "2", "--armour=-1"], /--armour: expected 0 to 20/],
    [["odds", "fight", "--attacker", "3"], /--defender is required/],
    [["odds", "step"], /which step die/],
    [["odds", "check", "--ability", "1"], /--dr is required/],
  ])("bad arguments %j print one line and exit 2", async (args, message) => {
    const r = await run(...args)
    expect(r.code).toBe(2)
    expect(r.err.trim().split("\n")).toHaveLength(1)
    expect(r.err).toMatch(message)
  })

  it("the built binary answers the issue's example: odds test 3 --target 2 → 0.5", async () => {
    const r = await spawnBlight("odds", "test", "3", "--target", "2", "--json")
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toEqual({ probability: 0.5 })
  })

  it("blight --help lists the verbs", async () => {
    const r = await run("--help")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/roll/)
    expect(r.out).toMatch(/odds/)
  })
})
