/**
 * Gifts used as an action (B-ACTION-GIFT-01, B-BLIGHTDICE-04, B-ACT-09): the Gift's `grantAction`
 * effect names the action; "Call the Blight" rolls only Blight dice, as many as the tier allows,
 * needing 1 success (their 1s still add Blight); an attacking Gift is the activation's one attack.
 * What it does is its effects: healing (`core/heal`), a strike (`core/strike`), a blast of spores
 * (`core/area-attack`), a Jammed firearm (`core/jam-weapon`), Noise and Blight.
 *
 * @since 0.2.0
 */
import type { Effect } from "../../vocabulary/Effect.js"
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { gainBlight } from "../combat/Blight.js"
import { applyHits } from "../combat/Damage.js"
import { score } from "../combat/Pools.js"
import { makeNoise } from "../noise/Noise.js"
import { areEnemies } from "../round/Turn.js"
import type { Model } from "../State.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"
import { grantRoll } from "./GrantRoll.js"
import { hiddenBeyondSix, revealOnAttack } from "./Hide.js"

type Params = Record<string, unknown> | undefined

export const gift = (ctx: Ctx, c: CommandOf<"gift">, by: string): void => {
  const m = beginAction(ctx, c.model, "gift", by)
  if (!m.gifts.includes(c.gift)) refuse(`gift: ${m.name} has no Gift "${c.gift}"`, "B-ACTION-GIFT-01")
  const entry = ctx.env.content.get("gifts", c.gift)
  const grant = entry?.effects?.find((e) => e.kind === "grantAction")
  if (!entry || !grant || grant.kind !== "grantAction")
    refuse(`gift: ${entry?.name ?? c.gift} does not take an action`, "B-ACTION-GIFT-01")
  const g = grant as Extract<Effect, { kind: "grantAction" }>
  const a = activationOf(ctx)
  if (g.attack && a.attacked)
    refuse(`gift: ${entry.name} is an attack, and ${m.name} has already attacked`, "B-ACT-09")
  const target = c.target ? (ctx.draft.models.find((x) => x.id === c.target) as Model | undefined) : undefined
  if (needsTarget(g.do) && (target?.status !== "active" || !areEnemies(m, target)))
    refuse(`target: ${entry.name} needs an enemy target`, "B-ACTION-GIFT-01")
  takeAction(ctx, m.id, g.attack ? "attack" : "gift")
  if (g.attack) revealOnAttack(ctx, m.id)
  if (g.noise) makeNoise(ctx, m.id, g.noise, entry.name)
  // "A Crit stays a Crit" (Thorn Lash): a 6 on the Call makes the Gift's hit a Crit.
  let crit = false
  if (g.test !== undefined) {
    // B-BLIGHTDICE-04: the Call rolls Blight dice only, as many as the tier, 1 success.
    const t = grantRoll(ctx, m, g.test, entry.name)
    if (!t.passed) {
      afterAction(ctx, m.id)
      return
    }
    crit = t.crit
  }
  for (const e of g.do) apply(ctx, m, target, e, entry.name, crit)
  afterAction(ctx, m.id)
}

const needsTarget = (effects: ReadonlyArray<Effect>): boolean =>
  effects.some(
    (e) =>
      e.kind === "hook" &&
      (e.hook === "core/strike" || e.hook === "core/jam-weapon" || e.hook === "core/root"),
  )

/** One hook effect of a Gift being used: who uses it, on whom, its name, Crit and params. */
interface Use {
  readonly ctx: Ctx
  readonly m: Model
  readonly target: Model | undefined
  readonly name: string
  readonly crit: boolean
  readonly p: Params
}

const apply = (
  ctx: Ctx,
  m: Model,
  target: Model | undefined,
  e: Effect,
  name: string,
  crit: boolean,
): void => {
  if (e.kind === "noise") {
    makeNoise(ctx, m.id, e.value, name)
    return
  }
  if (e.kind === "blight") {
    gainBlight(ctx, m.id, e.value, name)
    return
  }
  if (e.kind === "heal") {
    heal(ctx, m, Number(e.health))
    return
  }
  if (e.kind !== "hook") return
  const use: Use = { ctx, m, target, name, crit, p: e.params as Params }
  switch (e.hook) {
    case "core/strike":
      strike(use)
      return
    case "core/jam-weapon":
      jamWeapon(use)
      return
    case "core/area-attack":
      areaAttack(use)
      return
    case "core/root":
      root(use)
      return
  }
}

