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
import type { Condition } from "../../vocabulary/Condition.js"
import type { Effect } from "../../vocabulary/Effect.js"
import type { Pool } from "../../vocabulary/Vocabulary.js"
import { holds, type Situation } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import type { RolledPool } from "../Event.js"
import { effectInputsEpoch } from "../Evolve.js"
import type { FactQuery, Model } from "../State.js"
import { objectiveEffects } from "../scenario/ObjectiveEffects.js"
import { getFact } from "../table/Facts.js"
import { gainBlight } from "./Blight.js"
import { score } from "./Faces.js"
import { offerRerolls, type RerollSource } from "./Reroll.js"

/** An effect and where it comes from. */
export interface Sourced {
  readonly source: string
  readonly effect: Effect
  /** The model whose rule it is (auras: the model projecting it). */
  readonly owner: string
}

/**
 * A model's effects as gathered once (`all`, and its `aura` ones), with what they were read from:
 * the model's own fields, its arrays (only ever appended to by `evolve`) and their lengths, its
 * side's and the objectives. Valid while each is the same value, object and length.
 */
interface Compiled {
  readonly all: ReadonlyArray<Sourced>
  readonly auras: ReadonlyArray<Sourced>
  /** What they were read from, in the order {@link readFrom} lists it. */
  readonly from: ReadonlyArray<unknown>
  /**
   * The state and `Evolve.effectInputsEpoch` when that was last found the same: while both stay,
   * no event has changed what they are read from, and nothing needs comparing.
   */
  draft: object
  epoch: number
}

/** Compiled effects per content, per model object (a copied state's models gather theirs again). */
const compiled = new WeakMap<object, WeakMap<object, Compiled>>()
/** The last content asked about and its models' compiled effects (a raid asks about one content). */
let lastContent: object | undefined
let lastByContent: WeakMap<object, Compiled> | undefined

const byContent = (content: object): WeakMap<object, Compiled> => {
  if (content === lastContent && lastByContent !== undefined) return lastByContent
  let byModel = compiled.get(content)
  if (byModel === undefined) {
    byModel = new WeakMap()
    compiled.set(content, byModel)
  }
  lastContent = content
  lastByContent = byModel
  return byModel
}

/** The side of a model: most often where it was last time (`at`), else found by id. */
const sideOf = (ctx: Ctx, m: Model, at: unknown): Ctx["draft"]["sides"][number] | undefined => {
  const there = ctx.draft.sides[at as number]
  return there !== undefined && there.id === m.side ? there : ctx.draft.sides.find((s) => s.id === m.side)
}

/** Which carried weapons are not spent, as bits (a thrown one's rules leave with it; `thrown` flips one in place). */
const unspent = (m: Model): number => {
  let bits = 0
  let i = 0
  for (const w of m.weapons) {
    if (!w.spent) bits |= 1 << i
    i++
  }
  return bits
}

/** Is each thing a model's effects are read from what it was (written out: this runs very often)? */
const same = (from: ReadonlyArray<unknown>, ctx: Ctx, m: Model): boolean => {
  const side = sideOf(ctx, m, from[20])
  const o = ctx.draft.objectives
  return (
    from[0] === m.kind &&
    from[1] === m.ref &&
    from[2] === m.side &&
    from[3] === m.leader &&
    from[4] === m.gifts &&
    from[5] === m.gifts.length &&
    from[6] === m.skills &&
    from[7] === m.skills.length &&
    from[8] === m.marks &&
    from[9] === m.marks.length &&
    from[10] === m.kit &&
    from[11] === m.kit.length &&
    from[12] === side &&
    from[13] === side?.home &&
    from[14] === side?.improvements &&
    from[15] === side?.improvements.length &&
    from[16] === side?.trophies &&
    from[17] === side?.trophies?.length &&
    from[18] === o &&
    from[19] === o.length &&
    from[21] === m.weapons &&
    from[22] === unspent(m)
  )
}

