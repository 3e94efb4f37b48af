/**
 * Code hooks for the survivor side of the core pack: the rules of skills and Gifts that need code
 * (docs/content-gaps/survivors.md). What vocabulary v2 can say is data now (XP, items gained,
 * healing, Crit Damage, the Jam threshold, free Reloads, Quiet actions, Panic replaced: see
 * `vocabulary/VocabularyV2.ts`; packs that still name the old hooks are upgraded by
 * `vocabulary/Legacy.ts`).
 *
 * Each hook declares its params (checked at load time) and its facts (decoded by a decoder built
 * once); it answers with typed operations in the effects vocabulary, never with text.
 *
 * @since 0.1.0
 */
import { Pool, Tier } from "@blight/dice"
import { Schema } from "effect"
import { defineHook, type Operation } from "../../../vocabulary/Hooks.js"
import { op, small } from "./common.js"

const distance = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 24 }))

/** Steady Aim: Aim gives `dice` more (B-SHOOT-03: "some rules give more"). */
export const aimBonus = defineHook("core/aim-bonus", {
  summary: "Aim gives extra dice to the next Shoot",
  points: ["effect"],
  params: Schema.Struct({ dice: small(1, 3) }),
  facts: Schema.Struct({ aimed: Schema.Boolean }),
  run: (_context, { dice }, { aimed }) => ({
    operations: aimed ? [op({ kind: "poolModifier", pool: "shoot", dice })] : [],
  }),
})

/** Command Voice: one friend within `range` stops being Shaken, or gets `dice` to its next pool this round. */
export const order = defineHook("core/order", {
  summary: "An order: a friend in range stops being Shaken, or gains dice to its next pool this round",
  points: ["effect"],
  params: Schema.Struct({ range: distance, dice: small(1, 2) }),
  facts: Schema.Struct({
    friend: Schema.String,
    friendDistance: Schema.Number,
    friendShaken: Schema.Boolean,
  }),
  run: (_context, { range, dice }, { friend, friendDistance, friendShaken }) => {
    if (friendDistance > range) return { operations: [] }
    if (friendShaken) return { operations: [op({ kind: "status", status: "shaken", set: false }, friend)] }
    return {
      operations: [op({ kind: "poolModifier", pool: "any", dice, uses: { per: "round", times: 1 } }, friend)],
    }
  },
})

/** Root Grasp: the target can't Move or Sprint in its next activation. */
export const root = defineHook("core/root", {
  summary: "An enemy model in range can't Move or Sprint in its next activation",
  points: ["effect"],
  params: Schema.Struct({ range: distance }),
  facts: Schema.Struct({ target: Schema.String, targetDistance: Schema.Number }),
  run: (_context, { range }, { target, targetDistance }) => ({
    operations:
      targetDistance > range
        ? []
        : [op({ kind: "status", status: "rooted", duration: "nextActivation" }, target)],
  }),
})

const AreaTargets = Schema.Struct({
  models: Schema.Array(
    Schema.Struct({ id: Schema.String, distance: Schema.Number, survivor: Schema.Boolean }),
  ),
})

/** Spore Breath: a `dice`-dice attack on each other model within `radius`; survivors hit also gain Blight. */
export const areaAttack = defineHook("core/area-attack", {
  summary:
    "An attack of a flat pool on every other model within a radius; unblocked hits on survivors add Blight",
  points: ["effect"],
  params: Schema.Struct({
    dice: small(1, 6),
    damage: small(1, 3),
    radius: distance,
    infectious: small(0, 3),
  }),
  facts: AreaTargets,
  run: (context, { dice, damage, radius, infectious }, { models }) => ({
    operations: models
      .filter((m) => m.distance <= radius)
      .map((m) => {
        const roll = Pool.rollPool(context.dice, { dice })
        const infects = m.survivor && infectious > 0 ? { infectious } : {}
        return op({ kind: "hit", hits: roll.successes, crits: roll.crits, damage, ...infects }, m.id)
      }),
  }),
})

/** Thorn Lash: one enemy within `range` takes one hit of `damage` (Armour applies). */
export const strike = defineHook("core/strike", {
  summary: "One enemy in range takes a hit; Armour applies",
  points: ["effect"],
  params: Schema.Struct({ range: distance, damage: small(1, 3) }),
  facts: Schema.Struct({ target: Schema.String, targetDistance: Schema.Number, crit: Schema.Boolean }),
  run: (_context, { range, damage }, f) => ({
    operations:
      f.targetDistance > range ? [] : [op({ kind: "hit", hits: 1, crits: f.crit ? 1 : 0, damage }, f.target)],
  }),
})

/** The Hush: one enemy firearm in range Jams (cleared by a Use action, B-JAM-02). */
export const jamWeapon = defineHook("core/jam-weapon", {
  summary: "An enemy firearm in range Jams",
  points: ["effect"],
  params: Schema.Struct({ range: distance }),
  facts: Schema.Struct({ target: Schema.String, targetDistance: Schema.Number, firearm: Schema.Boolean }),
  run: (_context, { range }, { target, targetDistance, firearm }) => ({
    operations: targetDistance <= range && firearm ? [op({ kind: "status", status: "jammed" }, target)] : [],
  }),
})

/**
 * Deep Roots: when it would go Down, Call the Blight (B-BLIGHTDICE-04) with the hook's dice; on a
 * success it stays standing with `health`. Every 1 adds Blight, success or not.
 */
export const holdOn = defineHook("core/hold-on", {
  summary: "Call the Blight when going Down; on a success stay standing",
  points: ["effect"],
  params: Schema.Struct({ health: small(1, 3) }),
  facts: Schema.Struct({ blight: small(0, 12) }),
  run: (context, { health }, { blight }) => {
    const tier = Tier.tierOf(blight)
    if (Tier.blightDiceAllowance(tier) === 0) return { operations: [] }
    const call = Tier.callTheBlight(context.dice, tier)
    const gained = call.pool.blightGained
    const operations: Operation[] = gained > 0 ? [op({ kind: "blight", value: gained })] : []
    if (call.passed)
      operations.push(
        op({ kind: "replaceOutcome", outcome: "down", becomes: "standing" }),
        op({ kind: "heal", health }),
      )
    return { operations }
  },
})
