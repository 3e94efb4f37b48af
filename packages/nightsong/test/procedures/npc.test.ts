import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { attack } from "../../src/procedures/combat/Damage.js"
import {
  damageNpc,
  hpBand,
  loseMembers,
  morale,
  needUnmet,
  npc,
  recover,
  resolveBand,
  THREAT_DIE,
} from "../../src/procedures/npc/Npc.js"
import {
  attackStructure,
  canHarm,
  collide,
  fireOrdnance,
  ORDNANCE,
  repairStructure,
  structure,
  vehicle,
} from "../../src/procedures/structures/Structures.js"

const bandit = () => npc({ name: "Bandit", hp: 6, attack: ["d6"], drives: ["coin"] })

describe("NPCs", () => {
  it("N-NPC-01 an NPC carries its drives (bribes, withdrawal and talk follow from them)", () => {
    expect(bandit().drives).toEqual(["coin"])
  })

  it("N-NPC-02 NPC HP: 4–12 ordinary, 13–20 tough, over 20 colossal, 30 at most", () => {
    expect([hpBand(8), hpBand(15), hpBand(25)]).toEqual(["ordinary", "tough", "colossal"])
    expect(() => npc({ name: "Titan", hp: 31, attack: ["d10"] })).toThrow(/maximum of 30.*N-NPC-02/)
  })

  it("N-NPC-03 NPC Damage: D4 weak, D6 light, D8 medium, D10 heavy", () => {
    expect(THREAT_DIE).toEqual({ weak: "d4", light: "d6", medium: "d8", heavy: "d10" })
  })

  it("N-NPC-04 NPC Armor is none, D4 or D6", () => {
    expect(npc({ name: "Knight", hp: 10, attack: ["d8"], armor: "d6" }).armor).toBe("d6")
    expect(() => npc({ name: "Golem", hp: 10, attack: ["d8"], armor: "d8" })).toThrow(/N-NPC-04/)
  })

  it("N-NPC-05 a Special may bypass Armor entirely", () => {
    expect(attack(manual([5]), { dice: ["d6"], bypassArmor: true }, { armor: "d6" })).toMatchObject({
      damage: 5,
    })
  })

  it("N-COMBAT-04 an NPC at 0 HP is taken out", () => {
    expect(damageNpc(bandit(), 6)).toMatchObject({ takenOut: true, npc: { hp: 0, status: "takenOut" } })
  })

  it("N-NPC-06 N-RECRUIT-01 a Force ignores individuals, and falls at 0 HP to coordinated force", () => {
    const warband = npc({ name: "Warband", hp: 20, attack: ["d8", "d8"], force: true })
    expect(damageNpc(warband, 5)).toMatchObject({ ignored: true, npc: { hp: 20 } })
    expect(damageNpc(warband, 20, { coordinated: true })).toMatchObject({ takenOut: true })
  })

  it("N-RESOLVE-01 R-N-RESOLVE-02 Resolve is 50% by default; under 50 cowardly, 70+ steadfast", () => {
    expect(bandit().resolve).toBe(50)
    expect([resolveBand(30), resolveBand(50), resolveBand(70), resolveBand(90)]).toEqual([
      "cowardly",
      "average",
      "steadfast",
      "steadfast",
    ])
  })

  it("N-RESOLVE-02 R-N-RESOLVE-01 losing half HP calls for 1D% under Resolve to hold, once", () => {
    const hit = damageNpc(bandit(), 3)
    expect(hit.moraleDue).toBe(true)
    expect(morale(manual([50]), hit.npc)).toMatchObject({
      holds: true,
      npc: { status: "active", moraleTested: true },
    })
    const tested = morale(manual([50]), hit.npc).npc
    expect(damageNpc(tested, 1).moraleDue).toBe(false)
    expect(morale(manual([51]), hit.npc)).toMatchObject({ holds: false, npc: { status: "routed" } })
  })

  it("N-RESOLVE-02 a group that loses half its numbers tests morale", () => {
    const wolves = npc({ name: "Wolves", hp: 12, attack: ["d6"], members: 6, resolve: 30 })
    expect(loseMembers(wolves, 2).moraleDue).toBe(false)
    expect(loseMembers(wolves, 3).moraleDue).toBe(true)
  })

  it("N-RECRUIT-02 R-N-RECRUIT-01 unmet needs: above Resolve they desert, otherwise Resolve drops 10%", () => {
    const hireling = npc({ name: "Hireling", hp: 6, attack: ["d6"], resolve: 50 })
    expect(needUnmet(manual([40]), hireling, "paid")).toMatchObject({ deserted: false, npc: { resolve: 40 } })
    expect(needUnmet(manual([51]), hireling, "fed")).toMatchObject({
      deserted: true,
      npc: { status: "deserted" },
    })
  })

  it("N-RECRUIT-03 R-N-RECRUIT-01 Resolve recovers 10% a day, back up to where it began", () => {
    const low = { ...npc({ name: "Hireling", hp: 6, attack: ["d6"], resolve: 50 }), resolve: 20 }
    expect(recover(low, 2).resolve).toBe(40)
    expect(recover(low, 9).resolve).toBe(50)
  })
})

