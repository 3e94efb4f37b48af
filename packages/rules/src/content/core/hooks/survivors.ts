/**
 * Code hooks for the survivor side of the core pack: the rules of Knacks, skills, Gifts, weapons
 * and Aftermath results that the effects vocabulary cannot say (docs/content-gaps/survivors.md).
 *
 * Each hook checks its `params` at load time. When it runs, it reads the facts it needs (each
 * hook's facts schema below), answers in the vocabulary where the result can be said there
 * (pool modifiers, forbidden actions, Blight), and always adds a `note` saying what happened for
 * people. Results the vocabulary has no word for (XP, healing, Jams, Noise suppression, extra
 * damage, clearing Shaken, an attack, gaining a weapon) are in the note only: the engine's own
 * code applies them when it meets the hook's name.
 *
 * @since 0.1.0
 */
import { Pool, Tier } from "@blight/dice"
import { Schema } from "effect"
import { defineHook } from "../../../plugin/Hooks.js"
import { Action } from "../../../plugin/Vocabulary.js"
import { plural, small, withFacts } from "./common.js"

const distance = Schema.Number.pipe(Schema.between(0, 24))

/** Student's Quick Study and the Casualty result Hardened: extra XP in the Aftermath (B-XP-01). */
export const bonusXp = defineHook("core/bonus-xp", {
  summary: "Gain extra XP in the Aftermath's Experience step",
  points: ["effect"],
  params: Schema.Struct({ xp: small(1, 5) }),
  run: (_context, { xp }) => ({ note: `+${xp} XP` }),
})

/** Soldier's Under Fire Before: a failed Dread test never becomes Panic, only Shaken (B-DREAD-03). */
export const noPanic = defineHook("core/no-panic", {
  summary: "A failed Dread test makes this survivor Shaken, never Panicked",
  points: ["effect"],
  params: Schema.Struct({}),
  run: (context) =>
    withFacts(
      "core/no-panic",
      Schema.Struct({ successes: small(0, 20), target: small(1, 6), ones: small(0, 20) }),
      context,
      ({ successes, target, ones }) =>
        successes >= target
          ? { note: "Dread test passed" }
          : { note: ones > 0 && successes === 0 ? "would Panic: Shaken instead (no Panic move)" : "Shaken" },
    ),
})

/** Mechanic's Tinker: its Scrap weapons Jam only on `ones` or more 1s (B-JAM-01 says two). */
export const jamThreshold = defineHook("core/jam-threshold", {
  summary: "Scrap weapons Jam only if the Shoot roll shows this many 1s",
  points: ["effect"],
  params: Schema.Struct({ ones: small(2, 6) }),
  run: (context, { ones }) =>
    withFacts(
      "core/jam-threshold",
      Schema.Struct({ faces: Schema.Array(small(1, 6)) }),
      context,
      ({ faces }) => {
        const shown = faces.filter((f) => f === 1).length
        return {
          note:
            shown >= ones ? `Jams (${plural(shown, "1")})` : `no Jam (${plural(shown, "1")}, needs ${ones})`,
        }
      },
    ),
})

/** Steady Aim: Aim gives `dice` more (B-SHOOT-03: "some rules give more"). */
export const aimBonus = defineHook("core/aim-bonus", {
  summary: "Aim gives extra dice to the next Shoot",
  points: ["effect"],
  params: Schema.Struct({ dice: small(1, 3) }),
  run: (context, { dice }) =>
    withFacts("core/aim-bonus", Schema.Struct({ aimed: Schema.Boolean }), context, ({ aimed }) =>
      aimed
        ? {
            effects: [{ kind: "poolModifier", pool: "shoot", dice }],
            note: `Steady Aim: +${dice} more for the Aim`,
          }
        : { note: "no Aim this activation" },
    ),
})

