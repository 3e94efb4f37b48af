/**
 * Bloom Heart, scripted: Ash (two Couriers) burns the Heart with three Uses over two rounds while
 * Birch (two Couriers) harvests Amber from it; the Heart's +2 Din dice stop when it burns; the Refuge
 * that burned it wins 9 Salvage, and Birch carries its Amber home (R-WORLD-08).
 */
import { describe, expect, it } from "vitest"
import { aftermath, begin, couriers, endRound, lootEntries, outcomes, playOut } from "./script.js"

describe("Bloom Heart, scripted (B-OBJECTIVE-01..03, R-WORLD-08)", () => {
  it("B-OBJECTIVE-01 B-OBJECTIVE-02 B-OBJECTIVE-03 R-WORLD-08 three Uses burn the Heart, harvesting takes Amber while it stands, and the burner wins 9 Salvage", () => {
    const r = [couriers("Ash"), couriers("Birch")] as const
    const t = begin("bloom-heart", r, 2) // two lurkers: Strangler Vines
    const heart = t.s.objectives.find((o) => o.kind === "bloomHeart")!
    expect(heart.state).toBe("standing")
    const h = heart.token!
    const objective = () => t.s.objectives.find((o) => o.kind === "bloomHeart")!
    const to = (model: string) => {
      t.do({ type: "activate", model })
      t.do({ type: "move", model, contact: [h] })
      t.settle()
    }

    // Round 1. Ash Lead works the Heart: a Use, no test (R-WORLD-08).
    to("ash.1")
    t.do({ type: "use", model: "ash.1", use: "objective", target: h, item: "burn" })
    expect(t.of("test.rolled")).toEqual([])
    expect(objective().progress).toBe(1)
    t.settle()
    // Birch Lead harvests: Wits (1) with Wits 2, a 5 passes; 1 Amber, carried as its Loot.
    to("birch.1")
    t.do({ type: "use", model: "birch.1", use: "objective", target: h, item: "harvest" })
    t.roll(5, 1)
    t.settle()
    expect(t.model("birch.1").carrying.map((c) => c.contents)).toEqual(["amber"])
    expect(objective().scores).toEqual({ birch: 1 })
    // Ash 2 works it too: 2 of 3. Birch 2 tries to harvest and rolls 2, 3: no Amber.
    to("ash.2")
    t.do({ type: "use", model: "ash.2", use: "objective", target: h })
    expect(objective().progress).toBe(2)
    t.settle()
    to("birch.2")
    t.do({ type: "use", model: "birch.2", use: "objective", target: h, item: "harvest" })
    t.roll(2, 3)
    t.settle()
    expect(t.model("birch.2").carrying).toEqual([])
    // End Phase: no Noise, but the standing Heart adds 2 Din dice (B-OBJECTIVE-03); 1s, nothing comes.
    endRound(t, "ash", [[/the Din/, [1, 1]]])
    expect(t.of("din.rolled", true).at(-1)).toMatchObject({ noise: 0, dice: 2, sixes: 0 })

    // Round 2. Ash Lead's Use is the third: the Heart burns (B-OBJECTIVE-01).
    t.do({ type: "activate", model: "ash.1" })
    t.do({ type: "use", model: "ash.1", use: "objective", target: h })
    expect(objective()).toMatchObject({ state: "burned", by: "ash" })
    t.do({ type: "endActivation", model: "ash.1" })
    t.settle()
    // Burned, it can't be harvested any more (B-OBJECTIVE-02: only while it stands).
    t.do({ type: "activate", model: "birch.2" })
    expect(
      t.reject({ type: "use", model: "birch.2", use: "objective", target: h, item: "harvest" }).clause,
    ).toBe("B-OBJECTIVE-01")
    // With the Heart burned and no Noise the Din rolls nothing.
    endRound(t, "ash")
    expect(t.of("din.rolled", true).at(-1)).toMatchObject({ noise: 0, dice: 0 })

    // Rounds 3–6 pass. The Refuge that burned the Heart wins.
    playOut(t, "ash")
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/ash burned the Bloom Heart/)

    // Aftermath: Ash gains Bloom Heart's 9 Salvage (B-LOOT-04); Birch carries 1 Amber home, and its
    // die (4) gives no Blight (B-BLIGHT-04).
    const { campaign } = aftermath(r, t.s, [[/Birch Lead: carrying Amber home/, [4]]])
    expect(lootEntries(campaign, 0)).toEqual([["salvage", 9]])
    expect(lootEntries(campaign, 1)).toEqual([["amber", 1]])
    expect(campaign.state.refuges[1]!.refuge.survivors.map((s) => s.blight)).toEqual([0, 0])
  })
})
