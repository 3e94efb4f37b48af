import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, hash, replay } from "../../src/campaign/Campaign.js"
import { campaign, env, granted, gardeners, ok, refused, wharfside } from "./helpers.js"

describe("undo in a campaign (the engine's, as in a raid)", () => {
  it("R-CAMPAIGN-39 undo takes back the last command; the log keeps both and still replays", () => {
    const start = campaign(undefined, [granted(wharfside(), { amber: 1 }), gardeners()])
    const drunk = ok(start, { type: "errand", refuge: 0, by: "survivor-4", errand: "drink-amber" })
    expect(hash(drunk.state)).not.toBe(hash(start.state))
    const undone = Result.getOrThrow(command(drunk, { type: "undo" }, env))
    expect(undone.events.slice(drunk.events.length).map((e) => e.type)).toEqual(["commanded", "undone"])
    const { seq: _a, ...back } = undone.state
    const { seq: _b, ...before } = start.state
    expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(before)))
    expect(hash(replay(undone.events))).toBe(hash(undone.state))
  })

  it("R-CAMPAIGN-39 nothing is undone past dice rolled", () => {
    const c = ok(campaign(), { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }, [[/Scavenging/, [3]]])
    expect(refused(c, { type: "undo" })).toMatchObject({ clause: "R-CAMPAIGN-39" })
    expect(refused(campaign(), { type: "undo" }).reason).toBe("undo: nothing to undo since the last dice roll")
  })
})
