/**
 * The Pharmacy, scripted: the Strangler Vine placed at the Pharmacy's door and two lurking ones; each
 * Refuge carries one of the two Meds tokens home, so the Loot tokens decide: Ash holds one, Birch
 * none. Ash wins 4 Salvage; each Meds token carried home is 1 Meds.
 */
import { describe, expect, it } from "vitest"
import { aftermath, begin, couriers, lootEntries, outcomes, playOut, search } from "./script.js"

describe("The Pharmacy, scripted (B-SCENARIO-02, B-ACTION-SEARCH-01, R-WORLD-18)", () => {
  it("B-SCENARIO-02 B-ACTION-SEARCH-01 equal Meds carried home are decided by Loot: Ash wins 4 Salvage, and each Meds token is 1 Meds", () => {
    const r = [couriers("Ash"), couriers("Birch")] as const
    const t = begin("the-pharmacy", r, 2) // two lurkers: Strangler Vines
    // Set-up: 3 Loot tokens, the 2 Meds tokens, and a third Vine placed at the door (not rolled).
    const tokens = (contents: string) => t.s.tokens.filter((x) => x.contents === contents).map((x) => x.id)
    expect(tokens("loot")).toHaveLength(3)
    const [medsA, medsB] = tokens("meds")
    expect([medsA, medsB].every((x) => x !== undefined)).toBe(true)
    expect(t.s.models.filter((m) => m.ref === "strangler-vine")).toHaveLength(3)

    // Round 1. Both Leaders Search a Meds token (4 and 5 pass); Ash 2 picks up a Loot token; Birch 2
    // rolls 2, 2 and finds nothing.
    search(t, "ash.1", medsA!, [4, 1])
    search(t, "birch.1", medsB!, [5, 1])
    search(t, "ash.2", "t3", [4, 1])
    search(t, "birch.2", "t4", [2, 2])
    expect(t.model("ash.1").carrying.map((c) => c.contents)).toEqual(["meds"])
    expect(t.model("birch.1").carrying.map((c) => c.contents)).toEqual(["meds"])

    // Rounds 1–6 pass. Meds 1 each; Loot tokens 1 to 0: Ash wins.
    playOut(t, "ash")
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(
      /Meds tokens held: ash 1, birch 1; equal Meds; Loot tokens held: ash 1, birch 0/,
    )

    // Aftermath: a Meds token carried home is 1 Meds (not boosted); Ash's Loot roll 1,1 is Junk
    // (3 Salvage); the Pharmacy's 4 Salvage to the winner (B-LOOT-04).
    const { campaign } = aftermath(r, t.s, [[/Ash 2: Loot/, [1, 1]]])
    expect(lootEntries(campaign, 0)).toEqual([
      ["meds", 1],
      ["salvage", 3],
      ["salvage", 4],
    ])
    expect(lootEntries(campaign, 1)).toEqual([["meds", 1]])
  })
})
