/**
 * Market trips: MarketOrderInput, TripLine, MarketTrip, MarketTripResult; `refugeMarketTrip` and
 * `congregationMarketTrip` (REST: POST /v1/refuges/{id}/market-trips and the Congregation
 * equivalent). All or nothing; a stale `version` is refused with code conflict.
 */
import { Common, type Market } from "@blight/rules"
import { Effect } from "effect"
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { wordsEnum } from "../enums.js"
import { enumType } from "../fromSchema.js"
import { bodyOf, forCaller } from "../resolve.js"
import { RefugeRecordRef, type RefugeView } from "./refuge.js"

type Availability = NonNullable<Market.TripLine["availability"]>
interface TripRecord {
  readonly seed: number
  readonly at: string
  readonly lines: readonly Market.TripLine[]
}

/** An item's market rarity: the library's Rarity, the same enum as a weapon's, armour's or kit's. */
const RarityRef = enumType(Common.Rarity, "Rarity")

export const GearKindRef = wordsEnum("GearKind", ["weapons", "armour", "kit"], "A kind of gear")

export const GearRefInput = builder.inputType("GearRef", {
  fields: (t) => ({
    kind: t.field({ type: GearKindRef, required: true }),
    id: t.string({ required: true }),
  }),
})

export const MarketOrderInput = builder.inputType("MarketOrderInput", {
  description: "One order: exactly one of buy (with quantity), sell (with quantity), buyReloads or sellAmber",
  fields: (t) => ({
    buy: t.field({ type: GearRefInput }),
    sell: t.field({ type: GearRefInput }),
    quantity: t.int({ description: "1 to 50 (default 1), with buy or sell" }),
    reroll: t.boolean({
      description:
        "With buy: if the item is not there, spend a re-roll someone on the trip has (R-MARKET-04)",
    }),
    buyReloads: t.int({ description: "Reloads to buy, 1 to 100" }),
    sellAmber: t.int({ description: "Amber to sell, 1 to 100" }),
  }),
})

export const AvailabilityRef = builder.objectRef<Availability>("Availability").implement({
  description: "The availability roll for an item (B-MARKET-02)",
  fields: (t) => ({
    rarity: t.field({ type: RarityRef, resolve: (a) => a.rarity as Common.Rarity }),
    roll: t.exposeInt("roll"),
    needs: t.exposeInt("needs"),
    available: t.exposeBoolean("available"),
  }),
})

export const TripLineRef = builder.objectRef<Market.TripLine>("TripLine").implement({
  description: "What happened to one order",
  fields: (t) => ({
    order: t.exposeInt("order", { description: "The order's index in the request" }),
    what: t.exposeString("what"),
    done: t.exposeBoolean("done"),
    availability: t.field({ type: AvailabilityRef, nullable: true, resolve: (l) => l.availability ?? null }),
  }),
})

export const MarketTripRef = builder.objectRef<TripRecord>("MarketTrip").implement({
  fields: (t) => ({
    seed: t.exposeFloat("seed", { description: "Replays the trip's rolls" }),
    at: t.exposeString("at", { description: "ISO time" }),
    lines: t.field({ type: [TripLineRef], resolve: (r) => r.lines }),
  }),
})

export const MarketTripResultRef = builder
  .objectRef<{ readonly record: RefugeView; readonly trip: TripRecord }>("MarketTripResult")
  .implement({
    description: "The Refuge or Congregation after the trip, and the trip line by line",
    fields: (t) => ({
      record: t.field({ type: RefugeRecordRef, resolve: (r) => r.record }),
      trip: t.field({ type: MarketTripRef, resolve: (r) => r.trip }),
    }),
  })

for (const kind of ["refuge", "congregation"] as const) {
  builder.mutationField(`${kind}MarketTrip`, (t) =>
    t.field({
      description: `A Market trip for one of the caller's ${kind}s: its purchases and sales at once, all or nothing (conflict on a stale version)`,
      type: MarketTripResultRef,
      nullable: true,
      args: {
        id: t.arg.id({ required: true }),
        version: t.arg.int({
          required: true,
          description: `The ${kind} version this trip was planned against`,
        }),
        orders: t.arg({ type: [MarketOrderInput], required: true }),
        by: t.arg.idList({
          description:
            "The survivors who go on the trip: their Knacks, skills, Gifts and Marks apply (R-MARKET-04)",
        }),
        seed: t.arg.float({ description: "A whole number from 0 to 2^53−1 (default: a new one)" }),
      },
      resolve: forCaller((player, a, ctx) =>
        App.marketTrip(
          ctx.deps,
          player,
          String(a.id),
          bodyOf({ version: a.version, orders: a.orders, seed: a.seed, by: a.by?.map(String) }),
          kind,
        ).pipe(Effect.map(({ trip, ...record }) => ({ record, trip }))),
      ),
    }),
  )
}
