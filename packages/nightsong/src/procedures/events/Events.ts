/**
 * Encounters and events (N-EVENT): is the way ahead clear, looming events on an Event Step Die,
 * how far away an encounter starts, and how an NPC reacts.
 *
 * Ruling R-N-EVENT-01 (AMB-N-07): the "way ahead" figures (30% quiet, 70% dangerous) are the chance
 * that something happens, but the Die of Fate still asks "does the way stay clear?" and low is yes
 * (N-FATE-01): clear on 70 or less when quiet, 30 or less when dangerous. Distance and Reactions
 * read as written (positive = far, positive = curious, kind or helpful).
 *
 * @since 0.1.0
 */
import { type DiceSource, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { ask, positiveThresholds, thresholdFor } from "../checks/Fate.js"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** How active the surroundings are (N-EVENT-01). */
export const Activity = Schema.Literals(["quiet", "dangerous"])
export type Activity = typeof Activity.Type

/** The chance something happens on the way ahead (N-EVENT-01; ruling R-N-EVENT-01). */
export const EVENT_CHANCES = { quiet: 30, dangerous: 70 } as const satisfies Record<Activity, number>
/** "Does the way ahead stay clear?" is yes at or under these: 100 minus the chance of an event (R-N-EVENT-01). */
export const WAY_CLEAR: Readonly<Record<Activity, number>> = positiveThresholds(EVENT_CHANCES)

/** What the Referee introduces when the way is not clear (N-EVENT-01). */
export const EVENT_KINDS = ["encounter", "hazard", "complication", "sign of a looming event"] as const

/**
 * At the start of each Turn or Watch: does the way ahead stay clear? (N-EVENT-01, R-N-EVENT-01) Yes
 * on a roll at or under the threshold: 70 when quiet, 30 when dangerous, 50 by default, or the
 * number the Referee gives (the threshold of a clear way, as every Die of Fate number is).
 */
export const wayAhead = (source: DiceSource, activity?: Activity | number) => {
  const r = ask(source, thresholdFor(activity, WAY_CLEAR, "activity", "N-EVENT-01"))
  return { ...r, clear: r.yes, introduce: r.yes ? ([] as const) : EVENT_KINDS }
}

/** A looming event drawing closer (N-EVENT-02). */
export const Looming = Schema.Struct({
  name: Schema.String,
  die: StepDie.StepDie,
}).annotate({ identifier: "Looming" })
export type Looming = typeof Looming.Type

/** Starts a looming event's Step Die: larger means more time left, D6 if unsure (N-EVENT-02). */
export const loom = (name: string, die: StepDie.StepDie = "d6"): Looming => {
  ensure(die !== "d0", "die", "a looming event starts above D0", "N-EVENT-02")
  return { name, die }
}

/** The start of the next Turn or Watch: roll the Event Step Die; at D0 the event unfolds (N-EVENT-02). */
export const tickLooming = (source: DiceSource, l: Looming) =>
  tracked(source, (s) => {
    ensure(l.die !== "d0", "looming.die", `${l.name} has already unfolded`, "N-EVENT-02")
    const roll = StepDie.rollStepDie(s, l.die)
    return { looming: { ...l, die: roll.after }, roll, unfolds: roll.ended }
  })

/** Cover for Distance: 30% in dense cover or darkness, 70% on open ground or with warning (N-EVENT-03). */
export const Cover = Schema.Literals(["dense", "open"])
export type Cover = typeof Cover.Type

/** Whether an encounter starts far (time to react) or near (act now) (N-EVENT-03). */
export const distance = (source: DiceSource, cover?: Cover | number) => {
  const r = ask(source, thresholdFor(cover, { dense: 30, open: 70 }, "cover", "N-EVENT-03"))
  return { ...r, distance: r.yes ? ("far" as const) : ("near" as const) }
}

/** Who is met: 30% predators or hostile creatures, 50% others, 70% peaceful folk (N-EVENT-04). */
export const Disposition = Schema.Literals(["hostile", "neutral", "peaceful"])
export type Disposition = typeof Disposition.Type

/** An uncertain NPC or creature reaction (N-EVENT-04). */
export const reaction = (source: DiceSource, disposition?: Disposition | number) => {
  const r = ask(
    source,
    thresholdFor(disposition, { hostile: 30, neutral: 50, peaceful: 70 }, "disposition", "N-EVENT-04"),
  )
  return { ...r, reaction: r.yes ? ("friendly" as const) : ("hostile" as const) }
}
