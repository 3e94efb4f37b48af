/**
 * What the Market sells a Congregation (B-CONGREGATION-07, R-BUILDER-01 / R-WORLD-20): only Common
 * melee weapons, Common kit and Common armour up to Armour 1. Used at founding and on every trip.
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../content/schema/Entries.js"

/**
 * The effect kind the Grove's drawback carries on `market.trip`; its fields state the same limits
 * as the constants here (a test checks they agree).
 */
export const CONGREGATION_MARKET_KIND = "marketRestriction"

/** The highest Armour a Congregation may buy. */
export const CONGREGATION_MAX_ARMOUR = 1

/** The item kinds the Market sells. */
export type GearKind = "weapons" | "armour" | "kit"

/** May the Market sell this item to a Congregation? */
export const congregationMaySell = (kind: GearKind, item: EntryOf[GearKind]): boolean =>
  item.rarity === "common" &&
  (kind === "weapons"
    ? (item as EntryOf["weapons"]).type === "melee"
    : kind === "kit" || (item as EntryOf["armour"]).armour <= CONGREGATION_MAX_ARMOUR)

/** What a Congregation may buy of a kind, in words. */
export const congregationAllows = (kind: GearKind): string =>
  kind === "weapons"
    ? "Common melee weapons"
    : kind === "kit"
      ? "Common kit"
      : `Common armour up to Armour ${CONGREGATION_MAX_ARMOUR}`
