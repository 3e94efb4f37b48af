/**
 * Attacks and Damage (N-COMBAT-05..15, N-SHIELD-01): roll the Weapon Die, subtract the Armor Die,
 * a 1 on Damage misses, a 1 on Armor ignores it, several attack dice keep the highest, Advantage
 * rolls Damage twice, Shields cancel a whole attack, and blasts roll for each target.
 *
 * @since 0.1.0
 */
import { Check, type DiceSource, StepDie } from "@blight/dice"
import { Schema } from "effect"
import type { Adventurer } from "../Adventurer.js"
import { netAdvantage } from "../checks/Check.js"
import { ensureFocusable, takeFocus } from "../checks/Focus.js"
import { LiveDie, requireBand, rollDie, tracked } from "../Dice.js"
import { ensure } from "../Errors.js"
import { Gear, use } from "../items/Gear.js"

/** Unarmed attacks deal 1D4 (N-COMBAT-14). */
export const UNARMED: readonly LiveDie[] = ["d4"]

/** How bad a feat's harm is, and the Damage Die the Referee assigns (N-COMBAT-07). */
export const Harm = Schema.Literals(["limited", "serious", "devastating"])
export type Harm = typeof Harm.Type
/** The feat Damage Die for each kind of harm (N-COMBAT-07). */
export const FEAT_DIE = { limited: "d4", serious: "d6", devastating: "d8" } as const satisfies Record<
  Harm,
  LiveDie
>

/** The Damage Die of a feat (N-COMBAT-07); "devastating" may go higher than D8 if the Referee says so. */
export const featDie = (harm: Harm, higher?: LiveDie): LiveDie => {
  ensure(
    Object.hasOwn(FEAT_DIE, harm),
    "harm",
    'harm is "limited", "serious" or "devastating"',
    "N-COMBAT-07",
  )
  if (higher === undefined) return FEAT_DIE[harm]
  ensure(
    harm === "devastating" && StepDie.sidesOf(higher) >= 8,
    "higher",
    "only devastating harm goes to D8 or higher",
    "N-COMBAT-07",
  )
  return higher
}

/** An attack: its Damage dice ("D8 + D8" is two dice, N-COMBAT-12) and what bends the roll. */
export const Attack = Schema.Struct({
  dice: Schema.Array(LiveDie).check(Schema.isMinLength(1)),
  advantage: Schema.optional(Schema.Boolean),
  disadvantage: Schema.optional(Schema.Boolean),
  /** A Special that bypasses Armor entirely (N-NPC-05). */
  bypassArmor: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "Attack" })
export type Attack = typeof Attack.Type

/** The defender's side: an Armor Die, and a Shield it chooses to block with. */
export const Defender = Schema.Struct({
  armor: Schema.optional(StepDie.StepDie),
  shield: Schema.optional(
    Schema.Struct({
      name: Schema.String,
      kind: Schema.Literal("shield"),
      die: StepDie.StepDie,
      start: Schema.optional(StepDie.StepDie),
    }),
  ),
  /** Block this attack with the Shield (ruling R-N-SHIELD-01: declared before the Damage roll). */
  block: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "Defender" })
export type Defender = typeof Defender.Type

/** One Damage roll: every attack die rolled, the highest of them (N-COMBAT-12). */
export const DamageAttempt = Schema.Struct({ faces: Schema.Array(Schema.Int), value: Schema.Int })
export type DamageAttempt = typeof DamageAttempt.Type

/** The Damage roll: one attempt, or two with Advantage/Disadvantage (N-COMBAT-06). */
export const DamageRoll = Schema.Struct({
  dice: Schema.Array(LiveDie),
  advantage: Check.Advantage,
  attempts: Schema.Array(DamageAttempt),
  kept: Schema.Int,
  /** A 1 on the kept Damage roll misses entirely (N-COMBAT-09; ruling R-N-COMBAT-01). */
  miss: Schema.Boolean,
}).annotate({ identifier: "NightsongDamageRoll" })
export type DamageRoll = typeof DamageRoll.Type

/** The outcome of an attack on one defender. */
export const AttackResult = Schema.Struct({
  blocked: Schema.Boolean,
  damageRoll: Schema.optionalKey(DamageRoll),
  /** The Armor roll; `ignored` when it showed 1 (N-COMBAT-10). */
  armorRoll: Schema.optionalKey(
    Schema.Struct({ die: StepDie.StepDie, face: Schema.Int, ignored: Schema.Boolean }),
  ),
  /** The Shield's Step Die rolled after the block (N-SHIELD-02). */
  shield: Schema.optionalKey(Gear),
  shieldBroke: Schema.optionalKey(Schema.Boolean),
  /** Damage to apply to the defender's HP: never below 0 (ruling R-N-COMBAT-01). */
  damage: Schema.Int,
  focusSpent: Schema.optionalKey(Schema.Literal(true)),
}).annotate({ identifier: "NightsongAttackResult" })
export type AttackResult = typeof AttackResult.Type

const attempt = (source: DiceSource, dice: readonly LiveDie[]): DamageAttempt => {
  const faces = dice.map((d) => rollDie(source, d, "damage"))
  return { faces, value: Math.max(...faces) }
}

const keep = (attempts: readonly DamageAttempt[], advantage: Check.Advantage): number => {
  const values = attempts.map((a) => a.value)
  return advantage === "disadvantage" ? Math.min(...values) : Math.max(...values)
}

