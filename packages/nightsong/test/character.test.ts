import { manual, seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  abilityTitle,
  type Character,
  CharacterProblem,
  characterJsonSchema,
  formatSheet,
  generateCharacter,
  highest,
  rollAbilities,
  scoreFor2d6,
  slotUsage,
  takeCondition,
  UNNAMED_SPELL,
  validateCharacter,
} from "../src/character/index.js"
import { Backgrounds } from "../src/tables/index.js"

// Array order d4 d3 d2 → STR +2, DEX +1, PRE 0, CON -1; Strength table 1D6 = 4 (Farmer);
// coins 1+2+3; ten details; name table 4 ("cont."), Wren, Ash-, -brook.
const farmerDice = [1, 1, 1, 4, 1, 2, 3, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 4, 2, 1, 1]

const problemsOf = (input: unknown): readonly CharacterProblem[] =>
  Result.match(validateCharacter(input), { onFailure: (p) => p, onSuccess: () => [] })

describe("creation, step by step", () => {
  const source = manual(farmerDice)
  const c = generateCharacter(source)

  it("N-CREATE-01 N-ABILITY-04 R-N-CHAR-09 the array method distributes +2, +1, 0, -1 (rolled order: d4, d3, d2)", () => {
    expect(c.abilities).toEqual({ STR: 2, DEX: 1, PRE: 0, CON: -1 })
    expect(source.remaining).toBe(0)
  })

  it("N-HP-01 maximum HP is Constitution + 6, and a new character starts full", () => {
    expect(c.maxHp).toBe(5)
    expect(c.hp).toBe(5)
  })

  it("N-FOCUS-01 Focus is Dexterity, up to 3", () => expect(c.focus).toBe(1))

  it("N-SLOTS-01 N-SLOTS-02 Slots are Strength + 10; standard items fill 1, petty none", () => {
    expect(c.slots).toEqual({ total: 12, used: 6 })
  })

  it("N-BACKGROUND-01 N-BACKGROUND-02 N-ITEM-02 the highest Ability's table gives the background, on top of the common supplies", () => {
    expect(c.background).toEqual({ name: "Farmer", table: "STR" })
    expect(c.items.map((i) => i.name)).toEqual([
      "Bundle of torches",
      "Pack rations",
      "Spear",
      "cloak",
      "shovel",
      "chicken",
      "sack",
    ])
    expect(c.items[0]).toEqual({ name: "Bundle of torches", kind: "supply", size: "standard", die: "d6" })
    expect(c.items[1]).toEqual({ name: "Pack rations", kind: "supply", size: "petty", die: "d6" })
    expect(c.items[2]).toEqual({ name: "Spear", kind: "weapon", size: "standard", die: "d8" })
    expect(c.coins).toBe(60)
    expect(c.spellShards).toEqual([])
  })

  it("N-DETAILS-01 N-TABLE-03 R-N-TABLE-03 details come from the ten Details tables and the name from the name tables", () => {
    expect(c.details).toEqual({
      face: "Round",
      eyes: "Gentle",
      hair: "Curly",
      physique: "Heavy",
      clothing: "Dirty",
      mannerism: "Never smiles",
      speech: "Loud",
      virtue: "Patient",
      flaw: "Rash",
      drive: "Revenge",
    })
    expect(c.name).toBe("Wren Ashbrook")
  })

  it("N-DETAILS-01 a detail may be picked from its table instead of rolled; the others still roll in order", () => {
    // farmerDice without the Face and Drive dice (1 and 4): those two are picked.
    const dice = [1, 1, 1, 4, 1, 2, 3, 2, 3, 4, 5, 6, 1, 2, 3, 4, 2, 1, 1]
    const source = manual(dice)
    const picked = generateCharacter(source, { details: { face: "scarred", drive: "Survival" } })
    expect(source.remaining).toBe(0)
    expect(picked.details).toEqual({ ...c.details, face: "Scarred", drive: "Survival" })
    expect(picked.name).toBe("Wren Ashbrook")
    let e: unknown
    try {
      generateCharacter(manual(dice), { details: { eyes: "Purple" } })
    } catch (x) {
      e = x
    }
    expect(e).toBeInstanceOf(CharacterProblem)
    expect(e).toMatchObject({ path: "options.details.eyes", clause: "N-DETAILS-01" })
    expect((e as CharacterProblem).message).toMatch(/Piercing, Gentle, Cold, Weary, Bright, Distant/)
  })

  it("N-CREATE-01 the character made is valid", () => expect(problemsOf(c)).toEqual([]))

  it("N-CREATE-01 the sheet shows every part", () => {
    const sheet = formatSheet(c)
    expect(sheet).toContain("Wren Ashbrook, Farmer (Strength background)")
    expect(sheet).toContain("STR +2   DEX +1   PRE 0   CON -1")
    expect(sheet).toContain("HP 5/5   Focus 1   Slots 6/12   Coins 60")
    expect(sheet).toContain("  - Pack rations (D6 Uses, petty)")
  })
})

