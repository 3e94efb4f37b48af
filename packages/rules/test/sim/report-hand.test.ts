/**
 * The report's arithmetic against hand-computed values: three made-up raids whose every number is
 * known, folded by `report` and `compare`, and the intervals at their edges (0 of n, n of n, one
 * trial). Expected values were worked by hand (Wilson: centre (p + z²/2n)/(1 + z²/n), half-width
 * z/(1 + z²/n)·√(p(1−p)/n + z²/4n²), z = 1.959964; Newcombe's method 10; a normal interval on
 * Welch's unpooled standard error).
 */
import { describe, expect, it } from "vitest"
import type { Event } from "../../src/battle/Event.js"
import { dinOfRaid, dinTally } from "../../src/campaign/DinStatistics.js"
import type { RaidSummary, SideSummary } from "../../src/sim/Raid.js"
import { compare, report } from "../../src/sim/Report.js"
import { differenceOfMeans, differenceOfProportions, meanInterval, wilson } from "../../src/sim/Stats.js"

const spec = {
  scenario: "cache",
  table: "declared" as const,
  policies: ["sensible"],
  seed: 1,
  packs: [],
  options: {},
  label: "core rules",
}

const side = (
  side: string,
  outcome: SideSummary["outcome"],
  more: Partial<SideSummary> = {},
): SideSummary => ({
  side,
  outcome,
  routed: false,
  survivors: 5,
  down: 0,
  finished: 0,
  turned: 0,
  loot: 0,
  rich: 0,
  blight: 0,
  reloadsSpent: 0,
  arrowsSpent: 0,
  boltsSpent: 0,
  ...more,
})

const husk = (count: number, dealt: number, taken: number, slain: number) => ({
  ref: "husk",
  xp: 1,
  pack: "core",
  count,
  dealt,
  taken,
  slain,
})

// Three raids: a wins (b Routs), b wins (a Routs), and one stopped unfinished (a draw, R-SIM-05).
const raids: RaidSummary[] = [
  {
    index: 0,
    seed: 10,
    over: true,
    rounds: 2,
    commands: 50,
    reason: "b routed",
    sides: [
      side("a", "win", { blight: 2, loot: 0, down: 1 }),
      side("b", "loss", { routed: true, blight: 1 }),
    ],
    blightBySource: { Spores: 2, Infectious: 1 },
    din: [
      { noise: 3, result: "lesser", encounters: 1 },
      { noise: 5, result: "greater", encounters: 2 },
    ],
    creatures: [husk(2, 4, 6, 1)],
  },
  {
    index: 1,
    seed: 11,
    over: true,
    rounds: 1,
    commands: 20,
    reason: "a routed",
    sides: [
      side("a", "loss", { routed: true, loot: 0 }),
      side("b", "win", { blight: 3, finished: 2, down: 2 }),
    ],
    blightBySource: { Spores: 1, "Blight dice": 2 },
    din: [{ noise: 1, result: "none", encounters: 0 }],
    creatures: [
      husk(1, 1, 3, 1),
      { ref: "thornhound", xp: 2, pack: "core", count: 1, dealt: 4, taken: 0, slain: 0 },
    ],
  },
  {
    index: 2,
    seed: 12,
    over: false,
    rounds: 3,
    commands: 5000,
    reason: "not over after 5000 commands",
    sides: [side("a", "draw", { blight: 1, loot: 3 }), side("b", "draw")],
    blightBySource: { Spores: 1 },
    din: [
      { noise: 2, result: "lesser", encounters: 1 },
      { noise: 4, result: "none", encounters: 0 },
      { noise: 6, result: "greater", encounters: 3 },
    ],
    creatures: [],
  },
]

const r = report(spec, raids)
const sideA = r.sides.find((s) => s.side === "a")!

