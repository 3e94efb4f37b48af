/**
 * The Living World tables (N-REGION-*, N-FACTION-*): Region Type and Vegetation, Features,
 * Descriptors, Spark Theme and Action, Faction Type, and the Faction goal and asset tables
 * (Wants, through, Has…, Is…). The Region and Faction name tables live beside this file and are
 * re-exported here, so a world generator imports one module.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Table } from "@blight/dice"
import { Schema } from "effect"
import { FactionType } from "./factionNames.js"
import { faceTable, wordTable } from "./NightsongTable.js"
import { RegionType } from "./regionNames.js"

export * from "./factionNames.js"
export * from "./regionNames.js"

/** A Spread or Influence Die: how many hexes a Region colours or a Faction claims. */
export const SpreadDie = Schema.Literals(["d4", "d6"]).annotate({ identifier: "SpreadDie" })
export type SpreadDie = typeof SpreadDie.Type

/** A Region Type row: the type, the examples the text gives, and its Spread Die (N-REGION-02). */
export const RegionTypeRow = Schema.Struct({
  type: RegionType,
  examples: Schema.String,
  spreadDie: SpreadDie,
})
export type RegionTypeRow = typeof RegionTypeRow.Type

/** Region Type 1D6, TBL-N-20 (N-REGION-02). */
export const regionType = faceTable(
  { id: "region-type", title: "Region Type", ref: "TBL-N-20" },
  "d6",
  RegionTypeRow,
  [
    { type: "Waters", examples: "rivers, lakes, coast", spreadDie: "d6" },
    { type: "Wetlands", examples: "marsh, bog, fen", spreadDie: "d6" },
    { type: "Plains", examples: "meadows, grassland, flats", spreadDie: "d4" },
    { type: "Forests", examples: "woodlands, groves, old growth", spreadDie: "d4" },
    { type: "Peaks", examples: "mountains, ranges, ridges", spreadDie: "d4" },
    { type: "Barrens", examples: "desert, tundra, salt flats", spreadDie: "d4" },
  ],
)

/** A Vegetation row: the vegetation and the Region types it does not fit (N-REGION-06). */
export const VegetationRow = Schema.Struct({
  vegetation: Schema.Literals(["Bare", "Sparse", "Patchy", "Common", "Dense", "Overgrown"]),
  notFor: Schema.Array(RegionType),
})
export type VegetationRow = typeof VegetationRow.Type

/** Region Vegetation 1D6, TBL-N-21 (N-REGION-06). */
export const regionVegetation = faceTable(
  { id: "region-vegetation", title: "Region Vegetation", ref: "TBL-N-21" },
  "d6",
  VegetationRow,
  [
    { vegetation: "Bare", notFor: ["Wetlands", "Waters"] },
    { vegetation: "Sparse", notFor: [] },
    { vegetation: "Patchy", notFor: [] },
    { vegetation: "Common", notFor: [] },
    { vegetation: "Dense", notFor: ["Barrens"] },
    { vegetation: "Overgrown", notFor: ["Peaks", "Barrens"] },
  ],
)

/** The text's own wording of a Vegetation row, e.g. "Bare (not for Wetlands or Waters)". */
export const vegetationText = (row: VegetationRow): string =>
  `${row.vegetation} (${row.notFor.length === 0 ? "all terrain" : `not for ${row.notFor.join(" or ")}`})`

/** Whether a Vegetation result fits a Region type (N-REGION-06). */
export const vegetationFits = (row: VegetationRow, type: RegionType): boolean => !row.notFor.includes(type)

/** Features 1D66, TBL-N-36. */
export const features = wordTable({ id: "features", title: "Features", ref: "TBL-N-36" }, "d66", [
  "Bridge",
  "Cairn",
  "Tower",
  "Barrow",
  "Circle",
  "Monastery",
  "Standing Stones",
  "Chapel",
  "Temple",
  "Dolmen",
  "Keep",
  "Mill",
  "Shrine",
  "Fort",
  "Tomb",
  "Abbey",
  "Castle",
  "Well",
])

/** Descriptor 1D66, TBL-N-37. */
export const descriptor = wordTable({ id: "descriptor", title: "Descriptor", ref: "TBL-N-37" }, "d66", [
  "Overgrown",
  "Haunted",
  "Forgotten",
  "Crumbling",
  "Broken",
  "Silent",
  "Ancient",
  "Cursed",
  "Sunken",
  "Weathered",
  "Hidden",
  "Lost",
  "Abandoned",
  "Flooded",
  "Burned",
  "Warded",
  "Bloody",
  "Hallowed",
])

