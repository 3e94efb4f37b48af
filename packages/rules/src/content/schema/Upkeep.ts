/**
 * Upkeep rules (GAP-B-14, B-UPKEEP-01: the rules text leaves `[[upkeep]]` empty): meet the
 * Season's need, then feed everyone; what happens when a Refuge falls short.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { UpkeepRulesId } from "../../terms/Ids.js"
import { entryFields, NamedRule } from "./Common.js"

/** The Upkeep rules. */
export const UpkeepRules = Schema.Struct({
  ...entryFields(UpkeepRulesId),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  rationsPerSurvivor: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 })),
  // A fresh struct, not NamedRule re-annotated: effect 3's annotations() dropped the identifier, so
  // these two are written out in the JSON Schema, not as a $ref to NamedRule.
  unmetNeed: Schema.Struct(NamedRule.fields).annotate({
    description: "What happens when the Season's need is not met",
  }),
  hunger: Schema.Struct(NamedRule.fields).annotate({ description: "What happens to each survivor not fed" }),
  rules: Schema.optional(Schema.Array(NamedRule)),
}).annotate({ identifier: "UpkeepRules" })
export type UpkeepRules = typeof UpkeepRules.Type
