/**
 * The Planting, scripted (R-WORLD-14): a Congregation rolled at set-up sings over the Seedbed. With a
 * Hymnwarden the Rite rises 2 an End Phase and completes in round 3: the raid ends and both Refuges
 * lose. With two Tenders it rises 1 an End Phase; Ash disrupts it three times, Birch once and slays a
 * Tender; stopped at 2, Ash has more (3 to 2) and wins 7 Salvage.
 */
import { describe, expect, it } from "vitest"
import type { Table } from "../battle/fixtures.js"
import { type FactAnswers, noFacts, shotFacts } from "../battle/fixtures.js"
import { aftermath, couriers, endRound, lootEntries, outcomes, pass, playOut, raid } from "./script.js"

/** Set-up: the Congregation table shows `row`; the one lurker is a Strangler Vine; Ash goes first. */
const setUp = (r: ReadonlyArray<Parameters<typeof raid>[1][number]>, row: number) => {
  const t = raid("the-planting", r)
  t.settle([row, 3, 5])
  t.initiative("ash")
  return t
}

const rite = (t: Table) => t.s.objectives.find((o) => o.kind === "rite")!

/** Every Gardener stands within 6" of the Seedbed; nothing else is so. */
const singing =
  (t: Table): FactAnswers =>
  (q) =>
    q.q === "within" &&
    q.b === rite(t).token &&
    q.inches === 6 &&
    t.s.sides.some((s) => s.kind === "gardeners" && t.model(q.a).side === s.id)
      ? true
      : noFacts(q)

/** A survivor works the Seedbed: Use, Wits (1) with Wits 2 (R-WORLD-14). */
const disrupt = (t: Table, model: string, faces: number[], move: boolean) => {
  t.do({ type: "activate", model })
  if (move) {
    t.do({ type: "move", model, contact: [rite(t).token!] })
    t.settle()
  }
  t.do({ type: "use", model, use: "objective", target: rite(t).token! })
  t.roll(...faces)
  if (t.s.activation) t.do({ type: "endActivation", model })
  t.settle()
}

describe("The Planting, scripted (B-SCENARIO-03, B-OBJECTIVE-12, R-WORLD-14)", () => {
  it("B-SCENARIO-03 B-OBJECTIVE-12 R-WORLD-14 R-BATTLE-37 with a Hymnwarden singing the Rite rises 2 an End Phase; at 6 it is complete, the raid ends and both Refuges lose", () => {
    const r = [couriers("Ash"), couriers("Birch")] as const
    const t = setUp(r, 3) // row 3: a Hymnwarden and her keeper (a Tender)
    expect(t.s.models.filter((m) => m.kind === "creature").map((m) => m.ref)).toEqual([
      "hymnwarden",
      "gardener-tender",
      "strangler-vine",
    ])
    expect(rite(t)).toMatchObject({ state: "standing", progress: 0 })
    endRound(t, "ash", [], singing(t))
    expect(rite(t).progress).toBe(2)
    endRound(t, "ash", [], singing(t))
    expect(rite(t).progress).toBe(4)
    endRound(t, "ash", [], singing(t))
    // Round 3's Clear step: 6, a Bloom Heart takes root; the raid ends at once (R-BATTLE-37).
    expect(rite(t).state).toBe("complete")
    expect(t.s.phase).toBe("over")
    expect(t.s.round).toBe(3)
    expect(outcomes(t)).toEqual({ ash: "loss", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/the Rite is complete/)
    // Nobody wins: no reward.
    const { campaign } = aftermath(r, t.s, [])
    expect(lootEntries(campaign, 0)).toEqual([])
    expect(lootEntries(campaign, 1)).toEqual([])
  })

  it("B-SCENARIO-03 B-OBJECTIVE-12 R-WORLD-14 B-CREATURE-05 the Rite stopped: disruptions and Gardeners slain are counted, and the Refuge with more wins 7 Salvage", () => {
    const r = [couriers("Ash"), couriers("Birch", 2, [{}, { weapons: ["rifle"] }], { reloads: 1 })] as const
    const t = setUp(r, 1) // row 1: two Tenders
    const [tender] = t.s.models.filter((m) => m.ref === "gardener-tender").map((m) => m.id)

    // Round 1. Birch 2 shoots a Tender at 10": Shoot 2 + rifle 1; a 5 is one hit, its Armour 1
    // rolls 2 and does not block; Damage 2 on Health 2: slain, and it counts for Birch.
    pass(t, "ash.1")
    t.do({ type: "activate", model: "birch.2" })
    t.state(...shotFacts(t, "birch.2", tender!, 24))
    t.do({ type: "shoot", model: "birch.2", weapon: "rifle", target: tender! })
    t.settle([5, 1, 1, 2]) // the shot, then the Tender's Armour die
    expect(t.model(tender!).status).toBe("slain")
    expect(rite(t).scores).toEqual({ birch: 1 })
    // End Phase: the rifle's 2 Noise are 2 Din dice; the other Tender sings: the Rite rises to 1.
    endRound(t, "ash", [[/the Din/, [1, 1]]], singing(t))
    expect(rite(t).progress).toBe(1)

    // Rounds 2 and 3: Ash Lead goes to the Seedbed and disrupts it twice (4, then 5): 1 → 0 each time.
    disrupt(t, "ash.1", [4, 1], true)
    expect(rite(t)).toMatchObject({ progress: 0, scores: { ash: 1, birch: 1 } })
    endRound(t, "ash", [], singing(t))
    disrupt(t, "ash.1", [5, 2], false)
    endRound(t, "ash", [], singing(t))
    // Round 4: Birch Lead disrupts it too; round 5 Ash Lead a third time.
    pass(t, "ash.2")
    disrupt(t, "birch.1", [4, 3], true)
    endRound(t, "ash", [], singing(t))
    disrupt(t, "ash.1", [6, 1], false)
    expect(rite(t)).toMatchObject({ progress: 0, scores: { ash: 3, birch: 2 } })
    endRound(t, "ash", [], singing(t))
    // Round 6 passes: the Rite ends at 2, short of 6: stopped. Ash 3, Birch 2.
    playOut(t, "ash", [], singing(t))
    expect(rite(t)).toMatchObject({ state: "standing", progress: 2 })
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/stopped at 2.*ash 3, birch 2/)

    // Aftermath: The Planting's 7 Salvage to Ash (B-LOOT-04); Birch 2 gains the Tender's 2 XP
    // (B-CREATURE-05) and 1 for taking part.
    const { campaign } = aftermath(r, t.s, [])
    expect(lootEntries(campaign, 0)).toEqual([["salvage", 7]])
    expect(lootEntries(campaign, 1)).toEqual([])
    expect(campaign.state.refuges[1]!.refuge.survivors.map((s) => s.xp)).toEqual([1, 3])
  })
})
