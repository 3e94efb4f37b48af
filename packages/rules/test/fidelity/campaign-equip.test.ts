/**
 * Fidelity, scripted: gear bought on a Trade or found in Loot is carried into the next raid
 * ("Each survivor carries up to 2 weapons (Molotovs and bombs don't count), 1 armour and 2 pieces
 * of kit"; a Congregation's "Firearms come only from Loot"), handed out at home (R-CAMPAIGN-27).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { raidSetup } from "../../src/campaign/Campaign.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import {
  aftermath,
  campaign,
  finishedRaid,
  gardeners,
  granted,
  ok,
  refused,
  survivor,
  wharfside,
} from "../campaign/helpers.js"

describe("handing out gear (R-CAMPAIGN-27, B-FOUNDING-06)", () => {
  it("R-CAMPAIGN-27 a shotgun bought on a Trade goes to Big Col, his crowbar back to the stash, and into the next raid", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 16 }), gardeners()])
    c = ok(c, {
      type: "trade",
      refuge: 0,
      by: "survivor-1",
      orders: [{ buy: { kind: "weapons", id: "shotgun" }, quantity: 1 }],
    })
    expect(c.state.refuges[0]!.refuge.stash.weapons).toEqual(["shotgun"])
    const errands = c.state.refuges[0]!.errands
    // Big Col: crowbar and a Molotov; the shotgun for the crowbar, armour and kit unchanged.
    c = ok(c, {
      type: "equip",
      refuge: 0,
      survivor: "survivor-3",
      weapons: ["shotgun", "molotov"],
      armour: ["leather-jacket"],
      kit: [],
    })
    expect(survivor(c, 0, "Big Col")!.equipment).toEqual({
      weapons: ["shotgun", "molotov", "improvised-weapon", "thrown-junk"],
      armour: ["leather-jacket"],
      kit: [],
    })
    expect(c.state.refuges[0]!.refuge.stash.weapons).toEqual(["crowbar"])
    expect(c.state.refuges[0]!.errands).toBe(errands) // no Errand
    const setup = Result.getOrThrow(raidSetup(c.state, { seed: 1 }))
    const col = setup.refuges[0]!.survivors.find((s) => s.name === "Big Col")!
    expect(col.equipment.weapons).toContain("shotgun")
  })

  it("B-FOUNDING-06 a third weapon (Molotovs and bombs aside), a second armour or a third kit is refused, naming the path; nothing changes", () => {
    const w = wharfside()
    const stocked: Refuge = {
      ...w,
      stash: {
        weapons: ["machete", "knife"],
        armour: ["scrap-plate"],
        kit: ["lantern", "flare", "ward-chalk"],
      } as never,
    }
    const c = campaign(undefined, [stocked, gardeners()])
    const base = { type: "equip" as const, refuge: 0, survivor: "survivor-3" }
    const third = refused(c, {
      ...base,
      weapons: ["crowbar", "machete", "knife", "molotov"],
      armour: [],
      kit: [],
    })
    expect([third.reason, third.clause]).toEqual([
      "weapons: Big Col can carry at most 2 weapons (Molotovs and bombs don't count), got 3",
      "B-FOUNDING-06",
    ])
    expect(
      refused(c, { ...base, weapons: [], armour: ["leather-jacket", "scrap-plate"], kit: [] }).clause,
    ).toBe("B-FOUNDING-06")
    expect(
      refused(c, { ...base, weapons: [], armour: [], kit: ["lantern", "flare", "ward-chalk"] }).reason,
    ).toMatch(/^kit: .*2 pieces of kit, got 3/)
    // Two weapons and the Molotov are within the limit.
    const fine = ok(c, { ...base, weapons: ["machete", "knife", "molotov"], armour: [], kit: [] })
    expect(fine.state.refuges[0]!.refuge.stash).toEqual({
      weapons: ["crowbar"],
      armour: ["leather-jacket", "scrap-plate"],
      kit: ["lantern", "flare", "ward-chalk"],
    })
  })

  it("R-CAMPAIGN-27 gear nobody has, a survivor not on the roster and an unknown item are refused at their paths", () => {
    const c = campaign()
    const none = refused(c, {
      type: "equip",
      refuge: 0,
      survivor: "survivor-3",
      weapons: ["rifle"],
      armour: [],
      kit: [],
    })
    expect([none.reason, none.clause]).toEqual([
      "weapons[0]: neither Big Col nor the stash has a Rifle to hand out",
      "R-CAMPAIGN-27",
    ])
    expect(
      refused(c, { type: "equip", refuge: 0, survivor: "survivor-9", weapons: [], armour: [], kit: [] })
        .reason,
    ).toMatch(/^survivor: /)
    expect(
      refused(c, {
        type: "equip",
        refuge: 0,
        survivor: "survivor-3",
        weapons: ["blunderbuss"],
        armour: [],
        kit: [],
      }).clause,
    ).toBe("B-FOUNDING-05")
  })

  it("B-CONGREGATION-08 R-CAMPAIGN-27 a pistol from the Loot table goes to a Gardener: a Congregation's firearms come from Loot", () => {
    let c = campaign()
    c = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m("the-gardeners-of-carrow-fields.3").carrying = [{ token: "t3", contents: "loot", rich: 0 }]
      }),
      [
        [/Brother Tam: Loot/, [6, 6]], // row 12: a firearm
        [/Loot firearm/, [1]], // a pistol
      ],
    )
    expect(c.state.refuges[1]!.refuge.stash.weapons).toEqual(["pistol"])
    c = ok(c, { type: "equip", refuge: 1, survivor: "survivor-3", weapons: ["pistol"], armour: [], kit: [] })
    expect(survivor(c, 1, "Brother Tam")!.equipment.weapons).toContain("pistol")
    expect(c.state.refuges[1]!.refuge.stash.weapons).not.toContain("pistol")
  })
})
