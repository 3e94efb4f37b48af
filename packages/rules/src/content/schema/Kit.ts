/**
 * Kit (GAP-B-05): Med kits, Lanterns, Flares and the rest; two pieces per survivor.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { KitId } from "../../terms/Ids.js"
import { entryFields, Rarity, ruleFields, Salvage } from "./Common.js"

/** A piece of kit. */
export const Kit = Schema.Struct({
  ...entryFields(KitId),
  rarity: Rarity,
  cost: Salvage,
  uses: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 }))).annotate({
    description: "Uses before it is spent (left out: unlimited)",
  }),
  light: Schema.optional(Schema.Boolean).annotate({
    description: "A light that draws Swarms (B-BEHAVIOUR-09)",
  }),
  ...ruleFields,
}).annotate({ identifier: "Kit" })
export type Kit = typeof Kit.Type
