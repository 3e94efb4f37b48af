/**
 * Homes (B-HOME-*, GAP-B-12): capacity, a perk, a drawback, Season needs, starting stores,
 * Initiative dice and the number of Errands.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Store } from "../../plugin/Vocabulary.js"
import { Count, entryFields, NamedRule } from "./Common.js"
import { HomeId, SeasonRef } from "./Ids.js"

/** Stores of one kind. */
export const StoreAmount = Schema.Struct({
  store: Store,
  amount: Schema.Int.pipe(Schema.between(0, 100)),
}).annotations({
  identifier: "StoreAmount",
})

/** A Home. */
export const Home = Schema.Struct({
  ...entryFields(HomeId),
  capacity: Schema.Int.pipe(Schema.between(4, 30)).annotations({ description: "Survivors it holds" }),
  perk: NamedRule,
  drawback: NamedRule,
  errands: Schema.Int.pipe(Schema.between(0, 6)).annotations({
    description: "Errands between raids (2; Office Block 3)",
  }),
  initiativeDice: Count.annotations({ description: "Bonus Initiative dice (B-INIT-01)" }),
  startingStores: Schema.Array(StoreAmount).annotations({
    description: "Stores added at founding (B-FOUNDING-10)",
  }),
  seasonNeeds: Schema.Array(
    Schema.Struct({
      season: SeasonRef,
      extra: Schema.Array(StoreAmount),
      text: Schema.optional(Schema.String),
    }),
  ).annotations({ description: "What this Home needs beyond the Season's need (B-HOME-04)" }),
  congregationOnly: Schema.optional(Schema.Boolean).annotations({
    description: "Only a Congregation may have it (the Grove)",
  }),
  text: Schema.optional(Schema.String),
}).annotations({ identifier: "Home" })
export type Home = typeof Home.Type
