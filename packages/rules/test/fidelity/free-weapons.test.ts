/**
 * Fidelity, scripted: the free Improvised weapon in a raid (B-FOUNDING-07 "Everyone also has an
 * Improvised weapon … for free"; R-CONTENT-30: melee, +0 dice, Damage 1, Noise 1) and which melee
 * weapon a fighter uses (B-NOISE-02: knives are Quiet). The Refuges are hand-made, their rosters
 * listing no free weapon.
 */
import { describe, expect, it } from "vitest"
import { contact, dicePrompt, refuge, started } from "../battle/fixtures.js"

const raid = (a1: ReadonlyArray<string>, b1: ReadonlyArray<string>) =>
  started({
    refuges: [
      refuge("A", [{ leader: true, weapons: a1 }, {}], { reloads: 1 }),
      refuge("B", [{ leader: true, weapons: b1 }, {}]),
    ],
  })

describe("the free weapons (B-FOUNDING-07)", () => {
  it("B-FOUNDING-07 B-ACTION-FIGHT-01 a survivor whose roster lists only a pistol Fights with its Improvised weapon (Loud)", () => {
    const t = raid(["pistol"], [])
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "b.1"), contact("a.2", "b.1", false), contact("b.2", "a.1", false))
    t.do({ type: "fight", model: "a.1", target: "b.1" })
    expect(dicePrompt(t)).toBe(2) // Fight 2 + 0
    t.roll(4, 4)
    t.roll(1, 1) // B 1 defends with its own Improvised weapon
    expect(t.of("attack.rolled")[0]).toMatchObject({ weapon: "improvised-weapon" })
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.1", hits: 2, damage: 1 })])
    expect(t.model("b.1").status).toBe("down")
    expect(t.model("a.1").noise).toBe(1) // B-NOISE-03: most melee weapons are Loud
  })

  it("B-NOISE-02 B-FIGHT-10 a knife is as good as the Improvised weapon and Quiet: a defender with one makes no Noise", () => {
    // B 1 lists both, as a founded roster does (founding adds the free weapons).
    const t = raid(["baseball-bat"], ["improvised-weapon", "knife"])
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "b.1"), contact("a.2", "b.1", false), contact("b.2", "a.1", false))
    t.do({ type: "fight", model: "a.1", target: "b.1" })
    t.roll(1, 1, 1)
    t.roll(1, 1)
    expect(t.model("a.1").noise).toBe(1) // the bat
    expect(t.model("b.1").noise).toBe(0) // the knife, not the Improvised weapon
  })
})
