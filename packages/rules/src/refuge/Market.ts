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
import type { ContentView } from "./Content.js"
import { post } from "./Ledger.js"
import { crewOf } from "./MarketCrew.js"
import { buy } from "./market/Buy.js"
import { MarketOrder } from "./market/Order.js"
import { buyReloads, sell, sellAmber } from "./market/Trade.js"
import type { TripDraft, TripLine } from "./market/Trip.js"
import type { Refuge } from "./Refuge.js"
import type { Survivor } from "./Survivor.js"
import { fromParseIssues, type RulesViolated, refused, type Violation, violation } from "./Violation.js"

export { type BuyCheck, buyChecks } from "./market/Buy.js"
export { MARKET } from "./market/Numbers.js"
export { MarketOrder } from "./market/Order.js"
export type { Availability, TripLine } from "./market/Trip.js"

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

/** Who goes on the trip (R-MARKET-04): survivors of this Refuge, each named once. */
const crewGoing = (refuge: Refuge, by: ReadonlyArray<string>, v: Violation[]): Survivor[] => {
  const going: Survivor[] = []
  for (const [i, id] of by.entries()) {
    const s = refuge.survivors.find((x) => x.id === id)
    if (!s) v.push(violation(`by[${i}]`, `no survivor "${id}" in ${refuge.name}`, "R-MARKET-04"))
    else if (going.includes(s)) v.push(violation(`by[${i}]`, `${s.name} is named twice`, "R-MARKET-04"))
    else going.push(s)
  }
  return going
}

/** One order, by its kind. */
const makeOrder = (t: TripDraft, order: MarketOrder, i: number): void => {
  const path = `orders[${i}]`
  if ("buy" in order) buy(t, order, i, path)
  else if ("sell" in order) sell(t, order, i, path)
  else if ("buyReloads" in order) buyReloads(t, order, i, path)
  else sellAmber(t, order, i, path)
}

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
  const v: Violation[] = []
  const going = crewGoing(refuge, by, v)
  const t: TripDraft = {
    refuge,
    content,
    congregation: refuge.kind === "congregation",
    crew: crewOf(going, content),
    dice: Source.recording(source),
    violations: v,
    drafts: [],
    draftPath: [],
    lines: [],
    availability: new Map(),
    stash: {
      weapons: [...refuge.stash.weapons],
      armour: [...refuge.stash.armour],
      kit: [...refuge.stash.kit],
    },
  }
  for (const [i, order] of orders.entries()) makeOrder(t, order, i)

  const posted = post(refuge.ledger, t.drafts, (k) => t.draftPath[k]!)
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
    refuge: { ...refuge, stash: t.stash, ledger: posted.success },
    by: going.map((s) => s.id),
    lines: t.lines,
  })
}
