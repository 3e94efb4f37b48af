import { describe, expect, it } from "vitest"
import { armourBlocks, rollArmour, unblocked } from "../src/blight/Armour.js"
import { manual } from "../src/Source.js"

describe("Armour", () => {
  it("B-ARMOUR-01 each 4+ blocks one ordinary hit", () => {
    const r = rollArmour(manual([4, 5, 2]), { armour: 3 }, { hits: 3, crits: 0 })
    expect(r).toMatchObject({ blocked: 2, through: 1, damage: 1 })
  })

  it("B-ARMOUR-02 a Crit is blocked only by a 6, or by a 5+ with a Helmet", () => {
    expect(rollArmour(manual([5]), { armour: 1 }, { hits: 1, crits: 1 }).through).toBe(1)
    expect(rollArmour(manual([6]), { armour: 1 }, { hits: 1, crits: 1 }).through).toBe(0)
    expect(rollArmour(manual([5]), { armour: 1, helmet: true }, { hits: 1, crits: 1 }).through).toBe(0)
    expect(rollArmour(manual([4]), { armour: 1, helmet: true }, { hits: 1, crits: 1 }).through).toBe(1)
  })

  it("B-ARMOUR-03 B-SHOOT-08 each unblocked hit deals the weapon's Damage", () => {
    const r = rollArmour(manual([1, 1]), { armour: 2, damage: 2 }, { hits: 3, crits: 1 })
    expect(r).toMatchObject({ through: 3, critsThrough: 1, damage: 6 })
  })

  it("B-ARMOUR-02 the defender assigns dice as well as it can: 4s and 5s on ordinary hits, 6s where needed", () => {
    // faces 6 and 4 against 1 ordinary hit and 1 Crit: the 4 takes the ordinary hit, the 6 the Crit
    expect(unblocked({ hits: 2, crits: 1 }, armourBlocks([6, 4], false))).toEqual({ hits: 0, crits: 0 })
    // a spare 6 blocks an ordinary hit
    expect(unblocked({ hits: 2, crits: 0 }, armourBlocks([6, 6], false))).toEqual({ hits: 0, crits: 0 })
    // two 5s cannot stop a Crit without a Helmet
    expect(unblocked({ hits: 1, crits: 1 }, armourBlocks([5, 5], false))).toEqual({ hits: 1, crits: 1 })
  })

  it("R-DICE-03 Armour 0 rolls no dice (Armour is not a pool, so no desperate die)", () => {
    const r = rollArmour(manual([]), { armour: 0 }, { hits: 2, crits: 0 })
    expect(r.faces).toEqual([])
    expect(r.through).toBe(2)
  })
})
