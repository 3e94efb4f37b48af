/**
 * Whose turn it is in a fight (N-COMBAT-01, N-COMBAT-03): a fighter acts on its side's turn, and
 * takes one action a Round. Outside a fight anyone may act.
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import { type Ctx, st } from "./Context.js"

/** Refuses unless `id` may take its action now. */
export const mustAct = (ctx: Ctx, id: string, side: "players" | "enemies"): void => {
  const f = st(ctx).fight
  if (f === undefined) return
  if (f.side !== side) refuse(`${id} acts on the ${side}' turn; it is the ${f.side}' turn`, "N-COMBAT-01")
  if (f.acted.includes(id)) refuse(`${id} has taken their action this Round`, "N-COMBAT-03")
}
