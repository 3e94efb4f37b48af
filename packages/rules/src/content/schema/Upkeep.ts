/**
 * Upkeep rules (GAP-B-14, B-UPKEEP-01: the rules text leaves `[[upkeep]]` empty): meet the
 * Season's need, then feed everyone; what happens when a Refuge falls short.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { entryFields, NamedRule } from "./Common.js"
import { UpkeepRulesId } from "./Ids.js"

/** The Upkeep rules. */
export const UpkeepRules = Schema.Struct({
  ...entryFields(UpkeepRulesId),
  text: Schema.NonEmptyTrimmedString,
  rationsPerSurvivor: Schema.Int.pipe(Schema.between(0, 6)),
  unmetNeed: NamedRule.annotations({ description: "What happens when the Season's need is not met" }),
  hunger: NamedRule.annotations({ description: "What happens to each survivor not fed" }),
  rules: Schema.optional(Schema.Array(NamedRule)),
}).annotations({ identifier: "UpkeepRules" })
export type UpkeepRules = typeof UpkeepRules.Type
