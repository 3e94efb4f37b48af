/**
 * Fidelity: handing out gear is one of the things a Refuge may do between raids (R-CAMPAIGN-27,
 * B-FOUNDING-06), so the legal listing offers it when gear waits in the stash: each piece once for
 * each survivor, added to what they carry when they have room, else in place of one of its kind
 * they carry — every offer one the rules accept. The listing is bounded, not every combination.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, create, envOf } from "../../src/campaign/Campaign.js"
import type { Command } from "../../src/campaign/Command.js"
import { legalCommands } from "../../src/campaign/Legal.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import { campaign, env, gardeners, wharfside } from "../campaign/helpers.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

type Equip = Extract<Command, { type: "equip" }>

const stocked = (): Refuge => ({
  ...wharfside(),
  stash: { weapons: ["machete", "machete", "molotov"], armour: ["scrap-plate"], kit: ["lantern"] } as never,
})

const equips = (c: ReturnType<typeof campaign>, refuge: number): Equip[] =>
  legalCommands(c.state, env).filter((x): x is Equip => x.type === "equip" && x.refuge === refuge)

describe("equip among the legal campaign commands (R-CAMPAIGN-27)", () => {
  it("R-CAMPAIGN-27 B-FOUNDING-06 gear in the stash is offered to each survivor: added with room, else in place of a piece of its kind", () => {
    const c = campaign(undefined, [stocked(), gardeners()])
    const offers = equips(c, 0)
    const survivors = c.state.refuges[0]!.refuge.survivors
    // Big Col: a crowbar and a Molotov, a leather jacket, no kit.
    const col = offers.filter((x) => x.survivor === "survivor-3")
    expect(col).toContainEqual({
      type: "equip",
      refuge: 0,
      survivor: "survivor-3",
      weapons: ["crowbar", "molotov", "machete"],
      armour: ["leather-jacket"],
      kit: [],
    })
    // His one armour is his limit: the scrap plate is offered in its place.
    expect(col).toContainEqual({
      type: "equip",
      refuge: 0,
      survivor: "survivor-3",
      weapons: ["crowbar", "molotov"],
      armour: ["scrap-plate"],
      kit: [],
    })
    expect(col.some((x) => x.kit.includes("lantern"))).toBe(true)
    // The two machetes are one offer each, not two: each piece once per way (4 pieces, at most 3 ways each).
    expect(offers.length).toBeLessThanOrEqual(survivors.length * 3 * 3)
    expect(new Set(offers.map((x) => JSON.stringify(x))).size).toBe(offers.length)
    // Every offer is one the rules accept.
    for (const x of offers) expect(Result.isSuccess(command(c, x, env)), JSON.stringify(x)).toBe(true)
  })

  it("R-CAMPAIGN-27 with nothing in the stash no hand-out is offered, and none for another Refuge", () => {
    const c = campaign(undefined, [stocked(), gardeners()])
    expect(equips(c, 1)).toEqual([])
    expect(equips(campaign(), 0)).toEqual([])
  })
})

describe("an improvement that takes no Errand among the legal commands (B-IMPROVEMENT-01)", () => {
  // A homebrew improvement built without an Errand (every core one takes one, GAP-B-13).
  const barrelEnv = envOf(
    homebrewRegistry("rain-barrel", {
      improvements: [
        {
          id: "rain-barrel",
          name: "Rain Barrel",
          provenance: "provisional",
          cost: 1,
          errand: false,
          text: "Catches the rain.",
          effects: [],
        },
      ],
    }),
  )
  const builds = (c: ReturnType<typeof campaign>) =>
    legalCommands(c.state, barrelEnv).filter((x) => x.type === "build" && x.improvement === "rain-barrel")

  it("B-IMPROVEMENT-01 it is offered once a Refuge, with no one free to run an Errand, and the rules accept it", () => {
    const c = Result.getOrThrow(create([wharfside(), gardeners()], "manual", barrelEnv))
    const offers = builds(c).filter((x) => x.refuge === 0)
    expect(offers).toHaveLength(1)
    expect(Result.isSuccess(command(c, offers[0]!, barrelEnv))).toBe(true)
    // With no Errands left and nobody free it is still offered (it was listed per free runner).
    const busy = structuredClone(c.state) as Mutable<typeof c.state>
    busy.refuges[0]!.errands = 0
    for (const s of busy.refuges[0]!.refuge.survivors)
      (busy.refuges[0]!.status as Record<string, { errand?: string }>)[s.id] = { errand: "scavenge" }
    expect(builds({ ...c, state: busy }).filter((x) => x.refuge === 0)).toHaveLength(1)
  })
})
