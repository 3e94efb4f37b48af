/**
 * Close combat (B-FIGHT-01..10, B-ACTION-FIGHT-01): a contest. Both fighters roll Fight plus their
 * weapon's dice; Charge +1 for an attacker that moved into contact this activation; +1 per other
 * friend in contact with the enemy (max +2; both fighters count, R-BATTLE-03); Shaken −1. A Down
 * defender doesn't roll: it is Finished. More successes win; the difference is hits on the loser,
 * Crits first (R-BATTLE-01); a tie does nothing but the Noise; each fighter makes its own melee
 * weapon's Noise (R-BATTLE-04); creatures make none (R-BATTLE-17).
 *
 * @since 0.2.0
 */
import type { Condition } from "../../vocabulary/Condition.js"
import type { CommandOf } from "../Command.js"
import { holds } from "../Conditions.js"
import { type Ctx, refuse } from "../Context.js"
import { applyHits, critDamageOf } from "../combat/Damage.js"
import {
  appliesToOwnPool,
  checkBlightDice,
  effectsOf,
  poolModifiers,
  reactiveBlight,
  roll,
  spendExtraBlight,
} from "../combat/Pools.js"
import { makeNoise, noiseFor } from "../noise/Noise.js"
import { areEnemies } from "../round/Turn.js"
import type { Model } from "../State.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"
import { revealOnAttack } from "./Hide.js"
import { got } from "../../terms/Indexed.js"
import { inBaseContact, refused } from "./TableAnswers.js"

/** A fighter's weapon: dice, Damage, Noise, Crit Damage. */
export interface MeleeWeapon {
  readonly id: string
  readonly name: string
  readonly dice: number
  readonly damage: number
  readonly noise: number
  readonly critDamage: number
}

/**
 * B-FOUNDING-07: "Everyone also has an Improvised weapon … for free" — a survivor whose roster
 * does not list it (a Refuge not made by founding) still fights with it.
 */
const freeMelee = (ctx: Ctx, m: Model): string[] =>
  freeMeleeOf(ctx.env.content).filter((id) => !m.weapons.some((c) => c.weapon === id))

/** The free melee weapons of a content, listed once per content (every fight asks). */
const freeMelees = new WeakMap<object, ReadonlyArray<string>>()
const freeMeleeOf = (content: Ctx["env"]["content"]): ReadonlyArray<string> => {
  let ids = freeMelees.get(content)
  if (ids === undefined) {
    ids = content
      .list("weapons")
      .filter((w) => w.free === true && w.type === "melee")
      .map((w) => w.id)
    freeMelees.set(content, ids)
  }
  return ids
}

/** Does a condition hang on the weapon and the action alone (nothing a fact or the foe decides)? */
const onWeaponAlone = (c: Condition): boolean =>
  "all" in c
    ? c.all.every(onWeaponAlone)
    : "any" in c
      ? c.any.every(onWeaponAlone)
      : "not" in c
        ? onWeaponAlone(c.not)
        : "using" in c || "action" in c

/**
 * The dice a fighter's own rules add to its pool with a weapon, counting only rules that hang on the
 * weapon alone (the Labourer's Knack: "+1 die to Fight with an Improvised weapon or a crowbar"):
 * what tells two weapons apart; every other rule adds the same to either (R-BATTLE-50).
 */
const bonusWith = (ctx: Ctx, m: Model, weapon: string, pool: FightPool): number => {
  let dice = 0
  for (const { effect: e } of effectsOf(ctx, m)) {
    if (!appliesToOwnPool(e, pool) || e.blightDice) continue
    if (e.when === undefined || !onWeaponAlone(e.when)) continue
    if (holds(ctx, e.when, { self: m, weapon, action: "fight" })) dice += e.dice
  }
  return dice
}

/** The pool a fighter rolls: the attacker's or the defender's. */
type FightPool = "fight.attack" | "fight.defend"

/**
 * The melee weapon a model fights with: the one named, else its best (R-BATTLE-50): the most dice
 * with it, its own rules that hang on the weapon counted (a Knack), then Damage, then the quietest.
 */
export const meleeWeapon = (
  ctx: Ctx,
  m: Model,
  named?: string,
  pool: FightPool = "fight.attack",
): MeleeWeapon | undefined => {
  if (m.kind === "creature") {
    const c = ctx.env.content.get("creatures", m.ref)
    return {
      id: m.ref,
      name: c?.weapon.name ?? "claws",
      dice: c?.weapon.dice ?? 0,
      damage: c?.weapon.damage ?? 1,
      noise: 0,
      critDamage: 0,
    }
  }
  const options = [...m.weapons.filter((w) => !w.spent).map((w) => w.weapon), ...freeMelee(ctx, m)]
    .filter((w) => named === undefined || w === named)
    .map((w) => ctx.env.content.get("weapons", w))
    .flatMap((w) =>
      w !== undefined && w.type === "melee"
        ? [
            {
              id: w.id,
              name: w.name,
              dice: w.dice,
              damage: w.damage,
              noise: w.noise,
              critDamage: critDamageOf(ctx, w.id),
            },
          ]
        : [],
    )
  if (options.length < 2) return options[0]
  const dice = new Map(options.map((w) => [w.id, w.dice + bonusWith(ctx, m, w.id, pool)]))
  // B-NOISE-02: a knife is as good as an Improvised weapon and Quiet, so it is the one used.
  return options.sort(
    (a, b) =>
      got(dice, b.id) - got(dice, a.id) ||
      b.damage - a.damage ||
      a.noise - b.noise ||
      a.id.localeCompare(b.id),
  )[0]
}

