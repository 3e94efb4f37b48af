import { describe, expect, it } from "vitest"
import { witsDice } from "../src/battle/combat/Pools.js"
import type { Event } from "../src/battle/Event.js"
import { mustTest } from "../src/battle/round/Rout.js"
import { canActivate } from "../src/battle/round/Turn.js"
import type { Fact, Model, Side, State } from "../src/battle/State.js"
import { random as randomBoard } from "../src/battle/table/board/Generator.js"
import { congregation, content, crew, passRound, refuge, Table } from "./battle-table.js"

const within = (a: string, b: string, inches: number, value = true): Fact => ({
  query: { q: "within", a, b, inches },
  value,
})
const sees = (a: string, b: string, value = true): Fact => ({ query: { q: "sees", a, b }, value })
const of = <T extends Event["type"]>(t: Table, type: T) =>
  t.battle.events.filter((e): e is Extract<Event, { type: T }> => e.type === type)

describe("a Congregation as a side (B-CONGREGATION-11..16)", () => {
  // Lurking: the first Lesser roll [4, 5] is row 11, a Rotweaver (Dread 1).
  const rotweaver = (facts: Fact[]) =>
    new Table("cache", [refuge("Ash", crew("Ash")), congregation()], undefined, [4, 5], facts)

  it("B-CONGREGATION-11 Faithful: a member who fails a Dread test with no successes and a 1 is Shaken but never Panics", () => {
    const t = rotweaver([
      within("grove.4", "c1", 12),
      sees("grove.4", "c1"),
      within("ash.1", "c1", 12),
      sees("ash.1", "c1"),
    ])
    const tests = of(t, "test.rolled").filter((e) => e.pool === "nerve.dread")
    expect(tests.map((e) => e.model).sort()).toEqual(["ash.1", "grove.4"])
    expect(tests.every((e) => !e.passed && e.roll.successes === 0)).toBe(true)
    const panics = of(t, "moved").filter((e) => e.reason?.includes("Panic"))
    expect(panics.map((e) => e.model)).toEqual(["ash.1"]) // the Refuge's survivor Panics (B-DREAD-03)
    expect(t.state.models.find((m) => m.id === "grove.4")?.shaken).toBe(true)
  })

  it("B-CONGREGATION-12 Faithful: a Congregation tests for Rout only when three-quarters of it is Down", () => {
    const side = (kind: Side["kind"]): Side => ({
      id: "s",
      kind,
      name: "s",
      starting: 4,
      routed: false,
      withdrew: false,
      improvements: [],
      drawn: { reloads: 0, arrows: 0, bolts: 0 },
      used: {},
    })
    const models = (down: number) =>
      Array.from(
        { length: 4 },
        (_, i) =>
          ({ side: "s", kind: "survivor", ref: "student", status: i < down ? "down" : "active" }) as Model,
      )
    expect(mustTest({ models: models(2) }, side("refuge"))).toBe(true) // B-ROUT-01: half
    expect(mustTest({ models: models(2) }, side("congregation"))).toBe(false)
    expect(mustTest({ models: models(3) }, side("congregation"))).toBe(true)
  })

  it("B-CONGREGATION-13 Grafting: an enemy survivor a member takes Down gains +1 Blight", () => {
    const t = new Table("cache", [refuge("Ash", crew("Ash")), congregation()])
    t.do({ type: "adjust", model: "ash.4", reason: "test: one Health left", health: 1 })
    t.activate("grove.3")
    t.do({ type: "move", model: "grove.3", contact: ["ash.4"] })
    t.dice.push(6, 6, 6, 6, 1, 1, 1)
    t.do({ type: "fight", model: "grove.3", target: "ash.4" })
    const ash4 = t.state.models.find((m) => m.id === "ash.4")!
    expect(ash4.status).toBe("down")
    expect(of(t, "blight.gained").find((e) => e.model === "ash.4")).toMatchObject({
      amount: 1,
      source: "Grafting (B-CONGREGATION-13)",
    })
  })

  it("B-CONGREGATION-14 One with the Garden: creatures hunting by Noise ignore members with no Noise", () => {
    // Lurking: [1, 1] is row 1, a Husk (a Hunter).
    const t = new Table("cache", [refuge("Ash", crew("Ash")), congregation()], undefined, [1, 1])
    passRound(t)
    const asked = of(t, "facts.stated").flatMap((e) => e.facts.map((f) => JSON.stringify(f.query)))
    const aboutHusk = asked.filter((q) => q.includes('"c1"'))
    expect(aboutHusk.some((q) => q.includes("ash."))).toBe(true)
    expect(aboutHusk.some((q) => q.includes("grove."))).toBe(false)
  })

  it("B-CONGREGATION-15 One with the Garden: members don't roll for Spore terrain", () => {
    const inSpores = ["ash.1", "ash.2", "grove.1", "grove.2"].map(
      (a): Fact => ({ query: { q: "in", a, terrain: "spore" }, value: true }),
    )
    const t = new Table("cache", [refuge("Ash", crew("Ash")), congregation()], undefined, [], inSpores)
    passRound(t)
    const rolled = of(t, "spores").map((e) => e.model)
    expect(rolled).toContain("ash.1")
    expect(rolled.some((m) => m.startsWith("grove."))).toBe(false)
  })

  it("B-CONGREGATION-16 the Mother's Blessing: once a round, a member within 6\" of the standing Verdant Mother adds an extra Blight die", () => {
    const t = new Table("cache", [refuge("Ash", crew("Ash")), congregation()])
    // Within 6" is mutual (R-BATTLE-16): the Vicar's aura asks it one way, the Blessing the other.
    // Within 6" is within 12" too: a table that said no to 12" has said no to 6" (R-BATTLE-56).
    for (const m of ["grove.2", "grove.3"])
      for (const inches of [6, 12]) {
        t.facts.set(JSON.stringify({ q: "within", a: m, b: "grove.1", inches }), true)
        t.facts.set(JSON.stringify({ q: "within", a: "grove.1", b: m, inches }), true)
      }
    t.activate("grove.2")
    t.do({ type: "move", model: "grove.2", contact: ["t3"] })
    // Touched (3 Blight): one Blight die by the tier, a second by the Blessing.
    const ev = t.do({ type: "search", model: "grove.2", token: "t3", blightDice: 2 })
    const search = ev.find((e) => e.type === "test.rolled")
    expect(search?.type === "test.rolled" && search.roll.blight).toHaveLength(2)
    expect(ev.some((e) => e.type === "used" && e.key === "grove:blessing:round")).toBe(true)
    t.activate("grove.3")
    t.do({ type: "move", model: "grove.3", contact: ["t4"] })
    // Once a round: the second member is refused the extra die, outright (nothing to ask: the
    // Blessing is spent, and no aura's question stands before the roll, R-BATTLE-56).
    expect(() => t.do({ type: "search", model: "grove.3", token: "t4", blightDice: 2 })).toThrow(
      /may add up to 1 Blight die \(B-BLIGHTDICE-01\)/,
    )
  })
})

