/**
 * Region names (N-REGION-05): one prefix table and one "+ [suffix]" table per Region type,
 * TBL-N-24 … TBL-N-35. A name is a prefix joined to a suffix ("Wyrm-" + "-haven" → "Wyrmhaven").
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Table } from "@blight/dice"
import { Schema } from "effect"
import { joinName, type NightsongTable, wordTable } from "./NightsongTable.js"

/** The six Region types, in Region Type table order (N-REGION-02). */
export const REGION_TYPES = ["Waters", "Wetlands", "Plains", "Forests", "Peaks", "Barrens"] as const

/** A Region type. */
export const RegionType = Schema.Literals(REGION_TYPES).annotate({ identifier: "RegionType" })
export type RegionType = typeof RegionType.Type

/** A Region type's prefix table and its paired suffix table. */
export interface NameTables {
  readonly prefix: NightsongTable<string>
  readonly suffix: NightsongTable<string>
}

/**
 * A prefix table and its paired "+ [suffix]" table, ids "<area>-name-<slug>" and
 * "<area>-suffix-<slug>", catalogue refs TBL-N-<refs>.
 */
export const namePair = (
  area: "region" | "faction",
  title: string,
  refs: readonly [number, number],
  prefix: readonly string[],
  suffix: readonly string[],
): NameTables => {
  const slug = title.toLowerCase().replace(/\s+/g, "-")
  const suffixHeading = { id: `${area}-suffix-${slug}`, title: "+ [suffix]", ref: `TBL-N-${refs[1]}` }
  return {
    prefix: wordTable({ id: `${area}-name-${slug}`, title, ref: `TBL-N-${refs[0]}` }, "d66", prefix),
    suffix: wordTable(suffixHeading, "d66", suffix),
  }
}

const pair = (type: RegionType, refs: readonly [number, number], prefix: string[], suffix: string[]) =>
  namePair("region", type, refs, prefix, suffix)

/** The name tables of every Region type. */
export const regionNameTables: Readonly<Record<RegionType, NameTables>> = {
  Waters: pair(
    "Waters",
    [24, 25],
    [
      "Wyrm-",
      "Mist-",
      "Sorrow-",
      "Moon-",
      "Serpent-",
      "Black-",
      "Storm-",
      "Glass-",
      "Silver-",
      "Frost-",
      "Dusk-",
      "Veil-",
      "Star-",
      "Still-",
      "Shadow-",
      "White-",
      "Dark-",
      "Grey-",
    ],
    [
      "-haven",
      "-water",
      "-mere",
      "-sound",
      "-ford",
      "-reach",
      "-pool",
      "-gulf",
      "-tarn",
      "-shore",
      "-lake",
      "-bourne",
      "-deep",
      "-bay",
      "-run",
      "-fall",
      "-strand",
      "-coast",
    ],
  ),
  Wetlands: pair(
    "Wetlands",
    [26, 27],
    [
      "Mist-",
      "Wail-",
      "Leech-",
      "Blight-",
      "Tangle-",
      "Bone-",
      "Rot-",
      "Venom-",
      "Drown-",
      "Gloom-",
      "Muck-",
      "Reek-",
      "Pitch-",
      "Mourn-",
      "Witch-",
      "Creep-",
      "Shade-",
      "Foul-",
    ],
    [
      "-mire",
      "-quag",
      "-marsh",
      "-sink",
      "-fen",
      "-seep",
      "-ooze",
      "-bog",
      "-sump",
      "-moor",
      "-slough",
      "-hollow",
      "-shallow",
      "-pool",
      "-moss",
      "-murk",
      "-swamp",
      "-mere",
    ],
  ),
  Plains: pair(
    "Plains",
    [28, 29],
    [
      "Green-",
      "Gold-",
      "Sun-",
      "Whisper-",
      "Wind-",
      "Dawn-",
      "Honey-",
      "Amber-",
      "Pale-",
      "Wild-",
      "Fair-",
      "Bright-",
      "Silver-",
      "Still-",
      "Long-",
      "High-",
      "Broad-",
      "Ever-",
    ],
    [
      "-mead",
      "-lea",
      "-heath",
      "-land",
      "-plain",
      "-field",
      "-stead",
      "-wold",
      "-spread",
      "-reach",
      "-down",
      "-grass",
      "-span",
      "-dale",
      "-vale",
      "-common",
      "-ward",
      "-march",
    ],
  ),
  Forests: pair(
    "Forests",
    [30, 31],
    [
      "Pine-",
      "Oak-",
      "Moss-",
      "Briar-",
      "Cinder-",
      "Raven-",
      "Thorn-",
      "Hollow-",
      "Shade-",
      "Wolf-",
      "Mist-",
      "Root-",
      "Elder-",
      "Fern-",
      "Black-",
      "Whisper-",
      "Deep-",
      "Moon-",
    ],
    [
      "-wood",
      "-grove",
      "-thicket",
      "-glade",
      "-copse",
      "-holt",
      "-bough",
      "-weald",
      "-canopy",
      "-brake",
      "-shade",
      "-wild",
      "-pines",
      "-oaks",
      "-fir",
      "-moss",
      "-fern",
      "-forest",
    ],
  ),
  Peaks: pair(
    "Peaks",
    [32, 33],
    [
      "Ice-",
      "Riven-",
      "Dead-",
      "Frost-",
      "Doom-",
      "Howl-",
      "Bleak-",
      "Grim-",
      "Iron-",
      "Jagged-",
      "Ash-",
      "King-",
      "Broken-",
      "Silent-",
      "Dread-",
      "Sky-",
      "Wyrm-",
      "Giant-",
    ],
    [
      "-watch",
      "-wall",
      "-guard",
      "-crown",
      "-fang",
      "-helm",
      "-ridge",
      "-mount",
      "-spire",
      "-crag",
      "-horn",
      "-tower",
      "-spine",
      "-tooth",
      "-peak",
      "-spear",
      "-head",
      "-reach",
    ],
  ),
  Barrens: pair(
    "Barrens",
    [34, 35],
    [
      "Scour-",
      "Crack-",
      "Ruin-",
      "Void-",
      "Raze-",
      "Dead-",
      "Curse-",
      "Lost-",
      "Scorch-",
      "Endless-",
      "Bone-",
      "Still-",
      "Char-",
      "Dust-",
      "Rift-",
      "Grim-",
      "Black-",
      "Waste-",
    ],
    [
      "-field",
      "-flat",
      "-pan",
      "-reach",
      "-scape",
      "-span",
      "-sand",
      "-plain",
      "-waste",
      "-land",
      "-sea",
      "-death",
      "-hollow",
      "-dune",
      "-scar",
      "-grave",
      "-mark",
      "-void",
    ],
  ),
}

/** A rolled two-part name: both table rolls and the joined name. */
export interface RolledName {
  readonly name: string
  readonly prefix: Table.TableRoll<string>
  readonly suffix: Table.TableRoll<string>
}

/** Rolls a prefix and a suffix on a pair of name tables and joins them. */
export const rollPairedName = (source: DiceSource, tables: NameTables): RolledName => {
  const prefix = Table.rollOn(source, tables.prefix, tables.prefix.id)
  const suffix = Table.rollOn(source, tables.suffix, tables.suffix.id)
  return { name: joinName(prefix.result, suffix.result), prefix, suffix }
}

/** Rolls a Region's name from its type's tables (N-REGION-05). */
export const rollRegionName = (source: DiceSource, type: RegionType): RolledName =>
  rollPairedName(source, regionNameTables[type])
