import { manual, replay } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { gear, REFERENCE_DICE, repair, use, wearAndTear } from "../../src/procedures/items/Gear.js"

describe("Step Dice on items", () => {
  it("N-STEPDIE-01 gear dice sit on the chain D12 → D0; anything else is refused", () => {
    expect(gear("Rope", "supply", "d12").die).toBe("d12")
    expect(() => gear("Rope", "supply", "d7")).toThrow(/N-STEPDIE-01/)
  })

  it("N-STEPDIE-02 N-STEPDIE-03 N-ITEM-01 using a supply rolls its die: 1 → two steps, 2–3 → one, 4+ stays", () => {
    const torches = gear("Torches", "supply", "d8")
    expect(use(manual([1]), torches).gear.die).toBe("d4")
    expect(use(manual([3]), torches).gear.die).toBe("d6")
    expect(use(manual([4]), torches).gear.die).toBe("d8")
    const r = use(manual([2]), torches)
    expect(r.dice).toEqual([{ sides: 8, value: 2, label: "step" }])
    expect(use(replay(r.dice), torches)).toEqual(r)
  })

  it("N-STEPDIE-04 N-ITEM-01 at D0 the supply is gone and cannot be used again", () => {
    const r = use(manual([1]), gear("Rations", "supply", "d6"))
    expect(r).toMatchObject({ ended: true, gear: { die: "d0" } })
    expect(() => use(manual([4]), r.gear)).toThrow(/D0.*N-STEPDIE-04/)
  })

  it("N-STEPDIE-05 the reference dice: herbs D4, arrows D10, rations D6, torch D6, lantern D8, creature D4, faction D6", () => {
    expect(REFERENCE_DICE).toEqual({
      healingHerbs: "d4",
      quiverOfArrows: "d10",
      rations: "d6",
      torch: "d6",
      oilLantern: "d8",
      creatureCatchingUp: "d4",
      factionGoal: "d6",
    })
  })

  it("N-WEAPON-01 N-ARMOR-01 N-SHIELD-02 Weapons are D4–D12, Armor and Shields D4–D6", () => {
    expect(gear("Greatsword", "weapon", "d10").die).toBe("d10")
    expect(() => gear("Plate", "armor", "d8")).toThrow(/armor.*D4 to D6.*N-ARMOR-01/i)
    expect(() => gear("Tower shield", "shield", "d10")).toThrow(/N-SHIELD-02/)
  })

  it("N-WEAPON-02 N-ARMOR-02 N-COMBAT-11 after a fight every Weapon and Armor used rolls; at D0 it breaks", () => {
    const sword = gear("Short sword", "weapon", "d8")
    const mail = gear("Chain Armor", "armor", "d4")
    const r = wearAndTear(manual([5, 1]), [sword, mail])
    expect(r.gear.map((g) => g.die)).toEqual(["d8", "d0"])
    expect(r.broken).toEqual(["Chain Armor"])
    expect(r.dice.map((d) => d.sides)).toEqual([8, 4])
    expect(() => wearAndTear(manual([4]), [gear("Shield", "shield", "d6")])).toThrow(/N-SHIELD-02/)
  })

  it("N-WEAPON-02 a broken Weapon cannot be used until repaired or replaced", () => {
    const broken = wearAndTear(manual([1]), [gear("Knife", "weapon", "d6")]).gear[0]!
    expect(() => wearAndTear(manual([4]), [broken])).toThrow(/repaired or replaced/)
    expect(repair(broken).die).toBe("d6")
  })
})
