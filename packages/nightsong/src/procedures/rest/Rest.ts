/**
 * Rests and Remedies (N-REST, N-REMEDY): Short (1 Turn, 1D4 HP), Long (1 Watch, 1D6 HP, minor
 * Conditions, Shard refills), Full (a week, all HP, major Conditions), and Remedies (1D6 HP).
 * Which Conditions a rest clears is data (`conditions/Conditions.ts`): a broken limb waits for a
 * Full Rest, starving for a meal. `healed` is the HP actually regained (never past the maximum);
 * `roll` is the die.
 *
 * @since 0.1.0
 */
import { type DiceSource, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { type Adventurer, clearWhere, tend } from "../Adventurer.js"
import { heal } from "../combat/Harm.js"
import { restClears } from "../conditions/Conditions.js"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"
import { type Gear, gear, use, validateGear } from "../items/Gear.js"
import { refill } from "../spells/Shard.js"

/** How much time something took (N-REST-04: time may cost opportunities or attract danger). */
export const Elapsed = Schema.Struct({
  unit: Schema.Literals(["round", "turn", "watch", "day", "week"]),
  count: Schema.Int,
}).annotate({ identifier: "Elapsed" })
export type Elapsed = typeof Elapsed.Type

const alive = (a: Adventurer): void =>
  ensure(a.status !== "dead", "adventurer.status", `${a.name} is dead and cannot rest`, "N-DEATH-01")

/** A Short Rest: one Turn, 1D4 HP (N-REST-01). */
export const shortRest = (source: DiceSource, a: Adventurer) =>
  tracked(source, (s) => {
    alive(a)
    const roll = s.die(4, "short rest")
    const adventurer = heal(a, roll)
    return { adventurer, roll, healed: adventurer.hp - a.hp, elapsed: { unit: "turn", count: 1 } as Elapsed }
  })

/**
 * A Long Rest: one Watch, 1D6 HP, clears the Conditions a Long Rest clears (most minor ones,
 * N-REST-02; not starving), and refills up to Presence Spell Shards (N-SPELL-05) when `shards`
 * and the indexes to refill are given.
 */
export const longRest = (
  source: DiceSource,
  a: Adventurer,
  shards: readonly Gear[] = [],
  refillIndexes: readonly number[] = [],
) =>
  tracked(source, (s) => {
    alive(a)
    const refilled = refill(a, shards, refillIndexes)
    const roll = s.die(6, "long rest")
    const { adventurer, cleared } = clearWhere(heal(a, roll), (by) => restClears("long", by))
    return {
      adventurer,
      roll,
      healed: adventurer.hp - a.hp,
      cleared,
      shards: refilled,
      elapsed: { unit: "watch", count: 1 } as Elapsed,
    }
  })

/**
 * A Full Rest: one week, all HP, clears most major Conditions too (N-REST-03), provided the
 * character has shelter, care or whatever the fiction requires. A Condition that needs an action
 * (starving: eating) stays until it is done (R-N-CONDITION-03).
 */
export const fullRest = (a: Adventurer, provided: { readonly shelter: boolean }) => {
  alive(a)
  ensure(
    provided.shelter,
    "provided.shelter",
    "a Full Rest needs shelter, care or whatever the fiction requires",
    "N-REST-03",
  )
  const { adventurer, cleared } = clearWhere(heal(a, a.maxHp), (by) => restClears("full", by))
  return { adventurer, healed: adventurer.hp - a.hp, cleared, elapsed: { unit: "week", count: 1 } as Elapsed }
}

/** How good a Remedy is, and its starting Step Die (N-REMEDY-03). */
export const RemedyQuality = Schema.Literals(["common", "wellCrafted", "rare"])
export type RemedyQuality = typeof RemedyQuality.Type

/** A Remedy: common D4, well-crafted D6, rare or powerful D8 or higher (N-REMEDY-03). */
export const remedy = (name: string, quality: RemedyQuality, die?: StepDie.StepDie): Gear => {
  const base = { common: "d4", wellCrafted: "d6", rare: "d8" } as const
  // Untyped callers (JavaScript, JSON) get the bands named, not a gear with no die.
  ensure(
    Object.hasOwn(base, quality),
    "quality",
    'a Remedy is "common", "wellCrafted" or "rare"',
    "N-REMEDY-03",
  )
  if (die !== undefined)
    ensure(
      quality === "rare" && StepDie.sidesOf(die) >= 8,
      "die",
      "only a rare or powerful Remedy starts above its band, at D8 or higher",
      "N-REMEDY-03",
    )
  return gear(name, "remedy", die ?? base[quality])
}

/**
 * Uses a Remedy: one Turn, then 1D6 HP (N-REMEDY-02), and its Step Die is rolled for the use
 * (N-REMEDY-01; ruling R-N-REMEDY-01: healing first, then the use). With `treat`, the Remedy is
 * also used on that Condition, which it clears if a Remedy is what clears it (N-REST-02).
 */
export const useRemedy = (source: DiceSource, a: Adventurer, r: Gear, treat?: string) =>
  tracked(source, (s) => {
    alive(a)
    ensure(r.kind === "remedy", "remedy.kind", `not a Remedy: ${r.kind}`, "N-REMEDY-01")
    validateGear(r, "remedy")
    ensure(r.die !== "d0", "remedy.die", `${r.name} is used up`, "N-STEPDIE-04")
    if (treat !== undefined) tend(a, treat, "remedy") // checked before any die is rolled
    const die = s.die(6, "remedy")
    const { dice: _d, ...roll } = use(s, r, "remedy")
    const healed = heal(a, die)
    const adventurer = treat === undefined ? healed : tend(healed, treat, "remedy")
    return {
      adventurer,
      roll: die,
      healed: adventurer.hp - a.hp,
      remedy: roll.gear,
      usedUp: roll.ended,
      elapsed: { unit: "turn", count: 1 } as Elapsed,
    }
  })
