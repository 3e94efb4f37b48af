import { describe, expect, it } from "vitest"
import {
  blockJsonSchema,
  ConversionError,
  closestStandardDie,
  convert,
  fromCairn,
  fromDcc,
  fromKnave,
  fromMorkBorg,
  fromOse,
  moraleHolds,
  resolveFromMorale,
  resolveFromTemperament,
  resolveFromWil,
} from "../src/conversion/index.js"

const failure = (f: () => unknown): ConversionError => {
  try {
    f()
  } catch (e) {
    if (e instanceof ConversionError) return e
    throw e
  }
  throw new Error("expected a ConversionError")
}

describe("Resolve", () => {
  it("N-CONVERSION-02 Morale 2–5 → 30%, 6–7 → 50%, 8–9 → 70%, 10–12 → 90%", () => {
    const table = Array.from({ length: 11 }, (_, i) => [i + 2, resolveFromMorale(i + 2)])
    expect(table).toEqual([
      [2, 30],
      [3, 30],
      [4, 30],
      [5, 30],
      [6, 50],
      [7, 50],
      [8, 70],
      [9, 70],
      [10, 90],
      [11, 90],
      [12, 90],
    ])
  })

  it("N-CONVERSION-04 Cairn WIL 3–6 → 30%, 7–11 → 50%, 12–15 → 70%, 16–18 → 90%", () => {
    expect([3, 6, 7, 11, 12, 15, 16, 18].map(resolveFromWil)).toEqual([30, 30, 50, 50, 70, 70, 90, 90])
  })

  it("N-CONVERSION-08 DCC temperament sets Resolve", () => {
    expect(
      ["skittish", "hungry", "pressed", "weak-willed"].map((t) => resolveFromTemperament(t as never)),
    ).toEqual([30, 30, 30, 30])
    expect(["soldier", "bandit", "beast", "guard"].map((t) => resolveFromTemperament(t as never))).toEqual([
      50, 50, 50, 50,
    ])
    expect(
      ["elite", "cultist", "undead", "construct", "fanatic"].map((t) => resolveFromTemperament(t as never)),
    ).toEqual([70, 70, 70, 70, 70])
    expect(
      ["mindless-horror", "holy-guardian", "fearless"].map((t) => resolveFromTemperament(t as never)),
    ).toEqual([90, 90, 90])
  })

  it("N-CONVERSION-01 a morale test holds on 1D% equal to or under Resolve", () => {
    expect(moraleHolds(50, 50)).toBe(true)
    expect(moraleHolds(51, 50)).toBe(false)
    expect(moraleHolds(1, 30)).toBe(true)
  })
})

describe("MÖRK BORG", () => {
  const goblin = {
    name: "Goblin",
    hp: 6,
    morale: 7,
    armorTier: 1 as const,
    attacks: [
      { name: "shiv", damage: "d4" },
      { name: "bite", damage: "d2" },
    ],
    specials: ["Attacks in packs."],
  }

  it("N-CONVERSION-03 HP and Weapons stay the same, D2 becomes D4, Tier 1 Armor becomes D4, Resolve from Morale", () => {
    const npc = fromMorkBorg(goblin)
    expect(npc).toMatchObject({
      name: "Goblin",
      from: "mork-borg",
      hp: 6,
      attacks: [
        { name: "shiv", damage: "D4" },
        { name: "bite", damage: "D4" },
      ],
      armor: "d4",
      resolve: 50,
      specials: [{ text: "Attacks in packs." }],
    })
    expect(npc.shield).toBeUndefined()
  })

  it("N-CONVERSION-03 R-N-CONV-01 R-N-CONV-03 Tier 2 and 3 become D6, no tier is no Armor, and shields stay", () => {
    expect(fromMorkBorg({ ...goblin, armorTier: 2 }).armor).toBe("d6")
    expect(fromMorkBorg({ ...goblin, armorTier: 3 }).armor).toBe("d6")
    expect(fromMorkBorg({ ...goblin, armorTier: 0 }).armor).toBeUndefined()
    expect(fromMorkBorg({ ...goblin, shield: true }).shield).toBe("d6")
    expect(fromMorkBorg({ ...goblin, shield: "d4" }).shield).toBe("d4")
  })

  it("N-CONVERSION-01 the NPC has Drives, HP, Attacks, Armor, Resolve and Specials, with notes for the Referee", () => {
    const npc = fromMorkBorg(goblin)
    expect(npc.drives).toEqual([])
    expect(npc.notes.join(" ")).toContain("Drives: the source block has none")
    expect(fromMorkBorg({ ...goblin, drives: ["shiny things"] }).drives).toEqual(["shiny things"])
  })
})

