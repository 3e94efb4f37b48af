import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { FactPrompt, Space } from "../../src/battle/table/Space.js"
import { declared } from "../../src/battle/table/Space.js"
import type { FactQuery, State } from "../../src/battle/State.js"
import { coreRegistry } from "../../src/content/core/index.js"
import { found } from "../../src/refuge/Founding.js"
import { type Counts, calibratedTable, counting, factKey, MOVE_REACH } from "../../src/sim/Calibration.js"
import calibration from "../../src/sim/calibration.json" with { type: "json" }
import { played, type Spec, simulate } from "../../src/sim/Raid.js"

// Just what the question keys read: which ids are survivors, creatures and tokens.
const state = {
  models: [
    { id: "a.1", kind: "survivor" },
    { id: "c1", kind: "creature" },
  ],
  tokens: [{ id: "t1" }],
} as unknown as State

const prompt = (query: FactQuery, options: FactPrompt["options"]): FactPrompt => ({
  kind: "fact",
  query,
  options,
  question: "?",
  by: "any",
})
const inSpore = prompt({ q: "in", a: "a.1", terrain: "spore" }, [true, false])

describe("the calibrated declared table (R-SIM-08)", () => {
  it("R-SIM-08 a question's key names what is asked, how far, and the kinds of its subjects", () => {
    expect(factKey(state, { q: "within", a: "a.1", b: "c1", inches: 6 })).toBe("within:6:s:c")
    expect(factKey(state, { q: "contact", a: "c1", b: "a.1" })).toBe("contact:c:s")
    expect(factKey(state, { q: "sees", a: "a.1", b: "t1" })).toBe("sees:s:t")
    expect(factKey(state, { q: "in", a: "a.1", terrain: "spore" })).toBe("in:spore:s")
    expect(factKey(state, { q: "reach", a: "c1", b: "a.1", inches: 40 })).toBe("reach:24:free:c:s")
  })

  it("R-SIM-08 answers are drawn with the odds the counts give, the same for the same seed", () => {
    const counts: Counts = { "in:spore:s": { false: 980, true: 19 } }
    const draws = (seed: string) => {
      const table = calibratedTable(seed, counts)
      return Array.from({ length: 4000 }, () => table.answer(state, inSpore))
    }
    const a = draws("s")
    const yes = a.filter((x) => x === true).length / a.length
    // 20 in 1,001 (the counts with one more each): about 2%.
    expect(yes).toBeGreaterThan(0.01)
    expect(yes).toBeLessThan(0.035)
    expect(draws("s")).toEqual(a)
  })

  it("R-SIM-08 a shape counted fewer than 20 times, or never, is a fair draw (R-SIM-01)", () => {
    for (const counts of [{}, { "in:spore:s": { false: 19 } }] as Counts[]) {
      const table = calibratedTable("fair", counts)
      const a = Array.from({ length: 4000 }, () => table.answer(state, inSpore))
      const yes = a.filter((x) => x === true).length / a.length
      expect(yes).toBeGreaterThan(0.45)
      expect(yes).toBeLessThan(0.55)
    }
  })

  it("R-SIM-08 a declared move reaches with the counted odds of a creature's reach", () => {
    const table = calibratedTable("m", { [MOVE_REACH]: { false: 900, true: 100 } })
    const hits = Array.from({ length: 4000 }, () => table.reaches(state, {} as never)).filter(Boolean).length
    expect(hits / 4000).toBeGreaterThan(0.07)
    expect(hits / 4000).toBeLessThan(0.14)
  })

  it("R-SIM-08 the shipped counts: a board rarely puts two models in contact or a survivor in Spore terrain", () => {
    const counts: Counts = calibration.counts
    const share = (key: string, answer: string) => {
      const seen = counts[key] ?? {}
      const total = Object.values(seen).reduce((n, k) => n + k, 0)
      expect(total).toBeGreaterThanOrEqual(20)
      return (seen[answer] ?? 0) / total
    }
    expect(share("in:spore:s", "true")).toBeLessThan(0.1)
    expect(share("contact:s:c", "true")).toBeLessThan(0.1)
    expect(share(MOVE_REACH, "true")).toBeLessThan(0.5)
    expect(calibration.source.raids).toBeGreaterThan(0)
  })

  it("R-SIM-08 counting wraps a table's answers without changing them", () => {
    const counts: Counts = {}
    const answers: Space = { ...declared, answer: () => false }
    const space = counting(answers, counts)
    expect(space.answer(state, inSpore.query, inSpore)).toBe(false)
    expect(space.answer(state, { q: "nearest", a: "a.1", among: ["c1"] }, inSpore)).toBe(false)
    expect(counts).toEqual({ "in:spore:s": { false: 1 } })
  })
})

describe("fair and calibrated declared tables in a simulation (R-SIM-01, R-SIM-08)", () => {
  const registry = coreRegistry()
  const roster = (name: string) =>
    JSON.parse(readFileSync(new URL(`../../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))
  const refuges = [
    Result.getOrThrow(found(roster("refuge"), registry, { source: seeded(3) })),
    Result.getOrThrow(found(roster("congregation"), registry, { source: seeded(3) })),
  ]
  const spec = (table: Spec["table"]): Spec => ({ refuges, scenario: "cache", table, policies: ["sensible"], seed: 5 })

  it("R-SIM-08 the default declared table and --table fair play the same raids differently, each the same every time", () => {
    const run = (table: Spec["table"]) =>
      Array.from({ length: 4 }, (_, i) => Result.getOrThrow(simulate(spec(table), registry, i)))
    const calibrated = run("declared")
    expect(run("declared")).toEqual(calibrated)
    const fair = run("fair")
    expect(run("fair")).toEqual(fair)
    expect(fair).not.toEqual(calibrated)
  })

  it("R-SIM-08 a board's answers can be counted as they are given (npm run sim:calibrate)", () => {
    const counts: Counts = {}
    Result.getOrThrow(played(spec("board"), registry, 0, (space) => counting(space, counts)))
    expect(Object.keys(counts).length).toBeGreaterThan(3)
  })
})
