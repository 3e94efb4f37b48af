/**
 * The Din of one raid, round by round, read from its events: the Noise made by the end of the
 * round, the Din roll's result (B-DIN-02 to 04; the Season moves its thresholds, B-DIN-05), and how
 * many encounters were rolled. Shared by the per-raid summary and the campaign runs (which group it
 * by Season); read as the events pass ({@link dinTally}, the fast path keeps no log) or from a log.
 * In campaign/, below sim/, as the campaign runs read it as well as the raid summaries.
 *
 * @since 0.4.0
 */
import type { Event } from "../battle/Event.js"
import { at } from "../terms/Indexed.js"

/** One round's Din. */
export interface RoundDin {
  readonly noise: number
  readonly result: "none" | "lesser" | "greater"
  readonly encounters: number
}

/** The Din read from events as they pass: `din` by round (index 0 = round 1) so far. */
export interface DinTally {
  readonly add: (e: Event) => void
  /** Does {@link DinTally.add} read events of this kind? */
  readonly wants: (e: Event) => boolean
  readonly din: ReadonlyArray<RoundDin>
  /** The last round whose Din was rolled (0: none yet). */
  readonly lastRolled: () => number
}

/** The kinds of events a {@link DinTally} reads. */
const READ: ReadonlySet<string> = new Set(["round.start", "din.rolled", "encounter.rolled"])

/** An empty {@link DinTally}. */
export const dinTally = (): DinTally => {
  const din: RoundDin[] = []
  let round = 0
  let lastRolled = 0
  const add = (e: Event): void => {
    if (e.type === "round.start") {
      round = e.round
      while (din.length < round) din.push({ noise: 0, result: "none", encounters: 0 })
    } else if (e.type === "din.rolled" && round > 0) {
      din[round - 1] = { ...at(din, round - 1), noise: e.noise, result: e.result }
      lastRolled = round
    } else if (e.type === "encounter.rolled" && round > 0) {
      const was = at(din, round - 1)
      din[round - 1] = { ...was, encounters: was.encounters + 1 }
    }
  }
  return { add, wants: (e) => READ.has(e.type), din, lastRolled: () => lastRolled }
}

/**
 * A raid's Din by round as its summary reports it (R-SIM-06): the rounds up to the last whose Din
 * was rolled. A raid that ended before its last round's End Phase (a Refuge left the table, or
 * withdrew) never rolled that round's Din, so the round says nothing about the Din — its Noise
 * was never added up — and is left out, unless an encounter came in it.
 */
export const dinOfRaid = (tally: DinTally): RoundDin[] => {
  let keep = tally.lastRolled()
  for (const [i, d] of tally.din.entries()) if (d.encounters > 0) keep = Math.max(keep, i + 1)
  return tally.din.slice(0, keep).map((d) => ({ ...d }))
}

/** The Din by round (index 0 = round 1) of a raid's events. */
export const dinByRound = (events: Iterable<Event>): RoundDin[] => {
  const t = dinTally()
  for (const e of events) t.add(e)
  return [...t.din]
}
