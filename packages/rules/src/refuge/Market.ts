/**
 * The Flyover Market (B-MARKET-*, B-ERRAND-03, B-CONGREGATION-07/08): one trip is one session in
 * which a Refuge looks for items, buys and sells. Common items are always there; looking for an
 * Uncommon item rolls a die (available on 3+), a Rare one 5+ (B-MARKET-02); an item that isn't
 * there stays gone for the rest of the trip (B-MARKET-03). Every roll goes through the dice source
 * and is written into the Ledger entry it led to, and the trip is all or nothing.
 *
 * Rulings: R-MARKET-01 availability is rolled once per item *kind* per trip (AMB-B-50: reading a),
 * and an available item can be bought in any number. R-MARKET-02 an item sells for half its cost,
 * rounded down (GAP-B-25: no resale prices are stated; Amber's 9 is). R-MARKET-03 an item not
 * available is not an error: the order is recorded as not bought and the trip goes on, so the dice
 * stand (a refused trip cannot be re-rolled by asking again with the same state).
 * R-MARKET-04 / R-MARKET-05 (`MarketCrew.ts`): the survivors named as going bring their
 * availability modifiers and re-rolls; a buy order with `reroll: true` spends one on its item if
 * the roll misses. The die, the modifiers and any re-roll are written into the Ledger entry.
 *
 * @since 0.1.0
 */
import { type DiceSource, SchemaText, Source } from "@blight/dice"
import { Result, Schema } from "effect"
import type { EntryOf } from "../content/schema/Entries.js"
import { congregationMaySell } from "./CongregationMarket.js"
import type { ContentView } from "./Content.js"
import { FOUNDING } from "./Founding.js"
import { type LedgerDraft, post, type RecordedDie } from "./Ledger.js"
import { crewOf, type Rolled, rollAvailability } from "./MarketCrew.js"
import type { Refuge } from "./Refuge.js"
import type { Survivor } from "./Survivor.js"
import { fromParseIssues, type RulesViolated, refused, type Violation, violation } from "./Violation.js"

/** The Market's stated numbers. */
export const MARKET = {
  availability: { common: 1, uncommon: 3, rare: 5 }, // B-MARKET-02: the d6 needed
  amberPrice: 9, // B-MARKET-04
  reloadCost: FOUNDING.reloadCost, // B-FOUNDING-09
  resaleDivisor: 2, // R-MARKET-02
} as const

const GearKind = Schema.Literals(["weapons", "armour", "kit"])
type GearKind = typeof GearKind.Type
const Qty = Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })))

/** One order of a trip. */
export const MarketOrder = Schema.Union([
  Schema.Struct({
    buy: Schema.Struct({ kind: GearKind, id: Schema.String }),
    quantity: Qty,
    reroll: Schema.optional(Schema.Boolean).annotate({
      description:
        "If the item is not there, spend a re-roll someone on the trip has on it (the Shopkeeper's Knack, R-MARKET-04)",
    }),
  }),
  Schema.Struct({ sell: Schema.Struct({ kind: GearKind, id: Schema.String }), quantity: Qty }),
  Schema.Struct({ buyReloads: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })) }),
  Schema.Struct({ sellAmber: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })) }),
]).annotate({ identifier: "MarketOrder" })
export type MarketOrder = typeof MarketOrder.Type

/** A whole trip: who goes (R-MARKET-04) and its orders, in the order they are made. */
export const MarketTripRequest = Schema.Struct({
  by: Schema.optional(Schema.Array(Schema.String).check(Schema.isMaxLength(50))).annotate({
    description:
      "The ids of the survivors who go on the trip; their Knacks, skills, Gifts and Marks apply to availability rolls (R-MARKET-04)",
  }),
  orders: Schema.Array(MarketOrder).check(Schema.isMaxLength(200)),
}).annotate({
  identifier: "MarketTripRequest",
})

/** What happened on the trip, order by order. */
export interface TripLine {
  readonly order: number
  readonly what: string
  readonly done: boolean
  readonly availability?: Availability
  /** Why something the order asked for did not happen (no re-roll left). */
  readonly note?: string
}

/** An availability roll (B-MARKET-02) of an item of some rarity. */
export interface Availability extends Rolled {
  readonly rarity: string
}

export interface MarketTrip {
  readonly refuge: Refuge
  /** The survivors who went (R-MARKET-04). */
  readonly by: ReadonlyArray<string>
  readonly lines: readonly TripLine[]
}

/**
 * The rule a badly shaped trip field belongs to, so every refusal names one: who goes
 * (R-MARKET-04), Reloads (B-FOUNDING-09), Amber (B-MARKET-04); any other order is the Market's
 * (B-MARKET-01), and the trip as a whole is one Trade Errand (B-ERRAND-03).
 */
