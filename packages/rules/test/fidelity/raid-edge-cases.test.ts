/**
 * Fidelity, scripted: edge cases a rules-literate tester tries in a raid (a Charge that keeps a
 * contact, Shaken twice, boundary values, combinations, refusals naming their clause). A declared
 * table, dice typed in, facts stated; the Refuges are hand-made Students (M6 F2 S2 W2 N1 H2).
 */
import { describe, expect, it } from "vitest"
import {
  comeIntoSight,
  contact,
  dicePrompt,
  faces,
  inTerrain,
  noFacts,
  passRound,
  refuge,
  sees,
  shotFacts,
  started,
  Table,
  within,
} from "../battle/fixtures.js"

/** Three Students a side; a.1 (the Leader) has a pistol and a Reload. */
const trio = (): Table =>
  started({
    refuges: [
      refuge("A", [{ leader: true, weapons: ["pistol"] }, {}, {}], { reloads: 1 }),
      refuge("B", [{ leader: true }, {}, {}]),
    ],
  })

/** Nobody else is in contact with a.2 or b.2 (no Outnumbering either way). */
const aloneTogether = (t: Table) =>
  t.state(
    contact("a.1", "b.2", false),
    contact("a.3", "b.2", false),
    contact("b.1", "a.2", false),
    contact("b.3", "a.2", false),
  )

describe("Charge (B-FIGHT-02, R-BATTLE-57)", () => {
  it("B-FIGHT-02 R-BATTLE-57 a move that keeps a contact the survivor already had is no Charge: Fight 2, no +1", () => {
    const t = trio()
    t.state(contact("a.2", "b.2"))
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 1, contact: ["b.2"] })
    aloneTogether(t)
    t.do({ type: "fight", model: "a.2", target: "b.2" })
    // Fight 2 + the Improvised weapon's 0; no Charge.
    expect(dicePrompt(t)).toBe(2)
  })

  it("B-FIGHT-02 R-BATTLE-57 out of contact when the move began, into contact by it: Fight 2 + 1 Charge", () => {
    const t = trio()
    t.state(contact("a.2", "b.2", false))
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 3, contact: ["b.2"] })
    aloneTogether(t)
    t.do({ type: "fight", model: "a.2", target: "b.2" })
    expect(dicePrompt(t)).toBe(3)
    expect(t.s.pending?.command).toMatchObject({ type: "fight" })
  })

  it("B-FIGHT-02 B-FIGHT-03 R-BATTLE-57 a Charge with a friend already on the enemy: Fight 2 + 1 Charge + 1 Outnumbering", () => {
    const t = trio()
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 3, contact: ["b.2"] })
    t.state(
      contact("a.1", "b.2", false),
      contact("a.3", "b.2"),
      contact("b.1", "a.2", false),
      contact("b.3", "a.2", false),
    )
    t.do({ type: "fight", model: "a.2", target: "b.2" })
    expect(dicePrompt(t)).toBe(4)
    t.roll(4, 4, 4, 1)
    // The defender: Fight 2, no friend of its own on a.2.
    expect(dicePrompt(t)).toBe(2)
    t.roll(4, 1)
    // 3 successes to 1: 2 hits on b.2 (Armour 0), 1 Damage each: Down.
    expect(t.model("b.2")).toMatchObject({ health: 0, status: "down" })
  })
})

