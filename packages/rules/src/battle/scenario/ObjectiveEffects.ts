/**
 * The effects the scenario's objectives lend (the Radio's, the Bloom Heart's Din dice, B-OBJECTIVE-03/05).
 * Apart from `Objectives` because the dice pools read them, and `Objectives` rolls those pools.
 *
 * @since 0.2.0
 */
import type { Effect } from "../../vocabulary/Effect.js"
import type { Ctx } from "../Context.js"

/** The effects every survivor carries from the scenario's objectives (the Radio's, with their `when`). */
export const objectiveEffects = (ctx: Ctx): Array<{ source: string; effect: Effect }> =>
  ctx.draft.objectives.flatMap((o) => {
    const entry = ctx.env.content.get("objectives", o.id)
    return entry === undefined ? [] : (entry.effects ?? []).map((effect) => ({ source: entry.name, effect }))
  })
