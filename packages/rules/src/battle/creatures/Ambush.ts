/**
 * Ambushers (B-BEHAVIOUR-05..07, R-WORLD-12): one that arrives at a Lair waits there hidden, off
 * the table (`lurking`). When a survivor makes Noise or ends a move within its Senses of that
 * Lair, it emerges in contact with the noisiest survivor within its Senses of the Lair (ties: the
 * nearest the Lair) and Fights at once; from then on it acts as the behaviour it becomes. One
 * that arrives away from a Lair (at a Blight edge) arrives in the open (R-BOARD-14).
 *
 * @since 0.3.0
 */
import { resolveFight } from "../actions/Fight.js"
import type { Ctx } from "../Context.js"
import { checkDread } from "../nerve/Dread.js"
import type { Model } from "../State.js"
import { hunterOf, pick } from "./Hunt.js"

/** Does this creature start hidden (an Ambusher)? */
export const startsHidden = (ctx: Ctx, creature: string): boolean => {
  const entry = ctx.env.content.get("creatures", creature)
  return (entry ? ctx.env.content.get("behaviours", entry.behaviour) : undefined)?.start === "hidden"
}

/** A survivor made Noise or ended a move: do any lurking Ambushers emerge? */
export const checkEmerge = (ctx: Ctx, survivorId: string, trigger: "noise" | "endMove"): void => {
  const s = ctx.draft.models.find((m) => m.id === survivorId)
  if (s?.kind !== "survivor" || s.status !== "active") return
  const lurking = ctx.draft.models
    .filter((m) => m.status === "lurking" && m.lair !== undefined)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
  for (const l of lurking) {
    const c = ctx.view(l.id)
    // Lurking at a Lair (the list above): the check only tells TypeScript so.
    if (c.status !== "lurking" || c.lair === undefined) continue
    const entry = ctx.env.content.get("creatures", c.ref)
    const behaviour = entry ? ctx.env.content.get("behaviours", entry.behaviour) : undefined
    const emerge = behaviour?.emerge
    if (!emerge?.on.includes(trigger)) continue
    const senses = emerge.within === "senses" ? (entry?.senses ?? 12) : emerge.within
    const lair = c.lair
    const origin = emerge.of === "lair" ? lair : `placement:${c.id}`
    const where = emerge.of === "lair" ? "the Lair where" : "where"
    const near = ctx.fact(
      { q: "within", a: survivorId, b: origin, inches: senses },
      `Is ${s.name} within ${senses}" of ${where} ${c.name} lurks?`,
    )
    if (near !== true) continue
    const h = { ...hunterOf(ctx, c), behaviour, senses, origin, originName: `${c.name}'s Lair` }
    const target = pick(ctx, h, emerge.choose)
    if (!target?.model) continue
    emergeAt(ctx, c, target.model, emerge.attackAtOnce)
  }
}

/** How far an emerging Ambusher may come to its target: anywhere (it is measured from the Lair). */
const EMERGE_REACH = 99

const emergeAt = (ctx: Ctx, c: Model, target: Model, attack: boolean): void => {
  ctx.emit({ type: "emerged", model: c.id })
  // B-BEHAVIOUR-06: it comes out in contact with its target — where there is room beside it, a
  // fact the table states (R-BOARD-14), so a board and a table told its answers place it alike.
  const room = ctx.fact(
    { q: "reach", a: c.id, b: target.id, inches: EMERGE_REACH },
    `Is there room for ${c.name} to come out in contact with ${target.name}?`,
  )
  const o = ctx.env.space.moveToward(ctx.draft, ctx.view(c.id), target.id, EMERGE_REACH, room === true)
  ctx.emit({
    type: "moved",
    model: c.id,
    distance: o.distance,
    sprint: false,
    contact: [...o.contact],
    offTable: false,
    reason: `emerges from its Lair by ${target.name} (B-BEHAVIOUR-06)`,
    ...(o.to ? { to: o.to } : {}),
  })
  checkDread(ctx, undefined, [c.id])
  if (attack && o.contact.includes(target.id) && ctx.view(c.id).status === "active")
    resolveFight(ctx, c.id, target.id, { charge: false })
}