describe("Shaken twice (B-SHAKEN-01, B-DREAD-02, R-BATTLE-58)", () => {
  /** A Rotweaver (Dread 1) lurks; a goes first, then b, then the brood (which finds nobody). */
  const rotweaver = (): Table => {
    const t = Table.create({
      scenario: "lurk",
      refuges: [
        refuge("A", [{ leader: true, background: "soldier" }, {}]),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.roll(4, 5) // the Lesser row: a Rotweaver
    t.settle(faces(4, 1), noFacts) // a 0, b 0
    t.settle([6, 1], noFacts) // a wins the roll-off
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.settle([], noFacts)
    expect(t.model("c1").ref).toBe("rotweaver")
    return t
  }

  it("B-SHAKEN-01 B-DREAD-02 R-BATTLE-58 Shaken again in its one-action activation, a survivor stays Shaken for the next", () => {
    const t = rotweaver()
    t.do({ type: "adjust", model: "a.2", reason: "test: Shaken by an earlier Dread test", shaken: true })
    t.do({ type: "activate", model: "a.2" })
    expect(t.of("activation.start")[0]).toMatchObject({ actions: 1 })
    comeIntoSight(t, "a.2", "c1", "a.1", false)
    t.roll(2) // Nerve 1: no success, no 1: Shaken, no Panic
    expect(t.of("shaken")).toEqual([expect.objectContaining({ model: "a.2" })])
    expect(t.s.activation).toBeUndefined()
    expect(t.model("a.2").shaken).toBe(true)
  })

  /** Hidden a.2 moves (ending in cover) into sight of the Rotweaver and Panics (Nerve 1, a 1). */
  const hiddenPanic = (): Table => {
    const t = rotweaver()
    t.do({ type: "adjust", model: "a.2", reason: "test: Hidden", hidden: true })
    t.do({ type: "activate", model: "a.2" })
    t.state(within("a.2", "c1", 3, false))
    t.do({
      type: "move",
      model: "a.2",
      distance: 2,
      facts: [
        inTerrain("a.2", "open", false),
        within("a.2", "c1", 12),
        within("a.2", "c1", 3, false),
        sees("a.2", "c1"),
        within("a.2", "a.1", 6, false),
      ],
    })
    expect(t.model("a.2").hidden).toBe(true)
    t.roll(1)
    // The Panic move (a full Move, 6") ends; the table is asked whether it ends in the open.
    expect(t.factQuery()).toEqual({ q: "in", a: "a.2", terrain: "open" })
    return t
  }

  it("B-ACTION-HIDE-03 B-DREAD-03 a Hidden survivor whose Panic move ends in the open stops being Hidden", () => {
    const t = hiddenPanic()
    t.state(inTerrain("a.2", "open"))
    const panic = t.of("moved").find((e) => e.reason?.includes("Panic"))
    expect(panic).toMatchObject({ model: "a.2", distance: 6 })
    expect(t.of("revealed")).toEqual([expect.objectContaining({ model: "a.2" })])
    expect(t.model("a.2")).toMatchObject({ hidden: false, shaken: true })
  })

  it("B-ACTION-HIDE-03 B-DREAD-03 a Hidden survivor whose Panic move ends in cover stays Hidden", () => {
    const t = hiddenPanic()
    t.state(inTerrain("a.2", "open", false))
    expect(t.model("a.2")).toMatchObject({ hidden: true, shaken: true })
  })

  it("B-SHAKEN-01 the Shaken a survivor began its activation with still clears after it", () => {
    const t = rotweaver()
    t.do({ type: "adjust", model: "a.2", reason: "test: Shaken", shaken: true })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 2 })
    t.settle([], noFacts) // the Rotweaver is not in sight: no Dread test
    expect(t.s.activation).toBeUndefined()
    expect(t.model("a.2").shaken).toBe(false)
  })
})

describe("boundaries and combinations (B-ACTION-SPRINT-01, B-ACTION-SEARCH-02, B-DOWN-04, B-SHOOT, B-ROUT-01)", () => {
  /** a.2 (a Student, M6) picks up Loot token t3 with its first action. */
  const carrying = (): Table => {
    const t = trio()
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "t3"))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(4, 1)
    expect(t.model("a.2").carrying).toHaveLength(1)
    return t
  }

  it('B-ACTION-SPRINT-01 B-ACTION-SEARCH-02 a Sprint carrying Loot is (M − 1) + 3: 8" for a Student, not 8.5"', () => {
    const t = carrying()
    expect(t.reject({ type: "sprint", model: "a.2", distance: 8.5 }).clause).toBe("B-ACTION-SPRINT-01")
    t.do({ type: "sprint", model: "a.2", distance: 8 })
    expect(t.of("moved")[0]).toMatchObject({ model: "a.2", distance: 8, sprint: true })
  })

  it('B-DOWN-04 B-ACTION-SEARCH-02 dragging while carrying Loot is half of (M − 1): 2.5" for a Student, not 3"', () => {
    const t = carrying()
    t.do({ type: "adjust", model: "a.3", reason: "test: Down", health: 0 })
    t.state(contact("a.2", "a.3"))
    expect(t.reject({ type: "move", model: "a.2", distance: 3, drag: "a.3" }).clause).toBe("B-ACTION-MOVE-01")
    t.do({ type: "move", model: "a.2", distance: 2.5, drag: "a.3" })
    expect(t.of("moved").map((e) => [e.model, e.distance])).toEqual([
      ["a.2", 2.5],
      ["a.3", 2.5],
    ])
  })

  it("B-SHOOT-03 B-SHOOT-04 B-SHOOT-05 B-SHOOT-07 Aim, long range, partial cover and into a fight: 2 + 1 + 1 − 1 − 1 − 1 = 1 die, and its 1 hits the friend", () => {
    const t = trio()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "aim", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12, { long: true, cover: "partial", fighting: ["a.2"] }))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(1)
    t.roll(1)
    expect(t.of("attack.rolled")[0]?.modifiers).toEqual([
      "+1 Aim (B-SHOOT-03)",
      "−1 long range (B-SHOOT-04)",
      "−1 partly hidden (B-SHOOT-05)",
      "−1 into a fight (B-SHOOT-07)",
    ])
    // No hit on b.2; the 1 is a hit on a.2 (Armour 0, the pistol's Damage 1): 2 Health to 1.
    expect(t.model("b.2").health).toBe(2)
    expect(t.model("a.2").health).toBe(1)
    expect(t.model("a.1").weapons[0]).toMatchObject({ weapon: "pistol", loaded: 2 })
    expect(t.model("a.1").noise).toBe(1)
  })

  it("B-ROUT-01 one survivor off the table and one Down is two of three starting survivors: the Leader tests Nerve (1)", () => {
    const t = trio()
    t.do({ type: "adjust", model: "a.3", reason: "test: Down", health: 0 })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 2, offTable: true })
    expect(t.model("a.2").status).toBe("fled")
    passRound(t)
    t.settle([], noFacts) // no Noise: no Din dice; nobody in Spore terrain
    expect(t.prompt).toMatchObject({ kind: "dice", purpose: expect.stringContaining("Rout") })
    // The Leader's Nerve: a Student's 1, +1 for the Leader.
    expect(dicePrompt(t)).toBe(2)
    t.roll(3, 3)
    expect(t.of("rout.test")[0]).toMatchObject({ side: "a", model: "a.1", passed: false })
    expect(t.s.sides.find((x) => x.id === "a")?.routed).toBe(true)
  })
})

describe("refusals name the rule (B-ACT-03, B-ACT-07, B-SHAKEN-01)", () => {
  it("B-ACT-07 B-ACT-03 a third action is refused: the activation ended with the second, and a model activates once a round", () => {
    const t = trio()
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 1 })
    t.do({ type: "move", model: "a.2", distance: 1 })
    const r = t.reject({ type: "move", model: "a.2", distance: 1 })
    expect(r.clause).toBe("B-ACT-03")
    expect(r.reason).toContain("already activated this round")
  })

  it("B-SHAKEN-01 B-ACT-03 a Shaken survivor's second action is refused: its one action ended the activation", () => {
    const t = trio()
    t.do({ type: "adjust", model: "a.2", reason: "test: Shaken", shaken: true })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 1 })
    expect(t.reject({ type: "move", model: "a.2", distance: 1 }).clause).toBe("B-ACT-03")
  })

  it("B-ACT-01 an action for a survivor that has not activated asks for its activation first", () => {
    const t = trio()
    const r = t.reject({ type: "move", model: "a.2", distance: 1 })
    expect(r.clause).toBe("B-ACT-01")
    expect(r.reason).toContain("activate it first")
  })
})
