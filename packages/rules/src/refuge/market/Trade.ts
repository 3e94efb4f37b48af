/**
 * Selling at the Market, and its two stores: an item sells for half its cost (R-MARKET-02),
 * Reloads are bought (B-FOUNDING-09) and Amber sold (B-MARKET-04), neither by a Congregation
 * (B-CONGREGATION-08).
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import { violation } from "../Violation.js"
import { MARKET } from "./Numbers.js"
import type { AmberOrder, GearKind, ReloadsOrder, SellOrder } from "./Order.js"
import { draft, type TripDraft } from "./Trip.js"

/** One sell order: the stash must hold what is sold. */
export const sell = (t: TripDraft, order: SellOrder, index: number, path: string): void => {
  const { kind, id } = order.sell
  const qty = order.quantity ?? 1
  const item = t.content.get(kind, id) as EntryOf[GearKind] | undefined
  if (!item) {
    t.violations.push(violation(`${path}.sell.id`, `there is no ${kind} "${id}"`, "B-MARKET-01"))
    return
  }
  const stash = t.stash[kind] as string[]
  const have = stash.filter((x) => x === id).length
  if (have < qty) {
    t.violations.push(
      violation(
        `${path}.sell`,
        `the Refuge's stash holds ${have} × ${item.name}, cannot sell ${qty}`,
        "B-MARKET-01",
      ),
    )
    return
  }
  for (let k = 0; k < qty; k++) stash.splice(stash.indexOf(id), 1)
  const price = Math.floor(item.cost / MARKET.resaleDivisor)
  if (price > 0) {
    draft(t, path, {
      store: "salvage",
      amount: price * qty,
      reason: `sold ${qty} × ${item.name} at the Market`,
      clause: "R-MARKET-02",
      item: { kind, id: item.id },
    })
  }
  t.lines.push({ order: index, what: `sell ${qty} × ${item.name}`, done: true })
}

/** Buys Reloads at their founding price. */
export const buyReloads = (t: TripDraft, order: ReloadsOrder, index: number, path: string): void => {
  if (t.congregation) {
    t.violations.push(
      violation(`${path}.buyReloads`, "a Congregation cannot buy Reloads", "B-CONGREGATION-08"),
    )
    return
  }
  const n = order.buyReloads
  draft(t, path, {
    store: "salvage",
    amount: -n * MARKET.reloadCost,
    reason: `bought ${n} Reload(s) at the Market`,
    clause: "B-FOUNDING-09",
  })
  draft(t, path, { store: "reloads", amount: n, reason: "bought at the Market", clause: "B-FOUNDING-09" })
  t.lines.push({ order: index, what: `buy ${n} Reload(s)`, done: true })
}

/** Sells Amber at its stated price. */
export const sellAmber = (t: TripDraft, order: AmberOrder, index: number, path: string): void => {
  if (t.congregation) {
    t.violations.push(
      violation(
        `${path}.sellAmber`,
        "a Congregation cannot sell Amber; to them it is sacred",
        "B-CONGREGATION-08",
      ),
    )
    return
  }
  const n = order.sellAmber
  draft(t, path, { store: "amber", amount: -n, reason: "sold at the Market", clause: "B-MARKET-04" })
  draft(t, path, {
    store: "salvage",
    amount: n * MARKET.amberPrice,
    reason: `sold ${n} Amber at ${MARKET.amberPrice} each`,
    clause: "B-MARKET-04",
  })
  t.lines.push({ order: index, what: `sell ${n} Amber`, done: true })
}
