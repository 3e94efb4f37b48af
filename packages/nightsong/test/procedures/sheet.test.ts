import { manual, seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as C from "../../src/character/index.js"
import { addCondition, freeSlots } from "../../src/procedures/Adventurer.js"
import { takeDamage } from "../../src/procedures/combat/Harm.js"
import { repair, wearAndTear } from "../../src/procedures/items/Gear.js"
import { longRest, useRemedy } from "../../src/procedures/rest/Rest.js"
import { advanceSheet, adventurerOf, applyTo, gearOf, withGear } from "../../src/procedures/Sheet.js"
import { cast, refill } from "../../src/procedures/spells/Shard.js"

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

describe("starting dice on a sheet (R-N-CHAR-10)", () => {
  // A sheet with a found Shard on a D8 and a D10 Weapon, on top of what it was made with.
  const armed = (): C.Character => {
    const c = sheet(7, { background: "Scholar" })
    return C.recount({
      ...c,
      items: [...c.items, { name: "Greatsword", kind: "weapon", size: "bulky", die: "d10" }],
      spellShards: [...c.spellShards, { spell: "Ward", die: "d8", origin: "found", provisional: false }],
    })
  }

  it("N-SPELL-04 N-SPELL-05 R-N-SPELL-03 R-N-CHAR-10 a Shard drained, written to the sheet and read again refills to the die it started at", () => {
    const c = armed()
    const gear = gearOf(c)
    const at = gear.findIndex((g) => g.name === "Ward")
    expect(gear[at]).toMatchObject({ die: "d8", start: "d8" })
    // Cast until drained: a 1 on the Step Die drops two steps (D8 → D4), then D4 → D0.
    const caster = { ...adventurerOf(c), abilities: { ...adventurerOf(c).abilities, presence: 3 } }
    let ward = cast(manual([20, 1]), caster, gear[at]!).shard
    ward = cast(manual([20, 1]), caster, ward).shard
    expect(ward.die).toBe("d0")
    const saved = withGear(c, gear.with(at, ward))
    expect(saved.spellShards.find((s) => s.spell === "Ward")).toMatchObject({ die: "d0", start: "d8" })
    expect(C.formatSheet(saved)).toContain("  - Ward (D0 of D8)")
    expect(Result.isSuccess(C.validateCharacter(saved))).toBe(true)
    // Through JSON and back, as a sheet on disk is.
    const again = gearOf(Result.getOrThrow(C.validateCharacter(JSON.parse(JSON.stringify(saved)))))
    const refilled = refill(caster, again, [at])[at]!
    expect(refilled).toMatchObject({ name: "Ward", die: "d8", start: "d8" })
    // Refilled, the die is its start again, so the sheet writes no start.
    expect(withGear(saved, again.with(at, refilled)).spellShards.find((s) => s.spell === "Ward")).toEqual({
      spell: "Ward",
      die: "d8",
      origin: "found",
      provisional: false,
    })
  })

  it("N-WEAPON-02 N-COMBAT-11 R-N-CHAR-10 a Weapon worn in a fight, saved and read again, is repaired to its starting die", () => {
    const c = armed()
    const gear = gearOf(c)
    const at = gear.findIndex((g) => g.name === "Greatsword")
    const worn = wearAndTear(manual([2]), [gear[at]!]).gear[0]!
    expect(worn).toMatchObject({ die: "d8", start: "d10" })
    const saved = withGear(c, gear.with(at, worn))
    expect(saved.items.find((i) => i.name === "Greatsword")).toMatchObject({ die: "d8", start: "d10" })
    expect(Result.isSuccess(C.validateCharacter(saved))).toBe(true)
    const back = gearOf(saved)[at]!
    expect(back).toEqual(worn)
    expect(repair(back).die).toBe("d10")
    // The sheet shows how far it has run down.
    expect(C.formatSheet(saved)).toContain("  - Greatsword (D8 of D10, bulky)")
    expect(C.formatSheet(c)).toContain("  - Greatsword (D10, bulky)")
  })

  it("N-STEPDIE-04 R-N-CHAR-10 R-N-CHAR-05 an old sheet without start: the die shown is the start, a spent Shard refills to D6, spent gear needs its die named", () => {
    const c = armed()
    const old: C.Character = {
      ...c,
      items: c.items.map((i) => (i.name === "Greatsword" ? { ...i, die: "d0" as const } : i)),
      spellShards: c.spellShards.map((s) => (s.spell === "Ward" ? { ...s, die: "d4" as const } : s)),
    }
    const gear = gearOf(old)
    expect(gear.find((g) => g.name === "Ward")).toEqual({
      name: "Ward",
      kind: "shard",
      die: "d4",
      start: "d4",
    })
    const sword = gear.find((g) => g.name === "Greatsword")!
    expect(sword).toEqual({ name: "Greatsword", kind: "weapon", die: "d0" })
    expect(() => repair(sword)).toThrow(/not known: name the die.*N-WEAPON-02/)
    expect(repair(sword, "d8").die).toBe("d8")
    expect(() => repair(sword, "d0")).toThrow(/N-STEPDIE-04/)
    const drained = gearOf({
      ...old,
      spellShards: old.spellShards.map((s) => ({ ...s, die: "d0" as const })),
    })
    expect(drained.filter((g) => g.kind === "shard").every((g) => g.start === "d6")).toBe(true)
  })

  it("N-STEPDIE-04 N-WEAPON-01 R-N-CHAR-10 a starting die that is D0, out of its kind's range or without a die is refused with its path", () => {
    const c = armed()
    const sword = c.items.findIndex((i) => i.name === "Greatsword")
    const bad = (item: Partial<C.Item>) =>
      C.validateCharacter({ ...c, items: c.items.with(sword, { ...c.items[sword]!, ...item }) })
    const problems = (r: ReturnType<typeof bad>) =>
      Result.isFailure(r) ? r.failure.map((p) => `${p.path} ${p.clause}`) : []
    expect(problems(bad({ start: "d0" }))).toEqual([`items[${sword}].start N-STEPDIE-04`])
    expect(problems(bad({ kind: "armor", die: "d4", start: "d8" }))).toEqual([
      `items[${sword}].start N-ARMOR-01`,
    ])
    const { die: _die, ...noDie } = c.items[sword]!
    const r0 = C.validateCharacter({ ...c, items: c.items.with(sword, { ...noDie, start: "d8" }) })
    expect(problems(r0)).toEqual([`items[${sword}].start N-STEPDIE-01`])
    expect(problems(bad({ die: "d4", start: "d12" }))).toEqual([])
    const shard = c.spellShards.length - 1
    const r = C.validateCharacter({
      ...c,
      spellShards: c.spellShards.with(shard, { ...c.spellShards[shard]!, start: "d0" }),
    })
    expect(problems(r)).toEqual([`spellShards[${shard}].start N-STEPDIE-04`])
  })

  it("N-STEPDIE-01 R-N-CHAR-10 gear that does not match the sheet is refused, naming the entry, and the sheet is unchanged", () => {
    const c = armed()
    const gear = gearOf(c)
    expect(() => withGear(c, gear.slice(1))).toThrow(/gear: the sheet carries/)
    expect(() => withGear(c, gear.with(0, { ...gear[0]!, name: "Spoon" }))).toThrow(/gear\[0\]: expected/)
    expect(withGear(c, gear)).toEqual(c)
  })
})
