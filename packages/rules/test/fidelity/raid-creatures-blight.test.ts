/**
 * Fidelity, scripted: Blight dice and Blight in a raid (B-BLIGHTDICE-01..03, B-BLIGHT-01,
 * B-INFECT-01). A 1 shoots B 1 with a pistol (Shoot 2 + 1 = 3 dice) and may add Blight dice, up to
 * its tier: 1 at Touched (Blight 3–5), 2 at Bloomed (6–8), 3 at Overgrown (9–11), none when Clean.
 */
import { describe, expect, it } from "vitest"
import { dicePrompt, shotFacts, type Table, withShooter } from "../battle/fixtures.js"

const aiming = (blight: number): Table => {
  const t = withShooter({ blight, weapons: ["pistol"] }, { reloads: 1 })
  t.do({ type: "activate", model: "a.1" })
  t.state(...shotFacts(t, "a.1", "b.1", 12))
  return t
}

describe("Blight dice (B-BLIGHTDICE-01..03)", () => {
  it("B-BLIGHTDICE-01 a Clean survivor may add none", () => {
    const t = aiming(2)
    expect(
      t.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1", blightDice: 1 }).clause,
    ).toBe("B-BLIGHTDICE-01")
  })

  it("B-BLIGHTDICE-01 up to the tier allowance: 1 at Touched, 2 at Bloomed, 3 at Overgrown, never more", () => {
    for (const [blight, allowance] of [
      [3, 1],
      [6, 2],
      [9, 3],
    ] as const) {
      const t = aiming(blight)
      t.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1", blightDice: allowance + 1 })
      t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1", blightDice: allowance })
      expect(dicePrompt(t), `Blight ${blight}`).toBe(3 + allowance)
    }
  })

  it("B-BLIGHTDICE-02 B-BLIGHTDICE-03 a Blight die succeeds on 4+ and Crits on 6 like any die; each 1 on one is +1 Blight", () => {
    const t = aiming(6)
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1", blightDice: 2 })
    t.roll(1, 1, 1, 6, 1) // the pistol's three dice fail; the Blight dice: a 6 (a Crit) and a 1
    const pool = t.of("attack.rolled")[0]!.pool
    expect(pool).toMatchObject({ successes: 1, crits: 1 })
    expect(t.model("a.1").blight).toBe(7)
  })
})
