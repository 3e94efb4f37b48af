import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { coreRegistry } from "../../src/content/core/index.js"
import { found } from "../../src/refuge/Founding.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import { BalanceReport, fold, itemsOf, plan, TARGETS, withItem } from "../../src/sim/Balance.js"
import { balanceCharts } from "../../src/sim/BalanceCharts.js"
import { simulate } from "../../src/sim/Raid.js"

const registry = coreRegistry()
const roster = (name: string): Refuge =>
  Result.getOrThrow(
    found(
      JSON.parse(readFileSync(new URL(`../../../../examples/rosters/${name}.json`, import.meta.url), "utf8")),
      registry,
      { source: seeded(5) },
    ),
  )
const pair = [roster("refuge"), roster("congregation")] as const
const field = [roster("home-church"), roster("home-rv"), roster("home-grove")]
const items = itemsOf(registry).filter((i) =>
  ["heavy-hitter", "soldier", "thornskin", "whispering"].includes(i.id),
)
const input = {
  seed: 9,
  packs: [],
  counts: { raids: 3, boardRaids: 1, fieldRaids: 2, itemRaids: 2 },
  parts: ["table", "field", "items"] as const,
  scenarios: ["cache", "the-planting"],
  pair,
  field,
  items,
}
const run = (p: ReturnType<typeof plan>) =>
  p.cells.map((c) =>
    Array.from({ length: c.raids }, (_, i) =>
      Result.getOrThrow(
        simulate(
          { refuges: c.refuges, scenario: c.scenario, table: c.table, policies: c.policies, seed: 9 },
          registry,
          i,
        ),
      ),
    ),
  )

describe("the balance matrix (issue 38)", () => {
  it("R-SIM-07 the items are the provisional Gifts, Marks, skills and backgrounds of the content", () => {
    const all = itemsOf(registry)
    expect(all.length).toBe(12 + 12 + 24 + 20)
    expect(new Set(all.map((i) => i.kind))).toEqual(new Set(["gifts", "marks", "skills", "backgrounds"]))
  })

  it("R-SIM-07 an item is added as the ruling says: a skill to the Leader, a background by a swap, a Gift to a member", () => {
    const skill = withItem(pair, { kind: "skills", id: "heavy-hitter", pack: "the-blight" })
    expect(skill.side).toBe(0)
    expect(skill.refuges[0].survivors[0]!.skills).toContain("heavy-hitter")
    expect(skill.refuges[1]).toBe(pair[1])
    const bg = withItem(pair, { kind: "backgrounds", id: "soldier", pack: "the-blight" })
    expect(bg.refuges[0].survivors.at(-1)!.background).toBe("soldier")
    expect(bg.refuges[0].survivors.slice(0, -1)).toEqual(pair[0].survivors.slice(0, -1))
    const own = pair[0].survivors.at(-1)!.background
    const same = withItem(pair, { kind: "backgrounds", id: own, pack: "the-blight" })
    expect(same.refuges[0].survivors.at(-2)!.background).toBe(own)
    const gift = withItem(pair, { kind: "gifts", id: "thornskin", pack: "the-blight" })
    expect(gift.side).toBe(1)
    expect(
      gift.refuges[1].survivors.some((s, k) => s.gifts.length > pair[1].survivors[k]!.gifts.length),
    ).toBe(true)
    expect(pair[0].survivors[0]!.skills).toEqual([])
  })

  it("R-SIM-07 the plan: table 2×2×2 cells per scenario pair, field both ways round, items a baseline then each", () => {
    const p = plan(input)
    const parts = p.cells.map((c) => c.part)
    expect(parts.filter((x) => x === "table").length).toBe(2 * 2 * 2)
    expect(parts.filter((x) => x === "field").length).toBe(3 * 2 * 2)
    expect(parts.filter((x) => x === "items").length).toBe((1 + items.length) * 2)
    expect(p.cells.filter((c) => c.table === "board").every((c) => c.raids === 1)).toBe(true)
    expect(plan({ ...input, parts: ["field"] }).cells.every((c) => c.part === "field")).toBe(true)
  })

  it("R-SIM-07 the report: shares of the raids some side won, a target per row, a chart per part", () => {
    const p = plan(input)
    const runs = run(p)
    const r = fold(p, runs)
    expect(Schema.decodeUnknownSync(BalanceReport)(r)).toEqual(r)
    expect(r.table.length).toBe(8)
    for (const row of r.table) {
      const [a, b] = row.sides
      expect(a!.result.wins + b!.result.wins).toBe(a!.result.decided)
      expect(a!.result.decided + row.draws).toBe(row.raids)
      expect(row.met).toBe(
        row.sides.every(
          (s) =>
            s.result.decided > 0 &&
            s.result.share.estimate >= TARGETS.table.low &&
            s.result.share.estimate <= TARGETS.table.high,
        ),
      )
    }
    expect(r.field.map((h) => h.home)).toEqual(["church", "rv", "grove"])
    // Each Home plays 2 others × 2 orders × 2 scenarios × 2 raids.
    for (const h of r.field) expect(h.raids).toBe(16)
    expect(r.items.map((i) => i.id).sort()).toEqual(["heavy-hitter", "soldier", "thornskin", "whispering"])
    for (const i of r.items)
      expect(i.delta.estimate).toBeCloseTo(i.with.share.estimate - i.without.share.estimate, 5)
    expect(r.total).toBe(8 + 3 + 4)
    expect(r.met).toBe([...r.table, ...r.field, ...r.items].filter((x) => x.met).length)
    expect(balanceCharts(r).map((c) => c.id)).toEqual(["balance-table", "balance-field", "balance-items"])
  })
})
