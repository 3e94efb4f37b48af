import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { coreRegistry } from "../../src/content/core/index.js"
import { found } from "../../src/refuge/Founding.js"
import {
  CampaignReport,
  CampaignSummary,
  campaignReport,
  lossKind,
  simulateCampaign,
} from "../../src/sim/CampaignRun.js"
import { campaignCharts, charts, comparisonCharts } from "../../src/sim/Charts.js"
import { RaidSummary, raidSeed, type Spec, simulate } from "../../src/sim/Raid.js"
import { compare, Report, report } from "../../src/sim/Report.js"
import { differenceOfProportions, histogram, meanInterval, wilson } from "../../src/sim/Stats.js"

const registry = coreRegistry()
const roster = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))
const refuges = [
  Result.getOrThrow(found(roster("refuge"), registry, { source: seeded(3) })),
  Result.getOrThrow(found(roster("congregation"), registry, { source: seeded(3) })),
]
const spec: Spec = { refuges, scenario: "cache", table: "declared", policies: ["sensible"], seed: 42 }
const reportSpec = {
  scenario: "cache",
  table: "declared" as const,
  policies: ["sensible"],
  seed: 42,
  packs: [],
  options: {},
  label: "core rules",
}
const raids = Array.from({ length: 6 }, (_, i) => Result.getOrThrow(simulate(spec, registry, i)))

describe("intervals (R-SIM reports)", () => {
  it("Wilson's interval matches the published values", () => {
    const a = wilson(5, 10)
    expect(a.low).toBeCloseTo(0.2366, 4)
    expect(a.high).toBeCloseTo(0.7634, 4)
    expect(wilson(0, 20)).toEqual({ estimate: 0, low: 0, high: expect.closeTo(0.1611, 4) })
    expect(wilson(0, 0)).toEqual({ estimate: 0, low: 0, high: 1 })
  })

  it("Newcombe's hybrid score interval for a difference matches his worked example (56/70 − 48/80)", () => {
    const d = differenceOfProportions(56, 70, 48, 80)
    expect(d.estimate).toBeCloseTo(0.2, 6)
    expect(d.low).toBeCloseTo(0.0524, 4)
    expect(d.high).toBeCloseTo(0.3339, 4)
  })

  it("a mean's interval is the normal one, never below 0 for counts; a histogram counts each value", () => {
    const m = meanInterval([1, 2, 3, 4])
    expect(m.estimate).toBe(2.5)
    expect(m.high - m.estimate).toBeCloseTo(1.959964 * Math.sqrt(5 / 3 / 4), 5)
    expect(meanInterval([0, 0, 0, 5]).low).toBe(0)
    expect(histogram([0, 2, 2, 1, 0, 0])).toEqual([3, 1, 2])
  })
})

describe("a simulated raid (B-BATTLE-01)", () => {
  it("B-BATTLE-01 raid i is seeded from the base seed and i alone: played alone or in a run, the same summary", () => {
    expect(raidSeed(42, 3)).toBe(raidSeed(42, 3))
    expect(raidSeed(42, 3)).not.toBe(raidSeed(42, 4))
    expect(raidSeed(42, 3)).not.toBe(raidSeed(43, 3))
    expect(Number.isSafeInteger(raidSeed(2 ** 40, 99_999))).toBe(true)
    expect(Result.getOrThrow(simulate(spec, registry, 3))).toEqual(raids[3])
  })

  it("B-BATTLE-01 a summary decodes by its schema and agrees with the result: one winner or a draw", () => {
    for (const r of raids) {
      expect(Result.isSuccess(Schema.decodeUnknownResult(RaidSummary)(JSON.parse(JSON.stringify(r))))).toBe(
        true,
      )
      expect(r.over).toBe(true)
      const wins = r.sides.filter((s) => s.outcome === "win").length
      expect(wins).toBeLessThanOrEqual(1)
      for (const s of r.sides) {
        expect(s.finished).toBeLessThanOrEqual(s.down)
        expect(s.down).toBeLessThanOrEqual(s.survivors)
      }
      expect(r.din.length).toBeLessThanOrEqual(r.rounds)
    }
  })

  it("B-DIN-01 the Din and damage are read from the raid's own events", () => {
    const all = raids.flatMap((r) => r.din)
    expect(all.some((d) => d.noise > 0)).toBe(true)
    const creatures = raids.flatMap((r) => r.creatures)
    expect(creatures.length).toBeGreaterThan(0)
    for (const c of creatures) {
      expect(c.xp).toBe(registry.get("creatures", c.ref)!.xp)
      expect(c.pack).toBe("core")
    }
  })
})

describe("a report", () => {
  const r = report(reportSpec, raids)

  it("folds the raids in index order whatever order they came in (the same bytes)", () => {
    expect(JSON.stringify(report(reportSpec, [...raids].reverse()))).toBe(JSON.stringify(r))
    expect(Result.isSuccess(Schema.decodeUnknownResult(Report)(JSON.parse(JSON.stringify(r))))).toBe(true)
  })

  it("B-BATTLE-01 counts each side's wins, draws and losses over every raid, with Wilson intervals", () => {
    expect(r.raids).toBe(6)
    for (const s of r.sides) {
      expect(s.win.k + s.draw.k + s.loss.k).toBe(6)
      expect(s.win.rate).toEqual(wilson(s.win.k, 6))
      expect(s.finishedHistogram.reduce((a, b) => a + b, 0)).toBe(6)
    }
    const wins = raids.filter((x) => x.sides[0]!.outcome === "win").length
    expect(r.sides[0]!.win.k).toBe(wins)
  })

  it("an A/B of a report against itself differs by 0 with an interval around 0", () => {
    const c = compare({ report: r, raids }, { report: r, raids })
    for (const s of c.sides) {
      expect(s.win.difference.estimate).toBe(0)
      expect(s.win.difference.low).toBeLessThanOrEqual(0)
      expect(s.win.difference.high).toBeGreaterThanOrEqual(0)
      expect(s.loot.difference.estimate).toBe(0)
    }
  })

  it("charts are Vega-Lite specs with their data inline", () => {
    const cs = [...charts(r), ...comparisonCharts(compare({ report: r, raids }, { report: r, raids }))]
    expect(cs.map((c) => c.id)).toEqual([
      "outcomes",
      "per-raid",
      "finished",
      "din",
      "noise",
      "creatures",
      "ab-rates",
      "ab-means",
    ])
    for (const c of cs) {
      expect(c.spec.$schema).toMatch(/vega-lite\/v6/)
      expect((c.spec.data as { values: unknown[] }).values.length).toBeGreaterThan(0)
    }
  })
})