/** Healing, up to the profile's Health (B-DOWN-*: a model Down can't take the action at all). */
const heal = (ctx: Ctx, m: Model, by: number): void => {
  const now = ctx.view(m.id)
  const health = Math.min(now.profile.health, now.health + by)
  if (health > now.health) ctx.emit({ type: "healed", model: m.id, health })
}

/** Is the target within `inches` of the user, as the table says? */
const inRange = ({ ctx, m, target }: Use, inches: number): boolean =>
  target !== undefined &&
  ctx.fact(
    { q: "within", a: m.id, b: target.id, inches },
    `Is ${target.name} within ${inches}" of ${m.name}?`,
    m.side,
  ) === true

/**
 * B-ACTION-HIDE-02: a Hidden enemy more than 6" away can't be targeted. Only a Gift reaching
 * further than 6" asks (the core Gifts reach 6" at most, so a target in their range is within 6").
 */
const hiddenAway = ({ ctx, m, target, name }: Use, inches: number): boolean => {
  if (target === undefined || inches <= 6 || !hiddenBeyondSix(ctx, m, target)) return false
  ctx.emit({
    type: "refused",
    reason: `${name}: ${target.name} is Hidden and more than 6" away`,
    clause: "B-ACTION-HIDE-02",
  })
  return true
}

/** `core/strike`: one hit on a target in reach, a Crit if the Call rolled one. */
const strike = (use: Use): void => {
  const { ctx, m, target, name, crit, p } = use
  if (hiddenAway(use, Number(p?.range ?? 1))) return
  if (target === undefined || !inRange(use, Number(p?.range ?? 1))) {
    ctx.emit({
      type: "refused",
      reason: `${name}: the target is out of reach`,
      clause: "B-ACTION-GIFT-01",
    })
    return
  }
  applyHits(ctx, target.id, 1, crit ? 1 : 0, { by: m.id, damage: Number(p?.damage ?? 1) })
}

/** `core/jam-weapon`: the target's first working firearm Jams. */
const jamWeapon = (use: Use): void => {
  const { ctx, target, p } = use
  if (hiddenAway(use, Number(p?.range ?? 6)) || target === undefined || !inRange(use, Number(p?.range ?? 6)))
    return
  const w = target.weapons.find(
    (x) => !x.spent && !x.jammed && ctx.env.content.get("weapons", x.weapon)?.firearm,
  )
  if (w) ctx.emit({ type: "jammed", model: target.id, weapon: w.weapon })
}

/** `core/area-attack`: an attack of its own dice on each other standing model within the radius. */
const areaAttack = ({ ctx, m, name, p }: Use): void => {
  const radius = Number(p?.radius ?? 1)
  const dice = Number(p?.dice ?? 2)
  for (const x of ctx.draft.models) {
    // "Each other model within 1"" (Spore Breath): friends, enemies and creatures alike.
    if (x.id === m.id || x.status !== "active") continue
    if (
      ctx.fact(
        { q: "within", a: m.id, b: x.id, inches: radius },
        `Is ${x.name} within ${radius}" of ${m.name}?`,
        m.side,
      ) !== true
    )
      continue
    const faces = ctx.dice(dice, `${name} on ${x.name}`, m.side)
    const pool = score(faces, [], false)
    ctx.emit({
      type: "attack.rolled",
      attacker: m.id,
      target: x.id,
      attack: "gift",
      weapon: name,
      pool,
      modifiers: [`${dice} dice (${name})`],
    })
    applyHits(ctx, x.id, pool.successes, pool.crits, {
      by: m.id,
      damage: Number(p?.damage ?? 1),
      infectious: Number(p?.infectious ?? 0),
    })
  }
}

/** `core/root`: Rooted, it can't Move or Sprint in its next activation (a use the move rules read). */
const root = (use: Use): void => {
  const { ctx, target, p } = use
  if (hiddenAway(use, Number(p?.range ?? 6)) || target === undefined || !inRange(use, Number(p?.range ?? 6)))
    return
  ctx.emit({ type: "used", model: target.id, key: "rooted" })
}
