/**
 * Finding a Refuge of the campaign and a survivor's status in it: the found one, or a refusal
 * naming what is missing (a command names them by index and id; the rules read them as found).
 *
 * @since 0.6.0
 */
import { type Ctx, refuse } from "./Context.js"

type Found = Ctx["draft"]["refuges"][number]

/** The campaign's Refuge at this index. */
export const refugeAt = (ctx: Pick<Ctx, "draft">, refuge: number): Found => {
  const r = ctx.draft.refuges[refuge]
  if (r === undefined) return refuse(`refuge: the campaign has no Refuge ${refuge}`, "B-AFTERMATH-01")
  return r
}

/** What the campaign keeps on a survivor of a Refuge (Laid Up, raids to miss). */
export const statusAt = (
  ctx: Pick<Ctx, "draft">,
  refuge: number,
  id: string,
): Found["status"][string] & {} => {
  const st = refugeAt(ctx, refuge).status[id]
  if (st === undefined) return refuse(`survivor: ${id} has no status in Refuge ${refuge}`, "B-AFTERMATH-01")
  return st
}
