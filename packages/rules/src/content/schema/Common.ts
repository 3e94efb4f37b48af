/**
 * Fields every entry shares (id, name, provenance, clauses, notes, replaces) and small shapes
 * several kinds reuse: rarity, costs, named rules with effects, counts of creatures.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { DiceExpression } from "../../terms/Dice.js"
import { ClauseId, CreatureRef, PackId } from "../../terms/Ids.js"
import { Effects } from "../../vocabulary/Effect.js"

/**
 * Where an entry's numbers come from: `rules` (stated in the rules text) or `provisional`
 * (filled in consistently where the text leaves a gap, to be replaced by data later).
 */
export const Provenance = Schema.Literals(["rules", "provisional"]).annotate({
  description: "rules: stated in the rules text; provisional: filled in where the rules leave a gap",
})
export type Provenance = typeof Provenance.Type

/** The fields of every entry, given the kind's id schema. */
export const entryFields = <I extends Schema.Top>(id: I) => ({
  id,
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  provenance: Provenance,
  /** The clause IDs this entry implements. */
  clauses: Schema.optional(Schema.Array(ClauseId)),
  notes: Schema.optional(Schema.String),
  /** This entry deliberately replaces the entry with the same kind and id from that pack. */
  replaces: Schema.optional(PackId),
})

/** Market rarity (B-MARKET-02): Uncommon is available on 3+, Rare on 5+. */
export const Rarity = Schema.Literals(["common", "uncommon", "rare"]).annotate({
  description: "Market rarity",
})
export type Rarity = typeof Rarity.Type

/** A price in Salvage. */
export const Salvage = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1000 })).annotate({
  description: "Salvage",
})

/** A whole number of at least 0. */
export const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The fields of every rule: its text for people, and its effects for the engine. */
export const ruleFields = {
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  effects: Schema.optional(Effects),
}

/** A rule with a name, its text for people, and its effects for the engine. */
export const NamedRule = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  ...ruleFields,
}).annotate({
  identifier: "NamedRule",
  description: "A named rule: text for people, effects for the engine",
})
export type NamedRule = typeof NamedRule.Type

/** How many creatures: a number or a dice expression ("d3"). */
export const CreatureCount = Schema.Union([
  Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 40 })),
  DiceExpression,
]).annotate({ identifier: "CreatureCount", description: 'How many: a number, or dice such as "d3"' })

/** Some creatures of one kind. */
export const CreatureGroup = Schema.Struct({
  creature: CreatureRef,
  count: CreatureCount,
}).annotate({ identifier: "CreatureGroup", description: "Some creatures of one kind" })
export type CreatureGroup = typeof CreatureGroup.Type
