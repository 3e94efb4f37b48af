/**
 * Leader rules (GAP-B-01: the rules text leaves `[[leader]]` empty). One entry per ruleset:
 * bonuses, abilities and what happens when the Leader is Down or lost.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { LeaderRulesId } from "../../terms/Ids.js"
import { Effects } from "../../vocabulary/Effect.js"
import { entryFields, NamedRule, Salvage } from "./Common.js"

/** The Leader rules. */
export const LeaderRules = Schema.Struct({
  ...entryFields(LeaderRulesId),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  cost: Salvage.annotate({ description: "Extra cost of making a survivor Leader" }),
  effects: Schema.optional(Effects).annotate({ description: "What being Leader gives" }),
  abilities: Schema.Array(NamedRule),
  whenDown: NamedRule,
  replacement: NamedRule,
}).annotate({ identifier: "LeaderRules" })
export type LeaderRules = typeof LeaderRules.Type
