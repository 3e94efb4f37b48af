import { manual } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { coreRegistry } from "../src/content/core/index.js"
import type { ContentView } from "../src/refuge/Content.js"
import { effectiveProfile } from "../src/refuge/EffectiveProfile.js"
import { marketTrip } from "../src/refuge/Market.js"
import type { Refuge } from "../src/refuge/Refuge.js"
import type { Survivor } from "../src/refuge/Survivor.js"

// The core pack's own rules: the Office Worker's Knack, the Shopkeeper's, the Pale Shoots Mark.
const core = coreRegistry()
const survivor = (id: string, name: string, background: string, extra: Partial<Survivor> = {}): Survivor =>
  ({
    id,
    name,
    background,
    equipment: { weapons: [], armour: [], kit: [] },
    xp: 0,
    advances: [],
    skills: [],
    injuries: [],
    blight: 0,
    gifts: [],
    marks: [],
    ...extra,
  }) as unknown as Survivor
const refuge = (): Refuge =>
  ({
    name: "Test Refuge",
    kind: "refuge",
    home: "corner-shop",
    survivors: [
      survivor("ma", "Ma", "doctor", { role: "leader" }),
      survivor("priya", "Priya", "office-worker"),
      survivor("sam", "Sam", "shopkeeper"),
      survivor("ash", "Ash", "student", { marks: ["pale-shoots"] as never }),
    ],
    improvements: [],
    stash: { weapons: [], armour: [], kit: [] },
    ledger: [{ seq: 0, store: "salvage", amount: 300, reason: "test grant" }],
  }) as unknown as Refuge
const trip = (by: string[] | undefined, orders: unknown[], dice: number[]) =>
  marketTrip(refuge(), { ...(by ? { by } : {}), orders }, core, manual(dice))
const axe = { buy: { kind: "weapons", id: "fire-axe" } } // Uncommon: 3+
const saw = { buy: { kind: "weapons", id: "chainsaw" } } // Rare: 5+