/**
 * The dice a model brings to a Fight before the situation's (Charge, Outnumbering, Shaken, its
 * other rules): its Fight, and its best melee weapon's dice with the rules that hang on it (what a
 * bot weighs a Fight by).
 */
export const fightDice = (ctx: Ctx, m: Model, pool: FightPool): number => {
  const w = meleeWeapon(ctx, m, undefined, pool)
  return m.profile.fight + (w === undefined ? 0 : w.dice + bonusWith(ctx, m, w.id, pool))
}

/** Friends of `fighter` in contact with `enemy`, not counting the fighter (B-FIGHT-03). */
const outnumbering = (ctx: Ctx, fighter: Model, enemy: Model): number => {
  let n = 0
  for (const o of ctx.draft.models) {
    if (o.id === fighter.id || o.status !== "active") continue
    const friend = o.side === fighter.side || (o.kind === "creature" && fighter.kind === "creature")
    if (!friend || !areEnemies(o as Model, enemy)) continue
    if (inBaseContact(ctx, o, enemy)) n++
  }
  return Math.min(2, n)
}

/** A fighter's pool before rolling: its dice, Blight dice from its rules, and why. */
interface FightSide {
  readonly dice: number
  readonly blight: number
  readonly reasons: string[]
}

type Pool = ReturnType<typeof roll>

/** The attacker's pool: Fight, weapon, its rules, Charge, Outnumbering, Shaken (B-FIGHT-02..04). */
const attackerSide = (
  ctx: Ctx,
  attacker: Model,
  defender: Model,
  aw: MeleeWeapon,
  charge: boolean,
): FightSide => {
  const aMods = poolModifiers(ctx, attacker, "fight.attack", {
    self: attacker,
    target: defender,
    weapon: aw.id,
    action: "fight",
    charging: charge,
  })
  const reasons = [...aMods.reasons]
  let aDice = attacker.profile.fight + aw.dice + aMods.dice
  if (charge) {
    aDice++
    reasons.push("+1 Charge (B-FIGHT-02)")
  }
  const aOut = outnumbering(ctx, attacker, defender)
  if (aOut) reasons.push(`+${aOut} Outnumbering (B-FIGHT-03)`)
  aDice += aOut
  if (attacker.shaken) {
    aDice--
    reasons.push("−1 Shaken (B-FIGHT-04)")
  }
  return { dice: aDice, blight: aMods.blight, reasons }
}

/** The defender's pool: Fight, weapon, its rules, Outnumbering when both count (R-BATTLE-03), Shaken. */
const defenderSide = (ctx: Ctx, attacker: Model, defender: Model, dw: MeleeWeapon | undefined): FightSide => {
  const dMods = poolModifiers(ctx, defender, "fight.defend", {
    self: defender,
    target: attacker,
    weapon: dw?.id,
    action: "fight",
  })
  const dReasons = [...dMods.reasons]
  let dDice = defender.profile.fight + (dw?.dice ?? 0) + dMods.dice
  if (ctx.draft.options.outnumbering === "both") {
    const dOut = outnumbering(ctx, defender, attacker)
    if (dOut) dReasons.push(`+${dOut} Outnumbering (B-FIGHT-03, R-BATTLE-03)`)
    dDice += dOut
  }
  if (defender.shaken) {
    dDice--
    dReasons.push("−1 Shaken (B-FIGHT-04)")
  }
  return { dice: dDice, blight: dMods.blight, reasons: dReasons }
}

/** B-FIGHT-10 / R-BATTLE-04: each fighter's own melee weapon makes its Noise. */
const fightNoise = (
  ctx: Ctx,
  attackerId: string,
  defenderId: string,
  aw: MeleeWeapon,
  dw: MeleeWeapon | undefined,
): void => {
  makeNoise(ctx, attackerId, noiseFor(ctx, attackerId, "fight", aw.noise), `${aw.name} (B-FIGHT-10)`)
  if (dw)
    makeNoise(
      ctx,
      defenderId,
      noiseFor(ctx, defenderId, "fight", ctx.draft.options.meleeNoise === "own" ? dw.noise : aw.noise),
      `${dw.name} (B-FIGHT-10)`,
    )
}

