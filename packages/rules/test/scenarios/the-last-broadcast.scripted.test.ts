/**
 * The Last Broadcast, scripted: Ash's Leader picks the Radio up and is slowed and heard; Birch's
 * Leader (a pistol) shoots it Down, the Radio drops where it fell, Birch 2 picks it up and holds it
 * to the end: Birch wins and gains 3 Salvage.
 */
import { describe, expect, it } from "vitest"
import { shotFacts } from "../battle/fixtures.js"
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

describe("The Last Broadcast, scripted (B-OBJECTIVE-05..07, R-WORLD-07)", () => {
  it("B-OBJECTIVE-05 B-OBJECTIVE-06 B-OBJECTIVE-07 R-BATTLE-42 the Radio is loud and heavy, dropped when its carrier goes Down, and the Refuge holding it at the end wins 3 Salvage", () => {
    const r = [couriers("Ash"), couriers("Birch", 2, [{ weapons: ["pistol"] }], { reloads: 1 })] as const
    const t = begin("the-last-broadcast", r, 2) // two lurkers: Strangler Vines
    const radioToken = () => t.s.tokens.find((x) => x.contents === "radio")?.id

    // Round 1. Ash Lead Searches the Radio like Loot (R-WORLD-07): a 4 passes.
    search(t, "ash.1", radioToken()!, [4, 1])
    expect(t.model("ash.1").carrying.map((c) => c.contents)).toEqual(["radio"])
    expect(radioToken()).toBeUndefined()
    // End Phase: nobody made Noise, but the Radio's carrier has at least 1 (B-OBJECTIVE-05): 1 Din die.
    endRound(t, "ash", [[/the Din/, [1]]])
    expect(t.of("din.rolled", true).at(-1)).toMatchObject({ noise: 1, dice: 1 })

    // Round 2. Ash Lead, Move 6 −2" with the Radio (R-BATTLE-42): no Sprint, no 5" Move, 4" is fine.
    t.do({ type: "activate", model: "ash.1" })
    expect(t.reject({ type: "sprint", model: "ash.1", distance: 1 }).reason).toMatch(/can't sprint/)
    expect(t.reject({ type: "move", model: "ash.1", distance: 5 }).clause).toBe("B-ACTION-MOVE-01")
    t.do({ type: "move", model: "ash.1", distance: 4 })
    t.do({ type: "endActivation", model: "ash.1" })
    t.settle()
    // Birch Lead shoots it at 6": Shoot 2 + pistol 1; 5, 5 are two hits of Damage 1 on Health 2.
    t.do({ type: "activate", model: "birch.1" })
    t.state(...shotFacts(t, "birch.1", "ash.1", 12))
    t.do({ type: "shoot", model: "birch.1", weapon: "pistol", target: "ash.1" })
    t.roll(5, 5, 1)
    t.settle()
    // B-OBJECTIVE-07: Down, the Radio is dropped where it fell.
    expect(t.model("ash.1").status).toBe("down")
    expect(t.model("ash.1").carrying).toEqual([])
    const dropped = radioToken()!
    expect(dropped).toBeDefined()
    t.do({ type: "endActivation", model: "birch.1" })
    t.settle()
    pass(t, "ash.2")
    // Birch 2 picks it up: a 4 passes.
    search(t, "birch.2", dropped, [4, 1])
    expect(t.model("birch.2").carrying.map((c) => c.contents)).toEqual(["radio"])
    // End Phase: the pistol's 1 Noise and the carrier's 1 are 2 Din dice. Half of Ash is Down: the
    // Leader is Down, so Ash 2 (Nerve 2, the highest standing) tests Nerve (1); a 4 passes.
    const rout: Array<[RegExp, number[]]> = [[/Rout/, [4, 1]]]
    endRound(t, "ash", [[/the Din/, [1, 1]], ...rout])
    expect(t.of("din.rolled", true).at(-1)).toMatchObject({ noise: 2, dice: 2 })

    // Rounds 3–6 pass; Ash passes every Rout test; Birch 2 still holds the Radio.
    playOut(t, "ash", rout)
    expect(outcomes(t)).toEqual({ ash: "loss", birch: "win" })
    expect(t.s.result?.reason).toMatch(/Birch 2 holds the Radio/)

    // Aftermath: The Last Broadcast's 3 Salvage to Birch (B-LOOT-04); the Radio is not a Loot roll.
    const { campaign } = aftermath(r, t.s, [[/Ash Lead: Casualty/, [6]]])
    expect(lootEntries(campaign, 0)).toEqual([])
    expect(lootEntries(campaign, 1)).toEqual([["salvage", 3]])
    // B-XP-01 (R-CAMPAIGN-05): Birch's Leader took Ash's Down: 1 more.
    expect(campaign.state.refuges[1]!.refuge.survivors.map((s) => s.xp)).toEqual([2, 1])
  })

  it("B-SCENARIO-02 the Radio carried off its own edge from round 4 on wins (the scenario's victory text)", () => {
    const r = [couriers("Ash"), couriers("Birch")] as const
    const t = begin("the-last-broadcast", r, 2)
    search(t, "ash.1", t.s.tokens.find((x) => x.contents === "radio")!.id, [4, 1])
    endRound(t, "ash", [[/the Din/, [1]]])
    endRound(t, "ash", [[/the Din/, [1]]])
    endRound(t, "ash", [[/the Din/, [1]]])
    // Round 4: Ash Lead walks off Ash's own edge with it. Half of Ash is off the table: Ash 2 tests
    // Rout each End Phase from now on (Nerve 2, the Leader gone); a 4 passes.
    expect(t.s.round).toBe(4)
    t.do({ type: "activate", model: "ash.1" })
    t.do({ type: "move", model: "ash.1", offTable: true })
    t.settle()
    expect(t.s.objectives.find((o) => o.kind === "radio")).toMatchObject({
      state: "rescued",
      by: "ash",
      progress: 4,
    })
    playOut(t, "ash", [[/Rout/, [4, 1]]])
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/carried the Radio off its own edge in round 4/)
  })
})
