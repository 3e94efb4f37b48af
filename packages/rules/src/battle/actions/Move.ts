/**
 * Move and Sprint (B-ACTION-MOVE-01/02, B-ACTION-SPRINT-01/02, B-DOWN-04, B-ACTION-SEARCH-02):
 * Move up to M inches, Quiet; Sprint up to M+3, 1 Noise, and never in an activation with a Shoot
 * (either order, R-BATTLE-30, AMB-B-63); climbing costs double; carrying Loot costs −1" of Move;
 * dragging a Down friend in contact, both move at half speed. A move that ends in the open ends
 * Hiding (B-ACTION-HIDE-03). After it, the survivor may have to test Dread (R-BATTLE-23).
 *
 * @since 0.2.0
 */
import { Result } from "effect"
import type { CommandOf } from "../Command.js"
import { holds } from "../Conditions.js"
import { type Ctx, refuse } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { makeNoise, noiseFor } from "../noise/Noise.js"
import { reactions } from "../Reactions.js"
import type { Model } from "../State.js"
import { leftTable } from "../scenario/Objectives.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"
import { revealInTheOpen } from "./Hide.js"
import { inBaseContact } from "./TableAnswers.js"

/** A model's Move in inches for an action, with conditional Move modifiers (a Knack, a Mark). */
export const moveAllowance = (ctx: Ctx, m: Model, action: "move" | "sprint"): number => {
  let move = m.profile.move
  // B-ACTION-SEARCH-02: carrying Loot costs −1" of Move; the Radio states its own −2" instead (R-BATTLE-42).
  if (m.carrying.some((c) => c.contents !== "radio")) move -= 1
  for (const s of effectsOf(ctx, m)) {
    const e = s.effect
    if (e.kind !== "statModifier" || e.stat !== "move" || e.when === undefined) continue
    if (holds(ctx, e.when, { self: m, action })) move += e.value
  }
  move = Math.max(0, move)
  return action === "sprint" ? move + 3 : move
}

/**
 * On a board the dragged friend keeps its place beside the mover: it moves by the same step
 * (so base contact holds), kept on the table (B-DOWN-04).
 */
const draggedTo = (
  ctx: Ctx,
  from: { readonly x: number; readonly y: number } | undefined,
  dragged: Model,
  to: { readonly x: number; readonly y: number } | undefined,
): { x: number; y: number } | undefined => {
  const board = ctx.draft.board
  if (!to || !from || !dragged.position || !board) return undefined
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v))
  return {
    x: clamp(dragged.position.x + (to.x - from.x), board.width),
    y: clamp(dragged.position.y + (to.y - from.y), board.height),
  }
}

/** The move and sprint commands. */
export const move = (ctx: Ctx, c: CommandOf<"move" | "sprint">, by: string): void => {
  const m = beginAction(ctx, c.model, c.type, by)
  if (m.status !== "active") refuse(`model: ${m.name} can't move now`, "B-ACT-06")
  const a = activationOf(ctx)
  if (c.type === "sprint" && a.shot)
    refuse(`sprint: ${m.name} has Shot this activation and can't Sprint`, "B-ACTION-SPRINT-02")
  let allowance = moveAllowance(ctx, m, c.type)
  let dragged: Model | undefined
  if (c.drag !== undefined) {
    // B-DOWN-04: "drag them along with a Move action" — a Sprint is another action.
    if (c.type === "sprint")
      refuse(`drag: a Down friend is dragged with a Move action, not a Sprint`, "B-DOWN-04")
    dragged = ctx.view(c.drag)
    if (dragged.side !== m.side || dragged.status !== "down")
      refuse(`drag: only a Down friend can be dragged`, "B-DOWN-04")
    if (!inBaseContact(ctx, m, dragged, m.side))
      refuse(`drag: ${dragged.name} is not in contact with ${m.name}`, "B-DOWN-04")
    allowance = allowance / 2 // B-DOWN-04: both at half speed
  }
  const outcome = ctx.env.space.move(ctx.draft, m, c, allowance)
  if (Result.isFailure(outcome)) {
    refuse(outcome.failure.reason, outcome.failure.clause)
    return
  }
  const o = outcome.success
  for (const id of o.contact) {
    if (!ctx.draft.models.some((x) => x.id === id) && !ctx.draft.tokens.some((t) => t.id === id))
      refuse(`contact: there is no model or token "${id}" on the table`, "R-BATTLE-54")
  }
  takeAction(ctx, m.id, c.type)
  // Where the mover stood, read before its move is applied (the dragged friend follows by the same step).
  const from = ctx.view(m.id).position
  ctx.emit({
    type: "moved",
    model: m.id,
    distance: o.distance,
    sprint: c.type === "sprint",
    contact: [...o.contact],
    offTable: o.offTable,
    ...(o.to ? { to: o.to } : {}),
  })
  if (dragged) {
    const to = draggedTo(ctx, from, ctx.view(dragged.id), o.to)
    ctx.emit({
      type: "moved",
      model: dragged.id,
      distance: o.distance,
      sprint: false,
      contact: [m.id],
      offTable: o.offTable,
      ...(to ? { to } : {}),
      reason: `dragged by ${m.name} (B-DOWN-04)`,
    })
  }
  if (o.offTable) leftTable(ctx, ctx.view(m.id))
  if (c.facts && c.facts.length > 0) ctx.emit({ type: "facts.stated", facts: [...c.facts] })
  if (c.type === "sprint")
    makeNoise(ctx, m.id, noiseFor(ctx, m.id, "sprint", 1), "Sprint (B-ACTION-SPRINT-01)")
  if (!o.offTable) revealInTheOpen(ctx, ctx.view(m.id), "move")
  if (!o.offTable) reactions.dread(ctx, [m.id])
  if (!o.offTable) reactions.ambush(ctx, m.id, "endMove") // B-BEHAVIOUR-06
  afterAction(ctx, m.id)
}
