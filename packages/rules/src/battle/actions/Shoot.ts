/**
 * Shooting (B-SHOOT-01..09, B-AMMO-01/02/05, B-JAM-01/02, B-BLAST-01..03, B-ACT-09): a target in
 * range and line of sight, never a Down one (B-DOWN-02) nor a Hidden one more than 6" away
 * (B-ACTION-HIDE-02); the pool is Shoot plus the weapon's dice, +1 per Aim, −1 at long range (more
 * than half the range), −1 or −2 for cover, −1 into a fight (where each 1 is an extra hit on a
 * friend in it, R-BATTLE-06); each success a hit; a Scrap weapon Jams on two or more 1s (Blight
 * 1s count, R-BATTLE-08); each shot uses one from the magazine (or the loaded Arrow or Bolt) and
 * makes the weapon's Noise. A blast weapon is thrown at a target and makes an attack of its own
 * dice on every model within its radius of it (R-CONTENT-23), changed only by rules that name blast
 * weapons (R-BATTLE-75), and is used up.
 *
 * @since 0.2.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import type { Condition } from "../../vocabulary/Condition.js"
import type { Effect } from "../../vocabulary/Effect.js"
import type { CommandOf } from "../Command.js"
import { holds } from "../Conditions.js"
import { type Ctx, refuse } from "../Context.js"
import { applyHits, critDamageOf } from "../combat/Damage.js"
import { checkBlightDice, effectsOf, poolModifiers, roll, score, spendExtraBlight } from "../combat/Pools.js"
import { makeNoise, noiseFor } from "../noise/Noise.js"
import { areEnemies } from "../round/Turn.js"
import type { CarriedWeapon, Model } from "../State.js"
import { objectiveAt, shootObjective } from "../scenario/Objectives.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"
import { pointCaught } from "./BlastPoint.js"
import { hiddenBeyondSix, revealOnAttack } from "./Hide.js"
import { known } from "../../terms/Indexed.js"
import { inBaseContact, refused } from "./TableAnswers.js"

type Weapon = EntryOf["weapons"]
type Blast = NonNullable<NonNullable<Weapon["traits"]>["blast"]>

export const shoot = (ctx: Ctx, c: CommandOf<"shoot">, by: string): void => {
  const m = beginAction(ctx, c.model, "shoot", by)
  const a = activationOf(ctx)
  const { carried, weapon } = armed(ctx, m, a, c)
  // R-BATTLE-77: a shot names a target, or a blast is thrown at a point; never both, never neither.
  if (c.at !== undefined && c.target !== undefined)
    refuse("at: a blast thrown at a point names no target as well", "R-BATTLE-77")
  if (c.at !== undefined) {
    throwAtPoint(ctx, m, weapon, c.at)
    return
  }
  if (c.target === undefined)
    refuse("target: name the model or token shot at (or, for a blast, the point it is thrown at)", "B-ACTION-SHOOT-01")
  if (ctx.draft.tokens.some((t) => t.id === c.target)) {
    shootAtObjective(ctx, m, c.target, weapon, c.blightDice)
    return
  }
  const target = targetOf(ctx, m, c.target)
  const range = weapon.range ?? 0
  if (!inSightAndRange(ctx, m, target, weapon, range)) return
  // Read before the action is recorded: recording a Shoot spends the Aim (B-SHOOT-03).
  const aimed = a.aim
  takeAction(ctx, m.id, "shoot")
  revealOnAttack(ctx, m.id)
  const thrown = weapon.traits?.blast
  if (thrown) {
    blast(ctx, m, weapon, thrown, caughtAround(ctx, m, target, weapon.id), target)
    return
  }
  const shot = shotDice(ctx, m, target, weapon, aimed, range)
  spendExtraBlight(ctx, m, c.blightDice)
  const pool = roll(
    ctx,
    m,
    shot.dice,
    (c.blightDice ?? 0) + shot.blight,
    `${m.name}'s Shoot with ${weapon.name}`,
    undefined,
    "shoot",
  )
  ctx.emit({
    type: "attack.rolled",
    attacker: m.id,
    target: target.id,
    attack: "shoot",
    weapon: weapon.id,
    pool,
    modifiers: shot.reasons,
  })
  if (weapon.ammunition !== "none")
    ctx.emit({ type: "shot.used", model: m.id, weapon: weapon.id, loaded: carried.loaded - 1 })
  makeNoise(ctx, m.id, noiseFor(ctx, m.id, "shoot", weapon.noise), `${weapon.name} (B-SHOOT-09)`)
  jamCheck(ctx, m, weapon, pool)
  hitTargetAndFriends(ctx, m, target, weapon, pool, shot.friendsInFight)
  afterAction(ctx, m.id)
}

type Activation = ReturnType<typeof activationOf>
type Pool = ReturnType<typeof roll>

/**
 * The shooter's checks, in order: one attack per activation (B-ACT-09), not after a Sprint, a
 * ranged weapon carried, not Jammed, loaded (B-AMMO-02/06), and Blight dice it has (B-BLIGHTDICE-01).
 */
