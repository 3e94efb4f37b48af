/**
 * Fidelity: handing out gear is one of the things a Refuge may do between raids (R-CAMPAIGN-27,
 * B-FOUNDING-06), so the legal listing offers it when gear waits in the stash: each piece once for
 * each survivor, added to what they carry when they have room, else in place of one of its kind
 * they carry — every offer one the rules accept. The listing is bounded, not every combination.
 */
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { command } from "../../src/campaign/Campaign.js"
import type { Command } from "../../src/campaign/Command.js"
import { legalCommands } from "../../src/campaign/Legal.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import { campaign, env, gardeners, wharfside } from "../campaign/helpers.js"

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
    for (const x of offers) expect(Either.isRight(command(c, x, env)), JSON.stringify(x)).toBe(true)
  })

  it("R-CAMPAIGN-27 with nothing in the stash no hand-out is offered, and none for another Refuge", () => {
    const c = campaign(undefined, [stocked(), gardeners()])
    expect(equips(c, 1)).toEqual([])
    expect(equips(campaign(), 0)).toEqual([])
  })
})
