/**
 * Kit (GAP-B-05): Med kits, Lanterns, Flares and the rest; two pieces per survivor.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Effects } from "../../plugin/Effect.js"
import { entryFields, Rarity, Salvage } from "./Common.js"
import { KitId } from "./Ids.js"

/** A piece of kit. */
export const Kit = Schema.Struct({
  ...entryFields(KitId),
  rarity: Rarity,
  cost: Salvage,
  uses: Schema.optional(Schema.Int.pipe(Schema.between(1, 12))).annotations({
    description: "Uses before it is spent (left out: unlimited)",
  }),
  light: Schema.optional(Schema.Boolean).annotations({
    description: "A light that draws Swarms (B-BEHAVIOUR-09)",
  }),
  text: Schema.NonEmptyTrimmedString,
  effects: Schema.optional(Effects),
}).annotations({ identifier: "Kit" })
export type Kit = typeof Kit.Type
