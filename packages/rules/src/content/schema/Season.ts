/**
 * Seasons (B-SEASON-01, GAP-B-15): order, the raid effect, the survival need, and the Din
 * thresholds (the Silence takes two 6s to wake anything, B-DIN-05).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { SeasonId, SeasonRef } from "../../terms/Ids.js"
import { entryFields, NamedRule } from "./Common.js"
import { StoreAmount } from "./Home.js"

/** A Season. */
export const Season = Schema.Struct({
  ...entryFields(SeasonId),
  order: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })).annotate({
    description: "Its place in the year",
  }),
  next: SeasonRef.annotate({ description: "The Season that follows" }),
  raids: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })).annotate({
    description: "Raids before the Season turns",
  }),
  raidEffect: NamedRule,
  need: Schema.Struct({
    text: Schema.Trimmed.check(Schema.isNonEmpty()),
    stores: Schema.Array(StoreAmount),
    perSurvivor: Schema.Boolean,
  }).annotate({ description: "What every Refuge must pay in Upkeep (B-UPKEEP-01)" }),
  din: Schema.Struct({
    lesser: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
    greater: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
  }).annotate({ description: "Sixes on the Din for a Lesser and a Greater Encounter (normally 1 and 2)" }),
}).annotate({ identifier: "Season" })
export type Season = typeof Season.Type