const armed = (
  ctx: Ctx,
  m: Model,
  a: Activation,
  c: CommandOf<"shoot">,
): { readonly carried: CarriedWeapon; readonly weapon: Weapon } => {
  if (a.attacked)
    refuse(`shoot: ${m.name} has already attacked this activation; one attack per activation`, "B-ACT-09")
  if (a.sprinted) refuse(`shoot: ${m.name} Sprinted this activation and can't Shoot`, "B-ACTION-SPRINT-02")
  const carried = m.weapons.find((w) => w.weapon === c.weapon && !w.spent)
  const weapon = ctx.env.content.get("weapons", c.weapon)
  if (!carried || !weapon) refuse(`weapon: ${m.name} carries no "${c.weapon}" to shoot`, "B-ACTION-SHOOT-01")
  if (weapon.type === "melee")
    refuse(`weapon: ${weapon.name} is a melee weapon; Fight with it`, "B-ACTION-SHOOT-01")
  if (carried.jammed) refuse(`weapon: ${weapon.name} is Jammed; a Use action clears it`, "B-JAM-02")
  if (weapon.ammunition !== "none" && carried.loaded === 0)
    refuse(
      `weapon: ${weapon.name} is empty; Reload it first`,
      weapon.ammunition === "reloads" ? "B-AMMO-02" : "B-AMMO-06",
    )
  const problem = checkBlightDice(ctx, m, c.blightDice)
  if (problem) refuse(problem, "B-BLIGHTDICE-01")
  return { carried, weapon }
}

/** A blast weapon thrown at a point on the table (R-CONTENT-23). */
const throwAtPoint = (
  ctx: Ctx,
  m: Model,
  weapon: Weapon,
  point: NonNullable<CommandOf<"shoot">["at"]>,
) => {
  const caught = pointCaught(ctx, m, weapon.id, point)
  const thrown = weapon.traits?.blast
  if (thrown === undefined)
    refuse(`target: ${weapon.name} is no blast weapon; only a blast is thrown at a point`, "R-CONTENT-23")
  takeAction(ctx, m.id, "shoot")
  revealOnAttack(ctx, m.id)
  blast(ctx, m, weapon, thrown, caught)
}

/** The model shot at: one on the table (R-BATTLE-54), standing (B-DOWN-02), an enemy (B-ACTION-SHOOT-01). */
const targetOf = (ctx: Ctx, m: Model, id: string): Model => {
  const target = ctx.draft.models.find((x) => x.id === id) as Model | undefined
  if (!target) refuse(`target: there is no model "${id}" to shoot at`, "R-BATTLE-54")
  if (target.status !== "active")
    refuse(`target: ${target.name} is ${target.status}; Down survivors can't be shot`, "B-DOWN-02")
  if (!areEnemies(m, target)) refuse(`target: ${target.name} is not an enemy`, "B-ACTION-SHOOT-01")
  return target
}

/**
 * The checks the table answers, in order: not Hidden beyond 6" (B-ACTION-HIDE-02), seen and in the
 * weapon's range (B-SHOOT-01), within any shooting limit; false once one refuses.
 */
