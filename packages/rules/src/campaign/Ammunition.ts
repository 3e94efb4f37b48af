/**
 * Aftermath step 5, Ammunition (B-AMMO-04, B-AMMO-09): what a side drew from its stores at
 * set-up and did not fire (spares still carried, magazines never fired from) goes back; the rest
 * was spent and comes off the stores. The raid drew from the stores without writing the Ledger,
 * so the Ledger records only what was spent.
 *
 * @since 0.3.0
 */
import { storesOf } from "../refuge/Ledger.js"
import type { Ctx } from "./Context.js"
import { refugeAt } from "./Refuges.js"
import { type RaidRecord, sideOf } from "./State.js"

const STORES = ["reloads", "arrows", "bolts"] as const

/** Step 5 for one Refuge. */
export const ammunition = (ctx: Ctx, refuge: number, raid: RaidRecord) => {
  const side = sideOf(raid, refuge)
  if (side === undefined) return
  const stores = storesOf(refugeAt(ctx, refuge).refuge.ledger)
  ctx.post(
    refuge,
    STORES.map((store) => {
      const back = Math.min(side.drawn[store], side.returned[store])
      // Never more than the stores hold now (they only grew since set-up, but a hand-made raid may disagree).
      const spent = Math.min(side.drawn[store] - back, stores[store])
      return {
        store,
        amount: -spent,
        reason: `raid ${raid.number}: ${side.drawn[store]} drawn, ${back} back unfired, ${spent} spent`,
        clause: store === "reloads" ? "B-AMMO-09" : "B-AMMO-04",
      }
    }),
  )
}
