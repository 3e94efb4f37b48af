/**
 * Pools in a raid (B-DICE-*, B-BLIGHTDICE-*): the base stat plus the situation, plus every
 * content effect that names the pool (`poolModifier`, from the model's Knack, skills, Gifts, Marks,
 * kit, weapons, the Leader rules, a creature's special rules, the side's Home and improvements,
 * and friends' auras), each with its reason. Modifiers only add or remove dice (B-DICE-06); a pool
 * below 1 die rolls one desperate die that succeeds only on a 6 (B-DICE-07). Blight dice count
 * towards the pool's size (R-DICE-01) and each 1 on them gives +1 Blight (B-BLIGHTDICE-03).
 *
 * @since 0.2.0
 */
import { Tier } from "@blight/dice"
import type { Effect } from "../../plugin/Effect.js"
import type { Pool } from "../../plugin/Vocabulary.js"
import { holds, type Situation } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import type { RolledPool } from "../Event.js"
import type { Model } from "../State.js"
import { gainBlight } from "./Blight.js"

/** An effect and where it comes from. */
export interface Sourced {
  readonly source: string
  readonly effect: Effect
  /** The model whose rule it is (auras: the model projecting it). */
  readonly owner: string
}

/** The effects a model carries with it (not auras of others). */
export const effectsOf = (ctx: Ctx, m: Model): Sourced[] => {
  const c = ctx.env.content
  const out: Sourced[] = []
  const add = (effects: ReadonlyArray<Effect> | undefined, source: string) => {
    for (const effect of effects ?? []) out.push({ source, effect, owner: m.id })
  }
  if (m.kind === "creature") {
    const cr = c.get("creatures", m.ref)
    for (const r of cr?.specialRules ?? []) add(r.effects, `${cr?.name}: ${r.name}`)
    return out
  }
  const bg = c.get("backgrounds", m.ref)
  if (bg) add(bg.knack.effects, `Knack: ${bg.knack.name}`)
  for (const id of m.skills) add(c.get("skills", id)?.effects, `skill: ${c.get("skills", id)?.name ?? id}`)
  for (const id of m.gifts) add(c.get("gifts", id)?.effects, `Gift: ${c.get("gifts", id)?.name ?? id}`)
  for (const id of m.marks) add(c.get("marks", id)?.effects, `Mark: ${c.get("marks", id)?.name ?? id}`)
  for (const id of m.kit) add(c.get("kit", id)?.effects, `kit: ${c.get("kit", id)?.name ?? id}`)
  if (m.leader) for (const l of c.list("leader")) add(l.effects, "the Leader")
  const side = ctx.draft.sides.find((s) => s.id === m.side)
  if (side?.home) {
    const home = c.get("homes", side.home)
    for (const e of home?.perk.effects ?? [])
      if (e.scope === "refuge") out.push({ source: `Home: ${home!.perk.name}`, effect: e, owner: m.id })
  }
  for (const id of side?.improvements ?? []) {
    const imp = c.get("improvements", id)
    for (const e of imp?.effects ?? [])
      if (e.scope === "refuge") out.push({ source: `improvement: ${imp!.name}`, effect: e, owner: m.id })
  }
  return out
}

/** Friends' and enemies' auras that reach a model (`aura` effects, radius asked of the table). */
export const aurasOn = (ctx: Ctx, m: Model): Sourced[] => {
  const out: Sourced[] = []
  for (const other of ctx.draft.models) {
    if (other.id === m.id || other.status !== "active") continue
    for (const s of effectsOf(ctx, other as Model)) {
      const e = s.effect
      if (e.kind !== "aura") continue
      const friend = other.side === m.side
      const applies =
        e.affects === "models" ||
        (e.affects === "friends" && friend) ||
        (e.affects === "enemies" && !friend && m.kind === "survivor") ||
        (e.affects === "creatures" && m.kind === "creature")
      if (!applies) continue
      const near =
        e.radius === 0
          ? ctx.fact(
              { q: "contact", a: other.id, b: m.id },
              `Is ${other.name} in base contact with ${m.name}?`,
            )
          : ctx.fact(
              { q: "within", a: other.id, b: m.id, inches: e.radius },
              `Is ${m.name} within ${e.radius}" of ${other.name}?`,
            )
      if (near !== true) continue
      for (const inner of e.effects)
        out.push({ source: `${s.source} (aura)`, effect: inner, owner: other.id })
    }
  }
  return out
}