const readFrom = (ctx: Ctx, m: Model): unknown[] => {
  const at = ctx.draft.sides.findIndex((s) => s.id === m.side)
  const side = ctx.draft.sides[at]
  const o = ctx.draft.objectives
  return [
    m.kind,
    m.ref,
    m.side,
    m.leader,
    m.gifts,
    m.gifts.length,
    m.skills,
    m.skills.length,
    m.marks,
    m.marks.length,
    m.kit,
    m.kit.length,
    side,
    side?.home,
    side?.improvements,
    side?.improvements.length,
    side?.trophies,
    side?.trophies?.length,
    o,
    o.length,
    // Where its side stands among the sides (not compared: where to look first).
    at,
    m.weapons,
    unspent(m),
  ]
}

const compiledOf = (ctx: Ctx, m: Model): Compiled => {
  const byModel = byContent(ctx.env.content)
  const hit = byModel.get(m)
  const epoch = effectInputsEpoch()
  if (hit !== undefined) {
    if (hit.epoch === epoch && hit.draft === ctx.draft) return hit
    if (same(hit.from, ctx, m)) {
      hit.draft = ctx.draft
      hit.epoch = epoch
      return hit
    }
  }
  const all = gather(ctx, m)
  const made: Compiled = {
    all,
    auras: all.filter((s) => s.effect.kind === "aura"),
    from: readFrom(ctx, m),
    draft: ctx.draft,
    epoch,
  }
  byModel.set(m, made)
  return made
}

/** The effects a model carries with it (not auras of others); gathered once while they stay the same. */
export const effectsOf = (ctx: Ctx, m: Model): ReadonlyArray<Sourced> => compiledOf(ctx, m).all

const gather = (ctx: Ctx, m: Model): Sourced[] => {
  const c = ctx.env.content
  const out: Sourced[] = []
  const add = (effects: ReadonlyArray<Effect> | undefined, source: string) => {
    for (const effect of effects ?? []) out.push({ source, effect, owner: m.id })
  }
  if (m.kind === "creature") {
    const cr = c.get("creatures", m.ref)
    for (const r of cr?.specialRules ?? []) add(r.effects, `${cr?.name}: ${r.name}`)
    // A Hollowed keeps its Gifts (B-HOLLOWED-01).
    for (const id of m.gifts) add(c.get("gifts", id)?.effects, `Gift: ${c.get("gifts", id)?.name ?? id}`)
    return out
  }
  const bg = c.get("backgrounds", m.ref)
  if (bg) add(bg.knack.effects, `Knack: ${bg.knack.name}`)
  // The scenario's objectives' rules for whoever meets their `when` (the Radio's carrier).
  for (const o of objectiveEffects(ctx)) out.push({ source: o.source, effect: o.effect, owner: m.id })
  for (const id of m.skills) add(c.get("skills", id)?.effects, `skill: ${c.get("skills", id)?.name ?? id}`)
  for (const id of m.gifts) add(c.get("gifts", id)?.effects, `Gift: ${c.get("gifts", id)?.name ?? id}`)
  for (const id of m.marks) add(c.get("marks", id)?.effects, `Mark: ${c.get("marks", id)?.name ?? id}`)
  for (const id of m.kit) add(c.get("kit", id)?.effects, `kit: ${c.get("kit", id)?.name ?? id}`)
  // A weapon's own rules, while it is carried (a Crowbar's +1 die to force a door); its Crit's are
  // read where a Crit lands (`Damage.critDamageOf`), not here.
  for (const w of m.weapons)
    if (!w.spent)
      add(c.get("weapons", w.weapon)?.effects, `weapon: ${c.get("weapons", w.weapon)?.name ?? w.weapon}`)
  if (m.leader) for (const l of c.list("leader")) add(l.effects, "the Leader")
  const side = ctx.draft.sides.find((s) => s.id === m.side)
  if (side?.home) {
    const home = c.get("homes", side.home)
    if (home)
      for (const e of home.perk.effects ?? [])
        if (e.scope === "refuge" || e.scope === "oneFriend")
          out.push({ source: `Home: ${home.perk.name}`, effect: e, owner: m.id })
  }
  for (const id of side?.improvements ?? []) {
    const imp = c.get("improvements", id)
    if (imp)
      for (const e of imp.effects ?? [])
        if (e.scope === "refuge" || e.scope === "oneFriend")
          out.push({ source: `improvement: ${imp.name}`, effect: e, owner: m.id })
  }
  // Trophies the Refuge keeps from the campaign (the Radio, B-OBJECTIVE-08): their Refuge-wide rules.
  for (const id of side?.trophies ?? []) {
    const o = c.get("objectives", id)
    if (o)
      for (const r of o.rules ?? [])
        for (const e of r.effects ?? [])
          if (e.scope === "refuge") out.push({ source: `trophy: ${o.name}`, effect: e, owner: m.id })
  }
  return out
}

