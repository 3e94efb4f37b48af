/**
 * A Nightsong character as data (N-CREATE-01): Abilities, HP, Focus, Slots, items, Spell Shards,
 * Conditions, background, details and name. The type is derived from the schema.
 *
 * @since 0.1.0
 */
import { SchemaJson, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { ClearedBy, Severity } from "../procedures/conditions/Conditions.js"
import { Abilities, AbilityName } from "./Ability.js"
import { Item } from "./Item.js"

/**
 * A Condition and the Slots it fills: 1, or more as it worsens (N-CONDITION-01). `severity` and
 * `clearedBy` are written only for a Condition the rules do not name (or one the Referee ruled
 * otherwise); the text's own examples take theirs from `procedures/conditions/Conditions.ts`.
 */
export const Condition = Schema.Struct({
  name: Schema.NonEmptyString,
  slots: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  severity: Schema.optional(Severity),
  clearedBy: Schema.optional(ClearedBy),
  // Named apart from The Blight's Condition: one document (OpenAPI, GraphQL) holds both.
}).annotate({ identifier: "NightsongCondition" })
export type Condition = typeof Condition.Type

/**
 * A Spell Shard (N-SPELL, N-BACKGROUND-04): its Spell and the Step Die tracking its uses. The
 * Spell tables are not published (GAP-N-01), so created Shards hold an unnamed Spell on a
 * provisional D6 (R-N-CHAR-05). `start` keeps the die it refills to (R-N-CHAR-10). `origin` says whether the Shard came with a Presence score, a
 * background item (the Scholar's) or was found in play.
 */
export const SpellShard = Schema.Struct({
  spell: Schema.NonEmptyString,
  die: StepDie.StepDie,
  /** The die the Shard refills to, written once `die` has moved off it; absent, see R-N-CHAR-10. */
  start: Schema.optional(StepDie.StepDie),
  origin: Schema.Literals(["presence", "background", "found"]).annotate({
    message:
      "a Spell Shard comes with a Presence score or a background, or is found; it cannot be copied or crafted (N-BACKGROUND-05)",
  }),
  provisional: Schema.Boolean,
}).annotate({ identifier: "SpellShard" })
export type SpellShard = typeof SpellShard.Type

/** The ten details (N-DETAILS-01); any words, rolled or picked. */
export const Details = Schema.Struct({
  face: Schema.NonEmptyString,
  eyes: Schema.NonEmptyString,
  hair: Schema.NonEmptyString,
  physique: Schema.NonEmptyString,
  clothing: Schema.NonEmptyString,
  mannerism: Schema.NonEmptyString,
  speech: Schema.NonEmptyString,
  virtue: Schema.NonEmptyString,
  flaw: Schema.NonEmptyString,
  drive: Schema.NonEmptyString,
}).annotate({ identifier: "Details" })
export type Details = typeof Details.Type

// effect 3's `greaterThanOrEqualTo(0)`, not `nonNegative()`: the title the JSON Schema has always had.
const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0, { title: "greaterThanOrEqualTo(0)" }))

/** A character. */
export const Character = Schema.Struct({
  name: Schema.NonEmptyString,
  pronouns: Schema.optional(Schema.String),
  abilities: Abilities,
  hp: Schema.Int,
  maxHp: Schema.Int,
  focus: Count,
  slots: Schema.Struct({ total: Count, used: Count }),
  background: Schema.Struct({ name: Schema.NonEmptyString, table: AbilityName }),
  items: Schema.Array(Item),
  spellShards: Schema.Array(SpellShard),
  conditions: Schema.Array(Condition),
  coins: Count,
  /** Starting items that did not fit in the Slots and were left behind (R-N-CHAR-07); take no Slots. */
  leftBehind: Schema.Array(Item),
  details: Details,
  /** Advancements received; 0 for a character as created (the creation rules then apply exactly). */
  advancements: Count,
}).annotate({ identifier: "NightsongCharacter" })
export type Character = typeof Character.Type

/** Maximum HP at creation: Constitution + 6 (N-HP-01). */
export const maxHpFor = (con: number): number => con + 6

/** Focus each session: Dexterity up to 3, and never below 0 (N-FOCUS-01, R-N-CHAR-01). */
export const focusFor = (dex: number): number => Math.max(0, Math.min(dex, 3))

/** Total Slots: Strength + 10 (N-SLOTS-01). */
export const slotsFor = (str: number): number => str + 10

/** The JSON Schema of a character, for tools in other languages and for editors. */
export const characterJsonSchema = (): SchemaJson.Json => SchemaJson.document(Character)