/** Rolls Damage (N-COMBAT-05, N-COMBAT-06, N-COMBAT-09, N-COMBAT-12). Ruling R-N-COMBAT-02: Advantage rolls every attack die again. */
export const rollDamage = (source: DiceSource, attack: Attack): DamageRoll => {
  const advantage = netAdvantage(attack.advantage === true, attack.disadvantage === true)
  const attempts =
    advantage === "none"
      ? [attempt(source, attack.dice)]
      : [attempt(source, attack.dice), attempt(source, attack.dice)]
  const kept = keep(attempts, advantage)
  return { dice: attack.dice, advantage, attempts, kept, miss: kept === 1 }
}

const applyArmor = (
  source: DiceSource,
  roll: DamageRoll,
  attack: Attack,
  defender: Defender,
): AttackResult => {
  if (roll.miss) return { blocked: false, damageRoll: roll, damage: 0 }
  const armor = defender.armor
  if (armor === undefined || armor === "d0" || attack.bypassArmor === true)
    return { blocked: false, damageRoll: roll, damage: roll.kept }
  const face = rollDie(source, armor as LiveDie, "armor")
  const ignored = face === 1
  return {
    blocked: false,
    damageRoll: roll,
    armorRoll: { die: armor, face, ignored },
    damage: ignored ? roll.kept : Math.max(0, roll.kept - face),
  }
}

const checkDefender = (defender: Defender): void => {
  if (defender.armor !== undefined)
    requireBand(defender.armor, "d4", "d6", "defender.armor", "N-ARMOR-01", "an Armor Die")
}

const resolve = (source: DiceSource, attack: Attack, defender: Defender): AttackResult => {
  checkDefender(defender)
  if (defender.block === true) {
    const shield = defender.shield
    ensure(shield !== undefined, "defender.shield", "cannot block without a Shield", "N-SHIELD-01")
    const r = use(source, shield!, "defender.shield")
    return { blocked: true, shield: r.gear, shieldBroke: r.ended, damage: 0 }
  }
  return applyArmor(source, rollDamage(source, attack), attack, defender)
}

/**
 * An attack on one defender (N-COMBAT-05): a blocking Shield cancels it whole and then rolls its
 * Step Die (N-SHIELD-01, N-SHIELD-02); otherwise Damage minus Armor (N-COMBAT-09, N-COMBAT-10).
 */
export const attack = (source: DiceSource, a: Attack, defender: Defender = {}) =>
  tracked(source, (s) => resolve(s, a, defender))

/**
 * Spends 1 Focus to give a Damage roll Advantage after seeing it (N-FOCUS-02, ruling R-N-FOCUS-03):
 * one more Damage roll, keep the higher; on a Disadvantaged roll no new roll, and the higher of the
 * two already made counts, whichever came first. Armor is rolled only if it was not already.
 */
export const spendFocusOnDamage = (
  source: DiceSource,
  a: Adventurer,
  at: Attack,
  defender: Defender,
  result: AttackResult,
) =>
  tracked(source, (s) => {
    ensure(
      result.damageRoll !== undefined,
      "result",
      "a blocked attack has no Damage roll to improve",
      "N-FOCUS-02",
    )
    const old = result.damageRoll!
    ensureFocusable(old.advantage, result.focusSpent === true, "result")
    const adventurer = takeFocus(a)
    const cancel = old.advantage === "disadvantage"
    const attempts = cancel ? old.attempts : [...old.attempts, attempt(s, old.dice)]
    const advantage: Check.Advantage = cancel ? "none" : "advantage"
    const kept = keep(attempts, "advantage")
    const roll: DamageRoll = { dice: old.dice, advantage, attempts, kept, miss: kept === 1 }
    const armored = result.armorRoll
    const again: AttackResult =
      armored === undefined
        ? applyArmor(s, roll, at, defender)
        : {
            blocked: false,
            damageRoll: roll,
            armorRoll: armored,
            damage: roll.miss ? 0 : armored.ignored ? kept : Math.max(0, kept - armored.face),
          }
    return { adventurer, result: { ...again, focusSpent: true as const } }
  })

/**
 * Blast Damage (N-COMBAT-13): one Damage roll per target caught. When the number caught is
 * unclear, pass `caught: "unclear"`: the attack's Damage die gives the count (ruling R-N-COMBAT-03:
 * for several dice, the highest, read like a Damage roll), and each target uses `template`.
 */
export const blast = (
  source: DiceSource,
  a: Attack,
  caught: readonly Defender[] | "unclear",
  template: Defender = {},
) =>
  tracked(source, (s) => {
    let defenders: readonly Defender[]
    let targetRoll: DamageAttempt | undefined
    if (caught === "unclear") {
      targetRoll = attempt(s, a.dice)
      defenders = Array.from({ length: targetRoll.value }, () => template)
    } else defenders = caught
    const hits = defenders.map((d) => resolve(s, a, d))
    return { ...(targetRoll ? { targetRoll } : {}), targets: defenders.length, hits }
  })

/** What a ranged attacker faces (N-COMBAT-15). */
export const RangedSituation = Schema.Struct({
  engagedInMelee: Schema.Boolean,
  lineOfSight: Schema.Boolean,
  targetInCover: Schema.Boolean,
}).annotate({ identifier: "RangedSituation" })
export type RangedSituation = typeof RangedSituation.Type

/** Whether a ranged attack may be made, and whether cover gives it Disadvantage (N-COMBAT-15). */
export const rangedAttack = (attackBase: Attack, situation: RangedSituation): Attack => {
  ensure(
    !situation.engagedInMelee,
    "situation.engagedInMelee",
    "ranged attacks cannot be made while engaged in melee",
    "N-COMBAT-15",
  )
  ensure(
    situation.lineOfSight,
    "situation.lineOfSight",
    "a ranged attack needs a clear line of sight",
    "N-COMBAT-15",
  )
  return situation.targetInCover ? { ...attackBase, disadvantage: true } : attackBase
}