/**
 * The models that project any aura, in the state's order, with their auras: most models project
 * none, and every roll looks at every model for auras. Valid while the models' gathered effects
 * are trusted without comparing their inputs (the same state and `Evolve.effectInputsEpoch`: no
 * model came or went, and nothing an aura is gathered from changed).
 */
interface AuraHolders {
  readonly content: object
  readonly draft: object
  readonly epoch: number
  readonly models: ReadonlyArray<unknown>
  /** The models with auras, each with its own. */
  readonly holders: ReadonlyArray<{ readonly model: Model; readonly auras: ReadonlyArray<Sourced> }>
}

let lastHolders: AuraHolders | undefined

const auraHolders = (ctx: Ctx): AuraHolders => {
  const h = lastHolders
  const epoch = effectInputsEpoch()
  const models = ctx.draft.models
  if (
    h !== undefined &&
    h.epoch === epoch &&
    h.draft === ctx.draft &&
    h.models === models &&
    h.content === ctx.env.content
  )
    return h
  const holders: Array<AuraHolders["holders"][number]> = []
  for (const m of models) {
    const auras = compiledOf(ctx, m as Model).auras
    if (auras.length > 0) holders.push({ model: m as Model, auras })
  }
  // Gathering never emits, so the epoch read above still holds.
  lastHolders = { content: ctx.env.content, draft: ctx.draft, epoch, models, holders }
  return lastHolders
}

/**
 * Friends' and enemies' auras that reach a model (`aura` effects, radius asked of the table). With
 * `relevant`, only auras with an effect it accepts are asked about (R-BATTLE-56): a roll is not held
 * up by a question about an aura that can't change it (the Rotweaver's Threads forbid a Sprint).
 */
