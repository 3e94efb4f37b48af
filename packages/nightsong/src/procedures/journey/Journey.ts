/**
 * Journeying (N-JOURNEY, N-TIME): miles per Watch, weather, navigation, foraging, rations and the
 * daily Long Rest. Each Die of Fate procedure takes a named situation or an explicit threshold.
 *
 * Ruling R-N-JOURNEY-01 (AMB-N-07): Weather's 30% (mild) / 70% (stormy) is the chance the weather
 * *breaks*, but the Die of Fate still asks "does it hold?" and low is yes (N-FATE-01): it holds on
 * 70 or less in a mild season, 30 or less in a harsh one. Navigation and Foraging read as written.
 *
 * @since 0.1.0
 */
import type { DiceSource, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { type Adventurer, addCondition, clearWhere } from "../Adventurer.js"
import { ask, positiveThresholds, thresholdFor } from "../checks/Fate.js"
import { stepUp, tracked } from "../Dice.js"
import { ensure } from "../Errors.js"
import { type Gear, use, validateGear } from "../items/Gear.js"

/** The four Watches of a day (N-TIME-02). */
export const WATCHES = ["morning", "afternoon", "evening", "night"] as const
/** A Watch of the day. */
export type Watch = (typeof WATCHES)[number]

/** The three time scales and their lengths in minutes (N-TIME-01: a Round is under a minute). */
export const TIME_SCALES = { round: 1, turn: 10, watch: 360 } as const

/** The Watch after `w`, and whether a new day began (N-TIME-02). */
export const nextWatch = (w: Watch): { readonly watch: Watch; readonly newDay: boolean } => {
  const i = WATCHES.indexOf(w)
  return { watch: WATCHES[(i + 1) % 4]!, newDay: i === 3 }
}

/** How the group travels this Watch (N-JOURNEY-01). */
export const TravelMode = Schema.Struct({
  terrain: Schema.Literals(["clear", "difficult"]),
  clearPath: Schema.Boolean,
  by: Schema.Literals(["foot", "horse", "ship"]),
  /** The weather broke and the group pressed on (N-JOURNEY-02). */
  pressingOnInBadWeather: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "TravelMode" })
export type TravelMode = typeof TravelMode.Type

/**
 * Miles travelled in a Watch: 6 across clear terrain; difficult ×½, clear path ×2, horseback ×2,
 * ship ×3 (N-JOURNEY-01); pressing on in bad weather halves it (N-JOURNEY-02). Ruling
 * R-N-JOURNEY-02 (AMB-N-13): every multiplier that applies multiplies; a ship ignores land terrain.
 */
export const milesPerWatch = (mode: TravelMode): number => {
  let miles = 6
  if (mode.by === "ship") miles *= 3
  else {
    if (mode.terrain === "difficult") miles /= 2
    if (mode.clearPath) miles *= 2
    if (mode.by === "horse") miles *= 2
  }
  if (mode.pressingOnInBadWeather === true) miles /= 2
  return miles
}

/** Season for weather: 30% chance of breaking in mild seasons, 70% in harsh ones (N-JOURNEY-03). */
export const Season = Schema.Literals(["mild", "harsh"])
export type Season = typeof Season.Type

/** The chance the weather breaks in each season (N-JOURNEY-03; ruling R-N-JOURNEY-01). */
export const WEATHER_BREAKS = { mild: 30, harsh: 70 } as const satisfies Record<Season, number>
/** "Does the weather hold?" holds at or under these: 100 minus the chance it breaks (R-N-JOURNEY-01). */
export const WEATHER_HOLDS: Readonly<Record<Season, number>> = positiveThresholds(WEATHER_BREAKS)

/** What the group may do when the weather breaks (N-JOURNEY-02). */
export const BAD_WEATHER_CHOICES = {
  /** No progress this Watch. */
  wait: { milesFactor: 0, disadvantage: false },
  /** Half distance, and Disadvantage on the Checks made while travelling this Watch (ruling R-N-JOURNEY-02). */
  pressOn: { milesFactor: 0.5, disadvantage: true },
} as const

/**
 * Weather at the start of a Watch: "does the weather hold?" (N-JOURNEY-02, N-JOURNEY-03; ruling
 * R-N-JOURNEY-01), yes on a roll at or under the threshold: 70 in a mild season, 30 in a harsh one,
 * 50 by default, or the number the Referee gives (the threshold of holding, as every Die of Fate
 * number is). If it does not hold, the group chooses from {@link BAD_WEATHER_CHOICES}.
 */
export const weather = (source: DiceSource, season?: Season | number) => {
  const r = ask(source, thresholdFor(season, WEATHER_HOLDS, "season", "N-JOURNEY-03"))
  return { ...r, holds: r.yes, options: r.yes ? ([] as const) : (["wait", "pressOn"] as const) }
}

/** Navigation odds of staying on course: 30% in forest, fog or blizzard, 70% on open plains (N-JOURNEY-04). */
export const Visibility = Schema.Literals(["poor", "clear"])
export type Visibility = typeof Visibility.Type

/** Navigation at the start of a Watch without a path or landmark (N-JOURNEY-04). */
export const navigate = (source: DiceSource, visibility?: Visibility | number) => {
  const r = ask(source, thresholdFor(visibility, { poor: 30, clear: 70 }, "visibility", "N-JOURNEY-04"))
  return { ...r, onCourse: r.yes, lost: !r.yes }
}

/** Foraging odds: 30% barren or frozen, 50% otherwise, 70% lush (N-JOURNEY-05). */
export const Abundance = Schema.Literals(["barren", "ordinary", "lush"])
export type Abundance = typeof Abundance.Type

/**
 * Foraging or hunting (N-JOURNEY-05): on a success one ration's Step Die goes up a step. Ruling
 * R-N-JOURNEY-03 (AMB-N-14): it stops at D12, and rations at D0 are gone and cannot be restored.
 */
export const forage = (source: DiceSource, ration: Gear, abundance?: Abundance | number) =>
  tracked(source, (s) => {
    validateGear(ration, "ration")
    ensure(
      ration.die !== "d0",
      "ration.die",
      `${ration.name} is gone (D0); foraging cannot restore it`,
      "N-ITEM-01",
    )
    const threshold = thresholdFor(
      abundance,
      { barren: 30, ordinary: 50, lush: 70 },
      "abundance",
      "N-JOURNEY-05",
    )
    const { dice: _d, ...fate } = ask(s, threshold)
    return { fate, found: fate.yes, ration: fate.yes ? { ...ration, die: stepUp(ration.die) } : ration }
  })

/** What eating (or not) did. */
export interface Eaten {
  readonly adventurer: Adventurer
  readonly starving: boolean
  readonly mustDropSlots: number
  readonly ration: Gear | undefined
  readonly roll?: StepDie.StepDieRoll
}

/**
 * A day's ration (N-JOURNEY-06): roll its Step Die, or gain "starving" with none left; a ration
 * eaten clears starving (R-N-CONDITION-03). Ruling R-N-JOURNEY-03: a ration is one roll of the
 * character's pack-rations die.
 */
export const eat = (source: DiceSource, a: Adventurer, ration: Gear | undefined) =>
  tracked(source, (s): Eaten => {
    if (ration === undefined || ration.die === "d0") {
      const added = addCondition(a, "starving")
      return { adventurer: added.adventurer, starving: true, mustDropSlots: added.mustDropSlots, ration }
    }
    const { dice: _d, ...roll } = use(s, ration, "ration")
    // Eating ends starving (R-N-CONDITION-03): no rest does.
    const fed = clearWhere(a, (by) => by.action === "eat").adventurer
    return { adventurer: fed, starving: false, mustDropSlots: 0, ration: roll.gear, roll: roll.roll }
  })

/**
 * End of a day (N-JOURNEY-07): a character who took no Long Rest this day gains "fatigued". Ruling
 * R-N-JOURNEY-04 (AMB-N-25): a day is the four Watches from morning to night, and a Full Rest counts.
 */
export const endOfDay = (a: Adventurer, rested: boolean) => {
  if (rested) return { adventurer: a, fatigued: false, mustDropSlots: 0 }
  const added = addCondition(a, "fatigued")
  return { adventurer: added.adventurer, fatigued: true, mustDropSlots: added.mustDropSlots }
}