/** Quick Reload: a Reload action that doesn't use one of the activation's two actions (B-ACT-07). */
export const freeReload = defineHook("core/free-reload", {
  summary: "Some Reload actions each activation are free (don't use one of the two actions)",
  points: ["effect"],
  params: Schema.Struct({ perActivation: small(1, 2) }),
  run: (context, { perActivation }) =>
    withFacts(
      "core/free-reload",
      Schema.Struct({ action: Action, freeReloadsUsed: small(0, 10) }),
      context,
      ({ action, freeReloadsUsed }) =>
        action === "reload" && freeReloadsUsed < perActivation
          ? { note: "this Reload is free: it doesn't use an action" }
          : { note: "this action uses an action as usual" },
    ),
})

/** Soft Step and Soundless: these actions make no Noise (B-NOISE-01). */
export const quietAction = defineHook("core/quiet-action", {
  summary: "The listed actions make no Noise",
  points: ["effect"],
  params: Schema.Struct({ actions: Schema.Array(Action).pipe(Schema.minItems(1)) }),
  run: (context, { actions }) =>
    withFacts("core/quiet-action", Schema.Struct({ action: Action }), context, ({ action }) =>
      actions.includes(action) ? { note: `${action}: no Noise` } : { note: `${action}: Noise as usual` },
    ),
})

/** Command Voice: one friend within `range` stops being Shaken, or gets `dice` to its next pool this round. */
export const order = defineHook("core/order", {
  summary: "An order: a friend in range stops being Shaken, or gains dice to its next pool this round",
  points: ["effect"],
  params: Schema.Struct({ range: distance, dice: small(1, 2) }),
  run: (context, { range, dice }) =>
    withFacts(
      "core/order",
      Schema.Struct({ friendDistance: Schema.Number, friendShaken: Schema.Boolean }),
      context,
      ({ friendDistance, friendShaken }) => {
        if (friendDistance > range)
          return { note: `the friend is ${friendDistance}" away: out of earshot (${range}")` }
        if (friendShaken) return { note: "the friend stops being Shaken" }
        return {
          effects: [
            { kind: "poolModifier", pool: "any", dice, scope: "oneFriend", uses: { per: "round", times: 1 } },
          ],
          note: `the friend gets +${dice} to its next pool this round`,
        }
      },
    ),
})

/** Sap Blood: regain Health (not while Down). */
export const heal = defineHook("core/heal", {
  summary: "Regain Health, up to the profile's Health; not while Down",
  points: ["effect"],
  params: Schema.Struct({ health: small(1, 3) }),
  run: (context, { health }) =>
    withFacts(
      "core/heal",
      Schema.Struct({ current: small(0, 10), max: small(1, 10), down: Schema.Boolean }),
      context,
      ({ current, max, down }) =>
        down
          ? { note: "Down: no healing" }
          : {
              note: `regains ${Math.min(health, max - current)} Health (${Math.min(max, current + health)}/${max})`,
            },
    ),
})

/** Root Grasp: the target can't Move or Sprint in its next activation. */
export const root = defineHook("core/root", {
  summary: "An enemy model in range can't Move or Sprint in its next activation",
  points: ["effect"],
  params: Schema.Struct({ range: distance }),
  run: (context, { range }) =>
    withFacts("core/root", Schema.Struct({ targetDistance: Schema.Number }), context, ({ targetDistance }) =>
      targetDistance > range
        ? { note: `the target is ${targetDistance}" away: out of reach (${range}")` }
        : {
            effects: [
              {
                kind: "forbidAction",
                action: "move",
                scope: "target",
                uses: { per: "activation", times: 1 },
              },
              {
                kind: "forbidAction",
                action: "sprint",
                scope: "target",
                uses: { per: "activation", times: 1 },
              },
            ],
            note: "rooted: no Move or Sprint in its next activation",
          },
    ),
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
  run: (context, { dice, damage, radius, infectious }) =>
    withFacts("core/area-attack", AreaTargets, context, ({ models }) => {
      const inside = models.filter((m) => m.distance <= radius)
      if (inside.length === 0) return { note: `nobody within ${radius}"` }
      const lines = inside.map((m) => {
        const roll = Pool.rollPool(context.dice, { dice })
        const extra = m.survivor && infectious > 0 ? `, +${infectious} Blight per unblocked hit` : ""
        return `${m.id}: ${plural(roll.successes, "hit")} (${plural(roll.crits, "Crit")}), Damage ${damage} each${extra}`
      })
      return { note: lines.join("; ") }
    }),
})

