/**
 * Homes (B-HOME-*, GAP-B-12): capacity, a perk, a drawback, Season needs, starting stores,
 * Initiative dice and the number of Errands.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HomeId, SeasonRef } from "../../terms/Ids.js"
import { Store } from "../../vocabulary/Vocabulary.js"
import { Count, entryFields, NamedRule } from "./Common.js"

/** Stores of one kind. */
export const StoreAmount = Schema.Struct({
  store: Store,
  amount: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
}).annotate({
  identifier: "StoreAmount",
})

/** A Home. */
export const Home = Schema.Struct({
  ...entryFields(HomeId),
  capacity: Schema.Int.check(Schema.isBetween({ minimum: 4, maximum: 30 })).annotate({
    description: "Survivors it holds",
  }),
  perk: NamedRule,
  drawback: NamedRule,
  errands: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 })).annotate({
    description: "Errands between raids (2; Office Block 3)",
  }),
  initiativeDice: Count.annotate({ description: "Bonus Initiative dice (B-INIT-01)" }),
  startingStores: Schema.Array(StoreAmount).annotate({
    description: "Stores added at founding (B-FOUNDING-10)",
  }),
  seasonNeeds: Schema.Array(
    Schema.Struct({
      season: SeasonRef,
      extra: Schema.Array(StoreAmount),
      text: Schema.optional(Schema.String),
    }),
  ).annotate({ description: "What this Home needs beyond the Season's need (B-HOME-04)" }),
  congregationOnly: Schema.optional(Schema.Boolean).annotate({
    description: "Only a Congregation may have it (the Grove)",
  }),
  text: Schema.optional(Schema.String),
}).annotate({ identifier: "Home" })
export type Home = typeof Home.Type
