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
import type { Effect } from "../../vocabulary/Effect.js"
import { holds } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import { doEffect, fire } from "../effects/Triggers.js"
import type { Model } from "../State.js"
import { gardenerSlain } from "../scenario/Objectives.js"
import { gainBlight } from "./Blight.js"
import { dropAll } from "./Loot.js"
import { blightAllowance, effectsOf, reactiveBlight, roll } from "./Pools.js"

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

/** Extra Damage a weapon's Crit effect adds (a `damageModifier` on `crit`). */
export const critDamageOf = (ctx: Ctx, weapon: string): number => {
  const w = ctx.env.content.get("weapons", weapon)
  let extra = 0
  for (const e of w?.traits?.crit?.effects ?? [])
    if (e.kind === "damageModifier" && e.on === "crit") extra += e.value
  return extra
}

/** Applies hits to a target: Armour, Damage, Infection, Down or slain. */
export const applyHits = (ctx: Ctx, targetId: string, hits: number, crits: number, src: HitSource): void => {
  const target = ctx.view(targetId)
  if (hits <= 0 || target.status === "slain" || target.status === "fled" || target.status === "turned") return
  ctx.emit({ type: "hits", target: targetId, hits, crits, damage: src.damage, by: src.by })
  // Blight dice on Armour only if the table rules so (R-BATTLE-07, AMB-B-10); their 1s add Blight.
  const blight =
    ctx.draft.options.blightDiceOnArmour && target.kind === "survivor" && target.profile.armour > 0
      ? reactiveBlight(ctx, target, "Armour")
      : 0
  const rolled = ctx.dice(target.profile.armour + blight, `${target.name}'s Armour`, target.side)
  const faces = rolled
  if (blight > 0) {
    const ones = rolled.slice(target.profile.armour).filter((f) => f === 1).length
    if (ones > 0) gainBlight(ctx, targetId, ones, "Blight dice (B-BLIGHTDICE-03)")
  }
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
    // The model's own `damage.taken` triggers (a homebrew "it screams when hurt"); the attacker,
    // if any, is the `target` their `when` reads.
    const by = src.by === undefined ? undefined : ctx.draft.models.find((x) => x.id === src.by)
    fire(ctx, "damage.taken", targetId, by ? { target: by as Model } : {})
  }
  if (through.crits > 0) seedBearerJar(ctx, targetId)
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
    fire(ctx, "slain", id)
    gardenerSlain(ctx, m, by)
    feed(ctx, id)
    return
  }
  if (holdOn(ctx, m)) return
  dropAll(ctx, id)
  ctx.emit({ type: "down", model: id, ...(by ? { by } : {}) })
  if (by !== undefined) {
    grafting(ctx, m, by)
    takerTriggers(ctx, by, id)
  }
  feed(ctx, id)
}

/**
 * The triggers on `down` of the model that took a survivor Down (a homebrew "drag under"): their
 * `when` sees the victim as its `target`, and an effect scoped to the target lands on the victim.
 */
const takerTriggers = (ctx: Ctx, by: string, victim: string): void => {
  const taker = ctx.draft.models.find((x) => x.id === by) as Model | undefined
  if (!taker) return
  for (const s of effectsOf(ctx, taker)) {
    const e = s.effect
    if (e.kind !== "trigger" || e.on !== "down") continue
    if (e.do.some((x) => x.kind === "hook")) continue // the model's own "would go Down" (Deep Roots)
    const v = ctx.view(victim)
    if (e.when !== undefined && !holds(ctx, e.when, { self: taker, target: v })) continue
    for (const x of e.do) doEffect(ctx, x.scope === "target" ? v : ctx.view(by), x, s.source)
  }
}

type HookEffect = Extract<Effect, { kind: "hook" }>
const hooksOf = (ctx: Ctx, m: Model, name: string): HookEffect[] => {
  const out: HookEffect[] = []
  const visit = (e: Effect) => {
    if (e.kind === "hook" && e.hook === name) out.push(e)
    if (e.kind === "trigger") e.do.forEach(visit)
  }
  for (const s of effectsOf(ctx, m)) visit(s.effect)
  return out
}