describe("the report's intervals by hand (Wilson at 95%)", () => {
  it("k of n: 0/10, 10/10, 1/1, 0/1, 3/4, 1/3", () => {
    expect(wilson(0, 10)).toEqual({ estimate: 0, low: 0, high: 0.277533 })
    expect(wilson(10, 10)).toEqual({ estimate: 1, low: 0.722467, high: 1 })
    expect(wilson(1, 1)).toEqual({ estimate: 1, low: 0.206549, high: 1 })
    expect(wilson(0, 1)).toEqual({ estimate: 0, low: 0, high: 0.793451 })
    expect(wilson(3, 4)).toEqual({ estimate: 0.75, low: 0.300642, high: 0.954413 })
    expect(wilson(1, 3)).toEqual({ estimate: 0.333333, low: 0.061492, high: 0.79234 })
  })

  it("a difference of proportions (Newcombe): 3/3 − 0/3, 0/10 − 0/10, 1/3 − 2/3", () => {
    expect(differenceOfProportions(3, 3, 0, 3)).toEqual({ estimate: 1, low: 0.205923, high: 1 })
    expect(differenceOfProportions(0, 10, 0, 10)).toEqual({ estimate: 0, low: -0.277533, high: 0.277533 })
    expect(differenceOfProportions(1, 3, 2, 3)).toEqual({
      estimate: -0.333333,
      low: -0.717775,
      high: 0.315801,
    })
  })

  it("a difference of means: a normal interval on Welch's unpooled standard error ([1,2,4] − [0,0,3])", () => {
    // Variances 7/3 and 3; se = √(7/9 + 1) = 1.333333.
    expect(differenceOfMeans([1, 2, 4], [0, 0, 3])).toEqual({
      estimate: 1.333333,
      low: -1.279952,
      high: 3.946619,
    })
  })

  it("one value: a mean with no width; none: zeros, never NaN", () => {
    expect(meanInterval([4])).toEqual({ estimate: 4, low: 4, high: 4 })
    expect(meanInterval([])).toEqual({ estimate: 0, low: 0, high: 0 })
  })
})

describe("a report of three made-up raids, by hand", () => {
  it("B-ROUT-03 win, draw and loss per side sum to every raid; Rout is counted apart; an unfinished raid is a draw (R-SIM-05)", () => {
    for (const s of r.sides) {
      expect(s.win.k + s.draw.k + s.loss.k).toBe(3)
      expect(s.win.rate.estimate + s.draw.rate.estimate + s.loss.rate.estimate).toBeCloseTo(1, 5)
      expect(s.win.rate).toEqual({ estimate: 0.333333, low: 0.061492, high: 0.79234 })
      expect(s.rout).toEqual({ k: 1, n: 3, rate: { estimate: 0.333333, low: 0.061492, high: 0.79234 } })
    }
    expect(r.unfinished).toBe(1)
    expect(r.raids).toBe(3)
    expect(r.rounds.estimate).toBe(2)
  })

  it("B-BLIGHT-01 Blight by source sums to the Blight the sides' survivors gained, per raid", () => {
    expect(r.blightBySource).toEqual([
      { source: "Blight dice", perRaid: 0.666667 },
      { source: "Infectious", perRaid: 0.333333 },
      { source: "Spores", perRaid: 1.333333 },
    ])
    const bySource = r.blightBySource.reduce((n, s) => n + s.perRaid, 0)
    const bySide = r.sides.reduce((n, s) => n + s.blight.estimate, 0)
    expect(bySource).toBeCloseTo(bySide, 5)
    expect(sideA.blight.estimate).toBe(1)
  })

  it("B-DIN-03 the Din by round counts only the raids that reached the round", () => {
    expect(r.byRound.map((d) => d.raids)).toEqual([3, 2, 1])
    const [r1, r2, r3] = r.byRound
    expect(r1!.noise.estimate).toBe(2)
    expect(r1!.lesser).toEqual({ k: 2, n: 3, rate: wilson(2, 3) })
    expect(r1!.greater.k).toBe(0)
    expect(r1!.encounters.estimate).toBe(0.666667)
    expect(r2!.noise.estimate).toBe(4.5)
    expect(r2!.greater).toEqual({ k: 1, n: 2, rate: wilson(1, 2) })
    expect(r2!.encounters.estimate).toBe(1)
    // One raid reached round 3: its numbers, with no width, and a Wilson interval of 1 of 1.
    expect(r3!.noise).toEqual({ estimate: 6, low: 6, high: 6 })
    expect(r3!.greater.rate).toEqual({ estimate: 1, low: 0.206549, high: 1 })
  })

  it("B-CREATURE-05 each creature kind's damage is per creature that came, and against its XP", () => {
    const [h, t] = r.creatures
    // Husks: 3 came over 2 raids, dealt 4 + 1, took 6 + 3; per creature: 2, 2, 1 dealt and 3, 3, 3 taken.
    expect(h).toMatchObject({ ref: "husk", pack: "core", xp: 1, raids: 2, count: 3, dealtPerXp: 1.666667 })
    expect(h!.dealt).toEqual(meanInterval([2, 2, 1]))
    expect(h!.dealt.estimate).toBe(1.666667)
    expect(h!.taken).toEqual({ estimate: 3, low: 3, high: 3 })
    expect(h!.slain).toEqual({ k: 2, n: 3, rate: wilson(2, 3) })
    // A thornhound (XP 2) dealt 4: 2 per XP point.
    expect(t).toMatchObject({ ref: "thornhound", xp: 2, count: 1, dealtPerXp: 2 })
  })

  it("B-ROUT-03 every raid won: a rate of 1 with its interval; a report of one raid", () => {
    const won = Array.from({ length: 10 }, (_, i) => ({ ...raids[0]!, index: i }))
    expect(report(spec, won).sides[0]!.win).toEqual({ k: 10, n: 10, rate: wilson(10, 10) })
    expect(report(spec, won).sides[1]!.win.rate).toEqual({ estimate: 0, low: 0, high: 0.277533 })
    const one = report(spec, [raids[0]!])
    expect(one.sides[0]!.win.rate).toEqual({ estimate: 1, low: 0.206549, high: 1 })
    expect(one.sides[0]!.down).toEqual({ estimate: 1, low: 1, high: 1 })
  })

  it("no raids: an empty report, never NaN (the CLI and the service refuse 0 raids before this)", () => {
    const empty = report(spec, [])
    expect(empty.raids).toBe(0)
    expect(empty.sides).toEqual([])
    expect(JSON.stringify(empty)).not.toMatch(/NaN|null/)
  })

  it("B-ROUT-03 an A/B: B − A for each side, rates by Newcombe, means by Welch's standard error", () => {
    // B: side a wins every raid and brings home 1, 2 and 4 Loot (A: 0, 0 and 3).
    const bRaids = raids.map((x, i) => ({
      ...x,
      sides: [
        { ...x.sides[0]!, outcome: "win" as const, routed: false, loot: [1, 2, 4][i]! },
        { ...x.sides[1]!, outcome: "loss" as const },
      ],
    }))
    const c = compare(
      { report: r, raids },
      { report: report({ ...spec, label: "B" }, bRaids), raids: bRaids },
    )
    expect(c.a).toBe("core rules")
    expect(c.b).toBe("B")
    const a = c.sides.find((s) => s.side === "a")!
    expect(a.win.a).toBe(0.333333)
    expect(a.win.b).toBe(1)
    expect(a.win.difference).toEqual(differenceOfProportions(3, 3, 1, 3))
    expect(a.win.difference).toEqual({ estimate: 0.666667, low: -0.058569, high: 0.938508 })
    expect(a.loot).toEqual({
      a: 1,
      b: 2.333333,
      difference: { estimate: 1.333333, low: -1.279952, high: 3.946619 },
    })
  })
})

