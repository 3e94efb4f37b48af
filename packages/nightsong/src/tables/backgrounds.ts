/**
 * The background tables (N-BACKGROUND-01/02, TBL-N-02 … TBL-N-05): 1D6 per Ability, each row a
 * named background and its items, as typed data. `formatBackground` writes a row back exactly as
 * the text prints it, which the tests compare verbatim.
 *
 * @since 0.1.0
 */
import type { StepDie } from "@blight/dice"
import { Schema } from "effect"
import { AbilityName, abilityTitle } from "../character/Ability.js"
import { formatItem, Item } from "../character/Item.js"
import { faceTable, type NightsongTable } from "./NightsongTable.js"

/** A background: its name and the items it adds to the common supplies. */
export const Background = Schema.Struct({
  name: Schema.NonEmptyString,
  ability: AbilityName,
  items: Schema.Array(Item),
}).annotate({ identifier: "Background" })
export type Background = typeof Background.Type

type Die = StepDie.StepDie
const weapon = (name: string, die: Die, bulky = false): Item => ({
  name,
  kind: "weapon",
  size: bulky ? "bulky" : "standard",
  die,
})
const armor = (name: string, die: Die): Item => ({ name, kind: "armor", size: "standard", die })
const shield: Item = { name: "Shield", kind: "shield", size: "standard", die: "d6" }
const leather = armor("Leather Armor", "d4")
const uses = (name: string, die: Die): Item => ({ name, kind: "supply", size: "standard", die })
const gear = (...names: string[]): Item[] => names.map((name) => ({ name, kind: "gear", size: "standard" }))
const rope: Item = { name: "rope", kind: "gear", size: "standard", note: "50ft" }
// The Scholar's Shard: its Spell and die come from the Spell tables (GAP-N-01), filled in at creation.
const spellShard: Item = { name: "Spell Shard", kind: "spell-shard", size: "standard" }

const table = (ability: AbilityName, ref: string, rows: ReadonlyArray<readonly [string, readonly Item[]]>) =>
  faceTable(
    {
      id: `background-${abilityTitle[ability].toLowerCase()}`,
      title: `${abilityTitle[ability]} Backgrounds`,
      ref,
    },
    "d6",
    Background,
    rows.map(([name, items]) => ({ name, ability, items })),
  )

/** Strength Backgrounds 1D6, TBL-N-02. */
export const strength = table("STR", "TBL-N-02", [
  [
    "Soldier",
    [weapon("Greatsword", "d10", true), armor("Chain Armor", "d6"), rope, ...gear("spikes", "whetstone")],
  ],
  ["Blacksmith", [weapon("Battle axe", "d10", true), leather, ...gear("tongs", "hammer", "bellows")]],
  ["Guard", [weapon("Polearm", "d10", true), shield, ...gear("manacles", "whistle", "horn")]],
  ["Farmer", [weapon("Spear", "d8"), ...gear("cloak", "shovel", "chicken", "sack")]],
  ["Sailor", [weapon("Cutlass", "d8"), leather, ...gear("grappling hook", "tar", "rum")]],
  ["Outlaw", [weapon("Halberd", "d10", true), leather, ...gear("crowbar", "lockpicks", "caltrops")]],
])

/** Dexterity Backgrounds 1D6, TBL-N-03. */
export const dexterity = table("DEX", "TBL-N-03", [
  ["Thief", [weapon("Dagger", "d6"), leather, ...gear("lockpicks", "mirror", "caltrops")]],
  ["Hunter", [weapon("Short sword", "d8"), leather, ...gear("snare wire", "trap", "knife")]],
  ["Scout", [weapon("Crossbow", "d8", true), leather, ...gear("map case", "chalk", "spyglass")]],
  ["Messenger", [weapon("Shortbow", "d6", true), ...gear("cloak", "satchel", "wax", "whistle")]],
  ["Servant", [weapon("Knife", "d6"), ...gear("robe", "disguise kit", "poison", "soap")]],
  ["Performer", [weapon("Rapier", "d8"), ...gear("cloak", "makeup kit", "cards", "costume")]],
])

/** Presence Backgrounds 1D6, TBL-N-04. */
export const presence = table("PRE", "TBL-N-04", [
  ["Priest", [weapon("Mace", "d8"), ...gear("robe", "holy symbol"), uses("incense", "d6"), ...gear("bell")]],
  ["Scholar", [weapon("Staff", "d6"), ...gear("robe"), spellShard, ...gear("ink and quill", "lens")]],
  ["Hermit", [weapon("Staff", "d6"), ...gear("cloak", "charm pouch", "bones"), uses("herbs", "d6")]],
  ["Noble", [weapon("Short sword", "d8"), ...gear("cloak", "signet ring", "perfume", "letter of credit")]],
  ["Scribe", [weapon("Dagger", "d6"), ...gear("robe", "blank book", "seal", "wax")]],
  [
    "Pilgrim",
    [weapon("Club", "d6"), leather, ...gear("prayer book"), uses("bandages", "d6"), ...gear("staff")],
  ],
])

/** Constitution Backgrounds 1D6, TBL-N-05. */
export const constitution = table("CON", "TBL-N-05", [
  ["Healer", [weapon("Club", "d6"), leather, uses("herbs", "d6"), uses("bandages", "d6"), ...gear("salve")]],
  ["Miner", [weapon("Pick", "d8"), leather, ...gear("shovel", "lamp"), uses("oil", "d6")]],
  ["Cook", [weapon("Cleaver", "d8"), leather, ...gear("pot", "spices", "meat")]],
  ["Fisher", [weapon("Spear", "d8"), ...gear("cloak", "net", "fishing kit", "flask")]],
  ["Laborer", [weapon("Hammer", "d8"), shield, ...gear("pry bar"), rope, ...gear("nails")]],
  ["Monk", [weapon("Staff", "d6"), ...gear("robe", "prayer beads", "tea tin", "blanket")]],
])

/** The background table for each Ability (N-BACKGROUND-02). */
export const backgroundTables: Readonly<Record<AbilityName, NightsongTable<Background>>> = {
  STR: strength,
  DEX: dexterity,
  PRE: presence,
  CON: constitution,
}

/** Every background, in table order (Strength 1–6, Dexterity 1–6, Presence 1–6, Constitution 1–6). */
export const allBackgrounds: readonly Background[] = Object.values(backgroundTables).flatMap((t) =>
  t.rows.map((r) => r.result),
)

/** The background with this name (case-insensitive), if any. */
export const backgroundNamed = (name: string): Background | undefined =>
  allBackgrounds.find((b) => b.name.toLowerCase() === name.trim().toLowerCase())

/** Writes a background as the text prints it: "Farmer: Spear (D8), cloak, shovel, chicken, sack." */
export const formatBackground = (b: Background): string => `${b.name}: ${b.items.map(formatItem).join(", ")}.`
