import { manual, Roll, seeded, Table } from "@blight/dice"
import { describe, expect, it } from "vitest"
import {
  Backgrounds,
  Details,
  rollableIds,
  rollables,
  rollById,
  tableById,
  tableIds,
  tables,
  UnknownTable,
  World,
} from "../src/tables/index.js"

const all = Object.values(tables)

describe("every table", () => {
  it("N-TABLE-01 N-TABLE-02 the catalogue's 53 rolled tables are all here, once each (TBL-N-02 … TBL-N-55)", () => {
    const refs = all.map((t) => t.ref)
    const expected = Array.from({ length: 54 }, (_, i) => `TBL-N-${String(i + 2).padStart(2, "0")}`).filter(
      (r) => r !== "TBL-N-22", // the 1D4 Faction count is a roll, not a table
    )
    expect(refs).toEqual(expected)
    expect(new Set(tableIds).size).toBe(53)
  })

  it.each(all.map((t) => [t.id, t] as const))(
    "N-TABLE-01 N-TABLE-02 %s has no gap and no overlap",
    (_, t) => {
      expect(Table.tableProblems(t)).toEqual([])
    },
  )

  it("N-TABLE-02 1D6 and 1D20 tables have one row per face, keyed 1…n", () => {
    for (const t of all.filter((t) => t.die.kind === "sum")) {
      const sides = t.die.kind === "sum" ? t.die.sides : 0
      expect([6, 20]).toContain(sides)
      expect(t.rows.map((r) => r.key)).toEqual(Array.from({ length: sides }, (_, i) => i + 1))
    }
    expect(all.filter((t) => t.die.kind === "sum" && t.die.sides === 6)).toHaveLength(17)
    expect(all.filter((t) => t.die.kind === "sum" && t.die.sides === 20)).toHaveLength(4)
  })

  it("N-TABLE-01 1D66 tables have 18 rows keyed 1·2/1 … 5·6/6 in order", () => {
    const d66 = all.filter((t) => t.die.kind === "d66")
    expect(d66).toHaveLength(32)
    for (const t of d66) expect(t.rows.map((r) => r.key)).toEqual(Roll.d66Keys)
  })

  it("N-TABLE-01 a 1D66 roll reads the first die as the band and the second as the row", () => {
    // first 3 (band 3·4), second 5 → "3·4/5" → Features "Keep"
    const r = Table.rollOn(manual([3, 5]), World.features)
    expect(r.roll.key).toBe("3·4/5")
    expect(r.result).toBe("Keep")
    expect(Table.rollOn(manual([2, 1]), World.features).result).toBe("Bridge")
    expect(Table.rollOn(manual([6, 6]), World.features).result).toBe("Well")
  })

  it("N-REGION-07 N-TABLE-03 N-FACTION-05 R-N-TABLE-02 every table and the rolls of several are rollable by id, each table exactly as rollOn", () => {
    expect(rollableIds.slice(0, tableIds.length)).toEqual(tableIds)
    expect(new Set(rollableIds).size).toBe(rollableIds.length)
    for (const id of tableIds) {
      const r = rollById(seeded(11), id)
      expect(r.table).toEqual(Table.rollOn(seeded(11), tables[id]!, id))
      expect(r.result).toEqual(r.table!.result)
      expect(r.rollable.refs).toEqual([tables[id]!.ref])
    }
    expect(rollById(seeded(4), "spark").result).toEqual(World.rollSpark(seeded(4)))
    expect(rollById(seeded(4), "full-name").result).toEqual(Details.rollFullName(seeded(4)))
    expect(rollById(seeded(4), "name-region-peaks").result).toBe(
      World.rollRegionName(seeded(4), "Peaks").name,
    )
    const wardens = rollables.find((r) => r.id === "name-faction-wardens")!
    expect(wardens.refs).toEqual(["TBL-N-50", "TBL-N-51"]) // R-N-TABLE-02: the Wild Folk tables
    expect(() => rollById(seeded(1), "dragons")).toThrow(
      /table: no Nightsong table is called "dragons" \(known: .*, spark, full-name, /,
    )
  })

  it("unknown table ids fail with the path and the known ids", () => {
    expect(() => tableById("nope")).toThrow(UnknownTable)
    expect(() => tableById("nope")).toThrow(/table: no Nightsong table is called "nope"/)
    expect(tableById("faction-is").title).toBe("Is...")
  })
})

describe("world tables, verbatim", () => {
  it("N-REGION-02 Region Type 1D6 with its Spread Die", () => {
    const rows = World.regionType.rows.map((r) => [r.result.type, r.result.spreadDie])
    expect(rows).toEqual([
      ["Waters", "d6"],
      ["Wetlands", "d6"],
      ["Plains", "d4"],
      ["Forests", "d4"],
      ["Peaks", "d4"],
      ["Barrens", "d4"],
    ])
    expect(Table.lookup(World.regionType, 4).examples).toBe("woodlands, groves, old growth")
  })

  it("N-REGION-06 Vegetation rows and the terrain they do not fit", () => {
    expect(World.regionVegetation.rows.map((r) => World.vegetationText(r.result))).toEqual([
      "Bare (not for Wetlands or Waters)",
      "Sparse (all terrain)",
      "Patchy (all terrain)",
      "Common (all terrain)",
      "Dense (not for Barrens)",
      "Overgrown (not for Peaks or Barrens)",
    ])
    const bare = Table.lookup(World.regionVegetation, 1)
    expect(World.vegetationFits(bare, "Waters")).toBe(false)
    expect(World.vegetationFits(bare, "Peaks")).toBe(true)
    expect(World.vegetationFits(Table.lookup(World.regionVegetation, 6), "Barrens")).toBe(false)
  })

  it("N-FACTION-02 Faction Type 1D6 with its Influence Die", () => {
    expect(
      World.factionType.rows.map((r) => `${r.result.type} (${r.result.examples}) ${r.result.influenceDie}`),
    ).toEqual([
      "Highborn (court, knights, lords) d6",
      "Religious (clergy, monks, templars) d6",
      "Merchants (traders, crafts, coin) d4",
      "Outlaws (thieves, rogues, rebels) d4",
      "Mages (wizards, scholars, cultists) d4",
      "Wardens (druids, rangers, tribes) d4",
    ])
  })

  it("N-REGION-05 spot checks of the Region name tables and their suffixes", () => {
    const n = World.regionNameTables
    expect(Table.lookup(n.Waters.prefix, "1·2/1")).toBe("Wyrm-")
    expect(Table.lookup(n.Waters.suffix, "3·4/6")).toBe("-bourne")
    expect(Table.lookup(n.Wetlands.prefix, "3·4/3")).toBe("Drown-")
    expect(Table.lookup(n.Wetlands.suffix, "5·6/6")).toBe("-mere")
    expect(Table.lookup(n.Plains.prefix, "5·6/6")).toBe("Ever-")
    expect(Table.lookup(n.Plains.suffix, "3·4/2")).toBe("-wold")
    expect(Table.lookup(n.Forests.prefix, "1·2/5")).toBe("Cinder-")
    expect(Table.lookup(n.Forests.suffix, "3·4/3")).toBe("-canopy")
    expect(Table.lookup(n.Peaks.prefix, "3·4/4")).toBe("Jagged-")
    expect(Table.lookup(n.Peaks.suffix, "5·6/6")).toBe("-reach")
    expect(Table.lookup(n.Barrens.prefix, "3·4/4")).toBe("Endless-")
    expect(Table.lookup(n.Barrens.suffix, "5·6/6")).toBe("-void")
    expect(n.Waters.suffix.title).toBe("+ [suffix]")
  })

  it("N-REGION-05 R-N-TABLE-01 a Region name joins a prefix and its type's suffix", () => {
    // Waters: 3·4/5 "Dusk-" + 1·2/1 "-haven"
    const r = World.rollRegionName(manual([3, 5, 1, 1]), "Waters") // R-N-TABLE-01
    expect(r.name).toBe("Duskhaven")
    expect([r.prefix.roll.key, r.suffix.roll.key]).toEqual(["3·4/5", "1·2/1"])
    expect(World.rollRegionName(manual([6, 6, 6, 6]), "Barrens").name).toBe("Wastevoid")
  })

  it("N-FACTION-05 R-N-TABLE-02 Wardens are named from the Wild Folk tables", () => {
    const w = World.factionNameTables.Wardens
    expect(w.prefix.title).toBe("Wild Folk")
    expect(w.prefix.ref).toBe("TBL-N-50")
    expect(World.rollFactionName(manual([1, 1, 3, 2]), "Wardens").name).toBe("Oakwalker")
  })

  it("N-FACTION-05 spot checks of the Faction name, Wants, through, Has and Is tables", () => {
    const f = World.factionNameTables
    expect(Table.lookup(f.Highborn.prefix, "5·6/2")).toBe("Winter-")
    expect(Table.lookup(f.Highborn.suffix, "5·6/6")).toBe("-blade")
    expect(Table.lookup(f.Religious.suffix, "5·6/6")).toBe("-vigil")
    expect(Table.lookup(f.Merchants.prefix, "3·4/1")).toBe("Harbor-")
    expect(Table.lookup(f.Outlaws.suffix, "5·6/6")).toBe("-skull")
    expect(Table.lookup(f.Mages.prefix, "1·2/5")).toBe("Obsidian-")
    expect(Table.lookup(World.wants, "3·4/3")).toBe("Immortality")
    expect(Table.lookup(World.through, "5·6/5")).toBe("Assassination")
    expect(Table.lookup(World.has, "1·2/6")).toBe("Fleet")
    expect(Table.lookup(World.is, "5·6/5")).toBe("Summoning")
    expect(World.rollFactionName(manual([4, 6, 2, 3]), "Religious").name).toBe("Silentshield")
  })

  it("N-REGION-07 a Spark pairs one Spark Theme with one Spark Action", () => {
    expect(World.rollSpark(manual([1, 1, 6, 6]))).toEqual({ theme: "Shadow", action: "Hunt" })
    expect(Table.lookup(World.descriptor, "3·4/3")).toBe("Sunken")
    expect(Table.lookup(World.features, "3·4/1")).toBe("Standing Stones")
  })
})

describe("character tables, verbatim", () => {
  it("N-DETAILS-01 the ten Details tables, spot-checked", () => {
    const d = Details.detailTables
    expect(Object.values(d).map((t) => t.title)).toEqual([
      "Face",
      "Eyes",
      "Hair",
      "Physique",
      "Clothing",
      "Mannerism",
      "Speech",
      "Virtue",
      "Flaw",
      "Drive",
    ])
    expect(Table.lookup(d.face, 6)).toBe("Scarred")
    expect(Table.lookup(d.mannerism, 3)).toBe("Laughs often")
    expect(Table.lookup(d.mannerism, 6)).toBe("Never smiles")
    expect(Table.lookup(d.speech, 2)).toBe("Mysterious")
    expect(Table.lookup(d.drive, 4)).toBe("Revenge")
  })

  it("N-TABLE-03 names, surnames and suffixes, spot-checked", () => {
    expect(Table.lookup(Details.names, 9)).toBe("Garron")
    expect(Table.lookup(Details.names, 20)).toBe("Uma")
    expect(Table.lookup(Details.namesCont, 12)).toBe("Rowan")
    expect(Table.lookup(Details.surname, 15)).toBe("Barley-")
    expect(Table.lookup(Details.surnameSuffix, 16)).toBe("-leigh")
  })

  it("N-TABLE-03 R-N-TABLE-03 a full name is a given name plus a two-part surname", () => {
    // 4 → the "cont." table, 2 → Wren; 1 → Ash-; 1 → -brook
    expect(Details.rollFullName(manual([4, 2, 1, 1]))).toEqual({
      given: "Wren",
      surname: "Ashbrook",
      full: "Wren Ashbrook",
    })
    // 3 → "Names", 20 → Uma; 20 → Short-; 20 → -well
    expect(Details.rollFullName(manual([3, 20, 20, 20])).full).toBe("Uma Shortwell")
  })

  it("N-BACKGROUND-02 the four background tables print exactly as the text", () => {
    const text = Object.fromEntries(
      Object.entries(Backgrounds.backgroundTables).map(([a, t]) => [
        a,
        t.rows.map((r) => Backgrounds.formatBackground(r.result)),
      ]),
    )
    expect(text).toEqual({
      STR: [
        "Soldier: Greatsword (D10, bulky), Chain Armor (D6), rope (50ft), spikes, whetstone.",
        "Blacksmith: Battle axe (D10, bulky), Leather Armor (D4), tongs, hammer, bellows.",
        "Guard: Polearm (D10, bulky), Shield (D6), manacles, whistle, horn.",
        "Farmer: Spear (D8), cloak, shovel, chicken, sack.",
        "Sailor: Cutlass (D8), Leather Armor (D4), grappling hook, tar, rum.",
        "Outlaw: Halberd (D10, bulky), Leather Armor (D4), crowbar, lockpicks, caltrops.",
      ],
      DEX: [
        "Thief: Dagger (D6), Leather Armor (D4), lockpicks, mirror, caltrops.",
        "Hunter: Short sword (D8), Leather Armor (D4), snare wire, trap, knife.",
        "Scout: Crossbow (D8, bulky), Leather Armor (D4), map case, chalk, spyglass.",
        "Messenger: Shortbow (D6, bulky), cloak, satchel, wax, whistle.",
        "Servant: Knife (D6), robe, disguise kit, poison, soap.",
        "Performer: Rapier (D8), cloak, makeup kit, cards, costume.",
      ],
      PRE: [
        "Priest: Mace (D8), robe, holy symbol, incense (D6 Uses), bell.",
        "Scholar: Staff (D6), robe, Spell Shard, ink and quill, lens.",
        "Hermit: Staff (D6), cloak, charm pouch, bones, herbs (D6 Uses).",
        "Noble: Short sword (D8), cloak, signet ring, perfume, letter of credit.",
        "Scribe: Dagger (D6), robe, blank book, seal, wax.",
        "Pilgrim: Club (D6), Leather Armor (D4), prayer book, bandages (D6 Uses), staff.",
      ],
      CON: [
        "Healer: Club (D6), Leather Armor (D4), herbs (D6 Uses), bandages (D6 Uses), salve.",
        "Miner: Pick (D8), Leather Armor (D4), shovel, lamp, oil (D6 Uses).",
        "Cook: Cleaver (D8), Leather Armor (D4), pot, spices, meat.",
        "Fisher: Spear (D8), cloak, net, fishing kit, flask.",
        "Laborer: Hammer (D8), Shield (D6), pry bar, rope (50ft), nails.",
        "Monk: Staff (D6), robe, prayer beads, tea tin, blanket.",
      ],
    })
    expect(Backgrounds.strength.title).toBe("Strength Backgrounds")
  })

  it("N-TABLE-02 any table in the registry rolls on a seeded source, the same way every time", () => {
    const a = tableIds.map((id) => Table.rollOn(seeded(7), tables[id]!).result)
    const b = tableIds.map((id) => Table.rollOn(seeded(7), tables[id]!).result)
    expect(a).toEqual(b)
  })
})