describe("the Din of one raid (R-SIM-06)", () => {
  const events = (...es: ReadonlyArray<Record<string, unknown>>) => es as unknown as ReadonlyArray<Event>
  const fed = (es: ReadonlyArray<Event>) => {
    const t = dinTally()
    for (const e of es) t.add(e)
    return t
  }

  it("B-DIN-01 R-SIM-06 a round the raid ended in before its End Phase rolled no Din: left out, so it does not count as a quiet round", () => {
    const t = fed(
      events(
        { type: "round.start", round: 1 },
        { type: "din.rolled", noise: 4, result: "lesser" },
        { type: "encounter.rolled" },
        { type: "round.start", round: 2 },
      ),
    )
    expect(t.din).toHaveLength(2)
    expect(dinOfRaid(t)).toEqual([{ noise: 4, result: "lesser", encounters: 1 }])
  })

  it("B-DIN-02 R-SIM-06 a Din of no Noise rolled is a round like any other; a round with an encounter but no Din is kept", () => {
    const quiet = fed(
      events({ type: "round.start", round: 1 }, { type: "din.rolled", noise: 0, result: "none" }),
    )
    expect(dinOfRaid(quiet)).toEqual([{ noise: 0, result: "none", encounters: 0 }])
    const arrival = fed(
      events(
        { type: "round.start", round: 1 },
        { type: "din.rolled", noise: 1, result: "none" },
        { type: "round.start", round: 2 },
        { type: "encounter.rolled" },
      ),
    )
    expect(dinOfRaid(arrival)).toHaveLength(2)
  })
})
