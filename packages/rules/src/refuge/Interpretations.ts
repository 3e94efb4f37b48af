/**
 * The builder's declarations of the effects it reads (profile, Market, home actions), gathered
 * for the "nothing silent" check (`vocabulary/Interpreters.ts`). Battle and campaign code add theirs
 * beside their own modules.
 *
 * @since 0.1.0
 */
import type { Interpretation } from "../vocabulary/Interpreters.js"
import { CONGREGATION_MARKET_KIND } from "./CongregationMarket.js"
import { interprets as profile } from "./EffectiveProfile.js"
import { interprets as market } from "./MarketCrew.js"

/** Everything the Refuge builder interprets. */
export const builderInterpretations: ReadonlyArray<Interpretation> = [
  ...profile,
  ...market,
  // The Grove's drawback: the Market's Congregation limits (B-CONGREGATION-07/08, R-BUILDER-01).
  { area: "market", kind: "trigger", selects: "market.trip", from: ["homes"], by: "marketTrip" },
  { area: "market", kind: CONGREGATION_MARKET_KIND, by: "congregationMaySell, marketTrip" },
  { area: "home", kind: "exchange", selects: "salvage", from: ["improvements"], by: "reloadingBench" },
]
