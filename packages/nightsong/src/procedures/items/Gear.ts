/**
 * Step Dice on items (N-STEPDIE, N-ITEM, N-WEAPON, N-ARMOR, N-SHIELD): supplies used up,
 * Weapons and Armor worn down after a fight (N-COMBAT-11), Shields after each block, and timers.
 *
 * @since 0.1.0
 */
import { type DiceSource, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { requireBand, tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** What kind of thing a Step Die is tracking. */
export const GearKind = Schema.Literals(["supply", "weapon", "armor", "shield", "remedy", "shard", "timer"])
export type GearKind = typeof GearKind.Type

/** An item (or timer) tracked by a Step Die; `start` is the die it was made at, for refills. */
export const Gear = Schema.Struct({
  name: Schema.String.check(Schema.isMinLength(1)),
  kind: GearKind,
  die: StepDie.StepDie,
  start: Schema.optional(StepDie.StepDie),
}).annotate({ identifier: "Gear" })
export type Gear = typeof Gear.Type

/** The step-die band each kind of gear may start in (N-WEAPON-01, N-ARMOR-01, N-SHIELD-02, N-REMEDY-03). */
const bands = {
  weapon: ["d4", "d12", "N-WEAPON-01"],
  armor: ["d4", "d6", "N-ARMOR-01"],
  shield: ["d4", "d6", "N-SHIELD-02"],
  remedy: ["d4", "d12", "N-REMEDY-03"],
  supply: ["d4", "d12", "N-STEPDIE-01"],
  shard: ["d4", "d12", "N-SPELL-01"],
  timer: ["d4", "d12", "N-STEPDIE-01"],
} as const

/** Checks a piece of gear's die is within its kind's band; throws a ProcedureError otherwise. */
export const validateGear = (g: Gear, path = "gear"): Gear => {
  const [lo, hi, clause] = bands[g.kind]
  const what = `a ${g.kind}'s Step Die`
  requireBand(g.die, lo, hi, `${path}.die`, clause, what)
  if (g.start !== undefined) requireBand(g.start, lo, hi, `${path}.start`, clause, what)
  return g
}

/** Makes gear at a starting die, checked against its band. */
export const gear = (name: string, kind: GearKind, die: StepDie.StepDie | string | number): Gear => {
  const d = StepDie.stepDie(die)
  ensure(d !== "d0", "die", "new gear cannot start spent at D0", "N-STEPDIE-04")
  return validateGear({ name, kind, die: d, start: d })
}

/** Reference Step Dice from the rules (N-STEPDIE-05). */
export const REFERENCE_DICE = {
  healingHerbs: "d4",
  quiverOfArrows: "d10",
  rations: "d6",
  torch: "d6",
  oilLantern: "d8",
  creatureCatchingUp: "d4",
  factionGoal: "d6",
} as const satisfies Record<string, StepDie.StepDie>

/** One Step Die roll on a piece of gear, and what it means for it. */
export interface GearRoll {
  readonly gear: Gear
  readonly roll: StepDie.StepDieRoll
  /** The item is gone, broken or drained, or the timer ran out (N-STEPDIE-04). */
  readonly ended: boolean
}

const rollGear = (source: DiceSource, g: Gear, path: string): GearRoll => {
  validateGear(g, path)
  ensure(
    g.die !== "d0",
    `${path}.die`,
    `${g.name} is at D0: spent or broken, it cannot be used until repaired or replaced`,
    "N-STEPDIE-04",
  )
  const roll = StepDie.rollStepDie(source, g.die)
  return { gear: { ...g, die: roll.after }, roll, ended: roll.ended }
}

/**
 * Rolls a Step Die because a resource was used, an item stressed or time passed
 * (N-STEPDIE-02, N-STEPDIE-03; N-ITEM-01 for supplies).
 */
export const use = (source: DiceSource, g: Gear, path = "gear") =>
  tracked(source, (s) => rollGear(s, g, path))

/**
 * Wear and tear at the end of a combat encounter: every Weapon and Armor used rolls its Step Die
 * (N-WEAPON-02, N-ARMOR-02, N-COMBAT-11). Shields are not rolled here (N-SHIELD-02).
 */
export const wearAndTear = (source: DiceSource, used: readonly Gear[]) =>
  tracked(source, (s) => {
    for (const [i, g] of used.entries()) {
      const wears = g.kind === "weapon" || g.kind === "armor"
      const clause = g.kind === "shield" ? "N-SHIELD-02" : "N-COMBAT-11"
      ensure(
        wears,
        `used[${i}].kind`,
        `only Weapons and Armor wear after a fight; a ${g.kind} does not`,
        clause,
      )
    }
    const rolls = used.map((g, i) => rollGear(s, g, `used[${i}]`))
    return {
      gear: rolls.map((r) => r.gear),
      rolls,
      broken: rolls.filter((r) => r.ended).map((r) => r.gear.name),
    }
  })

/**
 * Repairs or replaces broken gear (in the fiction; N-WEAPON-02): back to the die it started at, or
 * at the die given. Gear whose start is unknown (a spent item on a sheet without `start`, ruling
 * R-N-CHAR-10) needs the die named, and nothing is repaired to D0.
 */
export const repair = (g: Gear, die: StepDie.StepDie | undefined = g.start): Gear => {
  ensure(
    die !== undefined,
    "die",
    `the die ${g.name} started at is not known: name the die it is repaired to`,
    "N-WEAPON-02",
  )
  ensure(die !== "d0", "die", `${g.name} cannot be repaired to D0`, "N-STEPDIE-04")
  return validateGear({ ...g, die: die! })
}