describe("creatures and broods (B-CREATURE, B-ENCOUNTER, B-GARDENER)", () => {
  it("B-CREATURE-02 creatures belong to no side: a Hunter weighs the survivors of both Refuges", () => {
    const t = new Table("cache", undefined, undefined, [1, 1, 1, 1])
    passRound(t)
    const asked = of(t, "facts.stated").flatMap((e) => e.facts.map((f) => JSON.stringify(f.query)))
    expect(asked.some((q) => q.includes('"c1"') && q.includes("ash."))).toBe(true)
    expect(asked.some((q) => q.includes('"c1"') && q.includes("birch."))).toBe(true)
  })

  it("B-CREATURE-03 creatures never take Nerve tests and never Rout", () => {
    const t = new Table("cache", undefined, undefined, [1, 1, 1, 1])
    passRound(t)
    const broods = t.state.sides.filter((s) => s.kind === "brood").map((s) => s.id)
    expect(broods.length).toBeGreaterThan(0)
    expect(of(t, "rout.test").some((e) => broods.includes(e.side))).toBe(false)
    const creatures = t.state.models.filter((m) => m.kind === "creature").map((m) => m.id)
    expect(of(t, "test.rolled").some((e) => creatures.includes(e.model))).toBe(false)
  })

  it("B-CREATURE-06 creatures arrive at a Lair or Blight edge nearest the noisiest survivor", () => {
    const t = new Table("cache")
    t.activate("ash.1")
    t.do({ type: "sprint", model: "ash.1", distance: 2 })
    passRound(t)
    // The Din: 1 die for the Sprint's Noise; a 6 brings a Lesser Encounter.
    const arrivals = of(t, "creature.arrives").filter((e) => e.at.includes("nearest"))
    if (arrivals.length > 0) expect(arrivals[0]!.at).toMatch(/Lair or Blight edge nearest Ash One/)
    const setup = of(t, "creature.arrives").filter((e) => e.at.startsWith("Lair"))
    expect(setup.length).toBeGreaterThan(0) // lurking creatures are placed at the Lairs (B-SETUP-07)
  })

  it("B-CREATURE-07 creatures placed at set-up act from round 1; those arriving in a round act from the next", () => {
    const t = new Table("cache")
    const s = t.state as State
    const c = s.models.find((m) => m.kind === "creature")!
    expect(c.arrived).toBe(0)
    expect(canActivate({ ...s, round: 1 }, { ...c, activated: false })).toBe(true)
    expect(canActivate({ ...s, round: 2 }, { ...c, activated: false, arrived: 2 })).toBe(false)
    expect(canActivate({ ...s, round: 3 }, { ...c, activated: false, arrived: 2 })).toBe(true)
  })

  it("B-ENCOUNTER-01 one Lesser roll for each creature lurking at set-up, and for a Din with one 6", () => {
    const t = new Table("cache")
    const lesser = of(t, "encounter.rolled").filter((e) => e.table === "lesser")
    expect(lesser).toHaveLength(content.get("scenarios", "cache")!.setup.lurking)
    t.activate("ash.1")
    t.do({ type: "sprint", model: "ash.1", distance: 2 })
    t.do({ type: "endActivation", model: "ash.1" })
    const before = of(t, "encounter.rolled").length
    t.dice.push(6) // the Din: 1 die (the Sprint's 1 Noise)
    passRound(t)
    const din = of(t, "din.rolled")[0]!
    expect(din).toMatchObject({ dice: 1, sixes: 1, result: "lesser" })
    expect(of(t, "encounter.rolled").slice(before)[0]?.table).toBe("lesser")
  })

  it("B-ENCOUNTER-02 two or more 6s on the Din: a Greater roll", () => {
    const t = new Table("cache")
    for (const id of ["ash.1", "birch.1"]) {
      t.activate(id)
      t.do({ type: "sprint", model: id, distance: 2 })
      t.do({ type: "endActivation", model: id })
    }
    t.dice.push(6, 6) // the Din: 2 dice
    passRound(t)
    expect(of(t, "din.rolled")[0]).toMatchObject({ dice: 2, sixes: 2, result: "greater" })
    expect(of(t, "encounter.rolled").some((e) => e.table === "greater")).toBe(true)
  })

  it("B-GARDENER-01 Gardeners fight as a third party, like creatures, by the Tender behaviour", () => {
    const t = new Table("the-planting")
    const gardeners = t.state.sides.filter((s) => s.kind === "gardeners")
    expect(gardeners.length).toBe(1)
    const units = t.state.models.filter((m) => m.side === gardeners[0]!.id)
    expect(units.length).toBeGreaterThan(0)
    for (const u of units) expect(content.get("creatures", u.ref)?.behaviour).toBe("tender")
  })
})

describe("terrain (B-TERRAIN-01)", () => {
  it("B-TERRAIN-01 the Blight on the table: Spore terrain, Lairs and dense growth (which blocks sight) on a generated board", () => {
    const board = randomBoard(7, content, {
      refuges: [refuge("Ash", crew("Ash")), refuge("Birch", crew("Birch"))],
    })
    const kinds = new Set(board.terrain.map((x) => x.kind))
    expect(kinds.has("spore")).toBe(true)
    expect(kinds.has("dense")).toBe(true)
    expect(
      board.terrain.filter((x) => x.kind === "lair").length + (board.lairs?.length ?? 0),
    ).toBeGreaterThan(0)
  })
})

describe("creatures have no Wits (B-CREATURE-04)", () => {
  it("B-CREATURE-04 a rule that needs a creature's Wits uses 1 die; a survivor uses its Wits", () => {
    const t = new Table("cache")
    const c = t.state.models.find((m) => m.kind === "creature")!
    const s = t.state.models.find((m) => m.kind === "survivor")!
    expect(c.profile.wits).toBe(0)
    expect(witsDice(c)).toBe(1)
    expect(witsDice(s)).toBe(s.profile.wits)
  })
})