/**
 * "Would go Down" replaced (`core/hold-on`, Deep Roots): once per battle, Call the Blight (Blight
 * dice only, as many as the tier allows, 1 success, B-BLIGHTDICE-04); pass, the survivor stays up
 * with that much Health instead of going Down.
 */
const holdOn = (ctx: Ctx, m: Model): boolean => {
  const hook = hooksOf(ctx, m, "core/hold-on")[0]
  if (!hook || (m.used["hold-on:battle"] ?? 0) >= 1) return false
  const n = blightAllowance(m)
  if (n === 0) return false
  ctx.emit({ type: "used", model: m.id, key: "hold-on:battle" })
  const r = roll(ctx, m, 0, n, `${m.name} calls the Blight to hold on`)
  const passed = r.successes >= 1
  ctx.emit({ type: "test.rolled", model: m.id, pool: "blight.call", roll: r, target: 1, passed })
  if (!passed || ctx.view(m.id).status !== "active") return false
  const health = Number((hook.params as { health?: number } | undefined)?.health ?? 1)
  ctx.emit({ type: "healed", model: m.id, health: Math.min(m.profile.health, Math.max(1, health)) })
  return true
}

/** Feeds on the fallen (`core/carrion-feed`): creatures with it regain Health when a model goes Down or is slain near them. */
const feed = (ctx: Ctx, fallen: string): void => {
  for (const c of ctx.draft.models) {
    if (c.kind !== "creature" || c.status !== "active" || c.id === fallen) continue
    for (const hook of hooksOf(ctx, c as Model, "core/carrion-feed")) {
      const p = hook.params as { radius?: number; health?: number } | undefined
      const radius = Number(p?.radius ?? 6)
      const near = ctx.fact(
        { q: "within", a: c.id, b: fallen, inches: radius },
        `Is ${c.name} within ${radius}" of ${ctx.view(fallen).name}?`,
      )
      const now = ctx.view(c.id)
      if (near === true && now.health < now.profile.health)
        ctx.emit({
          type: "healed",
          model: c.id,
          health: Math.min(now.profile.health, now.health + Number(p?.health ?? 1)),
        })
    }
  }
}

/** The Seed-Bearer's Jar (`core/seed-bearer-jar`, R-WORLD-02): an unblocked Crit breaks it once: a spore cloud. */
const seedBearerJar = (ctx: Ctx, id: string): void => {
  const m = ctx.view(id)
  const hook = hooksOf(ctx, m, "core/seed-bearer-jar")[0]
  if (!hook || (m.used["jar:battle"] ?? 0) >= 1) return
  ctx.emit({ type: "used", model: id, key: "jar:battle" })
  const radius = Number((hook.params as { radius?: number } | undefined)?.radius ?? 2)
  ctx.emit({
    type: "token.placed",
    token: {
      id: `t${ctx.draft.counters.token + 1}`,
      kind: "sporeCloud",
      rich: 0,
      radius,
      ...(m.position ? { position: { ...m.position } } : {}),
    },
  })
}

/** Grafting: an enemy survivor a Congregation member takes Down gains +1 Blight (B-CONGREGATION-13). */
const grafting = (ctx: Ctx, victim: Model, by: string): void => {
  const attacker = ctx.draft.models.find((x) => x.id === by)
  if (!attacker || attacker.side === victim.side) return
  const side = ctx.draft.sides.find((s) => s.id === attacker.side)
  const member = side?.kind === "congregation"
  // A Gardener's `core/grafting` says how much (its `blight` param); a Congregation member's is 1.
  const graft = attacker.kind === "creature" ? hooksOf(ctx, attacker as Model, "core/grafting")[0] : undefined
  const blight = Number((graft?.params as { blight?: number } | undefined)?.blight ?? 1)
  if (member || graft) gainBlight(ctx, victim.id, blight, "Grafting (B-CONGREGATION-13)")
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
}