describe("who goes to the Market, and what their rules do (R-MARKET-04)", () => {
  it("B-MARKET-02 R-MARKET-04 the Office Worker's Knack: +1 to availability on a trip it makes, written in the Ledger", () => {
    const t = Result.getOrThrow(trip(["priya"], [axe], [2]))
    expect(t.by).toEqual(["priya"])
    const source = "Priya's Knack: Knows a Supplier"
    expect(t.lines[0]).toMatchObject({
      done: true,
      availability: { roll: 2, modifiers: [{ value: 1, source }], total: 3, needs: 3, available: true },
    })
    expect(t.refuge.ledger.at(-1)).toMatchObject({
      amount: -12,
      rolls: [{ sides: 6, value: 2, label: "market: Fire axe" }],
      modifiers: [{ value: 1, source }],
    })
    // Priya stays home: the same 2 is not enough.
    const home = Result.getOrThrow(trip(["sam"], [axe], [2]))
    expect(home.lines[0]).toMatchObject({ done: false, availability: { total: 2, modifiers: [] } })
  })

  it("B-MARKET-02 R-MARKET-04 a Mark's −1 (Pale Shoots) on its trips; everyone's modifiers add up", () => {
    const alone = Result.getOrThrow(trip(["ash"], [axe], [3]))
    expect(alone.lines[0]).toMatchObject({
      done: false,
      availability: { roll: 3, total: 2, modifiers: [{ value: -1, source: "Ash's Mark: Pale Shoots" }] },
    })
    const both = Result.getOrThrow(trip(["ash", "priya"], [saw], [5]))
    expect(both.lines[0]).toMatchObject({ done: true, availability: { roll: 5, total: 5, needs: 5 } })
    expect(both.refuge.ledger.at(-1)!.modifiers).toEqual([
      { value: -1, source: "Ash's Mark: Pale Shoots" },
      { value: 1, source: "Priya's Knack: Knows a Supplier" },
    ])
  })

  it("R-MARKET-04 a trip that names nobody gets nobody's rules", () => {
    const t = Result.getOrThrow(trip(undefined, [axe], [2]))
    expect(t.by).toEqual([])
    expect(t.lines[0]).toMatchObject({ done: false, availability: { total: 2, modifiers: [] } })
  })

  it("B-MARKET-02 B-REROLL-01 R-MARKET-05 the Shopkeeper re-rolls one availability roll on each trip; both dice are in the Ledger", () => {
    const t = Result.getOrThrow(
      trip(
        ["sam"],
        [
          { ...axe, reroll: true },
          { ...saw, reroll: true },
        ],
        [1, 4, 2],
      ),
    )
    const by = "Sam's Knack: Haggler"
    expect(t.lines[0]).toMatchObject({
      done: true,
      availability: { roll: 4, total: 4, available: true, rerolled: { roll: 1, by } },
    })
    expect(t.refuge.ledger.at(-1)!.rolls).toEqual([
      { sides: 6, value: 1, label: "market: Fire axe" },
      { sides: 6, value: 4, label: `market: Fire axe, re-rolled (${by})` },
    ])
    // The one re-roll is spent: the Chainsaw's 2 stands.
    expect(t.lines[1]).toMatchObject({ done: false, note: "no re-roll left on this trip" })
    expect(t.lines[1]!.availability!.rerolled).toBeUndefined()
  })

  it("B-REROLL-01 a re-roll is only spent on a roll that missed", () => {
    const t = Result.getOrThrow(
      trip(
        ["sam"],
        [
          { ...axe, reroll: true },
          { ...saw, reroll: true },
        ],
        [3, 1, 6],
      ),
    )
    expect(t.lines.map((l) => [l.done, l.availability?.rerolled?.roll])).toEqual([
      [true, undefined],
      [true, 1],
    ])
  })

  it("B-REROLL-01 R-MARKET-05 a re-roll with a cost pays it into the Ledger; one without `uses` re-rolls each missed die once", () => {
    const shopkeeper = core.get("backgrounds", "shopkeeper")!
    const paying = {
      ...shopkeeper,
      id: "fence",
      knack: {
        ...shopkeeper.knack,
        effects: [
          { kind: "reroll", roll: "market.availability", dice: "one", cost: { store: "salvage", amount: 2 } },
        ],
      },
    }
    const content: ContentView = {
      get: ((kind: string, id: string) =>
        kind === "backgrounds" && id === "fence"
          ? paying
          : core.get(kind as never, id)) as ContentView["get"],
      list: core.list,
    }
    const r = refuge()
    const fenced = { ...r, survivors: [...r.survivors, survivor("vic", "Vic", "fence")] }
    const t = Result.getOrThrow(
      marketTrip(
        fenced,
        {
          by: ["vic"],
          orders: [
            { ...axe, reroll: true },
            { ...saw, reroll: true },
          ],
        },
        content,
        manual([1, 2, 2, 6]),
      ),
    )
    expect(t.lines.map((l) => [l.done, l.availability?.rerolled?.roll, l.availability?.roll])).toEqual([
      [false, 1, 2],
      [true, 2, 6],
    ])
    const paid = t.refuge.ledger.filter((e) => e.clause === "B-REROLL-01")
    expect(paid.map((e) => [e.store, e.amount])).toEqual([
      ["salvage", -2],
      ["salvage", -2],
    ])
  })

  it("R-MARKET-04 B-MARKET-03 B-MARKET-02 bad re-roll requests and crews are refused, naming the path", () => {
    const violations = (r: ReturnType<typeof trip>) =>
      Result.isFailure(r) ? r.failure.violations.map((v) => `${v.clause} ${v.path}`) : ["accepted"]
    expect(violations(trip(["priya"], [{ ...axe, reroll: true }], [1]))).toEqual([
      "R-MARKET-04 orders[0].reroll",
    ])
    expect(violations(trip(["sam"], [axe, { ...axe, reroll: true }], [1]))).toEqual([
      "B-MARKET-03 orders[1].reroll",
    ])
    expect(
      violations(trip(["sam"], [{ buy: { kind: "weapons", id: "crowbar" }, reroll: true }], [])),
    ).toEqual(["B-MARKET-02 orders[0].reroll"])
    expect(violations(trip(["nobody", "sam", "sam"], [axe], [3]))).toEqual([
      "R-MARKET-04 by[0]",
      "R-MARKET-04 by[2]",
    ])
  })
})

describe("the Leader's rules in the effective profile", () => {
  it("B-FOUNDING-04 R-CONTENT-26 the Leader has the core Leader rules' +1 Nerve; others don't", () => {
    const [ma, priya] = refuge().survivors
    const leader = effectiveProfile(ma!, core)
    expect(leader.profile.nerve).toBe(effectiveProfile({ ...ma!, role: undefined }, core).profile.nerve + 1)
    expect(leader.changes).toContainEqual({
      stat: "nerve",
      delta: 1,
      source: "Leader: The Leader",
      clause: "B-FOUNDING-04",
    })
    expect(effectiveProfile(priya!, core).changes.some((c) => c.source.startsWith("Leader"))).toBe(false)
  })
})
