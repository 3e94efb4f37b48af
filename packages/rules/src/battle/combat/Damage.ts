/**
 * Hits, Armour and Damage (B-SHOOT-08, B-ARMOUR-*, B-DOWN-*, B-CREATURE-01, B-INFECT-01): the
 * target rolls its Armour (the defender assigns blocks as well as it can, R-DICE-04), each hit
 * through takes the weapon's Damage (a Crit effect may add to it), Infectious creatures add
 * Blight per unblocked hit, and at 0 Health a survivor goes Down (dropping its Loot) and a creature
 * is slain (dropping what it drops, B-CREATURE-08).
 *
 * @since 0.2.0
 */
import { Armour } from "@blight/dice"
import type { Ctx } from "../Context.js"
import type { Model } from "../State.js"
import { gainBlight } from "./Blight.js"
import { dropAll } from "./Loot.js"

/** Where hits come from. */
export interface HitSource {
  readonly by: string
  /** Damage per hit. */
  readonly damage: number
  /** Extra Damage on each Crit that gets through (a weapon's Crit effect). */
  readonly critDamage?: number | undefined
  /** Blight per unblocked hit (Infectious, B-INFECT-01). */
  readonly infectious?: number | undefined
}

/** Extra Damage a weapon's Crit effect adds (`core/crit-damage`). */
export const critDamageOf = (ctx: Ctx, weapon: string): number => {
  const w = ctx.env.content.get("weapons", weapon)
  let extra = 0
  for (const e of w?.traits?.crit?.effects ?? [])
    if (e.kind === "hook" && e.hook === "core/crit-damage")
      extra += Number((e.params as { damage?: number })?.damage ?? 0)
  return extra
}

/** Applies hits to a target: Armour, Damage, Infection, Down or slain. */
export const applyHits = (ctx: Ctx, targetId: string, hits: number, crits: number, src: HitSource): void => {
  const target = ctx.view(targetId)
  if (hits <= 0 || target.status === "slain" || target.status === "fled" || target.status === "turned") return
  ctx.emit({ type: "hits", target: targetId, hits, crits, damage: src.damage, by: src.by })
  const faces = ctx.dice(target.profile.armour, `${target.name}'s Armour`, target.side)
  const through = Armour.unblocked({ hits, crits }, Armour.armourBlocks(faces, target.helmet))
  if (faces.length > 0)
    ctx.emit({
      type: "armour.rolled",
      model: targetId,
      faces: [...faces],
      blocked: hits - through.hits,
      through: through.hits,
      crits: through.crits,
    })
  if (through.hits === 0) return
  const amount = through.hits * src.damage + through.crits * (src.critDamage ?? 0)
  const now = ctx.view(targetId)
  const health = Math.max(0, now.health - amount)
  if (now.status === "active" || now.status === "lurking") {
    ctx.emit({ type: "damage.taken", model: targetId, amount, health, by: src.by })
  }
  if (src.infectious && target.kind === "survivor")
    gainBlight(ctx, targetId, through.hits * src.infectious, `Infectious (B-INFECT-01)`)
  const after = ctx.view(targetId)
  if (after.health === 0 && after.status === "active") takenOut(ctx, targetId, src.by)
}

/** A model at 0 Health: a survivor goes Down (B-DOWN-01), a creature is slain (B-CREATURE-01). */
export const takenOut = (ctx: Ctx, id: string, by: string | undefined): void => {
  const m = ctx.view(id)
  if (m.kind === "creature") {
    ctx.emit({ type: "slain", model: id, ...(by ? { by } : {}) })
    dropsOf(ctx, m)
    return
  }
  dropAll(ctx, id)
  ctx.emit({ type: "down", model: id, ...(by ? { by } : {}) })
  if (by !== undefined) grafting(ctx, m, by)
}

/** Grafting: an enemy survivor a Congregation member takes Down gains +1 Blight (B-CONGREGATION-13). */
const grafting = (ctx: Ctx, victim: Model, by: string): void => {
  const attacker = ctx.draft.models.find((x) => x.id === by)
  if (!attacker || attacker.side === victim.side) return
  const side = ctx.draft.sides.find((s) => s.id === attacker.side)
  const member = side?.kind === "congregation"
  const gardener =
    attacker.kind === "creature" &&
    (ctx.env.content.get("creatures", attacker.ref)?.specialRules ?? []).some((r) =>
      (r.effects ?? []).some((e) => e.kind === "hook" && e.hook === "core/grafting"),
    )
  if (member || gardener) gainBlight(ctx, victim.id, 1, "Grafting (B-CONGREGATION-13)")
}

/** A slain creature's drops: an Amber Loot token (B-CREATURE-08). */
const dropsOf = (ctx: Ctx, m: Model): void => {
  const c = ctx.env.content.get("creatures", m.ref)
  for (const d of c?.drops ?? []) {
    const id = `t${ctx.draft.counters.token + 1}`
    ctx.emit({
      type: "token.placed",
      token: {
        id,
        kind: "loot",
        contents: d.contents === "amber" ? "amber" : "loot",
        rich: 0,
        ...(m.position ? { position: { ...m.position } } : {}),
      },
    })
  }
  for (const r of c?.specialRules ?? [])
    for (const e of r.effects ?? [])
      if (e.kind === "trigger" && e.on === "slain")
        for (const x of e.do)
          if (x.kind === "placeToken" && x.token === "sporeCloud")
            ctx.emit({
              type: "token.placed",
              token: {
                id: `t${ctx.draft.counters.token + 1}`,
                kind: "sporeCloud",
                rich: 0,
                ...(x.radius !== undefined ? { radius: x.radius } : {}),
                ...(m.position ? { position: { ...m.position } } : {}),
              },
            })
}