/** More successes win; the difference is hits on the loser (B-FIGHT-08/09, R-BATTLE-01). */
const hitLoser = (
  ctx: Ctx,
  attackerId: string,
  defenderId: string,
  aPool: Pool,
  dPool: Pool,
  aw: MeleeWeapon,
  dw: MeleeWeapon | undefined,
): void => {
  const diff = aPool.successes - dPool.successes
  if (diff === 0) return // B-FIGHT-09
  const [winner, loser, wPool, lPool, weapon] =
    diff > 0 ? [attackerId, defenderId, aPool, dPool, aw] : [defenderId, attackerId, dPool, aPool, dw]
  const hits = Math.abs(diff)
  // R-BATTLE-01 (AMB-B-01): Crits are kept first, or the loser's successes cancel them first.
  const crits =
    ctx.draft.options.critsInFight === "keptFirst"
      ? Math.min(wPool.crits, hits)
      : Math.min(hits, Math.max(0, wPool.crits - lPool.successes))
  const w = ctx.view(winner)
  const creature = w.kind === "creature" ? ctx.env.content.get("creatures", w.ref) : undefined
  applyHits(ctx, loser, hits, crits, {
    by: winner,
    damage: weapon?.damage ?? 1,
    critDamage: weapon?.critDamage ?? 0,
    infectious: creature?.infectious ?? (w.ref === "hollowed" ? 1 : 0),
  })
}

/** Resolves a Fight between an attacker and a defender in contact. */
export const resolveFight = (
  ctx: Ctx,
  attackerId: string,
  defenderId: string,
  opts: {
    readonly charge: boolean
    readonly blightDice?: number | undefined
    readonly weapon?: string | undefined
  },
): void => {
  const attacker = ctx.view(attackerId)
  const defender = ctx.view(defenderId)
  const aw = meleeWeapon(ctx, attacker, opts.weapon)
  const dw = meleeWeapon(ctx, defender, undefined, "fight.defend")
  if (!aw) return
  // B-FIGHT-05/06: a Down defender does not roll; a survivor who Fights it Finishes it.
  if (defender.status === "down") {
    ctx.emit({ type: "finished", model: defenderId, by: attackerId })
    makeNoise(ctx, attackerId, noiseFor(ctx, attackerId, "fight", aw.noise), `${aw.name} (B-FIGHT-10)`)
    return
  }
  const a = attackerSide(ctx, attacker, defender, aw, opts.charge)
  const d = defenderSide(ctx, attacker, defender, dw)
  spendExtraBlight(ctx, attacker, opts.blightDice)
  const aPool = roll(
    ctx,
    attacker,
    a.dice,
    (opts.blightDice ?? 0) + a.blight,
    `${attacker.name}'s Fight`,
    undefined,
    "fight.attack",
  )
  ctx.emit({
    type: "attack.rolled",
    attacker: attackerId,
    target: defenderId,
    attack: "fight",
    weapon: aw.id,
    pool: aPool,
    modifiers: a.reasons,
  })
  const dBlight = reactiveBlight(ctx, ctx.view(defenderId), "defence in the Fight") + d.blight
  const dPool = roll(
    ctx,
    ctx.view(defenderId),
    d.dice,
    dBlight,
    `${defender.name}'s Fight (defending)`,
    undefined,
    "fight.defend",
  )
  ctx.emit({ type: "defence.rolled", model: defenderId, pool: dPool, modifiers: d.reasons })
  fightNoise(ctx, attackerId, defenderId, aw, dw)
  hitLoser(ctx, attackerId, defenderId, aPool, dPool, aw, dw)
}

/** The Fight action (B-ACTION-FIGHT-01, B-ACT-09). */
export const fight = (ctx: Ctx, c: CommandOf<"fight">, by: string): void => {
  const m = beginAction(ctx, c.model, "fight", by)
  const a = activationOf(ctx)
  if (a.attacked)
    refuse(`fight: ${m.name} has already attacked this activation; one attack per activation`, "B-ACT-09")
  const problem = checkBlightDice(ctx, m, c.blightDice)
  if (problem) refuse(problem, "B-BLIGHTDICE-01")
  const target = ctx.draft.models.find((x) => x.id === c.target) as Model | undefined
  if (!target || (target.status !== "active" && target.status !== "down"))
    refuse(`target: there is no enemy "${c.target}" to Fight`, "B-ACTION-FIGHT-01")
  if (!areEnemies(m, target)) refuse(`target: ${target.name} is not an enemy`, "B-ACTION-FIGHT-01")
  if (c.weapon !== undefined && !meleeWeapon(ctx, m, c.weapon))
    refuse(`weapon: ${m.name} carries no melee weapon "${c.weapon}"`, "B-FIGHT-01")
  if (!inBaseContact(ctx, m, target, m.side)) {
    refused(ctx, `target: ${target.name} is not in base contact with ${m.name}`, "B-ACTION-FIGHT-01")
    return
  }
  takeAction(ctx, m.id, "fight")
  revealOnAttack(ctx, m.id)
  resolveFight(ctx, m.id, target.id, {
    charge: a.movedInto.includes(target.id),
    blightDice: c.blightDice,
    weapon: c.weapon,
  })
  afterAction(ctx, m.id)
}
