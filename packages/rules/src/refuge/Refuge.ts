/**
 * A Refuge (or a Congregation of Gardeners): its Home, survivors, Leader, improvements, the
 * items it owns but nobody carries, and its Ledger. The stores are not stored: they are the fold
 * of the Ledger (`storesOf(refuge.ledger)`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HomeRef, ImprovementRef } from "../terms/Ids.js"
import { Ledger, type Stores, storesOf } from "./Ledger.js"
import { Equipment, Survivor } from "./Survivor.js"

/** Items owned by the Refuge but carried by nobody (bought at the Market, dropped, looted). */
export const Stash = Equipment.annotate({ identifier: "Stash" })
export type Stash = typeof Stash.Type

/** A Refuge or a Congregation. */
export const Refuge = Schema.Struct({
  // Names are stored (a database column of 200): bounded here, the same on every database.
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(200)),
  kind: Schema.Literals(["refuge", "congregation"]),
  home: HomeRef,
  survivors: Schema.Array(Survivor),
  improvements: Schema.Array(ImprovementRef),
  stash: Stash,
  ledger: Ledger,
}).annotate({ identifier: "Refuge" })
export type Refuge = typeof Refuge.Type

/** The Refuge's stores now. */
export const stores = (refuge: Refuge): Stores => storesOf(refuge.ledger)

/** The Leader (or the Verdant Mother). */
export const leaderOf = (refuge: Refuge) => refuge.survivors.find((s) => s.role !== undefined)