/** A pool before rolling: base dice, modifiers with reasons, Blight dice. */
export interface PoolPlan {
  readonly pool: Pool
  readonly dice: number
  readonly blight: number
  readonly reasons: ReadonlyArray<string>
}

/** Collects the `poolModifier` effects for a pool in a situation. */
export const poolModifiers = (
  ctx: Ctx,
  m: Model,
  pool: Pool,
  situation: Situation,
): { dice: number; blight: number; reasons: string[] } => {
  let dice = 0
  let blight = 0
  const reasons: string[] = []
  for (const s of [...effectsOf(ctx, m), ...aurasOn(ctx, m)]) {
    const e = s.effect
    if (e.kind !== "poolModifier" || (e.pool !== pool && e.pool !== "any")) continue
    if (e.scope === "target" || e.scope === "enemies" || e.scope === "oneFriend") continue
    if (e.uses !== undefined) continue // limited uses are offered as choices, not applied silently
    if (e.when !== undefined && !holds(ctx, e.when, { ...situation, self: m })) continue
    if (e.blightDice) blight += e.dice
    else dice += e.dice
    reasons.push(`${e.dice > 0 ? "+" : ""}${e.dice} ${s.source}`)
  }
  return { dice, blight, reasons }
}

/** Blight dice a survivor may add (B-BLIGHTDICE-01): 0 for creatures. */
export const blightAllowance = (m: Model): number =>
  m.kind === "survivor" && m.blight < 12 ? Tier.blightDiceAllowance(Tier.tierOf(m.blight)) : 0

/** Scores faces: 4+ succeeds, 6 Crits; a desperate die only on a 6 (B-DICE-01, B-DICE-07). */
export const score = (
  dice: ReadonlyArray<number>,
  blight: ReadonlyArray<number>,
  desperate: boolean,
): RolledPool => {
  let successes = 0
  let crits = 0
  for (const f of [...dice, ...blight]) {
    if (desperate ? f === 6 : f >= 4) successes++
    if (f === 6) crits++
  }
  return { dice: [...dice], blight: [...blight], desperate, successes, crits }
}

/**
 * Rolls a pool for a model: `dice` ordinary dice (may be below 1) and `blight` Blight dice.
 * Blight 1s are gained at once (B-BLIGHTDICE-03).
 */
export const roll = (
  ctx: Ctx,
  m: Model,
  dice: number,
  blight: number,
  purpose: string,
  by?: string,
): RolledPool => {
  const ordinary = Math.max(0, dice)
  const desperate = ordinary + blight < 1
  const n = desperate ? 1 : ordinary
  const faces = ctx.dice(n + blight, purpose, by ?? m.side)
  const pool = score(faces.slice(0, n), faces.slice(n), desperate)
  const ones = pool.blight.filter((f) => f === 1).length
  if (ones > 0) gainBlight(ctx, m.id, ones, "Blight dice (B-BLIGHTDICE-03)")
  return pool
}

/** How many Blight dice a survivor adds to a pool it rolls in reply (asked, R-BATTLE-13). */
export const reactiveBlight = (ctx: Ctx, m: Model, what: string): number => {
  const allowance = blightAllowance(m)
  if (allowance === 0 || ctx.draft.options.reactiveBlightDice === "never") return 0
  const options = Array.from({ length: allowance + 1 }, (_, i) => String(i))
  return Number(
    ctx.choose(
      `blight:${m.id}:${what}`,
      `Blight dice for ${m.name}'s ${what}? (0–${allowance})`,
      options,
      m.side,
    ),
  )
}

/** Checks the Blight dice a command asks for against the tier allowance (B-BLIGHTDICE-01). */
export const checkBlightDice = (m: Model, asked: number | undefined): string | undefined => {
  const n = asked ?? 0
  const allowance = blightAllowance(m)
  return n > allowance
    ? `blightDice: ${m.name} may add up to ${allowance} Blight ${allowance === 1 ? "die" : "dice"} (B-BLIGHTDICE-01), asked ${n}`
    : undefined
}
