/**
 * Night Raid, scripted: Ash (its Leader with a rifle) against Birch, two Couriers each, three
 * Strangler Vines lurking at the Lairs. Both Refuges Search; in the dark Ash's rifle can't reach
 * Birch's Leader at 18", but takes down Birch 2 within 12", whose Loot is dropped and lost; Ash holds
 * more Loot at the end, wins, and gains 6 Salvage.
 */
import { describe, expect, it } from "vitest"
import { shotFacts, within } from "../battle/fixtures.js"
import {
  aftermath,
  begin,
  couriers,
  endRound,
  lootEntries,
  outcomes,
  pass,
  playOut,
  search,
} from "./script.js"

describe("Night Raid, scripted (B-SCENARIO-02, B-BATTLE-01, B-BATTLE-02)", () => {
  it("B-SCENARIO-02 B-BATTLE-02 nobody is shot beyond 12\" in the dark; a Down survivor's Loot is lost; more Loot wins 6 Salvage", () => {
    const r = [couriers("Ash", 2, [{ weapons: ["rifle"] }], { reloads: 1 }), couriers("Birch")] as const
    // Set-up: 3 lurkers (Strangler Vines), 5 Loot tokens.
    const t = begin("night-raid", r, 3)
    expect(t.s.models.filter((m) => m.ref === "strangler-vine")).toHaveLength(3)
    expect(t.s.tokens.filter((x) => x.kind === "loot")).toHaveLength(5)

    // Round 1: three Searches pass (a 4 or better), Ash 2 rolls 1, 1 and finds nothing.
    search(t, "ash.1", "t3", [4, 1])
    search(t, "birch.1", "t4", [5, 2])
    search(t, "ash.2", "t5", [1, 1])
    search(t, "birch.2", "t6", [4, 4])
    endRound(t, "ash")

    // Round 2: Ash 2 tries again and picks t5 up; Birch's Leader stays where it is.
    search(t, "ash.2", "t5", [4, 1])
    t.do({ type: "activate", model: "birch.1" })
    t.do({ type: "endActivation", model: "birch.1" })
    t.do({ type: "activate", model: "ash.1" })
    // Birch's Leader is 18" away, quiet and unlit: in the rifle's 24" range, but the dark hides it
    // beyond 12".
    t.state(...shotFacts(t, "ash.1", "birch.1", 24, { long: true }))
    expect(t.reject({ type: "shoot", model: "ash.1", weapon: "rifle", target: "birch.1" }).reason).toMatch(
      /further than 12" \(Night Raid: the dark\)/,
    )
    // Birch 2 is 10" away: Shoot 2 + rifle 1 = 3 dice; 5, 4 are two hits of Damage 2 on Health 2.
    t.state(...shotFacts(t, "ash.1", "birch.2", 24), within("ash.1", "birch.2", 12))
    t.do({ type: "shoot", model: "ash.1", weapon: "rifle", target: "birch.2" })
    t.roll(5, 4, 1)
    t.settle()
    expect(t.model("birch.2").status).toBe("down")
    // B-DOWN: the Loot is dropped; the token lies on the table (R-BATTLE-20).
    expect(t.model("birch.2").carrying).toEqual([])
    expect(t.s.tokens.some((x) => x.id === "t6")).toBe(true)
    // End Phase: the rifle's 2 Noise are 2 Din dice (1s: nothing comes); half of Birch is Down, so
    // its Leader tests Nerve (1): Nerve 2, +1 as Leader (R-CONTENT-26); a 4 passes (B-ROUT-01).
    const rout: Array<[RegExp, number[]]> = [[/Rout/, [4, 1, 1]]]
    endRound(t, "ash", [[/the Din/, [1, 1]], ...rout])
    expect(t.s.sides.find((s) => s.id === "birch")?.routed).toBe(false)

    // Rounds 3–6 pass; Birch passes each Rout test.
    playOut(t, "ash", rout)
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/ash 2, birch 1/)

    // Aftermath: Ash's 2 Loot rolls (1,1: Junk, 3 Salvage each) and the 6 Salvage reward; Birch's 1.
    const { campaign } = aftermath(r, t.s, [
      [/Ash Lead: Loot/, [1, 1]],
      [/Ash 2: Loot/, [1, 1]],
      [/Birch Lead: Loot/, [1, 1]],
      [/Birch 2: Casualty/, [6]], // Walks It Off
    ])
    expect(lootEntries(campaign, 0)).toEqual([
      ["salvage", 3],
      ["salvage", 3],
      ["salvage", 6],
    ])
    expect(lootEntries(campaign, 1)).toEqual([["salvage", 3]])
    // B-XP-01 (R-CAMPAIGN-05): 1 for taking part, and Ash's Leader 1 more for taking Birch 2 Down.
    expect(campaign.state.refuges[0]!.refuge.survivors.map((s) => s.xp)).toEqual([2, 1])
    expect(campaign.state.refuges[1]!.refuge.survivors.map((s) => s.xp)).toEqual([1, 1])
  })

  it('B-SCENARIO-02 B-NOISE-01 in the dark a survivor who made Noise this round is seen, and shot, beyond 12"', () => {
    const r = [couriers("Ash", 2, [{ weapons: ["rifle"] }], { reloads: 1 }), couriers("Birch")] as const
    const t = begin("night-raid", r, 3)
    pass(t, "ash.2")
    // Birch Lead Sprints (1 Noise) and ends 18" from Ash Lead.
    t.do({ type: "activate", model: "birch.1" })
    // Whether a Vine's Coils hold it is asked now, as it Sprints, not before a roll (R-BATTLE-56).
    t.do({ type: "sprint", model: "birch.1", distance: 8 })
    t.settle()
    t.do({ type: "endActivation", model: "birch.1" })
    t.settle()
    expect(t.model("birch.1").noise).toBe(1)
    t.do({ type: "activate", model: "ash.1" })
    t.state(...shotFacts(t, "ash.1", "birch.1", 24, { long: true }))
    // Long range: Shoot 2 + rifle 1 − 1 = 2 dice; the shot is taken.
    t.do({ type: "shoot", model: "ash.1", weapon: "rifle", target: "birch.1" })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
  })
})
