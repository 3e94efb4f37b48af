/**
 * Scenario objectives in play (B-OBJECTIVE-01..12, R-WORLD-06/07/08/14):
 * - the Bloom Heart: three Uses in contact (anyone's, no test) or one Fire hit burn it; a survivor
 *   in contact may Use to harvest (Wits (1)): 1 Amber as an Amber Loot token, at most 3, only while
 *   it stands; +2 Din dice while it stands (its `poolModifier` on `din`);
 * - the Radio: picked up with a Search like Loot; its carrier has at least 1 Noise, −2" Move and no
 *   Sprint (its effects, read like any survivor's); dropped where the carrier goes Down;
 * - the Stranger: freed by a Use in contact with a Fight or Wits test (2), the survivor's choice; then
 *   it activates with the freeing Refuge (M5 F2 S2 W2 N2, 2 Health) and is rescued when it leaves
 *   by that Refuge's own edge;
 * - the Rite: rises in each End Phase by 1 if a Gardener stands within 6" of the Seedbed and by 1
 *   more for a Hymnwarden or the Verdant Mother; at 6 it is complete; a Use in contact (Wits (1))
 *   disrupts it by 1.
 *
 * @since 0.2.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import { arrivingEmptyHanded } from "../Arrival.js"
import type { Ctx } from "../Context.js"
import { refuse } from "../Context.js"
import { poolModifiers, roll, spendExtraBlight, witsDice } from "../combat/Pools.js"
import type { Model, ObjectiveState } from "../State.js"
import { basesOn, spotsNear } from "../table/board/Deployment.js"

/** The objective a token stands for. */
export const objectiveAt = (ctx: Ctx, token: string): ObjectiveState | undefined =>
  ctx.draft.objectives.find((o) => o.token === token) as ObjectiveState | undefined

const test = (
  ctx: Ctx,
  m: Model,
  pool: "wits.use" | "fight.attack",
  target: number,
  what: string,
  blight: number | undefined,
) => {
  const mods = poolModifiers(ctx, m, pool, { self: m, action: "use" })
  const base = pool === "fight.attack" ? m.profile.fight : witsDice(m)
  spendExtraBlight(ctx, m, blight)
  const r = roll(
    ctx,
    m,
    base + mods.dice,
    (blight ?? 0) + mods.blight,
    `${m.name}'s ${what}`,
    undefined,
    pool,
  )
  const passed = r.successes >= target
  ctx.emit({ type: "test.rolled", model: m.id, pool, roll: r, target, passed })
  return passed
}

/**
 * Where the freed Stranger stands on a board: at its token, or the nearest place beside it clear of
 * every base (the survivor who freed it is in contact); a declared table has no places.
 */
const strangerSpot = (ctx: Ctx, o: ObjectiveState) => {
  const board = ctx.draft.board
  const token = ctx.draft.tokens.find(
    (t) => (o.token !== undefined && t.id === o.token) || t.objective === o.id,
  )
  if (!board || !token?.position) return undefined
  return spotsNear(board, token.position, 1, 0.5, basesOn(ctx.draft))[0]
}

/** Can this objective be worked with a Use now (refused otherwise, before any action is spent)? */
export const checkUse = (_ctx: Ctx, o: ObjectiveState, m: Model, item: string | undefined): void => {
  if (o.kind === "bloomHeart" && o.state !== "standing")
    refuse("target: the Bloom Heart has already burned", "B-OBJECTIVE-01")
  if (o.kind === "bloomHeart" && item === "harvest") {
    const total = Object.values(o.scores).reduce((a, b) => a + b, 0)
    if (total >= 3) refuse("item: the Bloom Heart has no Amber left (at most 3)", "B-OBJECTIVE-02")
    if (m.carrying.length > 0) refuse(`item: ${m.name} already carries Loot`, "B-ACTION-SEARCH-02")
  }
  if (o.kind === "stranger" && o.state !== "standing")
    refuse("target: the Stranger is already free", "B-OBJECTIVE-09")
  if (o.kind === "rite" && o.state !== "standing") refuse("target: the Rite is over", "B-OBJECTIVE-12")
  if (o.kind === "radio") refuse("target: the Radio is picked up with a Search, like Loot", "B-OBJECTIVE-05")
  if (o.kind === "other" && o.state === "complete")
    refuse("target: it is already complete", "B-ACTION-USE-01")
}

