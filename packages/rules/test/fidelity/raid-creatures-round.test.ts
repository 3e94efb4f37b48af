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
