/**
 * Fidelity, scripted: the round's order and its End Phase as the text gives them (B-INIT-01..05,
 * B-ROUND-03..05, B-DIN-01..06, B-CREATURE-06/07, B-HOLLOWED-03).
 */
import { describe, expect, it } from "vitest"
import { faces, refuge, Table } from "../battle/fixtures.js"

const three = () =>
  Table.create({
    refuges: [
      refuge("A", [{ leader: true }, {}]),
      refuge("B", [{ leader: true }, {}]),
      refuge("C", [{ leader: true }, {}]),
    ],
  })

describe("Initiative (B-INIT-03/04)", () => {
  it("B-INIT-04 Refuges still tied after a roll-off roll off again among themselves", () => {
    const t = three()
    t.settle(faces(6, 1)) // A 0, B 0, C 0
    t.roll(6, 3, 3) // A wins; B and C are still tied
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
    t.roll(2, 5) // C beats B
    expect(t.s.order).toEqual(["a", "c", "b"])
  })

  it("B-INIT-03 B-INIT-04 a roll-off only orders the tied: a higher score still goes first", () => {
    const t = three()
    t.roll(6, 6) // A 2
    t.roll(1, 1) // B 0
    t.roll(1, 1) // C 0
    t.roll(1, 4) // C beats B
    expect(t.s.order).toEqual(["a", "c", "b"])
  })
})

describe("The Hollowed return (B-HOLLOWED-03)", () => {
  const profile = { move: 5, fight: 3, shoot: 2, wits: 2, nerve: 1, health: 3, armour: 1 }
  const waiting = ["Danny", "Ruth", "Sol", "Ann"].map((name) => ({ name, refuge: "a", profile }))

  it("B-HOLLOWED-03 one of four Hollowed is picked at random: a 5 or 6 would favour two of them, so it is rolled again", () => {
    const t = Table.create({
      scenario: "lurk",
      refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
      campaign: { hollowed: waiting },
    })
    t.roll(6) // the Hollowed return: a 6
    t.roll(5) // which one: a 5 is no fair pick among four
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 1, purpose: "which Hollowed returns" })
    t.roll(2)
    t.settle(faces(4, 1)) // Initiative: a 0, b 0
    t.roll(6, 1) // the roll-off
    const back = t.of("creature.arrives", true)
    expect(back).toHaveLength(1)
    expect(back[0]!.model).toMatchObject({ ref: "hollowed", name: "Ruth (Hollowed)" })
  })
})

describe("Set-up: a Home's lurking Husk (B-SETUP-07, R-WORLD-19)", () => {
  it("B-SETUP-07 R-WORLD-19 the Hospital Wing's extra Husk is placed at the Lair nearest that Refuge's deployment zone", () => {
    const t = Table.create({
      refuges: [
        refuge("A", [{ leader: true }, {}]),
        { ...refuge("B", [{ leader: true }, {}]), home: "hospital-wing" as never },
      ],
    })
    expect(t.factQuery()).toEqual({ q: "nearest", a: "edge:b", among: ["t1", "t2"] })
    t.state({ query: t.factQuery(), value: "t2" })
    t.settle(faces(4, 1)) // Initiative: a 0, b 0
    t.roll(6, 1) // the roll-off
    expect(t.s.models.find((m) => m.ref === "husk")).toMatchObject({ lair: "t2", arrived: 0 })
  })
})
