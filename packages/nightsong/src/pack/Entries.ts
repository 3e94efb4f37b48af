/**
 * The entries a Nightsong pack brings, one schema per kind: Spells and the tables a starting
 * Shard is rolled on (GAP-N-01), creatures and NPC stat blocks with their specials (GAP-N-02,
 * N-NPC-01..06), Weapons, Armor, Shields, supplies and Remedies with their Step Dice and Slots,
 * and random tables of one's own. Types are derived from the schemas.
 *
 * @since 0.3.0
 */
import { Expression, Table } from "@blight/dice"
import { Schema, SchemaGetter } from "effect"
import { ItemSize } from "../character/Item.js"
import { Severity } from "../procedures/conditions/Conditions.js"
import { LiveDie } from "../procedures/Dice.js"

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** An id: a slug of lower-case words joined by "-", at most 64 characters. */
export const Slug = Schema.String.check(
  Schema.isMaxLength(64),
  Schema.isPattern(SLUG, {
    message: 'an id is a slug: lower-case letters and digits in words joined by "-", e.g. "grave-moth"',
  }),
).annotate({ description: 'An id: a slug such as "grave-moth"' })

const Text = Schema.Trimmed.check(Schema.isNonEmpty())

/** Where an entry comes from: stated by the rules text, or filled in where the text is silent. */
export const Provenance = Schema.Literals(["rules", "provisional"]).annotate({
  description:
    "rules: stated in the rules text; provisional: written where the rules leave a gap (all homebrew)",
})

/** The fields every entry has. */
const entryFields = {
  id: Slug,
  name: Text,
  provenance: Provenance,
  /** The clause IDs (N-…, R-N-…, GAP-N-…) the entry implements. */
  clauses: Schema.optional(
    Schema.Array(Schema.String.check(Schema.isPattern(/^(N|R-N|GAP-N|AMB-N)-[A-Z0-9-]+$/))).annotate({
      description: "The clause IDs the entry implements: N-…, R-N-… rulings, GAP-N-…",
    }),
  ),
  notes: Schema.optional(
    Schema.String.annotate({ description: "Free text: where the entry comes from, why its numbers" }),
  ),
  /** This entry replaces the entry of the same kind and id from that pack (R-N-PACK-02). */
  replaces: Schema.optional(
    Slug.annotate({ description: "The pack whose entry of the same kind and id this one replaces" }),
  ),
}

const band = <const D extends ReadonlyArray<string>>(dice: D, what: string, clause: string) =>
  Schema.Literals(dice).annotate({
    description: `${what}: a Step Die (${clause})`,
    message: `${what} is a Step Die from ${dice[0]!.toUpperCase()} to ${dice[dice.length - 1]!.toUpperCase()} (${clause})`,
  })

const UPTO_D12 = ["d4", "d6", "d8", "d10", "d12"] as const
const UPTO_D6 = ["d4", "d6"] as const

/** A table's dice, as text ("d6", "d20", "d66", "2d6"). */
const TableDie = Expression.DiceExpressionFromString

/** A Spell: its words for people, and the Step Die its Shard starts at (D6 when left out, R-N-CHAR-05). */
export const Spell = Schema.Struct({
  ...entryFields,
  text: Text.annotate({ description: "What the Spell does, in words" }),
  die: Schema.optional(band(UPTO_D12, "a Spell Shard's uses", "N-SPELL-01")),
}).annotate({ identifier: "NightsongSpell", title: "Spell" })
export type Spell = typeof Spell.Type

/** A Spell table: each row names a Spell by id; a starting Shard is rolled on it (N-BACKGROUND-04, GAP-N-01). */
export const SpellTable = Schema.Struct({
  ...entryFields,
  die: TableDie,
  rows: Schema.Array(Schema.Struct({ key: Table.RowKey, spell: Slug }))
    .check(Schema.isMinLength(1))
    .annotate({
      description:
        "One row per result of the die: a face, a [from, to] range or a 1D66 key, and a Spell's id",
    }),
}).annotate({ identifier: "NightsongSpellTable", title: "Spell table" })
export type SpellTable = typeof SpellTable.Type

const ATTACK = /^d(4|6|8|10|12)(\+d(4|6|8|10|12)){0,5}$/

/** Damage dice, several joined by "+" for multiple attacks ("d8+d8": keep the highest, N-COMBAT-12). */
export const AttackDice = Schema.String.check(
  Schema.isPattern(ATTACK, {
    message: 'Damage dice are D4 to D12 joined by "+", written like "d8" or "d8+d8" (N-NPC-03, N-COMBAT-12)',
  }),
)
  .annotate({ description: 'Damage dice: "d8", or several joined by "+" for multiple attacks ("d8+d8")' })
  .pipe(
    Schema.decodeTo(Schema.Array(LiveDie), {
      decode: SchemaGetter.transform((s: string) => s.split("+") as LiveDie[]),
      encode: SchemaGetter.transform((dice: ReadonlyArray<LiveDie>) => dice.join("+")),
    }),
  )

/** What a special does in the game (N-NPC-04, N-NPC-05). */
export const SpecialEffect = Schema.Union([
  Schema.Struct({
    /** A hit that deals Damage gives the target this Condition (R-N-PACK-03). */
    kind: Schema.Literal("inflict"),
    condition: Text,
    /** Needed for a Condition the rules do not name (N-CONDITION-01). */
    severity: Schema.optional(Severity),
  }),
  /** Its attacks ignore the target's Armor and Shield (N-NPC-05). */
  Schema.Struct({ kind: Schema.Literal("bypassArmour") }),
  Schema.Struct({
    /** Advantage or Disadvantage on its own attacks ("attacking"), or on attacks against it ("attacked"). */
    kind: Schema.Literal("advantage"),
    when: Schema.Literals(["attacking", "attacked"]),
    call: Schema.Literals(["advantage", "disadvantage"]),
  }),
]).annotate({ identifier: "NightsongSpecialEffect" })
export type SpecialEffect = typeof SpecialEffect.Type