export const aurasOn = (ctx: Ctx, m: Model, relevant?: (e: Effect) => boolean): Sourced[] => {
  const out: Sourced[] = []
  for (const { model: other, auras } of auraHolders(ctx).holders) {
    if (other.id === m.id || other.status !== "active") continue
    for (const s of auras) {
      const e = s.effect
      if (e.kind !== "aura") continue
      const friend = other.side === m.side
      const applies =
        e.affects === "models" ||
        (e.affects === "friends" && friend) ||
        (e.affects === "enemies" && !friend && m.kind === "survivor") ||
        (e.affects === "creatures" && m.kind === "creature")
      if (!applies || (relevant !== undefined && !e.effects.some(relevant))) continue
      // A fact known is read before its question is written (most are known: every roll asks).
      const query: FactQuery =
        e.radius === 0
          ? { q: "contact", a: other.id, b: m.id }
          : { q: "within", a: other.id, b: m.id, inches: e.radius }
      const near =
        getFact(ctx.draft.facts, query) ??
        ctx.fact(
          query,
          e.radius === 0
            ? `Is ${other.name} in base contact with ${m.name}?`
            : `Is ${m.name} within ${e.radius}" of ${other.name}?`,
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

/**
 * The stat a pool is rolled from (B-PROFILE-01): what a conditional `statModifier` adds dice to,
 * and what a granted action's test starts from. Armour, Initiative, the Call and the Din have none.
 */
export const statOfPool = (pool: Pool): "shoot" | "fight" | "wits" | "nerve" | undefined =>
  pool === "shoot"
    ? "shoot"
    : pool.startsWith("fight.")
      ? "fight"
      : pool.startsWith("wits.")
        ? "wits"
        : pool.startsWith("nerve.")
          ? "nerve"
          : undefined

/**
 * A `poolModifier` for this pool that applies by itself, as a die in the pool: not one aimed at
 * others (a target, enemies, a friend) and not a limited use (those are offered as choices).
 */
export const appliesToOwnPool = (e: Effect, pool: Pool): e is Extract<Effect, { kind: "poolModifier" }> =>
  e.kind === "poolModifier" &&
  (e.pool === pool || e.pool === "any") &&
  e.scope !== "target" &&
  e.scope !== "enemies" &&
  e.scope !== "oneFriend" &&
  e.uses === undefined

/**
 * Collects the `poolModifier` effects for a pool in a situation. `only`, when given, keeps just the
 * modifiers it accepts (a blast's pool takes only those that name blast weapons, R-CONTENT-23).
 */
export const poolModifiers = (
  ctx: Ctx,
  m: Model,
  pool: Pool,
  situation: Situation,
  only?: (e: Extract<Effect, { kind: "poolModifier" }>) => boolean,
): { dice: number; blight: number; reasons: string[] } => {
  let dice = 0
  let blight = 0
  const reasons: string[] = []
  // The auras are gathered (their facts asked) before any condition of the model's own is read.
  const own = effectsOf(ctx, m)
  const stat = statOfPool(pool)
  // A stat that changes only while a condition holds (`when`) is not in the profile: it is read
  // as dice on the pools rolled from that stat (R-CONTENT-44). Unconditional ones are the profile's.
  type Conditional = Extract<Effect, { kind: "statModifier" }> & { readonly when: Condition }
  const conditionalStat = (e: Effect): e is Conditional =>
    e.kind === "statModifier" && e.when !== undefined && only === undefined && stat === e.stat
  const ownModifier = (e: Effect): e is Extract<Effect, { kind: "poolModifier" }> =>
    appliesToOwnPool(e, pool) && (only === undefined || only(e))
  // Only auras that could change this pool are asked about (R-BATTLE-56).
  const auras = aurasOn(ctx, m, (e) => conditionalStat(e) || ownModifier(e))
  for (const list of [own, auras])
    for (const s of list) {
      const e = s.effect
      if (conditionalStat(e)) {
        if (e.scope !== undefined && e.scope !== "self") continue
        if (!holds(ctx, e.when, { ...situation, self: m })) continue
        dice += e.value
        reasons.push(`${e.value > 0 ? "+" : ""}${e.value} ${s.source}`)
        continue
      }
      if (!ownModifier(e)) continue
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

export { score } from "./Faces.js"

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
  pool?: Pool,
  target?: number,
): RolledPool => {
  // An order (`core/order`): +1 die to the model's next pool this round, then it is spent.
  const orderKey = `order:${ctx.draft.round}`
  if ((m.used[orderKey] ?? 0) > (m.used[`${orderKey}:spent`] ?? 0)) {
    dice += 1
    ctx.emit({ type: "used", model: m.id, key: `${orderKey}:spent` })
  }
  const ordinary = Math.max(0, dice)
  const desperate = ordinary + blight < 1
  const n = desperate ? 1 : ordinary
  const faces = ctx.dice(n + blight, purpose, by ?? m.side)
  let result = score(faces.slice(0, n), faces.slice(n), desperate)
  let ones = result.blight.filter((f) => f === 1).length
  if (pool !== undefined) {
    const r = offerReroll(ctx, m, result, pool, purpose, target)
    if (r !== undefined) {
      result = r.pool
      ones += r.blightOnes
    }
  }
  if (ones > 0) gainBlight(ctx, m.id, ones, "Blight dice (B-BLIGHTDICE-03)")
  return result
}

/**
 * The re-rolls a rule allows on this pool (`reroll` effects of the model and friends' auras, free
 * ones only), offered to the model's player (R-BATTLE-39, `combat/Reroll`).
 */
const offerReroll = (
  ctx: Ctx,
  m: Model,
  rolled: RolledPool,
  pool: Pool,
  purpose: string,
  target?: number,
): { pool: RolledPool; blightOnes: number } | undefined => {
  // Initiative is the Refuge's roll, not the roller's in reach of an aura: no auras asked of the table.
  const auras =
    pool === "initiative"
      ? []
      : aurasOn(ctx, m, (e) => e.kind === "reroll" && (e.roll === pool || e.roll === "any"))
  const sources: RerollSource[] = []
  for (const s of [...effectsOf(ctx, m), ...auras]) {
    const e = s.effect
    if (e.kind !== "reroll" || (e.roll !== pool && e.roll !== "any") || e.cost !== undefined) continue
    if (e.when !== undefined && !holds(ctx, e.when, { self: m })) continue
    sources.push({ source: s.source, effect: e })
  }
  return sources.length === 0 ? undefined : offerRerolls(ctx, m, rolled, sources, pool, purpose, target)
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
export const checkBlightDice = (ctx: Ctx, m: Model, asked: number | undefined): string | undefined => {
  const n = asked ?? 0
  const allowance = blightAllowance(m)
  if (n <= allowance) return undefined
  const extra = n - allowance > 0 ? extraBlightDice(ctx, m) : []
  if (n <= allowance + extra.length) return undefined
  return `blightDice: ${m.name} may add up to ${allowance} Blight ${allowance === 1 ? "die" : "dice"} (B-BLIGHTDICE-01)${extra.length ? ` and ${extra.length} extra (${extra.map((x) => x.why).join(", ")})` : ""}, asked ${n}`
}

/** An extra Blight die beyond the tier a rule gives, and where its use is counted. */
interface Extra {
  readonly key: string
  readonly why: string
}

/**
 * Extra Blight dice beyond the tier (R-WORLD-05, AMB-B-12): the Mother's Blessing — once per round,
 * while the Verdant Mother stands, a member within 6" of her (B-CONGREGATION-16) — and content's
 * limited `poolModifier` Blight dice (the Amber Shrine, once a raid for the Refuge).
 */
export const extraBlightDice = (ctx: Ctx, m: Model): Extra[] => {
  if (m.kind !== "survivor") return []
  const out: Extra[] = []
  const side = ctx.draft.sides.find((s) => s.id === m.side)
  if (side?.kind === "congregation") {
    const mother = ctx.draft.models.find((x) => x.side === m.side && x.leader && x.status === "active")
    const key = `${m.side}:blessing:round`
    if (mother && (ctx.draft.roundUses[key] ?? 0) < 1) {
      const near =
        mother.id === m.id ||
        ctx.fact(
          { q: "within", a: m.id, b: mother.id, inches: 6 },
          `Is ${m.name} within 6" of ${mother.name} (the Verdant Mother)?`,
          m.side,
        ) === true
      if (near) out.push({ key, why: "the Mother's Blessing (B-CONGREGATION-16)" })
    }
  }
  for (const s of effectsOf(ctx, m)) {
    const e = s.effect
    if (e.kind !== "poolModifier" || !e.blightDice || e.uses === undefined) continue
    const key = `blight:${s.source}:${e.uses.per}`
    if ((side?.used[key] ?? 0) < e.uses.times) out.push({ key, why: s.source })
  }
  return out
}

/** Spends the extra Blight dice a command asked for beyond the tier (call just before rolling). */
export const spendExtraBlight = (ctx: Ctx, m: Model, asked: number | undefined): void => {
  const over = (asked ?? 0) - blightAllowance(m)
  if (over <= 0) return
  for (const x of extraBlightDice(ctx, m).slice(0, over)) ctx.emit({ type: "used", side: m.side, key: x.key })
}

/** Wits dice: a creature has no Wits, so a rule that needs them uses 1 die (B-CREATURE-04). */
export const witsDice = (m: Model): number => (m.kind === "creature" ? 1 : m.profile.wits)
