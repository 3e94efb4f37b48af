/**
 * Leader rules (GAP-B-01: the rules text leaves `[[leader]]` empty). One entry per ruleset:
 * bonuses, abilities and what happens when the Leader is Down or lost.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Effects } from "../../plugin/Effect.js"
import { entryFields, NamedRule, Salvage } from "./Common.js"
import { LeaderRulesId } from "./Ids.js"

/** The Leader rules. */
export const LeaderRules = Schema.Struct({
  ...entryFields(LeaderRulesId),
  text: Schema.NonEmptyTrimmedString,
  cost: Salvage.annotations({ description: "Extra cost of making a survivor Leader" }),
  effects: Schema.optional(Effects).annotations({ description: "What being Leader gives" }),
  abilities: Schema.Array(NamedRule),
  whenDown: NamedRule,
  replacement: NamedRule,
}).annotations({ identifier: "LeaderRules" })
export type LeaderRules = typeof LeaderRules.Type
