/**
 * Roll tables other than Encounters: Casualty (modified results 0–8, GAP-B-07), Loot
 * (GAP-B-08), the Stranger (B-STRANGER-02), the Gift and Mark half tables (B-GIFT-*), the
 * Congregation table (GAP-B-11), and plain tables of named results. Each is a `tables` entry
 * told apart by its `table` field; rows reuse the dice core's `RollTable`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { rollTableFields } from "../../terms/Dice.js"
import { BackgroundRef, GiftRef, MarkRef, TableId } from "../../terms/Ids.js"
import { D6Amount, Effects } from "../../vocabulary/Effect.js"
import { Store } from "../../vocabulary/Vocabulary.js"
import { CreatureGroup, entryFields, Salvage } from "./Common.js"

const table = <T extends string, A, I, F extends Schema.Struct.Fields>(
  tag: T,
  result: Schema.Codec<A, I>,
  extra: F,
  description: string,
) =>
  Schema.Struct({
    ...entryFields(TableId),
    table: Schema.Literal(tag),
    ...extra,
    ...rollTableFields(result),
  }).annotate({ identifier: `${tag[0]!.toUpperCase()}${tag.slice(1)}Table`, description })

/** A Casualty result: what happens to the survivor. */
export const CasualtyResult = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  outcome: Schema.Literals(["dead", "missRaids", "laidUp", "injured", "infected", "recovered"]),
  missRaids: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 }))),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  effects: Schema.optional(Effects),
}).annotate({ identifier: "CasualtyResult" })

/** The Casualty table: a d6, modified, so rows cover `modified.min`–`modified.max` (e.g. 0–8). */
export const CasualtyTable = table(
  "casualty",
  CasualtyResult,
  {
    modified: Schema.Struct({
      min: Schema.Int.check(Schema.isBetween({ minimum: -6, maximum: 1 })),
      max: Schema.Int.check(Schema.isBetween({ minimum: 6, maximum: 12 })),
    }).annotate({
      description: "The modified results the rows cover; a result outside is read as the nearest end",
    }),
  },
  "The Casualty table (B-CASUALTY-*)",
)

/** A Loot result: stores gained (amounts may be rolled; a 6 doubles, B-LOOT-02). */
export const LootResult = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  gives: Schema.Array(Schema.Struct({ store: Store, amount: D6Amount })),
  firearm: Schema.optional(Schema.Boolean).annotate({
    description: "Also a firearm from the Market list",
  }),
  text: Schema.optional(Schema.String),
  effects: Schema.optional(Effects),
}).annotate({ identifier: "LootResult" })

/** The Loot table (B-LOOT-*). */
export const LootTable = table("loot", LootResult, {}, "The Loot table (B-LOOT-*)")

/** A Stranger result: a background, or any background up to a cost (B-STRANGER-02 row 6). */
export const StrangerResult = Schema.Union([
  Schema.Struct({ background: BackgroundRef }),
  Schema.Struct({ anyBackground: Schema.Struct({ maxCost: Salvage }) }),
]).annotate({ identifier: "StrangerResult" })

/** The Stranger table. */
export const StrangerTable = table("stranger", StrangerResult, {}, "The Stranger table (B-STRANGER-02)")

/** The Gift table: 12 rows, `die: "half"`. */
export const GiftTable = table("gifts", Schema.Struct({ gift: GiftRef }), {}, "The Gift table (B-GIFT-*)")

/** The Mark table: 12 rows, `die: "half"`. */
export const MarkTable = table("marks", Schema.Struct({ mark: MarkRef }), {}, "The Mark table (B-GIFT-*)")

/** A Congregation result: units and escorts. */
export const CongregationResult = Schema.Struct({
  name: Schema.optional(Schema.String),
  units: Schema.Array(CreatureGroup).check(Schema.isMinLength(1)),
  escorts: Schema.optional(Schema.Array(CreatureGroup)),
  text: Schema.optional(Schema.String),
}).annotate({ identifier: "CongregationResult" })

/** The Congregation table (B-GARDENER-02). */
export const CongregationTable = table(
  "congregation",
  CongregationResult,
  {},
  "The Congregation table (B-GARDENER-02)",
)

/** A plain result: a name, its text and effects. */
export const PlainResult = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  text: Schema.optional(Schema.String),
  effects: Schema.optional(Effects),
}).annotate({ identifier: "PlainResult" })

/** Any other table of named results. */
export const PlainTable = table("plain", PlainResult, {}, "A table of named results")

/** A roll table entry. */
export const RollTableEntry = Schema.Union([
  CasualtyTable,
  LootTable,
  StrangerTable,
  GiftTable,
  MarkTable,
  CongregationTable,
  PlainTable,
]).annotate({ identifier: "RollTableEntry" })
export type RollTableEntry = typeof RollTableEntry.Type