const inSightAndRange = (ctx: Ctx, m: Model, target: Model, weapon: Weapon, range: number): boolean => {
  if (hiddenBeyondSix(ctx, m, target)) {
    refused(ctx, `target: ${target.name} is Hidden and more than 6" away`, "B-ACTION-HIDE-02")
    return false
  }
  if (ctx.fact({ q: "sees", a: m.id, b: target.id }, `Can ${m.name} see ${target.name}?`, m.side) !== true) {
    refused(ctx, `target: ${m.name} can't see ${target.name}`, "B-SHOOT-01")
    return false
  }
  if (
    ctx.fact(
      { q: "within", a: m.id, b: target.id, inches: range },
      `Is ${target.name} within ${range}" (${weapon.name}'s range) of ${m.name}?`,
      m.side,
    ) !== true
  ) {
    refused(ctx, `target: ${target.name} is out of ${weapon.name}'s range (${range}")`, "B-SHOOT-01")
    return false
  }
  return withinLimit(ctx, m, target)
}

/** A shooting limit on the target (the Stalk, the dark), asked only when there is one. */
const withinLimit = (ctx: Ctx, m: Model, target: Model): boolean => {
  const limit = shootingLimit(ctx, m, target)
  if (limit === undefined) return true
  const near = ctx.fact(
    { q: "within", a: m.id, b: target.id, inches: limit.inches },
    `Is ${target.name} within ${limit.inches}" of ${m.name}?`,
    m.side,
  )
  if (near === true) return true
  refused(
    ctx,
    `target: ${target.name} can't be shot from further than ${limit.inches}" (${limit.why})`,
    "B-SHOOT-01",
  )
  return false
}

/** +1 die per Aim, and more from rules that give more (B-SHOOT-03: `core/aim-bonus`). */
const aimDice = (ctx: Ctx, m: Model, aimed: number): { dice: number; reasons: string[] } => {
  const reasons: string[] = []
  if (aimed <= 0) return { dice: 0, reasons }
  let dice = aimed
  reasons.push(`+${aimed} Aim (B-SHOOT-03)`)
  for (const s of effectsOf(ctx, m)) {
    if (s.effect.kind !== "hook" || s.effect.hook !== "core/aim-bonus") continue
    const more = Number((s.effect.params as { dice?: number } | undefined)?.dice ?? 1)
    dice += more
    reasons.push(`+${more} ${s.source} (B-SHOOT-03)`)
  }
  return { dice, reasons }
}

/** B-SHOOT-07: the shooter's standing friends the table says are in base contact with the target. */
const friendsInFightOf = (ctx: Ctx, m: Model, target: Model): Model[] =>
  ctx.draft.models.filter(
    (f) =>
      f.side === m.side && f.id !== m.id && f.status === "active" && inBaseContact(ctx, f, target, m.side),
  ) as Model[]

/** The Shoot pool (B-SHOOT-02..07): its dice, extra Blight dice, why, and friends in the target's fight. */
const shotDice = (
  ctx: Ctx,
  m: Model,
  target: Model,
  weapon: Weapon,
  aimed: number,
  range: number,
): { dice: number; blight: number; reasons: string[]; friendsInFight: Model[] } => {
  const aim = aimDice(ctx, m, aimed)
  let dice = m.profile.shoot + weapon.dice + aim.dice
  const reasons = [...aim.reasons]
  const penalty = rangeAndCover(ctx, m, target.id, target.name, range)
  dice -= penalty.dice
  reasons.push(...penalty.reasons)
  const friendsInFight = friendsInFightOf(ctx, m, target)
  if (friendsInFight.length > 0 || inAFight(ctx, m, target)) {
    dice--
    reasons.push("−1 into a fight (B-SHOOT-07)")
  }
  const mods = poolModifiers(ctx, m, "shoot", { self: m, target: target, weapon: weapon.id, action: "shoot" })
  for (const e of targetShootModifiers(ctx, target, m)) {
    dice += e.dice
    reasons.push(e.why)
  }
  dice += mods.dice
  reasons.push(...mods.reasons)
  return { dice, blight: mods.blight, reasons, friendsInFight }
}

/** B-JAM-01: a Scrap weapon Jams on two or more 1s (Blight 1s too when the option says so). */
const jamCheck = (ctx: Ctx, m: Model, weapon: Weapon, pool: Pool): void => {
  if (!weapon.traits?.scrap) return
  const ones = [...pool.dice, ...(ctx.draft.options.blightOnesJam ? pool.blight : [])].filter(
    (f) => f === 1,
  ).length
  const threshold = jamThreshold(ctx, m)
  if (ones >= threshold) ctx.emit({ type: "jammed", model: m.id, weapon: weapon.id })
}