/** Thorn Lash: one enemy within `range` takes one hit of `damage` (Armour applies). */
export const strike = defineHook("core/strike", {
  summary: "One enemy in range takes a hit; Armour applies",
  points: ["effect"],
  params: Schema.Struct({ range: distance, damage: small(1, 3) }),
  run: (context, { range, damage }) =>
    withFacts(
      "core/strike",
      Schema.Struct({ targetDistance: Schema.Number, crit: Schema.Boolean }),
      context,
      (f) =>
        f.targetDistance > range
          ? { note: `the target is ${f.targetDistance}" away: out of reach (${range}")` }
          : { note: `1 ${f.crit ? "Crit " : ""}hit, Damage ${damage}; the target rolls Armour` },
    ),
})

/** The Hush: one enemy firearm in range Jams (cleared by a Use action, B-JAM-02). */
export const jamWeapon = defineHook("core/jam-weapon", {
  summary: "An enemy firearm in range Jams",
  points: ["effect"],
  params: Schema.Struct({ range: distance }),
  run: (context, { range }) =>
    withFacts(
      "core/jam-weapon",
      Schema.Struct({ targetDistance: Schema.Number, firearm: Schema.Boolean }),
      context,
      ({ targetDistance, firearm }) =>
        targetDistance > range
          ? { note: `the target is ${targetDistance}" away: out of reach (${range}")` }
          : firearm
            ? { note: "its firearm Jams until a Use action clears it" }
            : { note: "no firearm to Jam" },
    ),
})

/**
 * Deep Roots: when it would go Down, Call the Blight (B-BLIGHTDICE-04) with the hook's dice; on a
 * success it stays standing with `health`. Every 1 adds Blight, success or not.
 */
export const holdOn = defineHook("core/hold-on", {
  summary: "Call the Blight when going Down; on a success stay standing",
  points: ["effect"],
  params: Schema.Struct({ health: small(1, 3) }),
  run: (context, { health }) =>
    withFacts("core/hold-on", Schema.Struct({ blight: small(0, 12) }), context, ({ blight }) => {
      const tier = Tier.tierOf(blight)
      if (Tier.blightDiceAllowance(tier) === 0) return { note: "no Blight dice to call: goes Down" }
      const call = Tier.callTheBlight(context.dice, tier)
      const gained = call.pool.blightGained
      const effects = gained > 0 ? [{ kind: "blight" as const, value: gained }] : []
      return {
        effects,
        note: call.passed
          ? `the roots hold it up: stays standing with ${health} Health`
          : "the Blight doesn't answer: goes Down",
      }
    }),
})

/** Weapon Crit effect: the hit does `damage` more (knife, machete, crossbow, rifle, chainsaw). */
export const critDamage = defineHook("core/crit-damage", {
  summary: "A Crit hit does extra Damage",
  points: ["effect"],
  params: Schema.Struct({ damage: small(1, 3) }),
  run: (context, { damage }) =>
    withFacts(
      "core/crit-damage",
      Schema.Struct({ baseDamage: small(1, 6), crit: Schema.Boolean }),
      context,
      (f) => ({ note: f.crit ? `Crit: Damage ${f.baseDamage + damage}` : `Damage ${f.baseDamage}` }),
    ),
})

/** The Loot firearm table: the Refuge gains a weapon (B-CONGREGATION-08: firearms come from Loot). */
export const gainWeapon = defineHook("core/gain-weapon", {
  summary: "The Refuge gains a weapon (by id)",
  points: ["effect"],
  params: Schema.Struct({ weapon: Schema.String.pipe(Schema.pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)) }),
  run: (_context, { weapon }) => ({ note: `the Refuge gains a ${weapon}` }),
})