describe("Cairn", () => {
  const wolf = {
    name: "Wolf",
    hp: 3,
    str: 12,
    dex: 15,
    wil: 8,
    armor: 1 as const,
    attacks: [{ name: "bite", damage: "d6" }],
  }

  it("N-CONVERSION-04 HP and Weapons stay, Armor 1 becomes D4, Resolve from WIL", () => {
    expect(fromCairn(wolf)).toMatchObject({
      hp: 3,
      attacks: [{ name: "bite", damage: "D6" }],
      armor: "d4",
      resolve: 50,
    })
  })

  it("N-CONVERSION-04 R-N-CONV-01 Armor 2 or 3 becomes D6, Armor 0 none", () => {
    expect(fromCairn({ ...wolf, armor: 2 }).armor).toBe("d6")
    expect(fromCairn({ ...wolf, armor: 3 }).armor).toBe("d6")
    expect(fromCairn({ ...wolf, armor: 0 }).armor).toBeUndefined()
  })

  it("N-CONVERSION-04 R-N-CONV-06 a WIL outside 3–18 is refused with its path and clause", () => {
    const e = failure(() => convert("cairn", { ...wolf, wil: 20 }))
    expect([e.path, e.clause]).toEqual(["wil", "N-CONVERSION-04"])
    expect(e.message).toBe("wil: WIL converts from 3 to 18 (N-CONVERSION-04)")
  })
})

describe("Knave", () => {
  const ogre = {
    name: "Ogre",
    hitDice: 4,
    armor: "light" as const,
    morale: 10,
    attacks: [{ name: "club", damage: "d10" }],
  }

  it("N-CONVERSION-05 HP = Hit Dice × 4, listed HP stay the same", () => {
    expect(fromKnave(ogre).hp).toBe(16)
    expect(fromKnave({ ...ogre, hp: 19 }).hp).toBe(19)
    expect(failure(() => fromKnave({ name: "Nothing", morale: 7, attacks: [] })).clause).toBe(
      "N-CONVERSION-05",
    )
  })

  it("N-CONVERSION-05 light Armor or 1–2 Armor Points → D4; heavier or 3+ → D6", () => {
    expect(fromKnave(ogre).armor).toBe("d4")
    expect(fromKnave({ ...ogre, armor: "heavy" }).armor).toBe("d6")
    expect(fromKnave({ ...ogre, armor: { points: 2 } }).armor).toBe("d4")
    expect(fromKnave({ ...ogre, armor: { points: 3 } }).armor).toBe("d6")
    expect(fromKnave({ ...ogre, armor: { points: 0 } }).armor).toBeUndefined()
    expect(fromKnave({ ...ogre, armor: "none" }).armor).toBeUndefined()
  })

  it("N-CONVERSION-05 N-CONVERSION-02 R-N-CONV-05 Morale converts through the bands, not × 10", () => {
    expect(fromKnave(ogre).resolve).toBe(90)
    expect(fromKnave({ ...ogre, morale: 6 }).resolve).toBe(50)
  })
})

describe("Old-School Essentials", () => {
  const hobgoblin = {
    name: "Hobgoblin",
    hitDice: 1,
    hitDiceBonus: 1,
    armor: "leather" as const,
    shield: true,
    morale: 8,
    attacks: [{ name: "weapon", damage: "d8" }],
    saveAs: "F1",
  }

  it("N-CONVERSION-06 R-N-CONV-04 HP = Hit Dice × 4 (plus any +N), Weapons stay, leather → D4, shield stays, Resolve from Morale", () => {
    expect(fromOse(hobgoblin)).toMatchObject({
      hp: 5,
      attacks: [{ damage: "D8" }],
      armor: "d4",
      shield: "d6",
      resolve: 70,
    })
    expect(fromOse({ ...hobgoblin, hitDice: 0.5, hitDiceBonus: 0 }).hp).toBe(2)
  })

  it("N-NPC-02 N-CONVERSION-06 a dragon's Hit Dice × 4 stand above 30 HP, with a note that the Referee may lower them", () => {
    const dragon = fromOse({ ...hobgoblin, name: "Red dragon", hitDice: 10, hitDiceBonus: 0 })
    expect(dragon.hp).toBe(40)
    expect(dragon.notes.some((n) => /30 HP maximum.*N-NPC-02.*N-CONVERSION-01/.test(n))).toBe(true)
    expect(fromOse({ ...hobgoblin, hitDice: 7, hitDiceBonus: 2 }).notes.join(" ")).not.toMatch(/N-NPC-02/)
  })

  it("N-CONVERSION-06 R-N-CONV-08 unarmored → none, hide → D4, mail, plate or supernatural plating → D6", () => {
    expect(fromOse({ ...hobgoblin, armor: "unarmored" }).armor).toBeUndefined()
    expect(fromOse({ ...hobgoblin, armor: "hide" }).armor).toBe("d4")
    expect(
      ["mail", "plate", "supernatural"].map((a) => fromOse({ ...hobgoblin, armor: a as "mail" }).armor),
    ).toEqual(["d6", "d6", "d6"])
  })

  it("N-SAVE-02 an NPC's saves are not converted: it rolls the Die of Fate instead", () => {
    expect(fromOse(hobgoblin).notes).toContain(
      "Saves (F1) are not converted: when this NPC would save, the Referee rolls the 1D% Die of Fate instead (N-SAVE-02).",
    )
  })

  it("N-SAVE-01 R-N-CONV-07 a special that calls for a save becomes a player character's Check, DR 12 adjusted for severity", () => {
    const spider = {
      ...hobgoblin,
      name: "Giant spider",
      specials: [
        { text: "Poison: save or die", save: { against: "poison" as const } },
        { text: "Web", save: { against: "paralysis" as const, severity: "difficult" as const } },
        { text: "Charm", save: { against: "spells" as const, severity: "easy" as const } },
        "Climbs walls",
      ],
    }
    expect(fromOse(spider).specials).toEqual([
      { text: "Poison: save or die", save: { ability: "CON", dr: 12 } },
      { text: "Web", save: { ability: "CON", dr: 15 } },
      { text: "Charm", save: { ability: "PRE", dr: 9 } },
      { text: "Climbs walls" },
    ])
  })
})

