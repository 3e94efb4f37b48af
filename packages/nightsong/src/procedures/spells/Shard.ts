/**
 * Spells (N-SPELL): casting from a Spell Shard, the DR 12 Presence Check against "fatigued", the
 * Shard's Step Die, and refilling Shards in a Long Rest.
 *
 * @since 0.1.0
 */
import { type DiceSource, StepDie } from "@blight/dice"
import { type Adventurer, addCondition } from "../Adventurer.js"
import { type CheckResult, check } from "../checks/Check.js"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"
import { type Gear, gear, validateGear } from "../items/Gear.js"

/** A Shard's Step Die when the text gives none (GAP-N-01; ruling R-N-CHAR-05): D6, the Step Die of most supplies. */
export const DEFAULT_SHARD_DIE: StepDie.StepDie = "d6"

/** A Spell Shard holding `spell` (N-SPELL-01): 1 Slot, its uses tracked with a Step Die. */
export const shard = (spell: string, die: StepDie.StepDie = DEFAULT_SHARD_DIE): Gear =>
  gear(spell, "shard", die)

/** What a cast did. */
export interface CastResult {
  readonly adventurer: Adventurer
  readonly shard: Gear
  /** A Spell always takes effect when cast (N-SPELL-02). */
  readonly tookEffect: true
  readonly strain: CheckResult
  readonly fatigued: boolean
  readonly mustDropSlots: number
  readonly shardRoll: StepDie.StepDieRoll
  /** At D0 the Spell is drained and can no longer be used (N-SPELL-04). */
  readonly drained: boolean
}

/**
 * Casts the Spell in a Shard. Anyone may cast (N-SPELL-02). Then a DR 12 Presence Check or the
 * "fatigued" Condition (N-SPELL-03), then the Shard's Step Die (N-SPELL-04). Ruling R-N-SPELL-02
 * (AMB-N-24): the strain Check comes first and is a plain Check even in solo play.
 */
export const cast = (source: DiceSource, caster: Adventurer, s: Gear) =>
  tracked(source, (dice): CastResult => {
    ensure(
      s.kind === "shard",
      "shard.kind",
      `only a Spell Shard holds a Spell, got a ${s.kind}`,
      "N-SPELL-01",
    )
    validateGear(s, "shard")
    ensure(s.die !== "d0", "shard.die", `${s.name} is drained and can no longer be used`, "N-SPELL-04")
    ensure(
      caster.status === "active",
      "caster.status",
      `${caster.name} is ${caster.status} and cannot cast`,
      "N-HP-03",
    )
    const strain = check(dice, { ability: caster.abilities.presence, dr: 12 })
    const { dice: _strainDice, ...strainResult } = strain
    const fatigue = strain.succeeded ? undefined : addCondition(caster, "fatigued")
    const shardRoll = StepDie.rollStepDie(dice, s.die)
    return {
      adventurer: fatigue?.adventurer ?? caster,
      shard: { ...s, die: shardRoll.after },
      tookEffect: true,
      strain: strainResult,
      fatigued: fatigue !== undefined,
      mustDropSlots: fatigue?.mustDropSlots ?? 0,
      shardRoll,
      drained: shardRoll.ended,
    }
  })

/**
 * Refills Shards during a Long Rest: at most as many as the caster's Presence (N-SPELL-05).
 * Ruling R-N-SPELL-03: a drained Shard is still carried and may be refilled; a refilled Shard goes
 * back to the die it started at.
 */
export const refill = (caster: Adventurer, shards: readonly Gear[], which: readonly number[]): Gear[] => {
  const allowed = Math.max(0, caster.abilities.presence)
  ensure(
    which.length <= allowed,
    "which",
    `${caster.name} may refill ${allowed} Shard(s) (Presence ${caster.abilities.presence}), asked for ${which.length}`,
    "N-SPELL-05",
  )
  ensure(
    new Set(which).size === which.length,
    "which",
    "each Shard is refilled at most once per Long Rest",
    "N-SPELL-05",
  )
  which.forEach((i, n) => {
    ensure(
      Number.isInteger(i) && i >= 0 && i < shards.length,
      `which[${n}]`,
      `no Shard at ${i}`,
      "N-SPELL-05",
    )
    ensure(shards[i]!.kind === "shard", `shards[${i}].kind`, "only Spell Shards are refilled", "N-SPELL-05")
  })
  return shards.map((g, i) => (which.includes(i) ? { ...g, die: g.start ?? DEFAULT_SHARD_DIE } : g))
}
