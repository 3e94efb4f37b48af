/**
 * Improvements (B-IMPROVEMENT-*, GAP-B-13): built at the Refuge, they work in raids.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HomeRef, ImprovementId } from "../../terms/Ids.js"
import { entryFields, ruleFields, Salvage } from "./Common.js"

/** An improvement. */
export const Improvement = Schema.Struct({
  ...entryFields(ImprovementId),
  cost: Salvage,
  errand: Schema.Boolean.annotate({ description: "Building it takes an Errand" }),
  homes: Schema.optional(Schema.Array(HomeRef)).annotate({ description: "Only these Homes may build it" }),
  ...ruleFields,
}).annotate({ identifier: "Improvement" })
export type Improvement = typeof Improvement.Type