/** Spark Theme 1D66, TBL-N-38 (N-REGION-07). */
export const sparkTheme = wordTable({ id: "spark-theme", title: "Spark Theme", ref: "TBL-N-38" }, "d66", [
  "Shadow",
  "Journey",
  "Faith",
  "Memory",
  "Power",
  "Ruin",
  "Trade",
  "Blood",
  "Death",
  "Fate",
  "Knowledge",
  "Vision",
  "War",
  "Truth",
  "Nature",
  "Honor",
  "Life",
  "Debt",
])

/** Spark Action 1D66, TBL-N-39 (N-REGION-07). */
export const sparkAction = wordTable({ id: "spark-action", title: "Spark Action", ref: "TBL-N-39" }, "d66", [
  "Reveal",
  "Guard",
  "Destroy",
  "Transform",
  "Pursue",
  "Depart",
  "Gather",
  "Betray",
  "Weaken",
  "Bind",
  "Seize",
  "Hide",
  "Avenge",
  "Uncover",
  "Create",
  "Release",
  "Corrupt",
  "Hunt",
])

/** A Spark: one Spark Theme paired with one Spark Action (N-REGION-07). */
export interface Spark {
  readonly theme: string
  readonly action: string
}

/** Rolls a Spark: a Theme, then an Action (N-REGION-07). */
export const rollSpark = (source: DiceSource): Spark => ({
  theme: Table.rollOn(source, sparkTheme, sparkTheme.id).result,
  action: Table.rollOn(source, sparkAction, sparkAction.id).result,
})

/** A Faction Type row: the type, the examples the text gives, and its Influence Die (N-FACTION-02). */
export const FactionTypeRow = Schema.Struct({
  type: FactionType,
  examples: Schema.String,
  influenceDie: SpreadDie,
})
export type FactionTypeRow = typeof FactionTypeRow.Type

/** Faction Type 1D6, TBL-N-23 (N-FACTION-02). */
export const factionType = faceTable(
  { id: "faction-type", title: "Faction Type", ref: "TBL-N-23" },
  "d6",
  FactionTypeRow,
  [
    { type: "Highborn", examples: "court, knights, lords", influenceDie: "d6" },
    { type: "Religious", examples: "clergy, monks, templars", influenceDie: "d6" },
    { type: "Merchants", examples: "traders, crafts, coin", influenceDie: "d4" },
    { type: "Outlaws", examples: "thieves, rogues, rebels", influenceDie: "d4" },
    { type: "Mages", examples: "wizards, scholars, cultists", influenceDie: "d4" },
    { type: "Wardens", examples: "druids, rangers, tribes", influenceDie: "d4" },
  ],
)

/** Wants 1D66, TBL-N-52 (N-FACTION-05): what a Faction wants. */
export const wants = wordTable({ id: "faction-wants", title: "Wants", ref: "TBL-N-52" }, "d66", [
  "Conquest",
  "Unity",
  "Secrets",
  "Revenge",
  "Riches",
  "Balance",
  "Power",
  "Dominion",
  "Immortality",
  "Legacy",
  "Expansion",
  "Knowledge",
  "Protection",
  "Purity",
  "Tradition",
  "Freedom",
  "Justice",
  "Salvation",
])

/** through 1D66, TBL-N-53 (N-FACTION-05): a Faction's methods. */
export const through = wordTable({ id: "faction-through", title: "through", ref: "TBL-N-53" }, "d66", [
  "Force",
  "Ritual",
  "Deception",
  "Charity",
  "Scholarship",
  "Intrigue",
  "Magic",
  "Devotion",
  "Blood",
  "Propaganda",
  "Alliance",
  "Espionage",
  "Trade",
  "Intimidation",
  "Prophecy",
  "Diplomacy",
  "Assassination",
  "Law",
])

/** Has… 1D66, TBL-N-54 (N-FACTION-05): a Faction's assets. */
export const has = wordTable({ id: "faction-has", title: "Has", ref: "TBL-N-54" }, "d66", [
  "Archives",
  "Relics",
  "Monopoly",
  "Scripture",
  "Coffers",
  "Fleet",
  "Pact",
  "Army",
  "Artifact",
  "Sanctuary",
  "Oracle",
  "Bloodline",
  "Fortress",
  "Spies",
  "Mines",
  "Network",
  "Hostages",
  "Farmland",
])

/** Is… 1D66, TBL-N-55 (N-FACTION-05): what a Faction is doing now. */
export const is = wordTable({ id: "faction-is", title: "Is...", ref: "TBL-N-55" }, "d66", [
  "Smuggling",
  "Converting",
  "Searching",
  "Plotting",
  "Negotiating",
  "Retreating",
  "Warring",
  "Fortifying",
  "Building",
  "Purging",
  "Recruiting",
  "Trading",
  "Excavating",
  "Patrolling",
  "Occupying",
  "Infiltrating",
  "Summoning",
  "Hiding",
])