/** Works an objective with a Use action (after the action is taken). */
export const useObjective = (
  ctx: Ctx,
  o: ObjectiveState,
  m: Model,
  item: string | undefined,
  blight: number | undefined,
): void => {
  const entry = ctx.env.content.get("objectives", o.id)
  switch (o.kind) {
    case "bloomHeart":
      if (item === "harvest") harvestHeart(ctx, o, m, blight)
      else burnHeart(ctx, o, m, entry)
      return
    case "stranger":
      freeStranger(ctx, o, m, item, blight, entry)
      return
    case "rite":
      disruptRite(ctx, o, m, blight)
      return
    default:
      workObjective(ctx, o, m, entry)
  }
}

type ObjectiveEntry = EntryOf["objectives"] | undefined

/** B-OBJECTIVE-02: a passed Wits test harvests 1 Amber, carried as Loot and scored. */
const harvestHeart = (ctx: Ctx, o: ObjectiveState, m: Model, blight: number | undefined): void => {
  if (!test(ctx, m, "wits.use", 1, "harvest of the Bloom Heart", blight)) return
  const id = `t${ctx.draft.counters.token + 1}`
  ctx.emit({ type: "token.placed", token: { id, kind: "loot", contents: "amber", rich: 0 } })
  ctx.emit({ type: "loot.taken", model: m.id, token: id, rich: 0 })
  ctx.emit({
    type: "objective",
    objective: o.id,
    score: { side: m.side, add: 1 },
    reason: `${m.name} harvests 1 Amber (B-OBJECTIVE-02)`,
  })
}

/** B-OBJECTIVE-01: each Use counts; its `uses` (3 unless it says) burn the Bloom Heart. */
const burnHeart = (ctx: Ctx, o: ObjectiveState, m: Model, entry: ObjectiveEntry): void => {
  const uses = entry?.uses ?? 3
  const progress = o.progress + 1
  ctx.emit({
    type: "objective",
    objective: o.id,
    progress,
    ...(progress >= uses ? { state: "burned", by: m.side } : {}),
    reason:
      progress >= uses
        ? `${m.name}'s Use burns the Bloom Heart (B-OBJECTIVE-01)`
        : `Use ${progress} of ${uses} on the Bloom Heart`,
  })
}

/** The pool the Stranger is freed with: the one named, else the survivor's better (B-OBJECTIVE-09). */
const strangerPool = (m: Model, item: string | undefined): "fight.attack" | "wits.use" =>
  item === "fight"
    ? "fight.attack"
    : item === "wits"
      ? "wits.use"
      : m.profile.fight > m.profile.wits
        ? "fight.attack"
        : "wits.use"

/** B-OBJECTIVE-09: a passed test frees the Stranger, who joins the freeing Refuge. */
const freeStranger = (
  ctx: Ctx,
  o: ObjectiveState,
  m: Model,
  item: string | undefined,
  blight: number | undefined,
  entry: ObjectiveEntry,
): void => {
  const pools = entry?.test?.pools ?? ["fight.attack", "wits.use"]
  const target = entry?.test?.target ?? 2
  const pool = strangerPool(m, item)
  if (!pools.includes(pool))
    refuse(`item: the Stranger is freed with ${pools.join(" or ")}`, "B-OBJECTIVE-09")
  if (!test(ctx, m, pool, target, "freeing the Stranger", blight)) return
  ctx.emit({
    type: "objective",
    objective: o.id,
    state: "freed",
    by: m.side,
    reason: `${m.name} frees the Stranger (B-OBJECTIVE-09)`,
  })
  strangerJoins(ctx, o, m, entry?.health ?? 2)
}

/** The freed Stranger's model, on the freeing Refuge's side. */
const strangerJoins = (ctx: Ctx, o: ObjectiveState, m: Model, health: number): void => {
  const spot = strangerSpot(ctx, o)
  ctx.emit({
    type: "joined",
    reason: "the Stranger joins the Refuge that freed it",
    // A model of its own: nothing of the survivor who freed it (their place, who put them Down).
    model: {
      id: `${m.side}.stranger`,
      side: m.side,
      kind: "survivor",
      name: "The Stranger",
      ref: "stranger",
      leader: false,
      profile: { move: 5, fight: 2, shoot: 2, wits: 2, nerve: 2, health, armour: 0 },
      health,
      ...arrivingEmptyHanded(ctx.draft.round, true),
      ...(spot ? { position: spot, placed: spot } : {}),
    },
  })
}

/** R-WORLD-14: a passed Wits test sets the Rite back and scores. */
const disruptRite = (ctx: Ctx, o: ObjectiveState, m: Model, blight: number | undefined): void => {
  if (!test(ctx, m, "wits.use", 1, "disruption of the Rite", blight)) return
  ctx.emit({
    type: "objective",
    objective: o.id,
    progress: Math.max(0, o.progress - 1),
    score: { side: m.side, add: 1 },
    reason: `${m.name} disrupts the Rite (R-WORLD-14)`,
  })
}

