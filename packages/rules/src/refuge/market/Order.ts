/**
 * One order of a Market trip, as a schema: buy or sell an item, buy Reloads, sell Amber.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const GearKind = Schema.Literals(["weapons", "armour", "kit"])
export type GearKind = typeof GearKind.Type
const Qty = Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })))

export const BuyOrder = Schema.Struct({
  buy: Schema.Struct({ kind: GearKind, id: Schema.String }),
  quantity: Qty,
  reroll: Schema.optional(Schema.Boolean).annotate({
    description:
      "If the item is not there, spend a re-roll someone on the trip has on it (the Shopkeeper's Knack, R-MARKET-04)",
  }),
})
export type BuyOrder = typeof BuyOrder.Type

export const SellOrder = Schema.Struct({
  sell: Schema.Struct({ kind: GearKind, id: Schema.String }),
  quantity: Qty,
})
export type SellOrder = typeof SellOrder.Type

export const ReloadsOrder = Schema.Struct({
  buyReloads: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })),
})
export type ReloadsOrder = typeof ReloadsOrder.Type

export const AmberOrder = Schema.Struct({
  sellAmber: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })),
})
export type AmberOrder = typeof AmberOrder.Type

/** One order of a trip. */
export const MarketOrder = Schema.Union([BuyOrder, SellOrder, ReloadsOrder, AmberOrder]).annotate({
  identifier: "MarketOrder",
})
export type MarketOrder = typeof MarketOrder.Type
