/**
 * Carried Loot in a raid: a survivor carries at most one token (B-ACTION-SEARCH-02) and drops it
 * where it goes Down (B-DOWN-03); a dropped token stays on the table for anyone to Search and loses
 * its Rich find (B-ACTION-SEARCH-04, AMB-B-52 read as R-BATTLE-20).
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"

/** Drops everything a model carries. */
export const dropAll = (ctx: Ctx, id: string): void => {
  for (const c of [...ctx.view(id).carrying]) ctx.emit({ type: "loot.dropped", model: id, token: c.token })
}