/** Another kind: each Use counts; its `uses` complete it (a homebrew sluice wheel). */
const workObjective = (ctx: Ctx, o: ObjectiveState, m: Model, entry: ObjectiveEntry): void => {
  const progress = o.progress + 1
  const done = entry?.uses !== undefined && progress >= entry.uses
  ctx.emit({
    type: "objective",
    objective: o.id,
    progress,
    ...(done ? { state: "complete", by: m.side } : {}),
    reason: `${m.name} works ${entry?.name ?? o.id}${done ? ": it is complete" : ` (${progress}${entry?.uses ? ` of ${entry.uses}` : ""})`}`,
  })
}

/** A shot at an objective: a Fire hit burns the Bloom Heart (B-OBJECTIVE-01). */
export const shootObjective = (
  ctx: Ctx,
  o: ObjectiveState,
  m: Model,
  weapon: string,
  successes: number,
): void => {
  const w = ctx.env.content.get("weapons", weapon)
  if (o.kind === "bloomHeart" && o.state === "standing" && successes > 0 && w?.traits?.fire)
    ctx.emit({
      type: "objective",
      objective: o.id,
      state: "burned",
      by: m.side,
      reason: `a Fire hit from ${m.name} burns the Bloom Heart (B-OBJECTIVE-01)`,
    })
}

/** The Rite rises in the End Phase (R-WORLD-14); at its top it is complete. */
export const riteRises = (ctx: Ctx): void => {
  for (const o of ctx.draft.objectives) {
    if (o.kind !== "rite" || o.state !== "standing" || o.token === undefined) continue
    const entry = ctx.env.content.get("objectives", o.id)
    const top = entry?.uses ?? 6
    let rise = 0
    let singer = false
    for (const g of ctx.draft.models) {
      if (g.kind !== "creature" || g.status !== "active") continue
      if (ctx.draft.sides.find((s) => s.id === g.side)?.kind !== "gardeners") continue
      const near = ctx.fact(
        { q: "within", a: g.id, b: o.token, inches: 6 },
        `Is ${g.name} within 6" of the Seedbed?`,
      )
      if (near !== true) continue
      rise = 1
      if (g.ref === "hymnwarden" || g.ref === "the-verdant-mother") singer = true
    }
    const progress = Math.min(top, o.progress + rise + (singer ? 1 : 0))
    if (progress === o.progress) continue
    ctx.emit({
      type: "objective",
      objective: o.id,
      progress,
      ...(progress >= top ? { state: "complete" } : {}),
      reason:
        progress >= top
          ? "the Rite is complete: a Bloom Heart takes root (R-WORLD-14)"
          : `the Rite rises to ${progress}`,
    })
  }
}

/** Gardeners slain count for the Refuge that slew them in the Planting (R-WORLD-14). */
export const gardenerSlain = (ctx: Ctx, slain: Model, by: string | undefined): void => {
  if (by === undefined) return
  if (ctx.draft.sides.find((s) => s.id === slain.side)?.kind !== "gardeners") return
  const killer = ctx.draft.models.find((m) => m.id === by)
  if (!killer) return
  for (const o of ctx.draft.objectives)
    if (o.kind === "rite" && o.state === "standing")
      ctx.emit({
        type: "objective",
        objective: o.id,
        score: { side: killer.side, add: 1 },
        reason: `${killer.name} slays ${slain.name}`,
      })
}

/** A model leaving the table: the Stranger rescued off its Refuge's edge (B-OBJECTIVE-11). */
export const leftTable = (ctx: Ctx, m: Model): void => {
  // The Radio carried off the table: which side, and in which round (it wins from round 4 on).
  if (m.carrying.some((c) => c.contents === "radio"))
    for (const o of ctx.draft.objectives)
      if (o.kind === "radio")
        ctx.emit({
          type: "objective",
          objective: o.id,
          state: "rescued",
          by: m.side,
          progress: ctx.draft.round,
          reason: `${m.name} carries the Radio off the table`,
        })
  if (m.ref !== "stranger") return
  for (const o of ctx.draft.objectives)
    if (o.kind === "stranger" && o.state === "freed")
      ctx.emit({
        type: "objective",
        objective: o.id,
        state: "rescued",
        by: m.side,
        reason: "the Stranger is rescued off its Refuge's edge (B-OBJECTIVE-11)",
      })
}
