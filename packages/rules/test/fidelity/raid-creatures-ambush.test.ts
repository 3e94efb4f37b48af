/**
 * Fidelity, scripted: an Ambusher (B-BEHAVIOUR-05..07). A Rootmaw lurks at a Lair (the one lurking
 * roll of the test scenario `lurk`: Lesser row 12, faces 4 and 6). A survivor who makes Noise or
 * ends a move within its Senses (6") of that Lair brings it out in contact with the noisiest such
 * survivor, and it Fights at once: with no Charge die, since it did not move into contact in an
 * activation of its own (B-FIGHT-02, R-BATTLE-45). Once out it acts as a Hunter in its brood's place
 * from that round on (it was placed at set-up, B-CREATURE-07; R-BATTLE-45).
 */
import { describe, expect, it } from "vitest"
import * as Battle from "../../src/battle/Battle.js"
import type { Env } from "../../src/battle/Context.js"
import type { FactQuery, FactValue } from "../../src/battle/State.js"
import type { ContentView } from "../../src/refuge/Content.js"
import { content, faces, noFacts, passRound, refuge, SCENARIOS, Table } from "../battle/fixtures.js"

/** The Rootmaw lurks at Lair t1; Initiative: a 0, b 0 (a wins the roll-off); the brood (3) first, with nothing to activate. */
const lurkingRootmaw = (): Table => {
  const t = Table.create({
    scenario: "lurk",
    refuges: [
      refuge("A", [{ leader: true, weapons: ["baseball-bat"] }, {}]),
      refuge("B", [{ leader: true }, {}]),
    ],
  })
  t.roll(4, 6) // Lesser row 12: a Rootmaw, lurking at a Lair
  t.settle(faces(4, 1)) // a 0, b 0
  t.settle([6, 1]) // a wins the roll-off
  expect(t.s.order).toEqual(["brood-1", "a", "b"])
  expect(t.model("c1")).toMatchObject({ ref: "rootmaw", status: "lurking", lair: "t1" })
  return t
}

/** a.1 is within 6" of the Lair (and only a.1); there is room beside it; nobody sees the Rootmaw (no Dread). */
const byTheLair = (q: FactQuery): FactValue | undefined => {
  if (q.q === "within" && "b" in q && [q.a, q.b].includes("t1")) return [q.a, q.b].includes("a.1")
  if (q.q === "reach") return true
  return noFacts(q)
}

describe("Ambusher (B-BEHAVIOUR-05..07)", () => {
  it("B-BEHAVIOUR-05 it starts hidden, off the table: its brood takes a place in the order but activates nothing", () => {
    const t = lurkingRootmaw()
    // The brood is on top, yet the first to act is a: the lurking Rootmaw does not activate.
    expect(
      t
        .legal()
        .filter((c) => c.type === "activate")
        .map((c) => (c as { model: string }).model),
    ).toEqual(["a.1", "a.2"])
  })

  it("B-BEHAVIOUR-06 R-BATTLE-45 a survivor making Noise within its Senses of the Lair: it emerges in contact and Fights at once, with no Charge die", () => {
    const t = lurkingRootmaw()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 }) // Sprinting is Loud (1 Noise)
    t.settle([], byTheLair)
    // Fight 2 + jaws 1 = 3 dice: no Charge (it moved into contact in no activation of its own).
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 3, purpose: "Rootmaw's Fight" })
    t.roll(1, 1, 1)
    t.settle(faces(6, 1), byTheLair) // a.1 defends
    expect(t.model("c1").status).toBe("active")
    const out = t.battle.events.find((e) => e.type === "moved" && e.model === "c1")
    expect(out).toMatchObject({ contact: ["a.1"] })
    const attack = t.battle.events.find((e) => e.type === "attack.rolled" && e.attacker === "c1")
    expect(attack).toMatchObject({ target: "a.1" })
    expect((attack as { modifiers: string[] }).modifiers.some((r) => r.includes("Charge"))).toBe(false)
  })

  it("B-BEHAVIOUR-06 a survivor ending a move within its Senses of the Lair brings it out too", () => {
    const t = lurkingRootmaw()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", distance: 2 }) // moving is Quiet
    t.settle([], byTheLair)
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 3, purpose: "Rootmaw's Fight" })
    t.settle(faces(8, 1), byTheLair)
    expect(t.model("c1").status).toBe("active")
  })

  it("B-BEHAVIOUR-06 Noise made further than its Senses from the Lair wakes nothing", () => {
    const t = lurkingRootmaw()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    t.settle([], noFacts)
    expect(t.model("c1").status).toBe("lurking")
  })

  it("B-BEHAVIOUR-07 B-CREATURE-07 R-BATTLE-45 once out it acts as a Hunter in its brood's place that same round", () => {
    const t = lurkingRootmaw()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    t.settle([], byTheLair)
    t.settle(faces(8, 1), byTheLair) // the Fight: no successes on either side, nothing happens
    expect(t.model("c1").status).toBe("active")
    t.do({ type: "endActivation", model: "a.1" })
    // b's turn, then the brood's: the Rootmaw, out now, activates as a Hunter.
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.settle(faces(20, 1), (q) => (q.q === "contact" ? "b" in q && [q.a, q.b].includes("a.1") : byTheLair(q)))
    expect(t.battle.events.filter((e) => e.type === "activation.start" && e.model === "c1")).toHaveLength(1)
  })
})