/** The hits on the target, then each 1 on a friend in the fight (R-BATTLE-06, AMB-B-14). */
const hitTargetAndFriends = (
  ctx: Ctx,
  m: Model,
  target: Model,
  weapon: Weapon,
  pool: Pool,
  friendsInFight: ReadonlyArray<Model>,
): void => {
  const src = { by: m.id, damage: weapon.damage, critDamage: critDamageOf(ctx, weapon.id) }
  const allOnes = friendsInFight.length > 0 ? [...pool.dice, ...pool.blight].filter((f) => f === 1).length : 0
  // R-BATTLE-06 (AMB-B-14): each 1 is an extra hit on a friend, or turns one of the hits onto one.
  const ones = ctx.draft.options.intoFightOnes === "divertHit" ? Math.min(allOnes, pool.successes) : allOnes
  const kept = ctx.draft.options.intoFightOnes === "divertHit" ? pool.successes - ones : pool.successes
  applyHits(ctx, target.id, kept, Math.min(pool.crits, kept), src)
  if (friendsInFight.length === 0) return
  for (let i = 0; i < ones; i++) {
    const standing = friendsInFight
      .filter((f) => ctx.view(f.id).status === "active")
      .map((f) => f.id)
      .sort()
    if (standing.length === 0) break
    const hit = ctx.choose(
      `intoFight:${m.id}:${i}`,
      `Which friend in the fight does 1 number ${i + 1} hit?`,
      standing,
      m.side,
    )
    applyHits(ctx, hit, 1, 0, src)
  }
}

/**
 * B-SHOOT-07, R-BATTLE-44: the target is in a fight with no friend of the shooter in it — in base
 * contact with a standing enemy of its own other than the shooter (a creature, another Refuge's
 * survivor). It still costs a die; its 1s hit nobody ("if there is one").
 */
const inAFight = (ctx: Ctx, m: Model, target: Model): boolean =>
  ctx.draft.models.some(
    (o) =>
      o.id !== m.id &&
      o.side !== m.side &&
      o.status === "active" &&
      areEnemies(o as Model, target) &&
      inBaseContact(ctx, o, target, m.side),
  )

/**
 * Shooting (or throwing) at an objective on the table: only the Bloom Heart can be hit, and only a
 * Fire hit burns it (B-OBJECTIVE-01, R-WORLD-08). It must be in range and sight like a model.
 */
const shootAtObjective = (
  ctx: Ctx,
  m: Model,
  tokenId: string,
  weapon: Weapon,
  blightDice: number | undefined,
): void => {
  const weaponId = weapon.id
  const o = objectiveAt(ctx, tokenId)
  if (o?.kind !== "bloomHeart" || o.state !== "standing")
    refuse(`target: ${tokenId} is not something to shoot at (only a standing Bloom Heart is)`, "B-SHOOT-01")
  const carried = known(
    m.weapons.find((w) => w.weapon === weaponId && !w.spent),
    `unspent ${weaponId} carried by ${m.id} (the shot's weapon is one it carries)`,
  )
  const range = weapon.range ?? 0
  if (ctx.fact({ q: "sees", a: m.id, b: tokenId }, `Can ${m.name} see the Bloom Heart?`, m.side) !== true) {
    refused(ctx, `target: ${m.name} can't see the Bloom Heart`, "B-SHOOT-01")
    return
  }
  if (
    ctx.fact(
      { q: "within", a: m.id, b: tokenId, inches: range },
      `Is the Bloom Heart within ${range}" of ${m.name}?`,
      m.side,
    ) !== true
  ) {
    refused(ctx, `target: the Bloom Heart is out of ${weapon.name}'s range (${range}")`, "B-SHOOT-01")
    return
  }
  const aimed = activationOf(ctx).aim
  takeAction(ctx, m.id, "shoot")
  revealOnAttack(ctx, m.id)
  const blast = weapon.traits?.blast
  const mods = poolModifiers(
    ctx,
    m,
    "shoot",
    { self: m, weapon: weaponId, action: "shoot" },
    blast ? forBlast(ctx) : undefined,
  )
  // R-BATTLE-59: the Heart is shot like a model (R-BATTLE-36), long range and cover included.
  const penalty = blast ? { dice: 0, reasons: [] } : rangeAndCover(ctx, m, tokenId, "the Bloom Heart", range)
  const dice = blast
    ? blast.dice + mods.dice
    : m.profile.shoot + weapon.dice + aimed + mods.dice - penalty.dice
  const pool = roll(
    ctx,
    m,
    dice,
    blast ? 0 : (blightDice ?? 0) + mods.blight,
    `${m.name}'s ${weapon.name} at the Bloom Heart`,
    undefined,
    "shoot",
  )
  ctx.emit({
    type: "attack.rolled",
    attacker: m.id,
    target: tokenId,
    attack: blast ? "blast" : "shoot",
    weapon: weaponId,
    pool,
    modifiers: [...penalty.reasons, ...mods.reasons],
  })
  if (blast) ctx.emit({ type: "thrown", model: m.id, weapon: weaponId })
  else if (weapon.ammunition !== "none")
    ctx.emit({ type: "shot.used", model: m.id, weapon: weaponId, loaded: carried.loaded - 1 })
  makeNoise(ctx, m.id, noiseFor(ctx, m.id, "shoot", weapon.noise), `${weapon.name} (B-SHOOT-09)`)
  shootObjective(ctx, o, m, weaponId, pool.successes)
  afterAction(ctx, m.id)
}