const tripShapeClause = (path: string): string =>
  path.startsWith("by")
    ? "R-MARKET-04"
    : path.includes("buyReloads")
      ? "B-FOUNDING-09"
      : path.includes("sellAmber")
        ? "B-MARKET-04"
        : path.startsWith("orders")
          ? "B-MARKET-01"
          : "B-ERRAND-03"

const decodeTrip = Schema.decodeUnknownResult(MarketTripRequest, {
  errors: "all",
  onExcessProperty: "error",
  reportInput: true,
})

/**
 * Makes one Market trip (one Trade Errand, B-ERRAND-03). Left: every rule the orders break, and
 * the Refuge unchanged. Right: the Refuge after the trip, and what happened line by line.
 */
export const marketTrip = (
  refuge: Refuge,
  request: unknown,
  content: ContentView,
  source: DiceSource,
): Result.Result<MarketTrip, RulesViolated> => {
  const decoded = decodeTrip(request)
  if (Result.isFailure(decoded)) {
    return Result.fail(
      refused(
        fromParseIssues(SchemaText.problems(decoded.failure)).map((x) => ({
          ...x,
          clause: tripShapeClause(x.path),
        })),
      ),
    )
  }
  const { orders, by = [] } = decoded.success
  const congregation = refuge.kind === "congregation"
  const rec = Source.recording(source)
  const v: Violation[] = []
  const going: Survivor[] = []
  for (const [i, id] of by.entries()) {
    const s = refuge.survivors.find((x) => x.id === id)
    if (!s) v.push(violation(`by[${i}]`, `no survivor "${id}" in ${refuge.name}`, "R-MARKET-04"))
    else if (going.includes(s)) v.push(violation(`by[${i}]`, `${s.name} is named twice`, "R-MARKET-04"))
    else going.push(s)
  }
  const crew = crewOf(going, content)
  const drafts: LedgerDraft[] = []
  const draftPath: string[] = []
  const lines: TripLine[] = []
  const availability = new Map<string, { a: Availability; dice: RecordedDie[]; order: number }>()
  const stash = {
    weapons: [...refuge.stash.weapons],
    armour: [...refuge.stash.armour],
    kit: [...refuge.stash.kit],
  }
  const draft = (path: string, d: LedgerDraft) => {
    drafts.push(d)
    draftPath.push(path)
  }

  for (const [i, order] of orders.entries()) {
    const path = `orders[${i}]`
    if ("buy" in order) {
      const { kind, id } = order.buy
      const qty = order.quantity ?? 1
      const item = content.get(kind, id) as EntryOf[GearKind] | undefined
      if (!item) {
        v.push(violation(`${path}.buy.id`, `the Market has no ${kind} "${id}"`, "B-MARKET-01"))
        continue
      }
      if (kind === "weapons" && (item as EntryOf["weapons"]).free) {
        v.push(
          violation(`${path}.buy`, `${item.name} is free to every survivor; it is not sold`, "B-FOUNDING-07"),
        )
        continue
      }
      if (congregation && kind === "weapons" && (item as EntryOf["weapons"]).firearm === true) {
        // As at founding: B-CONGREGATION-08 is the rule that forbids it, not the Market's list.
        v.push(
          violation(
            `${path}.buy`,
            `a Congregation's firearms come only from Loot; ${item.name} cannot be bought`,
            "B-CONGREGATION-08",
          ),
        )
        continue
      }
      if (congregation && !congregationMaySell(kind, item)) {
        v.push(
          violation(
            `${path}.buy`,
            `the Market sells a Congregation only Common melee weapons, Common kit and Common armour up to Armour 1; not ${item.name}`,
            "B-CONGREGATION-07",
          ),
        )
        continue
      }
      const line = { order: i, what: `buy ${qty} × ${item.name}` }
      let shown: Pick<TripLine, "availability" | "note"> = {}
      let rolled: Pick<LedgerDraft, "rolls" | "modifiers"> = {}
      if (item.rarity === "common") {
        if (order.reroll) {
          v.push(
            violation(
              `${path}.reroll`,
              `${item.name} is Common: always there, nothing to re-roll`,
              "B-MARKET-02",
            ),
          )
          continue
        }
      } else {
        let looked = availability.get(`${kind}:${id}`)
        let note: string | undefined
        if (looked && order.reroll) {
          v.push(
            violation(
              `${path}.reroll`,
              `${item.name} was looked for in orders[${looked.order}]; its roll stands for the trip: ask for the re-roll there`,
              "B-MARKET-03",
            ),
          )
          continue
        }
        if (order.reroll && crew.rerolls.length === 0) {
          v.push(
            violation(
              `${path}.reroll`,
              "nobody on this trip may re-roll a Market availability roll (name who goes in `by`)",
              "R-MARKET-04",
            ),
          )
          continue
        }
        if (!looked) {
          const r = rollAvailability(
            rec,
            item.name,
            MARKET.availability[item.rarity],
            crew,
            order.reroll === true,
          )
          note = r.note
          if (r.spent?.cost)
            draft(path, {
              store: r.spent.cost.store,
              amount: -r.spent.cost.amount,
              reason: `re-rolled the availability of ${item.name} (${r.spent.source})`,
              clause: "B-REROLL-01",
            })
          looked = { a: { rarity: item.rarity, ...r.availability }, dice: r.dice, order: i }
          availability.set(`${kind}:${id}`, looked)
        }
        const { a, dice } = looked
        shown = { availability: a, ...(note ? { note } : {}) }
        if (!a.available) {
          lines.push({ ...line, done: false, ...shown })
          continue
        }
        rolled = { rolls: dice, ...(a.modifiers.length ? { modifiers: a.modifiers } : {}) }
      }
      draft(path, {
        store: "salvage",
        amount: -item.cost * qty,
        reason: `bought ${qty} × ${item.name} at the Market`,
        clause: "B-MARKET-01",
        item: { kind, id: item.id },
        ...rolled,
      })
      for (let k = 0; k < qty; k++) (stash[kind] as string[]).push(item.id)
      lines.push({ ...line, done: true, ...shown })
    } else if ("sell" in order) {
      const { kind, id } = order.sell
      const qty = order.quantity ?? 1
      const item = content.get(kind, id) as EntryOf[GearKind] | undefined
      if (!item) {
        v.push(violation(`${path}.sell.id`, `there is no ${kind} "${id}"`, "B-MARKET-01"))
        continue
      }
      const have = (stash[kind] as string[]).filter((x) => x === id).length
      if (have < qty) {
        v.push(
          violation(
            `${path}.sell`,
            `the Refuge's stash holds ${have} × ${item.name}, cannot sell ${qty}`,
            "B-MARKET-01",
          ),
        )
        continue
      }
      for (let k = 0; k < qty; k++) (stash[kind] as string[]).splice((stash[kind] as string[]).indexOf(id), 1)
      const price = Math.floor(item.cost / MARKET.resaleDivisor)
      if (price > 0) {
        draft(path, {
          store: "salvage",
          amount: price * qty,
          reason: `sold ${qty} × ${item.name} at the Market`,
          clause: "R-MARKET-02",
          item: { kind, id: item.id },
        })
      }
      lines.push({ order: i, what: `sell ${qty} × ${item.name}`, done: true })
    } else if ("buyReloads" in order) {
      if (congregation) {
        v.push(violation(`${path}.buyReloads`, "a Congregation cannot buy Reloads", "B-CONGREGATION-08"))
        continue
      }
      const n = order.buyReloads
      draft(path, {
        store: "salvage",
        amount: -n * MARKET.reloadCost,
        reason: `bought ${n} Reload(s) at the Market`,
        clause: "B-FOUNDING-09",
      })
      draft(path, { store: "reloads", amount: n, reason: "bought at the Market", clause: "B-FOUNDING-09" })
      lines.push({ order: i, what: `buy ${n} Reload(s)`, done: true })
    } else {
      if (congregation) {
        v.push(
          violation(
            `${path}.sellAmber`,
            "a Congregation cannot sell Amber; to them it is sacred",
            "B-CONGREGATION-08",
          ),
        )
        continue
      }
      const n = order.sellAmber
      draft(path, { store: "amber", amount: -n, reason: "sold at the Market", clause: "B-MARKET-04" })
      draft(path, {
        store: "salvage",
        amount: n * MARKET.amberPrice,
        reason: `sold ${n} Amber at ${MARKET.amberPrice} each`,
        clause: "B-MARKET-04",
      })
      lines.push({ order: i, what: `sell ${n} Amber`, done: true })
    }
  }

  const posted = post(refuge.ledger, drafts, (k) => draftPath[k]!)
  if (Result.isFailure(posted))
    v.push(
      violation(
        posted.failure.path,
        posted.failure.problem,
        posted.failure.store === "amber" ? "B-MARKET-04" : "B-MARKET-01",
      ),
    )
  if (v.length > 0 || Result.isFailure(posted)) return Result.fail(refused(v))
  return Result.succeed({
    refuge: { ...refuge, stash, ledger: posted.success },
    by: going.map((s) => s.id),
    lines,
  })
}
