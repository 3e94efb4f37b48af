/**
 * Buying an item at the Market (B-MARKET-01/02/03, B-CONGREGATION-07/08, R-MARKET-01/04): the
 * named checks an order must pass, in the order they are reported (the first one broken refuses
 * the order; a pack's own rule is one more entry), then the availability roll and the purchase.
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import { congregationMaySell } from "../CongregationMarket.js"
import type { LedgerDraft } from "../Ledger.js"
import { rollAvailability } from "../MarketCrew.js"
import { type Violation, violation } from "../Violation.js"
import { MARKET } from "./Numbers.js"
import type { BuyOrder, GearKind } from "./Order.js"
import { draft, type Looked, type TripDraft, type TripLine } from "./Trip.js"

/** A buy order with its item found. */
export interface Buying {
  readonly path: string
  readonly index: number
  readonly order: BuyOrder
  readonly kind: GearKind
  readonly item: EntryOf[GearKind]
  readonly qty: number
  /** The item's availability, if an earlier order of the trip rolled it (R-MARKET-01). */
  readonly looked: Looked | undefined
}

/** One named rule a buy order must keep: the violation, or undefined. */
export interface BuyCheck {
  readonly name: string
  readonly check: (t: TripDraft, b: Buying) => Violation | undefined
}

/** B-FOUNDING-07: free weapons are every survivor's already. */
const notFree: BuyCheck = {
  name: "free",
  check: (_t, { path, kind, item }) =>
    kind === "weapons" && (item as EntryOf["weapons"]).free
      ? violation(`${path}.buy`, `${item.name} is free to every survivor; it is not sold`, "B-FOUNDING-07")
      : undefined,
}

/** As at founding: B-CONGREGATION-08 is the rule that forbids it, not the Market's list. */
const noCongregationFirearm: BuyCheck = {
  name: "congregation firearm",
  check: (t, { path, kind, item }) =>
    t.congregation && kind === "weapons" && (item as EntryOf["weapons"]).firearm === true
      ? violation(
          `${path}.buy`,
          `a Congregation's firearms come only from Loot; ${item.name} cannot be bought`,
          "B-CONGREGATION-08",
        )
      : undefined,
}

/** B-CONGREGATION-07: what the Market sells a Congregation. */
const congregationList: BuyCheck = {
  name: "congregation list",
  check: (t, { path, kind, item }) =>
    t.congregation && !congregationMaySell(kind, item)
      ? violation(
          `${path}.buy`,
          `the Market sells a Congregation only Common melee weapons, Common kit and Common armour up to Armour 1; not ${item.name}`,
          "B-CONGREGATION-07",
        )
      : undefined,
}

/** B-MARKET-02: a Common item is always there. */
const commonNotRerolled: BuyCheck = {
  name: "common re-roll",
  check: (_t, { path, order, item }) =>
    item.rarity === "common" && order.reroll
      ? violation(`${path}.reroll`, `${item.name} is Common: always there, nothing to re-roll`, "B-MARKET-02")
      : undefined,
}

/** B-MARKET-03: an item's roll stands for the trip, so a re-roll belongs to the order that rolled. */
const rerollWhereRolled: BuyCheck = {
  name: "re-roll where rolled",
  check: (_t, { path, order, item, looked }) =>
    item.rarity !== "common" && looked && order.reroll
      ? violation(
          `${path}.reroll`,
          `${item.name} was looked for in orders[${looked.order}]; its roll stands for the trip: ask for the re-roll there`,
          "B-MARKET-03",
        )
      : undefined,
}

/** R-MARKET-04: a re-roll is someone's on the trip. */
const someoneMayReroll: BuyCheck = {
  name: "someone may re-roll",
  check: (t, { path, order, item }) =>
    item.rarity !== "common" && order.reroll && t.crew.rerolls.length === 0
      ? violation(
          `${path}.reroll`,
          "nobody on this trip may re-roll a Market availability roll (name who goes in `by`)",
          "R-MARKET-04",
        )
      : undefined,
}

/** The buy checks, in the order their violations are reported. */
export const buyChecks: ReadonlyArray<BuyCheck> = [
  notFree,
  noCongregationFirearm,
  congregationList,
  commonNotRerolled,
  rerollWhereRolled,
  someoneMayReroll,
]

/** Rolls an item's availability once per trip (R-MARKET-01), with any re-roll's cost as a line. */
const lookFor = (t: TripDraft, b: Buying): { looked: Looked; note?: string | undefined } => {
  if (b.looked) return { looked: b.looked }
  const { item, path } = b
  const r = rollAvailability(
    t.dice,
    item.name,
    MARKET.availability[item.rarity],
    t.crew,
    b.order.reroll === true,
  )
  if (r.spent?.cost)
    draft(t, path, {
      store: r.spent.cost.store,
      amount: -r.spent.cost.amount,
      reason: `re-rolled the availability of ${item.name} (${r.spent.source})`,
      clause: "B-REROLL-01",
    })
  const looked = { a: { rarity: item.rarity, ...r.availability }, dice: r.dice, order: b.index }
  t.availability.set(`${b.kind}:${b.order.buy.id}`, looked)
  return { looked, note: r.note }
}

/** One buy order (B-MARKET-01): refused, not there (recorded, R-MARKET-03), or bought. */
export const buy = (t: TripDraft, order: BuyOrder, index: number, path: string): void => {
  const { kind, id } = order.buy
  const item = t.content.get(kind, id) as EntryOf[GearKind] | undefined
  if (!item) {
    t.violations.push(violation(`${path}.buy.id`, `the Market has no ${kind} "${id}"`, "B-MARKET-01"))
    return
  }
  const qty = order.quantity ?? 1
  const b: Buying = { path, index, order, kind, item, qty, looked: t.availability.get(`${kind}:${id}`) }
  for (const { check } of buyChecks) {
    const broken = check(t, b)
    if (broken) {
      t.violations.push(broken)
      return
    }
  }
  const line = { order: index, what: `buy ${qty} × ${item.name}` }
  let shown: Pick<TripLine, "availability" | "note"> = {}
  let rolled: Pick<LedgerDraft, "rolls" | "modifiers"> = {}
  if (item.rarity !== "common") {
    const { looked, note } = lookFor(t, b)
    const { a, dice } = looked
    shown = { availability: a, ...(note ? { note } : {}) }
    if (!a.available) {
      t.lines.push({ ...line, done: false, ...shown })
      return
    }
    rolled = { rolls: dice, ...(a.modifiers.length ? { modifiers: a.modifiers } : {}) }
  }
  draft(t, path, {
    store: "salvage",
    amount: -item.cost * qty,
    reason: `bought ${qty} × ${item.name} at the Market`,
    clause: "B-MARKET-01",
    item: { kind, id: item.id },
    ...rolled,
  })
  for (let k = 0; k < qty; k++) (t.stash[kind] as string[]).push(item.id)
  t.lines.push({ ...line, done: true, ...shown })
}