/**
 * The dice a shot loses to long range (B-SHOOT-04: beyond half the weapon's range) and cover
 * (B-SHOOT-05: −1 partly, −2 mostly hidden), each asked of the table; a model's or the Bloom
 * Heart's (R-BATTLE-59).
 */
const rangeAndCover = (
  ctx: Ctx,
  m: Model,
  targetId: string,
  targetName: string,
  range: number,
): { dice: number; reasons: string[] } => {
  const reasons: string[] = []
  let dice = 0
  const near = ctx.fact(
    { q: "within", a: m.id, b: targetId, inches: range / 2 },
    `Is ${targetName} within ${range / 2}" (half range) of ${m.name}?`,
    m.side,
  )
  if (near !== true) {
    dice++
    reasons.push("−1 long range (B-SHOOT-04)")
  }
  const cover = ctx.fact(
    { q: "cover", a: m.id, b: targetId },
    `How hidden is ${targetName} from ${m.name}: none, partial or most?`,
    m.side,
  )
  if (cover === "partial" || cover === "most") {
    const n = cover === "partial" ? 1 : 2
    dice += n
    reasons.push(`−${n} ${cover === "partial" ? "partly" : "mostly"} hidden (B-SHOOT-05)`)
  }
  return { dice, reasons }
}

/** Modifiers a target imposes on those shooting at it (`scope: "target"`, e.g. Pollen Veil). */
const targetShootModifiers = (
  ctx: Ctx,
  target: Model,
  shooter: Model,
): Array<{ dice: number; why: string }> => {
  const out: Array<{ dice: number; why: string }> = []
  const bg = target.kind === "survivor" ? [...target.gifts.map((g) => ctx.env.content.get("gifts", g))] : []
  for (const g of bg)
    if (g)
      for (const e of g.effects ?? [])
        if (e.kind === "poolModifier" && e.pool === "shoot" && e.scope === "target")
          out.push({ dice: e.dice, why: `${e.dice} ${target.name}'s ${g.name}` })
  void shooter
  return out
}

/**
 * How far a target may be shot from by this shooter: an `untargetable` rule of the target (the
 * Stalk: by enemies, beyond 12") or of the scenario (Night Raid's dark: by anyone, beyond 12",
 * unless the target made Noise this round or carries a light).
 */
const shootingLimit = (
  ctx: Ctx,
  shooter: Model,
  target: Model,
): { inches: number; why: string } | undefined => {
  let best: { inches: number; why: string } | undefined
  const consider = (inches: number, why: string) => {
    if (best === undefined || inches < best.inches) best = { inches, why }
  }
  // `untargetable` is scoped to who is looking (`by`) and lifted by `unless`, tested on the target.
  const applies = (e: Effect, why: string) => {
    if (e.kind !== "untargetable" || e.action !== "shoot") return
    if (e.by === "enemies" && !areEnemies(shooter, target)) return
    if (e.unless !== undefined && holds(ctx, e.unless, { self: target })) return
    consider(e.beyond, why)
  }
  for (const s of effectsOf(ctx, target)) applies(s.effect, s.source)
  const scenario = ctx.env.content.get("scenarios", ctx.draft.scenario)
  if (scenario) for (const e of scenario.effects ?? []) applies(e, `${scenario.name}: the dark`)
  return best
}

