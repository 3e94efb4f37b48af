/**
 * A Hollowed made from a survivor who raided Hungry (B-HOLLOWED-01 with R-CAMPAIGN-04 and
 * R-CAMPAIGN-35): Hunger's −1 Health was the living survivor's for that raid, not their profile, so
 * the Hollowed has "their Health +1" from the survivor's own Health — on the table where they Turn,
 * and when the campaign remembers them.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { create as createBattle } from "../../src/battle/Battle.js"
import { Ctx } from "../../src/battle/Context.js"
import { turn } from "../../src/battle/combat/Blight.js"
import type { Event } from "../../src/battle/Event.js"
import { draftOf } from "../../src/battle/Evolve.js"
import { raidSetup } from "../../src/campaign/Campaign.js"
import { freshStatus } from "../../src/campaign/Evolve.js"
import type { Campaign } from "../../src/campaign/index.js"
import { aftermath, battleEnv, campaign, finishedRaid } from "../campaign/helpers.js"

const JESS = "wharfside.4"

/** The example campaign, with Jess (survivor-4) Hungry from the last Upkeep, or not. */
const withJess = (hungry: boolean): Campaign => {
  const c = campaign()
  if (!hungry) return c
  const state = structuredClone(c.state) as typeof c.state
  const r = state.refuges[0] as { status: Record<string, ReturnType<typeof freshStatus>> }
  r.status["survivor-4"] = { ...(r.status["survivor-4"] ?? freshStatus(0)), hungry: 1 }
  return { ...c, state }
}

const jessIn = (c: Campaign) => {
  const b = Result.getOrThrow(createBattle(Result.getOrThrow(raidSetup(c.state, { seed: 1 })), battleEnv))
  return { state: b.state, jess: b.state.models.find((m) => m.id === JESS)! }
}

describe("a Hungry survivor's Hollowed (B-HOLLOWED-01, R-CAMPAIGN-04, R-CAMPAIGN-35)", () => {
  it("R-CAMPAIGN-04 R-CAMPAIGN-35 a Hungry survivor raids at −1 Health, and the raid keeps what the Hunger took", () => {
    const fed = jessIn(withJess(false)).jess
    const hungry = jessIn(withJess(true)).jess
    expect(hungry.profile.health).toBe(fed.profile.health - 1)
    expect(hungry.hunger).toBe(1)
    expect(fed.hunger).toBeUndefined()
  })

  it("B-HOLLOWED-01 R-CAMPAIGN-35 a Hungry survivor who Turns in the raid rises with their own Health +1, not the Hungry Health's", () => {
    const rise = (hungry: boolean) => {
      const { state } = jessIn(withJess(hungry))
      const ctx = new Ctx(draftOf(state), battleEnv, [])
      turn(ctx, JESS)
      return ctx.game.find(
        (e): e is Extract<Event, { type: "creature.arrives" }> => e.type === "creature.arrives",
      )!.model
    }
    const fed = jessIn(withJess(false)).jess
    expect(rise(true).profile.health).toBe(fed.profile.health + 1)
    expect(rise(true).health).toBe(fed.profile.health + 1)
    expect(rise(true).profile).toEqual(rise(false).profile)
  })

  it("B-HOLLOWED-01 B-TURN-03 R-CAMPAIGN-35 the campaign remembers a Hungry survivor who Turned with their own Health", () => {
    const remembered = (hungry: boolean) => {
      const c = withJess(hungry)
      const done = aftermath(
        c,
        finishedRaid(c, (_s, m) => {
          m(JESS).blight = 12
          m(JESS).status = "turned"
        }),
      )
      return done.state.hollowed[0]!.profile
    }
    const fed = jessIn(withJess(false)).jess
    expect(remembered(true).health).toBe(fed.profile.health)
    expect(remembered(true)).toEqual(remembered(false))
  })
})