describe("Structures, vehicles, ordnance", () => {
  it("N-STRUCTURE-04 R-N-STRUCTURE-01 Small 5 HP D4, Medium 10 HP D4, Large 10 HP D6", () => {
    expect(
      ["small", "medium", "large"].map((s) => structure("Wall", "fortification", s as "small")),
    ).toMatchObject([
      { hp: 5, armor: "d4" },
      { hp: 10, armor: "d4" },
      { hp: 10, armor: "d6" },
    ])
  })

  it("N-STRUCTURE-02 Light Structures shrug off ordinary Weapons but not fire, magic, ordnance or giants", () => {
    const hut = structure("Hut", "light", "medium")
    expect(attackStructure(manual([]), hut, { dice: ["d8"] }, "weapon")).toMatchObject({
      immune: true,
      clause: "N-STRUCTURE-02",
      dice: [],
    })
    expect(["fire", "magic", "ordnance", "hugeCreature"].every((m) => canHarm(hut, m as "fire"))).toBe(true)
  })

  it("N-STRUCTURE-03 N-ORDNANCE-01 Fortifications yield only to heavy ordnance", () => {
    const wall = structure("Wall", "fortification", "large")
    expect(canHarm(wall, "fire")).toBe(false)
    const r = attackStructure(manual([12, 2]), wall, { dice: ["d12"] }, "ordnance")
    expect(r).toMatchObject({ immune: false, damage: 10, destroyed: true, structure: { hp: 0 } })
  })

  it("N-STRUCTURE-01 destroyed at 0 HP; repair takes a day per HP", () => {
    const gate = { ...structure("Gate", "fortification", "small"), hp: 1 }
    expect(repairStructure(gate, 3)).toMatchObject({ days: 3, structure: { hp: 4 } })
    expect(repairStructure(gate, 9).days).toBe(4)
  })

  it("N-VEHICLE-02 vehicles: Small 4 HP, Medium 7 HP D4, Large 10 HP D6", () => {
    expect([
      vehicle("Raft", "small"),
      vehicle("Longship", "medium"),
      vehicle("Airship", "large"),
    ]).toMatchObject([{ hp: 4 }, { hp: 7, armor: "d4" }, { hp: 10, armor: "d6" }])
    expect(vehicle("Raft", "small").armor).toBeUndefined()
  })

  it("N-VEHICLE-01 R-N-VEHICLE-01 a collision deals D12 to each, or D6 to the much larger one", () => {
    const r = collide(manual([9, 3]), vehicle("Skiff", "small"), vehicle("Cart", "small"))
    expect(r.dice.map((d) => d.sides)).toEqual([12, 12])
    expect(r).toMatchObject({ a: { hp: 0 }, b: { hp: 1 } })
    const big = collide(manual([4, 11]), vehicle("Warship", "large"), vehicle("Skiff", "small"), "a")
    expect(big.dice.map((d) => d.sides)).toEqual([6, 12])
  })

  it("N-ORDNANCE-01 small D12, medium D12 Blast, large D12 + D12 + D12 Blast", () => {
    expect(ORDNANCE).toEqual({
      small: { dice: ["d12"], blast: false },
      medium: { dice: ["d12"], blast: true },
      large: { dice: ["d12", "d12", "d12"], blast: true },
    })
    const walls = [structure("A", "fortification", "small"), structure("B", "fortification", "small")]
    expect(() => fireOrdnance(manual([]), "small", walls)).toThrow(/one target/)
    const r = fireOrdnance(manual([3, 12, 1, 2, 2, 2, 2, 3]), "large", walls)
    expect(r.hits.map((h) => h.damage)).toEqual([10, 0])
    expect(r.destroyed).toEqual(["A"])
  })
})
