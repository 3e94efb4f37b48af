/**
 * Someone in the Weeds, scripted: Ash (two Couriers) cuts the Stranger free on the second try, walks
 * it off Ash's own edge the next round and wins; in the Aftermath the Stranger joins Ash free, its
 * background rolled on the Stranger table (R-WORLD-06). If nobody rescues it, a draw, and nobody
 * gains it.
 */
import { describe, expect, it } from "vitest"
import { aftermath, begin, couriers, endRound, outcomes, pass, playOut } from "./script.js"

const refuges = () => [couriers("Ash"), couriers("Birch")] as const

/** Set-up: two lurkers, Strangler Vines; Ash wins round 1's Initiative. */
const setUp = (r: ReturnType<typeof refuges>) => begin("someone-in-the-weeds", r, 2)

describe("Someone in the Weeds, scripted (B-OBJECTIVE-09..11, B-STRANGER-01/02, R-WORLD-06)", () => {
  it("B-OBJECTIVE-09 B-OBJECTIVE-10 B-OBJECTIVE-11 B-STRANGER-01 B-STRANGER-02 freed on a test of 2, rescued off Ash's edge: Ash wins and the Stranger joins it free", () => {
    const r = refuges()
    const t = setUp(r)
    const stranger = () => t.s.objectives.find((o) => o.kind === "stranger")!
    const s = stranger().token!
    expect(stranger().state).toBe("standing")

    // Round 1. Ash Lead tries with Fight 2: 4, 3 is one success of the 2 needed (B-OBJECTIVE-09).
    t.do({ type: "activate", model: "ash.1" })
    t.do({ type: "move", model: "ash.1", contact: [s] })
    t.settle()
    t.do({ type: "use", model: "ash.1", use: "objective", target: s, item: "fight" })
    t.roll(4, 3)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "fight.attack", target: 2, passed: false })
    t.settle()
    expect(stranger().state).toBe("standing")
    pass(t, "birch.1")
    // Ash 2 tries with Wits 2: 4, 5 are two successes. The Stranger is free and joins Ash.
    t.do({ type: "activate", model: "ash.2" })
    t.do({ type: "move", model: "ash.2", contact: [s] })
    t.settle()
    t.do({ type: "use", model: "ash.2", use: "objective", target: s, item: "wits" })
    t.roll(4, 5)
    t.settle()
    expect(stranger()).toMatchObject({ state: "freed", by: "ash" })
    // B-OBJECTIVE-10: the Stranger has 2 Health (M5 F2 S2 W2 N2, R-WORLD-06), on Ash's side.
    expect(t.model("ash.stranger")).toMatchObject({
      side: "ash",
      health: 2,
      profile: { move: 5, fight: 2, shoot: 2, wits: 2, nerve: 2, health: 2 },
    })
    endRound(t, "ash")

    // Round 2. The Stranger activates with Ash and leaves by Ash's own edge: rescued (B-OBJECTIVE-11).
    t.do({ type: "activate", model: "ash.stranger" })
    t.do({ type: "move", model: "ash.stranger", offTable: true })
    t.settle()
    expect(stranger()).toMatchObject({ state: "rescued", by: "ash" })

    // Rounds 2–6 pass. Its rescuer wins (R-WORLD-06).
    playOut(t, "ash")
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/ash rescued the Stranger/)

    // Aftermath: the Stranger joins the winner free, without an Errand (B-STRANGER-01); its
    // background on a d6: 3 is a Waitress (B-STRANGER-02). The scenario gives no stores.
    const { campaign } = aftermath(r, t.s, [[/the Stranger's background/, [3]]])
    const ash = campaign.state.refuges[0]!.refuge
    expect(ash.survivors.map((x) => [x.name, x.background])).toEqual([
      ["Ash Lead", "courier"],
      ["Ash 2", "courier"],
      ["The Stranger", "waitress"],
    ])
    expect(campaign.state.refuges[1]!.refuge.survivors).toHaveLength(2)
    for (const ref of campaign.state.refuges)
      expect(ref.refuge.ledger.some((e) => e.clause === "B-LOOT-04")).toBe(false)
  })

  it("B-STRANGER-01 R-WORLD-06 nobody rescues the Stranger: a draw, and nobody gains them", () => {
    const r = refuges()
    const t = setUp(r)
    playOut(t, "ash")
    expect(t.s.objectives.find((o) => o.kind === "stranger")?.state).toBe("standing")
    expect(outcomes(t)).toEqual({ ash: "draw", birch: "draw" })
    const { campaign } = aftermath(r, t.s, [])
    for (const ref of campaign.state.refuges) expect(ref.refuge.survivors).toHaveLength(2)
  })
})