/** A special: its words for people, and the effects the game applies. */
export const Special = Schema.Struct({
  name: Text,
  text: Text,
  effects: Schema.Array(SpecialEffect).check(Schema.isMaxLength(8)),
}).annotate({ identifier: "NightsongSpecial" })
export type Special = typeof Special.Type

/** A creature or NPC stat block (N-NPC-01..06, N-RESOLVE-01). */
export const Creature = Schema.Struct({
  ...entryFields,
  hp: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })).annotate({
    message: "HP run from 1 to at most 30 (N-NPC-02)",
  }),
  attack: AttackDice,
  armour: Schema.optional(band(UPTO_D6, "an NPC's Armor", "N-NPC-04")),
  resolve: Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })).annotate({
      message: "Resolve is a percentage, 0 to 100 (N-RESOLVE-01)",
    }),
  ),
  drive: Schema.optional(Text.annotate({ description: "What it wants (N-NPC-01)" })),
  /** A warband, army or massive creature counting as one NPC (N-NPC-06). */
  force: Schema.optional(
    Schema.Boolean.annotate({ description: "A Force: ignores Damage from individuals (N-NPC-06)" }),
  ),
  specials: Schema.optional(
    Schema.Array(Special).check(Schema.isMaxLength(8)).annotate({
      description:
        "Attacks and traits that break the usual rules, with the effects the game applies (N-NPC-05)",
    }),
  ),
}).annotate({ identifier: "NightsongCreature", title: "Creature" })
export type Creature = typeof Creature.Type

const sized = {
  // The description is the field's: the ItemSize schema stays one (one component of that name).
  size: Schema.optional(ItemSize).annotateKey({
    description: "standard 1 Slot (when left out), bulky 2, petty none (N-SLOTS-02)",
  }),
}

/** A Weapon: its quality die, rolled for Damage (N-WEAPON-01); standard (1 Slot) unless sized. */
export const Weapon = Schema.Struct({
  ...entryFields,
  die: band(UPTO_D12, "a Weapon's quality", "N-WEAPON-01"),
  ...sized,
  ranged: Schema.optional(Schema.Boolean.annotate({ description: "A ranged Weapon (N-COMBAT-15)" })),
}).annotate({ identifier: "NightsongWeapon", title: "Weapon" })
export type Weapon = typeof Weapon.Type

/** Armor (N-ARMOR-01). */
export const Armour = Schema.Struct({
  ...entryFields,
  die: band(UPTO_D6, "Armor's quality", "N-ARMOR-01"),
  ...sized,
}).annotate({ identifier: "NightsongArmour", title: "Armor" })
export type Armour = typeof Armour.Type

/** A Shield (N-SHIELD-02). */
export const Shield = Schema.Struct({
  ...entryFields,
  die: band(UPTO_D6, "a Shield's quality", "N-SHIELD-02"),
  ...sized,
}).annotate({ identifier: "NightsongShield", title: "Shield" })
export type Shield = typeof Shield.Type

/** A supply whose uses run down a Step Die (N-ITEM-01). */
export const Supply = Schema.Struct({
  ...entryFields,
  die: band(UPTO_D12, "a supply's uses", "N-ITEM-01"),
  ...sized,
}).annotate({ identifier: "NightsongSupply", title: "Supply" })
export type Supply = typeof Supply.Type

/** A Remedy: always 1 Slot (N-REMEDY-01); common D4, well-crafted D6, rare D8 or more (N-REMEDY-03). */
export const Remedy = Schema.Struct({
  ...entryFields,
  die: band(UPTO_D12, "a Remedy's uses", "N-REMEDY-03"),
}).annotate({ identifier: "NightsongRemedy", title: "Remedy" })
export type Remedy = typeof Remedy.Type

/** A random table of one's own, rolled like the rules' tables (N-TABLE-01, N-TABLE-02). */
export const RandomTable = Schema.Struct({
  ...entryFields,
  die: TableDie,
  rows: Schema.Array(Schema.Struct({ key: Table.RowKey, result: Text }))
    .check(Schema.isMinLength(1))
    .annotate({
      description: "One row per result of the die: a face, a [from, to] range or a 1D66 key, and its words",
    }),
}).annotate({ identifier: "NightsongTable", title: "Random table" })
export type RandomTable = typeof RandomTable.Type

/** Every kind of entry, by its key in a pack, in the order they are checked and listed. */
export const entrySchemas = {
  spells: Spell,
  spellTables: SpellTable,
  creatures: Creature,
  weapons: Weapon,
  armour: Armour,
  shields: Shield,
  supplies: Supply,
  remedies: Remedy,
  tables: RandomTable,
} as const

export type Kind = keyof typeof entrySchemas
export const KINDS = Object.keys(entrySchemas) as ReadonlyArray<Kind>
export type EntryOf = { readonly [K in Kind]: (typeof entrySchemas)[K]["Type"] }
export type AnyEntry = EntryOf[Kind]

/** A kind in words, for messages. */
export const KIND_NAMES: Record<Kind, string> = {
  spells: "Spell",
  spellTables: "Spell table",
  creatures: "creature",
  weapons: "Weapon",
  armour: "Armor",
  shields: "Shield",
  supplies: "supply",
  remedies: "Remedy",
  tables: "table",
}