describe("DCC", () => {
  const cultist = {
    name: "Cultist",
    hitDice: 2,
    armor: "mail" as const,
    temperament: "cultist" as const,
    attacks: [
      { name: "sacrificial knife", damage: "d5" },
      { name: "claws", damage: "d7", count: 2 },
    ],
    saves: "Fort +1, Ref +0, Will +2",
  }

  it("N-CONVERSION-07 listed HP stay the same, otherwise Hit Dice × 4; Armor as for OSE", () => {
    expect(fromDcc(cultist)).toMatchObject({ hp: 8, armor: "d6", resolve: 70 })
    expect(fromDcc({ ...cultist, hp: 11 }).hp).toBe(11)
    expect(fromDcc({ ...cultist, armor: "unarmored" }).armor).toBeUndefined()
  })

  it("N-CONVERSION-07 R-N-CONV-02 funky dice round to the closest standard die, ties up", () => {
    expect([3, 5, 7, 14, 16, 24, 30, 4, 20].map(closestStandardDie)).toEqual([4, 6, 8, 12, 20, 20, 20, 4, 20])
    expect(fromDcc(cultist).attacks).toEqual([
      { name: "sacrificial knife", damage: "D6" },
      { name: "claws", damage: "D8 + D8" },
    ])
  })

  it("N-CONVERSION-08 N-SAVE-02 Resolve from temperament, saves left to the Die of Fate", () => {
    const npc = fromDcc({ ...cultist, temperament: "skittish" })
    expect(npc.resolve).toBe(30)
    expect(npc.notes.some((n) => n.includes("Fort +1, Ref +0, Will +2") && n.includes("N-SAVE-02"))).toBe(
      true,
    )
  })
})

describe("bad stat blocks", () => {
  it("N-CONVERSION-02 a Morale outside 2–12 is refused with its path and clause", () => {
    const e = failure(() => convert("ose", { name: "X", hitDice: 1, armor: "mail", morale: 13, attacks: [] }))
    expect([e.path, e.clause]).toEqual(["morale", "N-CONVERSION-02"])
  })

  it("N-CONVERSION-01 a missing field, an unknown field or a bad damage roll names its path", () => {
    expect(failure(() => convert("mork-borg", { name: "X", morale: 7, attacks: [] })).path).toBe("hp")
    expect(
      failure(() => convert("cairn", { name: "X", hp: 3, wil: 8, attacks: [], colour: "red" })).path,
    ).toBe("colour")
    const e = failure(() =>
      convert("knave", { name: "X", hp: 3, morale: 7, attacks: [{ name: "bite", damage: "lots" }] }),
    )
    expect(e.path).toBe("attacks[0].damage")
    expect(failure(() => convert("dcc", [])).path).toBe("block")
  })
})

it("N-CONVERSION-01 a bad field inside a list is named by its index", () => {
  const e = failure(() =>
    convert("cairn", { name: "X", hp: 3, wil: 8, attacks: [{ name: "", damage: "d6" }] }),
  )
  expect(e.path).toBe("attacks[0].name")
})

it("N-CONVERSION-01 each system's stat block has a JSON Schema naming its fields", () => {
  const s = blockJsonSchema("cairn") as { $defs: Record<string, { required?: string[] }> }
  expect(s.$defs.CairnBlock!.required).toEqual(expect.arrayContaining(["name", "attacks", "hp", "wil"]))
  expect(Object.keys(blockJsonSchema("dcc").$defs ?? {})).toContain("Temperament")
})
