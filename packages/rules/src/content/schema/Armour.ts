/**
 * Armour (B-ARMOUR-*): Armour dice, and whether it includes a Helmet (Crits blocked on 5+).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ArmourId } from "../../terms/Ids.js"
import { Effects } from "../../vocabulary/Effect.js"
import { entryFields, Rarity, Salvage } from "./Common.js"

/** An armour. */
export const Armour = Schema.Struct({
  ...entryFields(ArmourId),
  armour: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 })).annotate({
    description: "Armour dice",
  }),
  helmet: Schema.Boolean.annotate({ description: "A Helmet: Crits are blocked on 5+ (B-ARMOUR-02)" }),
  rarity: Rarity,
  cost: Salvage,
  text: Schema.optional(Schema.String),
  effects: Schema.optional(Effects),
}).annotate({ identifier: "Armour" })
export type Armour = typeof Armour.Type
