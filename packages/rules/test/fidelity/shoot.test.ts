/**
 * Fidelity, scripted: shooting into a fight with no friend in it (B-SHOOT-07 "Into a fight: −1 die,
 * and each 1 rolled hits a friend in that fight instead (if there is one)"; R-BATTLE-44). A Strangler
 * Vine lurks at a Lair (a Lesser roll of 3, 5); A 1 has a pistol (Shoot 2 + 1).
 */
import { describe, expect, it } from "vitest"
import { contact, dicePrompt, refuge, shotFacts, Table } from "../battle/fixtures.js"

/** Set up with the Vine lurking, A on top of the order, A 1 activating. */
const withVine = (): Table => {
  const t = Table.create({
    scenario: "lurk",
    refuges: [
      refuge("A", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
      refuge("B", [{ leader: true }, {}]),
    ],
  })
  t.roll(3, 5) // row 5: a Strangler Vine at a Lair, in contact with nobody, reaching nobody
  t.settle(
    (n, purpose) => Array.from({ length: n }, () => (purpose.startsWith("A") ? 6 : 1)),
    () => false,
  )
  expect(t.model("c1").ref).toBe("strangler-vine")
  t.do({ type: "activate", model: "a.1" })
  return t
}

describe("shooting into a fight (B-SHOOT-07, R-BATTLE-44)", () => {
  it("B-SHOOT-07 R-BATTLE-44 a target fighting a creature is shot into a fight: −1 die, and a 1 hits nobody", () => {
    const t = withVine()
    t.state(...shotFacts(t, "a.1", "b.1", 12), contact("c1", "b.1"))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    expect(dicePrompt(t)).toBe(2) // 3 − 1
    t.roll(4, 1)
    expect(t.of("attack.rolled")[0]?.modifiers).toEqual(["−1 into a fight (B-SHOOT-07)"])
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.1", hits: 1 })])
    expect(t.model("b.1").health).toBe(1)
    expect(t.model("a.2").health).toBe(2)
  })

  it("B-SHOOT-07 R-BATTLE-44 a creature fighting an enemy survivor is shot into a fight: −1 die", () => {
    const t = withVine()
    t.state(...shotFacts(t, "a.1", "c1", 12), contact("b.1", "c1"))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "c1" })
    expect(dicePrompt(t)).toBe(2)
  })

  it("B-SHOOT-07 R-BATTLE-44 a target in contact with nobody but its own side is not in a fight", () => {
    const t = withVine()
    t.state(...shotFacts(t, "a.1", "b.1", 12), contact("c1", "b.1", false), contact("b.2", "b.1"))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    expect(dicePrompt(t)).toBe(3)
  })
})