/** Ones needed for a Jam: 2, or a rule's `threshold` for `jam` (the Mechanic's Tinker). */
const jamThreshold = (ctx: Ctx, m: Model): number => {
  for (const s of effectsOf(ctx, m))
    if (s.effect.kind === "threshold" && s.effect.rule === "jam") return s.effect.value
  return 2
}

/**
 * Does a condition name blast weapons — `using` "blast", or a blast weapon by id — anywhere in its
 * `all`, `any` or `not`? Only such rules change a blast's dice (R-CONTENT-23, R-BATTLE-75): the
 * Demolitions skill's +1, Fire-shy's −1 with a Molotov; never a rule for Shoot in general.
 */
const namesBlast = (ctx: Ctx, c: Condition): boolean => {
  if ("all" in c) return c.all.some((x) => namesBlast(ctx, x))
  if ("any" in c) return c.any.some((x) => namesBlast(ctx, x))
  if ("not" in c) return namesBlast(ctx, c.not)
  if ("using" in c)
    return c.using === "blast" || ctx.env.content.get("weapons", c.using)?.traits?.blast !== undefined
  return false
}

/** The modifiers a blast's pool takes: those whose `when` names blast weapons. */
const forBlast =
  (ctx: Ctx) =>
  (e: Extract<Effect, { kind: "poolModifier" }>): boolean =>
    e.when !== undefined && namesBlast(ctx, e.when)

/** What a blast thrown at a model catches: it, and each model the table says is within the radius of it. */
const caughtAround = (ctx: Ctx, m: Model, target: Model, weaponId: string): Model[] => {
  const weapon = ctx.env.content.get("weapons", weaponId)
  const radius = weapon?.traits?.blast?.radius ?? 0
  return ctx.draft.models.filter(
    (x) =>
      (x.status === "active" || x.status === "down") &&
      (x.id === target.id ||
        ctx.fact(
          { q: "within", a: target.id, b: x.id, inches: radius },
          `Is ${x.name} within ${radius}" of where the ${weapon?.name ?? weaponId} lands (on ${target.name})?`,
          m.side,
        ) === true),
  )
}

/**
 * A blast (B-BLAST-01..03, R-CONTENT-23, R-BATTLE-75) on the models it caught; `target`, the model
 * it was thrown at, if any (a rule may name it).
 */
const blast = (
  ctx: Ctx,
  m: Model,
  weapon: Weapon,
  b: Blast,
  caught: ReadonlyArray<Model>,
  target?: Model,
): void => {
  const weaponId = weapon.id
  const mods = poolModifiers(
    ctx,
    m,
    "shoot",
    { self: m, target, weapon: weaponId, action: "shoot" },
    forBlast(ctx),
  )
  ctx.emit({ type: "thrown", model: m.id, weapon: weaponId })
  makeNoise(ctx, m.id, noiseFor(ctx, m.id, "shoot", weapon.noise), `${weapon.name} (B-NOISE-05)`)
  for (const x of caught) {
    const dice = b.dice + mods.dice
    const faces = ctx.dice(Math.max(1, dice), `${weapon.name}'s blast on ${x.name}`, m.side)
    const pool = score(faces, [], dice < 1)
    ctx.emit({
      type: "attack.rolled",
      attacker: m.id,
      target: x.id,
      attack: "blast",
      weapon: weaponId,
      pool,
      modifiers: [`${b.dice} dice blast (B-BLAST-01)`, ...mods.reasons],
    })
    applyHits(ctx, x.id, pool.successes, pool.crits, {
      by: m.id,
      damage: weapon.damage,
      critDamage: critDamageOf(ctx, weaponId),
    })
  }
  if (weapon.traits?.fire) {
    ctx.emit({
      type: "token.placed",
      token: { id: `t${ctx.draft.counters.token + 1}`, kind: "fire", rich: 0, radius: b.radius },
    })
  }
  afterAction(ctx, m.id)
}