/** The test content with `lurk2`: two lurking rolls (a Rootmaw at Lair t1, the Drowned at Lair t2). */
const twoLurkers: Env = Battle.envOf({
  get: ((kind: string, id: string) =>
    kind === "scenarios" && id === "lurk2"
      ? { ...SCENARIOS.lurk!, id: "lurk2", setup: { ...SCENARIOS.lurk!.setup, lurking: 2 } }
      : content.get(kind as never, id)) as ContentView["get"],
  list: content.list,
})

describe("Ambusher: a Panic move is a move (B-BEHAVIOUR-06, B-DREAD-03)", () => {
  it("B-BEHAVIOUR-06 B-DREAD-03 a survivor whose Panic move ends within an Ambusher's Senses of its Lair brings it out", () => {
    const t = Table.create({
      scenario: "lurk2",
      env: twoLurkers,
      refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
    })
    t.roll(4, 6) // a Rootmaw at t1
    t.roll(4, 1) // the Drowned at t2
    t.settle(faces(4, 1))
    t.settle([6, 1])
    expect(t.model("c2")).toMatchObject({ ref: "the-drowned", status: "lurking", lair: "t2" })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    // a.1 by t1 wakes the Rootmaw; a.2 (away from its Leader) sees it come out, fails its Dread test
    // with a 1 and Panics; its Panic move ends within 6" of t2, the Drowned's Lair.
    let panicked = false
    const facts = (q: FactQuery): FactValue | undefined => {
      if (q.q === "within" && "b" in q && [q.a, q.b].includes("t1")) return [q.a, q.b].includes("a.1")
      if (q.q === "within" && "b" in q && [q.a, q.b].includes("t2"))
        return panicked && [q.a, q.b].includes("a.2")
      if (q.q === "reach") return true
      if (q.q === "within" && "b" in q && [q.a, q.b].includes("c1") && [q.a, q.b].includes("a.2")) return true
      if (q.q === "sees") return "b" in q && [q.a, q.b].includes("c1") && [q.a, q.b].includes("a.2")
      return noFacts(q)
    }
    t.settle([], facts)
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 1, purpose: "A 2's Dread test against Rootmaw" })
    t.roll(1) // no successes and a 1: Panic
    panicked = true
    t.settle(faces(30, 1), facts)
    expect(t.model("a.2").shaken).toBe(true)
    expect(t.model("c2").status).toBe("active")
    const out = t.battle.events.find((e) => e.type === "moved" && e.model === "c2")
    expect(out).toMatchObject({ contact: ["a.2"] })
  })
})

describe("Ambusher brought by the Din (B-BEHAVIOUR-05, B-CREATURE-06)", () => {
  /** a.1 Sprints (1 Noise); the round passes; the Din's one die shows a 6: Lesser row 12, a Rootmaw. */
  const dinBringsARootmaw = (nearest: string, scenario = "duel"): Table => {
    const t = Table.create({
      scenario,
      refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
    })
    t.settle(faces(4, 1))
    t.settle([6, 1]) // a wins the roll-off
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    passRound(t)
    t.roll(6) // the Din: one 6, Lesser
    t.roll(4, 6) // row 12: a Rootmaw
    const edges = t.env.content.get("scenarios", scenario)!.setup.blightEdges > 0 ? ["blight-edge"] : []
    expect(t.factQuery()).toEqual({ q: "nearest", a: "a.1", among: ["t1", "t2", ...edges] })
    t.state({ query: t.factQuery(), value: nearest })
    t.settle(faces(4, 1))
    return t
  }

  it("B-BEHAVIOUR-05 B-CREATURE-06 R-BATTLE-48 a Rootmaw the Din brings to the Lair nearest the noisiest survivor lurks there, hidden", () => {
    const t = dinBringsARootmaw("t2")
    expect(t.s.models.find((m) => m.ref === "rootmaw")).toMatchObject({ status: "lurking", lair: "t2" })
  })

  it("B-CREATURE-06 R-BATTLE-48 brought to a Blight edge, it arrives in the open and acts as a Hunter", () => {
    const t = dinBringsARootmaw("blight-edge")
    const r = t.s.models.find((m) => m.ref === "rootmaw")!
    expect(r.status).toBe("active")
    expect(r.lair).toBeUndefined()
  })

  it("B-CREATURE-06 R-BOARD-26 a scenario with no Blight edge: the table is asked which Lair is nearest, a Blight edge not offered", () => {
    const t = dinBringsARootmaw("t1", "edgeless")
    expect(t.s.models.find((m) => m.ref === "rootmaw")).toMatchObject({ status: "lurking", lair: "t1" })
  })
})
