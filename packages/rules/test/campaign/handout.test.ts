/**
 * The campaign policy hands out gear waiting in the stash (R-CAMPAIGN-27): what a campaign run
 * finds or inherits is carried into its next raids, as a player would.
 */
import { describe, expect, it } from "vitest"
import { handOut } from "../../src/campaign/AutoPlay.js"
import { freeWeaponIds } from "../../src/refuge/Founding.js"
import { campaign, env, gardeners, granted, ok, registry, wharfside } from "./helpers.js"

const free = new Set(freeWeaponIds(registry))
const own = (ids: ReadonlyArray<string>) => ids.filter((id) => !free.has(id))

describe("the campaign policy hands out the stash (R-CAMPAIGN-27)", () => {
  it("R-CAMPAIGN-27 a shotgun in the stash goes to the first survivor with a weapon slot free, taking nothing from anyone", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 40 }), gardeners()])
    c = ok(c, {
      type: "trade",
      refuge: 0,
      by: "survivor-1",
      orders: [{ buy: { kind: "weapons", id: "shotgun" }, quantity: 1 }],
    })
    const before = c.state.refuges[0]!.refuge
    expect(before.stash.weapons).toEqual(["shotgun"])
    const after = handOut(c, 0, env).state.refuges[0]!.refuge
    expect(after.stash.weapons).toEqual([])
    const i = before.survivors.findIndex((s) => own(s.equipment.weapons).length < 2)
    expect(i).toBeGreaterThanOrEqual(0)
    after.survivors.forEach((s, j) => {
      const was = own(before.survivors[j]!.equipment.weapons)
      // Everyone keeps what they had; only the first with room gains the shotgun.
      expect(own(s.equipment.weapons)).toEqual(j === i ? [...was, "shotgun"] : was)
      expect(s.equipment.armour).toEqual(before.survivors[j]!.equipment.armour)
      expect(s.equipment.kit).toEqual(before.survivors[j]!.equipment.kit)
    })
  })

  it("R-CAMPAIGN-27 with nothing in the stash, nothing changes", () => {
    const c = campaign()
    expect(handOut(c, 0, env)).toBe(c)
    expect(handOut(c, 1, env)).toBe(c)
  })
})
