/**
 * The engine's own steps after a raid is folded in: the Aftermath's six steps in the rules'
 * order (B-AFTERMATH-02), each worked through by every Refuge in campaign order before the next
 * step (R-CAMPAIGN-01), with the Congregation rescue after every Refuge's Casualties
 * (B-CONGREGATION-19). Then Errands come back (B-ERRAND-02) and, after a Season's last raid, the
 * Season turns (B-SEASON-01, R-WORLD-11). Each unit is its own batch, like the raid engine's.
 *
 * @since 0.3.0
 */
import { ammunition } from "./Ammunition.js"
import { blightStep } from "./Blight.js"
import { casualties, replaceLeader, rescue } from "./Casualties.js"
import type { Ctx } from "./Context.js"
import { experience } from "./Experience.js"
import { loot } from "./Loot.js"
import { STEPS } from "./State.js"
import { upkeep } from "./Upkeep.js"

/** The first Season of a campaign (R-WORLD-11). */
export const FIRST_SEASON = "the-waking"

/** Runs the next unit of the Aftermath. */
export const continueAftermath = (ctx: Ctx): void => {
  const a = ctx.draft.aftermath
  const raid = ctx.draft.raids.at(-1)
  if (ctx.draft.phase !== "aftermath" || a === undefined || raid === undefined) return
  // The raid's own Refuges, in campaign order (every Refuge in a raid of them all).
  const order = raid.sides.map((s) => s.refuge).sort((x, y) => x - y)
  const first = order[0] ?? 0
  if (a.step === 0 && a.rescue) {
    rescue(ctx, raid)
    ctx.emit({ type: "aftermath.step", step: 1, refuge: first, rescue: false })
    return
  }
  const step = STEPS[a.step]
  const r = a.refuge
  if (step === "casualties") casualties(ctx, r, raid)
  else if (step === "experience") experience(ctx, r, raid)
  else if (step === "blight") blightStep(ctx, r, raid)
  else if (step === "loot") loot(ctx, r, raid)
  else if (step === "ammunition") ammunition(ctx, r, raid)
  else upkeep(ctx, r)
  replaceLeader(ctx, r)
  const after = order.find((x) => x > r)
  const next =
    after !== undefined
      ? { step: a.step, refuge: after, rescue: false }
      : a.step === 0
        ? { step: 0, refuge: first, rescue: true }
        : { step: a.step + 1, refuge: first, rescue: false }
  if (next.step >= STEPS.length) {
    endAftermath(ctx, order)
    return
  }
  ctx.emit({ type: "aftermath.step", ...next })
}

/** Errands come back to the raid's Refuges (B-ERRAND-02); a Refuge in no raid keeps what it has left. */
const endAftermath = (ctx: Ctx, order: ReadonlyArray<number>) => {
  ctx.emit({ type: "aftermath.ended" })
  const every = order.length === ctx.draft.refuges.length
  const errands = (i: number) => ctx.env.content.get("homes", ctx.draft.refuges[i]!.refuge.home)?.errands ?? 2
  ctx.emit({
    type: "errands.reset",
    ...(every
      ? { errands: ctx.draft.refuges.map((_, i) => errands(i)) }
      : { errands: order.map(errands), refuges: [...order] }),
  })
  const season = ctx.env.content.get("seasons", ctx.draft.season)
  if (season && ctx.draft.seasonRaids >= season.raids)
    ctx.emit({ type: "season.turned", from: season.id, to: season.next ?? FIRST_SEASON })
}
