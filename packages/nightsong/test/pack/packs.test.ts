import { manual, recording, seeded } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { Character, Packs } from "../../src/index.js"
import { exampleContent, exampleData, problemsOf } from "./example.js"

// biome-ignore lint/suspicious/noExplicitAny: the tests break parsed JSON at any depth
type Json = Record<string, any>
const broken = (edit: (pack: Json) => void): Packs.PackProblem[] => {
  const data = exampleData() as Json
  edit(data)
  return problemsOf(data)
}

describe("the Nightsong core pack", () => {
  it("GAP-N-01 GAP-N-02 R-N-PACK-01 states only the rules' items: no Spells, Spell tables or creatures, and says so", () => {
    const core = Packs.coreContent()
    expect(core.packs.map((p) => [p.id, p.ruleset])).toEqual([["nightsong", "nightsong"]])
    expect(core.entries.spells).toEqual([])
    expect(core.entries.spellTables).toEqual([])
    expect(core.entries.creatures).toEqual([])
    expect(core.entries.tables).toEqual([])
    expect(core.packs[0]?.description).toMatch(/No Spells, Spell tables or creatures/)
  })

  it("N-WEAPON-01 N-ARMOR-01 N-SLOTS-02 N-REMEDY-03 its gear is the backgrounds' and the Remedy grades, with dice and size", () => {
    const core = Packs.coreContent()
    expect(Packs.entry(core, "weapons", "greatsword")).toMatchObject({
      die: "d10",
      size: "bulky",
      provenance: "rules",
    })
    expect(Packs.entry(core, "armour", "chain-armor")).toMatchObject({ die: "d6" })
    expect(Packs.entry(core, "shields", "shield")).toMatchObject({ die: "d6" })
    expect(Packs.entry(core, "supplies", "pack-rations")).toMatchObject({ die: "d6", size: "petty" })
    expect(Packs.entries(core, "remedies").map((r) => r.die)).toEqual(["d4", "d6", "d8"])
  })
})