describe("the 2D6 method", () => {
  it("N-ABILITY-05 2D6 totals map to scores -3 … +3", () => {
    expect([2, 3, 4, 5, 6, 8, 9, 10, 11, 12].map(scoreFor2d6)).toEqual([-3, -2, -1, -1, 0, 0, 1, 1, 2, 3])
  })

  it("N-ABILITY-06 R-N-CHAR-08 when no score is +1 or higher, all four are rerolled", () => {
    const source = manual([3, 4, 3, 4, 3, 4, 3, 4, 6, 6, 1, 1, 5, 5, 2, 3])
    const r = rollAbilities(source)
    expect(r.passes).toHaveLength(2)
    expect(r.passes[0]!.scores).toEqual({ STR: 0, DEX: 0, PRE: 0, CON: 0 })
    expect(r.scores).toEqual({ STR: 3, DEX: -3, PRE: 1, CON: -1 })
  })

  it("N-FOCUS-01 R-N-CHAR-01 a negative Dexterity gives 0 Focus, never less", () => {
    const dice = [6, 6, 1, 1, 5, 5, 2, 3, 1, 1, 1, 1, ...[1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 1, 1, 1, 1]
    const c = generateCharacter(manual(dice), { method: "roll" })
    expect(c.abilities.DEX).toBe(-3)
    expect(c.focus).toBe(0)
    expect(c.background.name).toBe("Soldier")
  })
})

describe("backgrounds", () => {
  it("N-BACKGROUND-02 R-N-CHAR-03 a tie for highest is broken by a die among the tied, or by the player's choice", () => {
    // STR 9 (+1), DEX 10 (+1), PRE 7, CON 7; tie die 2 → DEX; Dexterity 1D6 = 1 (Thief)
    const rolled = [4, 5, 5, 5, 3, 4, 3, 4]
    const rest = [1, 1, 1, ...Array(10).fill(1), 1, 1, 1, 1]
    const c = generateCharacter(manual([...rolled, 2, 1, ...rest]), { method: "roll" })
    expect(highest(c.abilities).abilities).toEqual(["STR", "DEX"])
    expect(c.background).toEqual({ name: "Thief", table: "DEX" })
    const chosen = generateCharacter(manual([...rolled, 1, ...rest]), {
      method: "roll",
      backgroundTable: "strength",
    })
    expect(chosen.background).toEqual({ name: "Soldier", table: "STR" })
  })

  it("N-BACKGROUND-02 the chosen table must be one of the highest Abilities", () => {
    const dice = [4, 5, 5, 5, 3, 4, 3, 4, 1]
    expect(() => generateCharacter(manual(dice), { method: "roll", backgroundTable: "CON" })).toThrow(
      /options.backgroundTable: the background table is the highest Ability's \(Strength or Dexterity\), got "CON" \(N-BACKGROUND-02\)/,
    )
  })

  it("N-BACKGROUND-03 a player may pick any background instead of rolling", () => {
    const c = generateCharacter(seeded(3), { background: "monk" })
    expect(c.background).toEqual({ name: "Monk", table: "CON" })
    expect(problemsOf(c)).toEqual([])
    const e = (() => {
      try {
        generateCharacter(seeded(3), { background: "Wizard" })
      } catch (x) {
        return x
      }
    })()
    expect(e).toBeInstanceOf(CharacterProblem)
    expect((e as CharacterProblem).path).toBe("options.background")
    expect((e as CharacterProblem).clause).toBe("N-BACKGROUND-03")
  })

  it("N-ABILITY-04 a chosen array must be +2, +1, 0 and -1", () => {
    const c = generateCharacter(seeded(1), { array: { STR: -1, DEX: 0, PRE: 1, CON: 2 } })
    expect(c.abilities).toEqual({ STR: -1, DEX: 0, PRE: 1, CON: 2 })
    expect(() => generateCharacter(seeded(1), { array: { STR: 2, DEX: 2, PRE: 0, CON: -1 } })).toThrow(
      /N-ABILITY-04/,
    )
  })

  it("N-BACKGROUND-04 R-N-CHAR-04 R-N-CHAR-05 R-N-CHAR-06 a Presence character owns Presence-many Shards, plus the Scholar's own", () => {
    // PRE +2 highest; Presence 1D6 = 2 (Scholar)
    const c = generateCharacter(manual([2, 1, 1, 1, ...Array(10).fill(3), 1, 1, 1, 1]), {
      array: { STR: -1, DEX: 0, PRE: 2, CON: 1 },
    })
    expect(c.background.name).toBe("Scholar")
    expect(c.spellShards.map((s) => s.origin)).toEqual(["presence", "presence", "background"])
    expect(c.spellShards[0]).toEqual({
      spell: UNNAMED_SPELL,
      die: "d6",
      origin: "presence",
      provisional: true,
    })
    expect(slotUsage(c)).toMatchObject({ items: 5, spellShards: 3, used: 8, total: 9, overfilled: false })
    expect(problemsOf(c)).toEqual([])
  })

  it("N-SLOTS-03 R-N-CHAR-07 a starting kit that does not fit leaves plain gear behind, last listed first", () => {
    // STR -3, DEX -3, PRE +3, CON -3 (7 Slots); Presence 1D6 = 1 (Priest); 3 Shards
    const dice = [1, 1, 1, 1, 6, 6, 1, 1, 1, ...Array(3 + 10 + 4).fill(1)]
    const c = generateCharacter(manual(dice), { method: "roll" })
    expect(c.background.name).toBe("Priest")
    expect(c.items.map((i) => i.name)).toEqual([
      "Bundle of torches",
      "Pack rations",
      "Mace",
      "robe",
      "incense",
    ])
    expect(c.leftBehind.map((i) => i.name)).toEqual(["holy symbol", "bell"])
    expect(c.slots).toEqual({ total: 7, used: 7 })
    expect(problemsOf(c)).toEqual([])
  })
})

describe("seeded characters", () => {
  const seeds = Array.from({ length: 300 }, (_, i) => i)
  const made = seeds.flatMap((s) => [
    generateCharacter(seeded(s), { method: "array" }),
    generateCharacter(seeded(s), { method: "roll" }),
  ])

  it("N-HP-01 N-FOCUS-01 N-SLOTS-01 every generated character has HP = CON + 6, Focus = min(DEX, 3) ≥ 0, Slots = STR + 10", () => {
    for (const c of made) {
      expect(c.maxHp).toBe(c.abilities.CON + 6)
      expect(c.focus).toBe(Math.max(0, Math.min(c.abilities.DEX, 3)))
      expect(c.slots.total).toBe(c.abilities.STR + 10)
    }
  })

  it("N-BACKGROUND-02 N-ABILITY-06 every background comes from a highest Ability, and some score is +1 or more", () => {
    for (const c of made) {
      expect(highest(c.abilities).abilities).toContain(c.background.table)
      expect(Math.max(...Object.values(c.abilities))).toBeGreaterThanOrEqual(1)
    }
  })

  it("N-ITEM-02 R-N-CHAR-02 every character starts with torches (D6), rations (D6, petty) and 3D6 × 10 coins", () => {
    for (const c of made) {
      expect(c.items.slice(0, 2).map((i) => [i.name, i.die, i.size])).toEqual([
        ["Bundle of torches", "d6", "standard"],
        ["Pack rations", "d6", "petty"],
      ])
      expect(c.coins % 10).toBe(0)
      expect(c.coins).toBeGreaterThanOrEqual(30)
      expect(c.coins).toBeLessThanOrEqual(180)
    }
  })

  it("N-CREATE-01 every generated character is valid, and a seed always makes the same one", () => {
    for (const c of made) expect(problemsOf(c)).toEqual([])
    expect(generateCharacter(seeded(7))).toEqual(generateCharacter(seeded(7)))
  })
})

describe("validation", () => {
  const good = generateCharacter(manual(farmerDice))
  const bad = (patch: (c: Character) => unknown) => problemsOf(patch(structuredClone(good) as Character))

  it("N-HP-01 a wrong maximum HP for Constitution is reported with its path and clause", () => {
    const p = bad((c) => ({ ...c, maxHp: 9, hp: 9 }))
    expect(p.map((x) => [x.path, x.clause])).toEqual([["maxHp", "N-HP-01"]])
    expect(p[0]!.message).toBe("maxHp: maximum HP is Constitution + 6 = 5, got 9 (N-HP-01)")
  })

  it("N-FOCUS-01 Focus above 3, or above Dexterity, is reported", () => {
    expect(
      bad((c) => ({
        ...c,
        abilities: { ...c.abilities, DEX: 3, STR: 1 },
        focus: 4,
        slots: { total: 11, used: 6 },
      }))[0]!.message,
    ).toBe("focus: Focus is at most 3, got 4 (N-FOCUS-01)")
    expect(bad((c) => ({ ...c, focus: 2 }))[0]!.message).toBe(
      "focus: Focus is Dexterity up to 3 = 1, got 2 (N-FOCUS-01)",
    )
  })

  it("N-SLOTS-01 N-SLOTS-03 N-CONDITION-01 N-CONDITION-02 Conditions fill Slots, and overfilled Slots are reported", () => {
    const sick = {
      ...good,
      conditions: [
        { name: "fatigued", slots: 1 },
        { name: "broken arm", slots: 2 },
      ],
    }
    expect(slotUsage(sick)).toMatchObject({ conditions: 3, used: 9, free: 3, overfilled: false })
    const p = bad((c) => ({
      ...c,
      conditions: [{ name: "poisoned", slots: 7 }],
      slots: { total: 12, used: 13 },
    }))
    expect(p.map((x) => [x.path, x.clause])).toEqual([["slots", "N-CONDITION-02"]])
    expect(bad((c) => ({ ...c, slots: { total: 10, used: 6 } })).map((x) => x.clause)).toEqual(["N-SLOTS-01"])
    expect(bad((c) => ({ ...c, slots: { total: 12, used: 4 } }))[0]!.message).toMatch(
      /slots.used: items \(6\).*fill 6 Slots, got 4 \(N-SLOTS-03\)/,
    )
  })

  it("N-BACKGROUND-01 N-BACKGROUND-02 an unknown background, or one on the wrong table, is reported", () => {
    expect(
      bad((c) => ({ ...c, background: { name: "Wizard", table: "PRE" } })).map((x) => [x.path, x.clause]),
    ).toEqual([["background.name", "N-BACKGROUND-01"]])
    expect(bad((c) => ({ ...c, background: { name: "Farmer", table: "DEX" } }))[0]!.path).toBe(
      "background.table",
    )
  })

  it("N-WEAPON-01 N-ARMOR-01 N-SHIELD-02 Step Dice outside an item's range are reported", () => {
    const p = bad((c) => ({
      ...c,
      items: [...c.items.slice(0, 6), { name: "Plate", kind: "armor", size: "standard", die: "d8" }],
    }))
    expect(p.map((x) => [x.path, x.clause])).toEqual([["items[6].die", "N-ARMOR-01"]])
  })

  it("N-ABILITY-05 N-ABILITY-06 N-BACKGROUND-04 creation rules on scores and Presence Shards", () => {
    const p = bad((c) => ({
      ...c,
      abilities: { STR: 0, DEX: 0, PRE: 0, CON: -1 },
      focus: 0,
      slots: { total: 10, used: 6 },
    }))
    expect(p.map((x) => x.clause)).toEqual(["N-ABILITY-06"])
    const q = bad((c) => ({ ...c, abilities: { STR: 2, DEX: 1, PRE: 4, CON: -1 } }))
    expect(q.map((x) => x.clause)).toEqual(["N-ABILITY-05", "N-BACKGROUND-04"])
  })

  it("N-CREATE-01 a malformed character lists every shape problem with its path", () => {
    const p = problemsOf({ ...good, abilities: { ...good.abilities, STR: "x" }, hp: undefined, extra: 1 })
    const paths = p.map((x) => x.path)
    expect(paths).toContain("abilities.STR")
    expect(paths).toContain("hp")
    expect(paths).toContain("extra")
    expect(problemsOf("not a character")[0]!.path).toBe("character")
  })
})

it("N-BACKGROUND-01 every background can be picked and makes a valid character", () => {
  for (const b of Backgrounds.allBackgrounds) {
    expect(problemsOf(generateCharacter(seeded(11), { background: b.name }))).toEqual([])
  }
})

describe("what each Ability sets", () => {
  const base = { array: { STR: 2, DEX: 1, PRE: 0, CON: -1 }, background: "Farmer" } as const

  it("N-ABILITY-01 a character has four Abilities: Strength, Dexterity, Presence, Constitution", () => {
    expect(Object.keys(generateCharacter(seeded(5)).abilities)).toEqual(["STR", "DEX", "PRE", "CON"])
    expect(Object.values(abilityTitle)).toEqual(["Strength", "Dexterity", "Presence", "Constitution"])
  })

  it("N-ABILITY-02 Strength sets the Slots and Dexterity the Focus", () => {
    const a = generateCharacter(seeded(5), base)
    const b = generateCharacter(seeded(5), { ...base, array: { STR: -1, DEX: 2, PRE: 0, CON: 1 } })
    expect([a.slots.total, a.focus]).toEqual([12, 1])
    expect([b.slots.total, b.focus]).toEqual([9, 2])
  })

  it("N-ABILITY-03 N-HP-01 Constitution sets starting HP and Presence the Spell Shards", () => {
    const a = generateCharacter(seeded(5), { ...base, array: { STR: 0, DEX: -1, PRE: 1, CON: 2 } })
    const b = generateCharacter(seeded(5), { ...base, array: { STR: 0, DEX: -1, PRE: 2, CON: 1 } })
    expect([a.maxHp, a.spellShards.length]).toEqual([8, 0])
    expect([b.maxHp, b.spellShards.length]).toEqual([7, 2])
  })

  it("N-BACKGROUND-05 a Spell Shard cannot be copied or crafted: only Presence, background or found Shards are valid", () => {
    const c = generateCharacter(seeded(5), { ...base, array: { STR: 0, DEX: -1, PRE: 2, CON: 1 } })
    const crafted = { ...c, spellShards: [c.spellShards[0]!, { ...c.spellShards[1]!, origin: "crafted" }] }
    const p = problemsOf(crafted)
    expect(p.map((x) => [x.path, x.clause])).toEqual([["spellShards[1].origin", "N-BACKGROUND-05"]])
    const found = {
      ...c,
      spellShards: [...c.spellShards, { ...c.spellShards[0]!, origin: "found" }],
      slots: { ...c.slots, used: c.slots.used + 1 },
    }
    expect(problemsOf(found)).toEqual([])
  })
})

describe("Conditions in Slots", () => {
  const c = generateCharacter(manual(farmerDice)) // 12 Slots, 6 used

  it("N-CONDITION-01 a Condition takes its Slots", () => {
    const sick = takeCondition(c, { name: "fatigued", slots: 1 })
    expect(sick.slots).toEqual({ total: 12, used: 7 })
    expect(takeCondition(sick, { name: "broken leg", slots: 2 }).slots.used).toBe(9)
    expect(problemsOf(sick)).toEqual([])
  })

  it("N-CONDITION-01 R-N-CONDITION-01 R-N-CONDITION-04 on a sheet, the same Condition again worsens the one borne", () => {
    const sick = takeCondition(c, { name: "fatigued", slots: 1 })
    const worse = takeCondition(sick, { name: "Fatigue", slots: 1 })
    expect(worse.conditions).toEqual([{ name: "fatigued", slots: 2 }])
    expect(worse.slots.used).toBe(8)
    expect(problemsOf(worse)).toEqual([])
  })

  it("N-CONDITION-02 with no Slot free, something must be dropped first, or nothing changes", () => {
    const full = takeCondition(c, { name: "poisoned", slots: 6 })
    expect(slotUsage(full)).toMatchObject({ used: 12, free: 0 })
    let error: unknown
    try {
      takeCondition(full, { name: "fatigued", slots: 1 })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(CharacterProblem)
    expect((error as CharacterProblem).clause).toBe("N-CONDITION-02")
    expect((error as CharacterProblem).message).toMatch(
      /"fatigued" needs 1 Slot but only 0 are free: drop 1 Slot more/,
    )
    const dropped = takeCondition(full, { name: "fatigued", slots: 1 }, [6])
    expect(dropped.items.map((i) => i.name)).not.toContain("sack")
    expect(dropped.slots.used).toBe(12)
    expect(() => takeCondition(full, { name: "fatigued", slots: 1 }, [99])).toThrow(
      /drop\[0\]: no item at index 99/,
    )
  })
})

it("N-CREATE-01 the character schema is published as JSON Schema", () => {
  const s = characterJsonSchema() as { $ref: string; $defs: Record<string, { required?: string[] }> }
  expect(s.$ref).toBe("#/$defs/NightsongCharacter")
  expect(s.$defs.NightsongCharacter!.required).toEqual(
    expect.arrayContaining(["abilities", "hp", "maxHp", "focus", "slots"]),
  )
})
