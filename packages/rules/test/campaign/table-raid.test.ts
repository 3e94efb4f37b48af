/**
 * A campaign raid set up at the table says which campaign state it was set up from
 * (R-CAMPAIGN-40): recording it is refused unless the campaign is still there and the raid carries
 * the campaign's context; a raid the engine sets up itself (`--auto`, HTTP) gives no marker.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, markerOf, raidSetup } from "../../src/campaign/Campaign.js"
import type { Command } from "../../src/campaign/Command.js"
import { campaign, env, finishedRaid } from "./helpers.js"

const refusal = (r: Result.Result<unknown, { reason: string; clause?: string | undefined }>) => {
  expect(Result.isFailure(r)).toBe(true)
  return Result.getFailure(r).pipe((x) => (x._tag === "Some" ? x.value : undefined))
}

describe("recording a raid set up at the table (R-CAMPAIGN-40)", () => {
  it("B-AFTERMATH-01 R-CAMPAIGN-40 a raid set up from the campaign's current state, with its marker, is recorded", () => {
    const c = campaign(5)
    const battle = finishedRaid(c)
    const r = command(c, { type: "recordRaid", battle, setUp: markerOf(c.state) }, env)
    expect(Result.isSuccess(r)).toBe(true)
    expect(Result.getOrThrow(r).state.raids).toHaveLength(1)
  })

  it("B-AFTERMATH-01 R-CAMPAIGN-40 a raid the engine sets up itself (no marker, as --auto and HTTP record it) is still recorded", () => {
    const c = campaign(5)
    const r = command(c, { type: "recordRaid", battle: finishedRaid(c) }, env)
    expect(Result.isSuccess(r)).toBe(true)
  })

  it("B-AFTERMATH-01 R-CAMPAIGN-40 recording a raid set up without the campaign is refused, saying so, and changes nothing", () => {
    const c = campaign(5)
    const battle = { ...finishedRaid(c), campaign: undefined }
    const before = c.events.length
    expect(refusal(command(c, { type: "recordRaid", battle, setUp: markerOf(c.state) }, env))).toEqual({
      reason:
        "battle: the raid was set up without the campaign (no Hollowed, clean street or trophies in it)",
      clause: "R-CAMPAIGN-40",
    })
    expect(c.events).toHaveLength(before)
  })

  it("B-SEASON-01 B-DIN-05 R-CAMPAIGN-40 a raid set up in another Season than the campaign's is refused, naming both", () => {
    const c = campaign(5)
    const battle = { ...finishedRaid(c), season: "the-silence" }
    expect(refusal(command(c, { type: "recordRaid", battle, setUp: markerOf(c.state) }, env))).toEqual({
      reason: "battle.season: the raid was set up in the-silence; the campaign is in the-waking",
      clause: "R-CAMPAIGN-40",
    })
  })

  it("B-HOLLOWED-03 R-CAMPAIGN-40 a raid whose returning Hollowed are not the campaign's is refused", () => {
    const c = campaign(5)
    const raid = finishedRaid(c)
    const profile = { move: 5, fight: 4, shoot: 2, wits: 3, nerve: 3, health: 3, armour: 0 }
    const battle = {
      ...raid,
      campaign: { ...raid.campaign!, hollowed: [{ name: "Ghost", refuge: "wharfside", profile }] },
    }
    expect(refusal(command(c, { type: "recordRaid", battle, setUp: markerOf(c.state) }, env))).toMatchObject({
      reason: expect.stringMatching(/^battle\.campaign\.hollowed: /),
      clause: "R-CAMPAIGN-40",
    })
  })

  it("B-ERRAND-01 R-CAMPAIGN-40 a raid set up before an Errand was run is refused: the campaign has moved on since its set-up", () => {
    const c = campaign(5)
    const marker = markerOf(c.state)
    const battle = finishedRaid(c)
    const passed = Result.getOrThrow(command(c, { type: "pass", refuge: 0 } as Command, env))
    expect(refusal(command(passed, { type: "recordRaid", battle, setUp: marker }, env))).toEqual({
      reason: `setUp: the raid was set up from an older state of this campaign (raid 1, after event ${marker.seq}); the campaign is now at raid 1, after event ${passed.state.seq}: set the raid up again from the campaign (blight raid new --campaign)`,
      clause: "R-CAMPAIGN-40",
    })
  })

  it("B-AFTERMATH-01 R-CAMPAIGN-40 a raid already recorded cannot be recorded again once the Aftermath is done", () => {
    const c = campaign(5)
    const marker = markerOf(c.state)
    const battle = finishedRaid(c)
    const once = Result.getOrThrow(command(c, { type: "recordRaid", battle, setUp: marker }, env))
    // Work the Aftermath through (the seeded campaign answers its own dice; take the first option).
    let x = once
    for (let i = 0; i < 200 && x.state.phase !== "between"; i++) {
      const p = x.state.pending?.prompt
      const next =
        p?.kind === "choice" ? command(x, { type: "choose", option: p.options[0]! }, env) : undefined
      if (next === undefined) break
      x = Result.getOrThrow(next)
    }
    expect(x.state.phase).toBe("between")
    expect(Result.isSuccess(raidSetup(x.state, { seed: 1 }, "cache"))).toBe(true)
    const again = refusal(command(x, { type: "recordRaid", battle, setUp: marker }, env))
    expect(again).toMatchObject({
      reason: expect.stringContaining(
        `an older state of this campaign (raid 1, after event ${marker.seq}); the campaign is now at raid 2`,
      ),
      clause: "R-CAMPAIGN-40",
    })
  })
})
