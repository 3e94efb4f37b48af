/**
 * Fidelity, scripted: Turning between raids against the rules text ("Turning": "They're gone from
 * the roster. The campaign keeps their name, and they come back"; the Bestiary's Hollowed: "keeps
 * their Gifts"). Every die is typed in.
 */
import { describe, expect, it } from "vitest"
import type { Prompt } from "../../src/campaign/State.js"
import {
  aftermath,
  campaign,
  edited,
  finishedRaid,
  gardeners,
  survivor,
  wharfside,
} from "../campaign/helpers.js"

const W = "wharfside"

describe("a survivor who Turned in the raid (B-TURN-03, B-XP-01)", () => {
  it("B-TURN-03 B-XP-01 is gone from the roster at once: no XP for taking part and no Advance asked in step 2", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Big Col", (s) => {
        s.xp = 4 // one more XP would owe an Advance
      }),
      gardeners(),
    ])
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.3`).status = "turned"
      }),
      [],
      seen,
    )
    expect(survivor(done, 0, "Big Col")).toBeUndefined()
    expect(seen.some((p) => p.kind === "choice" && p.key === "advance:survivor-3")).toBe(false)
    const xpForCol = done.events.filter(
      (e) =>
        e.type === "survivor.changed" &&
        e.refuge === 0 &&
        e.survivor === "survivor-3" &&
        "xp" in e &&
        e.xp !== undefined,
    )
    expect(xpForCol).toEqual([])
  })
})