describe("a campaign run (B-AFTERMATH-01)", () => {
  const cspec = { refuges, seed: 9, raids: 2 }
  const runs = [0, 1].map((j) => Result.getOrThrow(simulateCampaign(cspec, registry, j)))

  it("B-AFTERMATH-01 campaign j is seeded from the base seed and j; each Refuge is read after every raid", () => {
    expect(Result.getOrThrow(simulateCampaign(cspec, registry, 1))).toEqual(runs[1])
    for (const c of runs) {
      expect(
        Result.isSuccess(Schema.decodeUnknownResult(CampaignSummary)(JSON.parse(JSON.stringify(c)))),
      ).toBe(true)
      expect(c.stopped).toBeUndefined()
      for (const r of c.refuges) {
        expect(r.trajectory).toHaveLength(2)
        expect(r.starting).toBe(5)
        for (const p of r.trajectory) {
          expect(p.alive).toBeLessThanOrEqual(r.starting)
          // Every starting survivor gone is a loss recorded with its cause.
          expect(r.starting - p.alive).toBeLessThanOrEqual(p.dead + p.turned + p.otherLosses)
          expect(p.alive).toBeLessThanOrEqual(p.roster)
        }
      }
    }
  })

  it("B-AFTERMATH-01 the report's survival curve is the mean share of starting survivors left, per raid", () => {
    const r = campaignReport(cspec, [...runs].reverse())
    expect(JSON.stringify(r)).toBe(JSON.stringify(campaignReport(cspec, runs)))
    expect(Result.isSuccess(Schema.decodeUnknownResult(CampaignReport)(JSON.parse(JSON.stringify(r))))).toBe(
      true,
    )
    const first = r.refuges[0]!.byRaid[1]!
    const shares = runs.map((c) => c.refuges[0]!.trajectory[1]!.alive / 5)
    expect(first.survival.estimate).toBeCloseTo((shares[0]! + shares[1]!) / 2, 6)
    expect(first.campaigns).toBe(2)
    for (const f of r.refuges) for (const p of f.byRaid) expect(p.survival.high).toBeLessThanOrEqual(1)
    expect(campaignCharts(r).map((c) => c.id)).toEqual([
      "survival",
      "turned",
      "blight",
      "roster",
      "store-salvage",
      "store-rations",
      "store-reloads",
      "store-meds",
      "store-amber",
      "net-salvage",
      "net-reloads",
      "din-season",
    ])
  })

  it("B-AFTERMATH-01 a store's net per raid is its level after the raid less its level before", () => {
    const r = campaignReport(cspec, runs)
    for (const [i, f] of r.refuges.entries())
      for (const [k, p] of f.byRaid.entries()) {
        const nets = runs.map((c) => {
          const t = c.refuges[i]!
          return t.trajectory[k]!.salvage - (k === 0 ? t.stores.salvage : t.trajectory[k - 1]!.salvage)
        })
        expect(p.net.salvage.estimate).toBeCloseTo((nets[0]! + nets[1]!) / 2, 6)
      }
  })

  it("B-CONGREGATION-18 a Congregation's member who Turns (into the Throat) counts as Turned, so raids until a Turn see it (B-TURN-01)", () => {
    expect([lossKind("turned"), lossKind("throat"), lossKind("dead"), lossKind("left")]).toEqual([
      "turned",
      "turned",
      "dead",
      "other",
    ])
    // Seed 1, campaign 3: the Gardeners lose a member to the Throat by raid 4 (found by playing it).
    const c = Result.getOrThrow(simulateCampaign({ refuges, seed: 1, raids: 4 }, registry, 3))
    const gardeners = c.refuges[1]!.trajectory.at(-1)!
    expect(gardeners.turned).toBeGreaterThan(0)
    const r = campaignReport({ seed: 1, raids: 4 }, [c])
    expect(r.refuges[1]!.byRaid.at(-1)!.anyTurned.k).toBe(1)
  })

  it("B-DIN-05 each raid played records its Season and its Din; the report groups them by Season", () => {
    const played = runs.flatMap((c) => c.raids)
    expect(played.length).toBeGreaterThan(0)
    for (const raid of played) {
      expect(raid.season).toMatch(/^[a-z-]+$/)
      expect(raid.lesser + raid.greater).toBeLessThanOrEqual(raid.rounds)
    }
    const r = campaignReport(cspec, runs)
    expect(r.bySeason.reduce((n, s) => n + s.raids, 0)).toBe(played.length)
    const first = r.bySeason[0]!
    const inIt = played.filter((x) => x.season === first.season)
    expect(first.encounters.estimate).toBeCloseTo(inIt.reduce((n, x) => n + x.encounters, 0) / inIt.length, 6)
  })
})
