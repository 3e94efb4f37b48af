import { manual, seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as C from "../../src/character/index.js"
import { addCondition, freeSlots } from "../../src/procedures/Adventurer.js"
import { takeDamage } from "../../src/procedures/combat/Harm.js"
import { longRest, useRemedy } from "../../src/procedures/rest/Rest.js"
import { advanceSheet, adventurerOf, applyTo, gearOf } from "../../src/procedures/Sheet.js"

const sheet = (seed: number, options: C.GenerateOptions = {}) => C.generateCharacter(seeded(seed), options)

describe("playing a character sheet", () => {
  it("N-SLOTS-03 N-HP-01 a sheet reads into play with its Abilities, HP, Focus and Slots", () => {
    const c = sheet(7)
    const a = adventurerOf(c)
    expect(a.abilities).toEqual({
      strength: c.abilities.STR,
      dexterity: c.abilities.DEX,
      presence: c.abilities.PRE,
      constitution: c.abilities.CON,
    })
    expect([a.hp, a.maxHp, a.focus, a.slots]).toEqual([c.hp, c.maxHp, c.focus, c.slots.total])
    expect(a.slots - freeSlots(a)).toBe(c.slots.used)
  })

  it("N-HP-02 N-CONDITION-01 N-REST-02 play results write back onto a sheet that still validates", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const c = sheet(seed)
      let a = takeDamage(manual([]), adventurerOf(c), 1).adventurer
      a = addCondition(a, "fatigued").adventurer
      const hurt = applyTo(c, a)
      expect(hurt.hp).toBe(c.hp - 1)
      expect(hurt.conditions).toEqual([{ name: "fatigued", slots: 1 }])
      expect(hurt.slots.used).toBe(c.slots.used + 1)
      const rested = applyTo(c, longRest(manual([6]), a).adventurer)
      expect(rested.conditions).toEqual([])
      if (C.slotUsage(hurt).overfilled) continue
      expect(Result.isSuccess(C.validateCharacter(hurt))).toBe(true)
    }
  })

  it("N-ADVANCE-02 N-ADVANCE-03 N-ADVANCE-04 an Advancement on a sheet counts and stays valid", () => {
    const c = sheet(7)
    const r = advanceSheet(manual([3, 6, 6, 6, 6]), c)
    expect(r.character.advancements).toBe(1)
    expect(r.character.maxHp).toBe(c.maxHp + 3)
    expect(r.character.slots.total).toBe(r.character.abilities.STR + 10)
    expect(Result.isSuccess(C.validateCharacter(r.character))).toBe(true)
  })

  it("N-WEAPON-01 N-SPELL-01 R-N-CHAR-05 the sheet's dice-tracked items become gear; created Shards refill to D6", () => {
    const c = sheet(7, { background: "Scholar" })
    const gear = gearOf(c)
    const shards = gear.filter((g) => g.kind === "shard")
    expect(shards.length).toBe(c.spellShards.length)
    expect(shards.length).toBeGreaterThan(0)
    expect(shards.every((g) => g.start === "d6")).toBe(true)
    for (const i of c.items.filter(
      (x) => x.die !== undefined && x.kind !== "gear" && x.kind !== "spell-shard",
    ))
      expect(gear.some((g) => g.name === i.name && g.die === i.die)).toBe(true)
  })

  it("N-REMEDY-01 N-REMEDY-02 R-N-REMEDY-02 a Healer's herbs and bandages are Remedies in play: 1D6 HP, then their die", () => {
    const healer = sheet(7, { background: "Healer" })
    const gear = gearOf(healer)
    expect(gear.filter((g) => g.kind === "remedy").map((g) => [g.name, g.die])).toEqual([
      ["herbs", "d6"],
      ["bandages", "d6"],
    ])
    // Torches, rations (and a Priest's incense, a Miner's oil) stay supplies.
    expect(gear.filter((g) => g.kind === "supply").map((g) => g.name)).toEqual([
      "Bundle of torches",
      "Pack rations",
    ])
    expect(gearOf(sheet(7, { background: "Miner" })).find((g) => g.name === "oil")?.kind).toBe("supply")
    const hurt = { ...adventurerOf(healer), hp: 1 }
    const herbs = gear.find((g) => g.name === "herbs")!
    const r = useRemedy(manual([5, 2]), hurt, herbs)
    expect(r).toMatchObject({
      roll: 5,
      remedy: { name: "herbs", die: "d4" },
      elapsed: { unit: "turn", count: 1 },
    })
    expect(r.adventurer.hp).toBe(Math.min(hurt.maxHp, 6))
  })
})
