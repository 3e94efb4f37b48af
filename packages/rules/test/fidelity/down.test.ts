/**
 * Fidelity, scripted: Down survivors (B-DOWN-04 "A friend in contact can drag them along with a
 * Move action (both move at half speed)"). B 1's pistol takes A 2 Down; A 1 then activates beside it.
 */
import { describe, expect, it } from "vitest"
import { contact, refuge, shotFacts, started, type Table } from "../battle/fixtures.js"

const a2Down = (): Table => {
  const t = started(
    {
      refuges: [
        refuge("A", [{ leader: true }, {}]),
        refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
      ],
    },
    "b",
  )
  t.do({ type: "activate", model: "b.1" })
  t.state(...shotFacts(t, "b.1", "a.2", 12))
  t.do({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.2" })
  t.roll(4, 4, 1) // two hits of 1 Damage: Health 2 to 0
  t.do({ type: "endActivation", model: "b.1" })
  expect(t.model("a.2").status).toBe("down")
  t.do({ type: "activate", model: "a.1" })
  t.state(contact("a.1", "a.2"))
  return t
}

describe("dragging a Down friend (B-DOWN-04)", () => {
  it("B-DOWN-04 a Down friend is dragged with a Move action; a Sprint can't drag it", () => {
    const t = a2Down()
    expect(t.reject({ type: "sprint", model: "a.1", distance: 2, drag: "a.2" }).clause).toBe("B-DOWN-04")
    t.do({ type: "move", model: "a.1", distance: 3, drag: "a.2" }) // half of a Student's 6"
    expect(t.of("moved").map((e) => [e.model, e.distance])).toEqual([
      ["a.1", 3],
      ["a.2", 3],
    ])
    expect(t.model("a.1").noise).toBe(0)
  })
})
