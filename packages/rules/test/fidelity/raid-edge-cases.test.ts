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
  noFacts,
  refuge,
  started,
  Table,
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