describe("loading a Nightsong pack", () => {
  it("R-N-PACK-01 the example pack loads over the core pack, each entry from its pack", () => {
    const c = exampleContent()
    expect(c.packs.map((p) => `${p.id}@${p.version}`)).toEqual(["nightsong@0.1.0", "barrow-lights@1.0.0"])
    expect(Packs.sourced(c, "creatures", "grave-moth")?.pack).toBe("barrow-lights")
    expect(Packs.entry(c, "creatures", "grave-moth")?.attack).toEqual(["d6", "d6"])
    expect(Packs.entry(c, "weapons", "greatsword")).toBeDefined()
  })

  it("N-NPC-02 N-NPC-03 N-COMBAT-12 N-NPC-04 a stat block's HP, Damage dice and Armor are checked, with their paths", () => {
    const problems = broken((p) => {
      p.creatures[0].hp = 31
      p.creatures[0].attack = "d8 + d8"
      p.creatures[0].armour = "d8"
      p.creatures[0].resolve = 120
    })
    expect(problems.map((p) => [p.path, p.message.match(/\((N-[A-Z]+-\d+)/)?.[1]])).toEqual([
      ["creatures[0].hp", "N-NPC-02"],
      ["creatures[0].attack", "N-NPC-03"],
      ["creatures[0].armour", "N-NPC-04"],
      ["creatures[0].resolve", "N-RESOLVE-01"],
    ])
    expect(problems.every((p) => p.pack === "pack0.json")).toBe(true)
  })

  it("N-WEAPON-01 N-SHIELD-02 N-REMEDY-03 gear dice stay in their bands", () => {
    const problems = broken((p) => {
      p.weapons[0].die = "d20"
      p.shields = [{ id: "tower", name: "Tower shield", provenance: "provisional", die: "d8" }]
      p.remedies = [{ id: "tonic", name: "Tonic", provenance: "provisional", die: "d0" }]
    })
    expect(problems.map((p) => p.path)).toEqual(["weapons[0].die", "shields[0].die", "remedies[0].die"])
    expect(problems[0]?.message).toBe("a Weapon's quality is a Step Die from D4 to D12 (N-WEAPON-01)")
  })

  it("N-TABLE-02 N-TABLE-01 a table covers every result of its die exactly once", () => {
    const problems = broken((p) => {
      p.tables[0].rows.pop()
      p.spellTables[0].rows[1].key = 2
      p.tables.push({
        id: "d66-omens",
        name: "Omens",
        provenance: "provisional",
        die: "d66",
        rows: [{ key: 3, result: "x" }],
      })
    })
    expect(problems).toEqual([
      expect.objectContaining({
        path: "spellTables[0].rows[1].key",
        message: "result 2 is also covered by row 0",
        clause: "N-TABLE-02",
      }),
      expect.objectContaining({ path: "tables[0].rows", clause: "N-TABLE-02" }),
      expect.objectContaining({ path: "tables[1].rows[0].key", clause: "N-TABLE-01" }),
    ])
  })

  it("R-N-PACK-02 requires, versions and replacing an entry must be said", () => {
    const problems = broken((p) => {
      p.manifest.requires[0].version = "^2.0.0"
      p.weapons.push({ id: "dagger", name: "Bone dagger", provenance: "provisional", die: "d4" })
      p.weapons.push({
        id: "club",
        name: "Knotted club",
        provenance: "provisional",
        die: "d6",
        replaces: "elsewhere",
      })
    })
    expect(problems.map((p) => [p.path, p.clause])).toEqual([
      ["manifest.requires[0].version", "R-N-PACK-02"],
      ["weapons[1].id", "R-N-PACK-02"],
      ["weapons[2].replaces", "R-N-PACK-02"],
    ])
    expect(problems[1]?.message).toContain('add "replaces": "nightsong"')
    const replaced = broken((p) =>
      p.weapons.push({
        id: "dagger",
        name: "Bone dagger",
        provenance: "provisional",
        die: "d4",
        replaces: "nightsong",
      }),
    )
    expect(replaced).toEqual([])
  })

  it("R-N-PACK-02 a pack that requires a pack not loaded loads nothing; packs load after what they require", () => {
    const child = {
      manifest: {
        id: "deeper",
        name: "Deeper",
        version: "0.1.0",
        ruleset: "nightsong",
        requires: [{ pack: "barrow-lights", version: "^1.0.0" }],
        licence: "MIT",
        author: "me",
      },
      spellTables: [
        {
          id: "deep-spells",
          name: "Deep",
          provenance: "provisional",
          die: "d6",
          rows: [{ key: [1, 6], spell: "witchlight" }],
        },
      ],
    }
    expect(problemsOf(child).map((p) => p.path)).toEqual([
      "manifest.requires[0]",
      "spellTables[0].rows[0].spell",
    ])
    expect(problemsOf(child, exampleData())).toEqual([])
  })

  it("R-N-PACK-02 packs that require each other load nothing, and the loop is named", () => {
    const pack = (id: string, needs: string) => ({
      manifest: {
        id,
        name: id,
        version: "1.0.0",
        ruleset: "nightsong",
        requires: [{ pack: needs, version: "^1.0.0" }],
        licence: "MIT",
        author: "me",
      },
    })
    const problems = problemsOf(pack("a", "b"), pack("b", "a"))
    expect(problems[0]).toMatchObject({
      path: "manifest.requires[0]",
      message: expect.stringContaining('"a" → "b" → "a"'),
      clause: "R-N-PACK-02",
    })
  })

  it("N-CONDITION-01 R-N-PACK-04 a Condition the rules do not name needs a severity; a rules table's id is not a pack's", () => {
    const problems = broken((p) => {
      p.creatures[0].specials[0].effects[1] = { kind: "inflict", condition: "dusted" }
      p.tables[0].id = "spark"
      p.spellTables[0].rows[0].spell = "witchlite"
      p.surprise = []
    })
    expect(problems.map((p) => [p.path, p.clause])).toEqual([
      ["surprise", undefined],
      ["creatures[0].specials[0].effects[1].severity", "N-CONDITION-01"],
      ["tables[0].id", "R-N-PACK-04"],
      ["spellTables[0].rows[0].spell", undefined],
    ])
  })
})

describe("rolling what packs bring", () => {
  it("GAP-N-01 R-N-PACK-05 a character's Shards roll their Spells on the pack's Spell table, after every other die", () => {
    const plain = Character.generateCharacter(seeded(7), { background: "Scholar" })
    expect(plain.spellShards.every((s) => s.spell === Character.UNNAMED_SPELL)).toBe(true)
    const withPack = Character.generateCharacter(seeded(7), { background: "Scholar" }, exampleContent())
    expect({ ...withPack, spellShards: [] }).toEqual({ ...plain, spellShards: [] })
    const spells = Packs.entries(exampleContent(), "spells").map((s) => s.name)
    expect(withPack.spellShards.length).toBe(plain.spellShards.length)
    for (const s of withPack.spellShards) expect(spells).toContain(s.spell)
  })

  it("R-N-PACK-05 N-SPELL-01 the Spell's die is its Shard's; the core pack alone keeps the unnamed Spell", () => {
    const options = { background: "Scholar", array: { STR: 0, DEX: -1, PRE: 2, CON: 1 } }
    const before = recording(seeded(11))
    Character.generateCharacter(before, options)
    // The same dice, then a 3 on the 1D6 Spell table for each Shard.
    const dice = manual([...before.log.map((d) => d.value), 3, 3, 3])
    const made = Character.generateCharacter(dice, options, exampleContent())
    expect(made.spellShards.map((s) => [s.spell, s.die, s.provisional])).toEqual([
      ["Grave Whisper", "d4", true],
      ["Grave Whisper", "d4", true],
      ["Grave Whisper", "d4", true],
    ])
    const core = Character.generateCharacter(seeded(3), { background: "Scholar" }, Packs.coreContent())
    expect(core.spellShards.map((s) => s.spell)).toEqual([
      Character.UNNAMED_SPELL,
      ...core.spellShards.slice(1).map(() => Character.UNNAMED_SPELL),
    ])
  })

  it("N-TABLE-02 a pack's table rolls like the rules' tables", () => {
    const r = Packs.rollPackTable(manual([5]), exampleContent(), "barrow-mist")
    expect(r).toMatchObject({
      table: "barrow-mist",
      pack: "barrow-lights",
      roll: { result: "A barrow door standing open" },
    })
    expect(Packs.rollPackTable(manual([3]), exampleContent(), "barrow-spells")?.roll.result).toBe(
      "Grave Whisper",
    )
    expect(Packs.rollPackTable(manual([3]), exampleContent(), "nothing")).toBeUndefined()
  })
})
