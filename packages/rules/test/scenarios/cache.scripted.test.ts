/**
 * Cache, scripted: two Refuges of two Couriers, two Strangler Vines lurking at the Lairs (they take
 * root and reach nobody). Round 1 both Refuges Search; rounds 2–6 pass quietly; the Refuge holding
 * more Loot tokens at the end wins 6 Salvage (B-LOOT-04), and every Loot token carried home is a
 * Loot roll.
 */
import { describe, expect, it } from "vitest"
import { aftermath, begin, couriers, endRound, outcomes, playOut, search } from "./script.js"

const refuges = () => [couriers("Ash"), couriers("Birch")] as const

/** Set-up: both lurkers are Strangler Vines; Ash wins round 1's Initiative. */
const setUp = (r: ReturnType<typeof refuges>) => begin("cache", r, 2)

describe("Cache, scripted (B-SCENARIO-01, B-SCENARIO-02, B-BATTLE-01)", () => {
  it("B-SCENARIO-02 B-BATTLE-01 B-LOOT-04 more Loot held at the end wins, and the winner gains 6 Salvage", () => {
    const r = refuges()
    const t = setUp(r)
    // B-SCENARIO-02: 2 Lairs, 5 Loot tokens, 2 lurkers (both Strangler Vines), 6 rounds.
    expect(t.s.tokens.filter((x) => x.kind === "lair")).toHaveLength(2)
    expect(t.s.tokens.filter((x) => x.kind === "loot").map((x) => x.id)).toEqual([
      "t3",
      "t4",
      "t5",
      "t6",
      "t7",
    ])
    expect(t.s.models.filter((m) => m.kind === "creature").map((m) => m.ref)).toEqual([
      "strangler-vine",
      "strangler-vine",
    ])
    expect(t.s.rounds).toBe(6)

    // Round 1. Ash Lead: 4 is a success, picks up t3. Birch Lead: 5, picks up t4.
    search(t, "ash.1", "t3", [4, 1])
    search(t, "birch.1", "t4", [5, 2])
    // Ash 2 picks up t5; Birch 2 rolls 3, 2: no success, t6 stays.
    search(t, "ash.2", "t5", [4, 3])
    search(t, "birch.2", "t6", [3, 2])
    expect(t.model("ash.2").carrying.map((c) => c.token)).toEqual(["t5"])
    expect(t.model("birch.2").carrying).toEqual([])
    endRound(t, "ash")
    expect(t.s.round).toBe(2)

    // Rounds 2–6: nobody moves; nothing is heard (no Noise, no Din dice).
    playOut(t, "ash")
    expect(t.s.round).toBe(6)
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/ash 2, birch 1/)

    // Aftermath: each Loot token carried home is a Loot roll — 1,1 is row 1, Junk: 2 Salvage, 3
    // after the reward boost (B-LOOT-03); then Cache's reward, 6 Salvage, to the winner only.
    const { campaign } = aftermath(r, t.s, [
      [/Ash Lead: Loot/, [1, 1]],
      [/Ash 2: Loot/, [1, 1]],
      [/Birch Lead: Loot/, [1, 1]],
    ])
    const ledger = (i: number) =>
      campaign.state.refuges[i]!.refuge.ledger.filter((e) => e.clause?.startsWith("B-LOOT"))
    expect(ledger(0).map((e) => [e.store, e.amount, e.clause])).toEqual([
      ["salvage", 3, "B-LOOT-03"],
      ["salvage", 3, "B-LOOT-03"],
      ["salvage", 6, "B-LOOT-04"],
    ])
    expect(ledger(1).map((e) => [e.store, e.amount, e.clause])).toEqual([["salvage", 3, "B-LOOT-03"]])
    // B-XP-01 (R-CAMPAIGN-05): 1 XP each for taking part; nothing was slain or taken Down.
    for (const ref of campaign.state.refuges) expect(ref.refuge.survivors.map((s) => s.xp)).toEqual([1, 1])
  })

  it("B-BATTLE-01 R-WORLD-18 equal Loot at the end is a draw, and each Refuge gets half the 6 Salvage (3)", () => {
    const r = refuges()
    const t = setUp(r)
    search(t, "ash.1", "t3", [4, 1])
    search(t, "birch.1", "t4", [5, 2])
    playOut(t, "ash")
    expect(outcomes(t)).toEqual({ ash: "draw", birch: "draw" })
    const { campaign } = aftermath(r, t.s, [
      [/Ash Lead: Loot/, [1, 1]],
      [/Birch Lead: Loot/, [1, 1]],
    ])
    for (const ref of campaign.state.refuges)
      expect(
        ref.refuge.ledger.filter((e) => e.clause?.startsWith("B-LOOT")).map((e) => [e.store, e.amount]),
      ).toEqual([
        ["salvage", 3],
        ["salvage", 3],
      ])
  })
})
