/**
 * The calibrated declared table (ruling R-SIM-08). A simulated raid on a declared table has no
 * geometry: an abstract table answers the engine's questions about it. R-SIM-01 answered each one
 * with a fair draw, so two models were in contact, or a survivor stood in Spore terrain, half the
 * time. On a real table most pairs are not in contact and most ground is not Spore terrain, and
 * those coin flips pushed every model into melee with whatever was nearest.
 *
 * Calibrated, each question is drawn with the odds a seeded board gives the same question: the
 * answers a board's geometry gave, counted by the question's {@link factKey} (what is asked, how
 * far, and about which kinds of thing), over board raids of the core scenarios. The counts ship as
 * data (`calibration.json`, made by `npm run sim:calibrate`); a question the counts never saw, or
 * saw too rarely, is still a fair draw, and so is "which is nearest" (its answers are names). A declared move reaches what it names with the odds a
 * board's creatures reached theirs.
 *
 * @since 0.9.0
 */
import { type Prng, seeded } from "@blight/dice"
import type { Table } from "../battle/bots/Table.js"
import type { FactQuery, FactValue, State } from "../battle/State.js"
import type { Space } from "../battle/table/Space.js"
import calibration from "./calibration.json" with { type: "json" }

/** Answers counted per question key: key → answer (as a string) → how often a board gave it. */
export type Counts = Record<string, Record<string, number>>

/** The key every declared move's reach is counted under. */
export const MOVE_REACH = "move-reach"

/** Fewer answers than this under a key and the question is drawn fairly. */
const MIN_SEEN = 20

/** What a subject of a question is: a survivor, a creature, a token, or a place (edge, centre, feature). */
const subjectKind = (state: State, id: string): string => {
  const m = state.models.find((x) => x.id === id)
  if (m) return m.kind === "creature" ? "c" : "s"
  return state.tokens.some((t) => t.id === id) ? "t" : (id.split(":")[0] ?? id)
}

/** The key a question's answers are counted under: what is asked, how far, and of what kinds. */
export const factKey = (state: State, query: FactQuery): string => {
  const a = subjectKind(state, query.a)
  switch (query.q) {
    case "in":
      return `in:${query.terrain}:${a}`
    case "nearest":
      return `nearest:${query.among.length}`
    case "within":
      return `within:${query.inches}:${a}:${subjectKind(state, query.b)}`
    case "reach":
      return `reach:${Math.min(query.inches, 24)}:${query.leash ? "leash" : "free"}:${a}:${subjectKind(state, query.b)}`
    default:
      return `${query.q}:${a}:${subjectKind(state, query.b)}`
  }
}

/** A weighted draw among `options` by the counts under `key` (+1 each), or a fair one. */
const draw = (
  src: ReturnType<typeof seeded>,
  seen: Record<string, number> | undefined,
  options: ReadonlyArray<FactValue>,
): FactValue => {
  const total = seen === undefined ? 0 : Object.values(seen).reduce((n, k) => n + k, 0)
  if (seen === undefined || total < MIN_SEEN) return options[src.die(options.length) - 1] as FactValue
  const weights = options.map((o) => (seen[String(o)] ?? 0) + 1)
  let r = src.die(weights.reduce((n, w) => n + w, 0))
  for (const [k, w] of weights.entries()) {
    r -= w
    if (r <= 0) return options[k] as FactValue
  }
  return options[options.length - 1] as FactValue
}

/** The calibrated abstract table of R-SIM-08, drawing from its own seeded source. */
export const calibratedTable = (seed: Prng.Seed, counts: Counts = calibration.counts): Table => {
  const src = seeded(seed)
  return {
    answer: (view, prompt) => draw(src, counts[factKey(view, prompt.query)], prompt.options),
    reaches: () => draw(src, counts[MOVE_REACH], [true, false]) === true,
  }
}

/** One more `value` counted under `key`. */
const tally = (counts: Counts, key: string, value: FactValue): void => {
  const seen = (counts[key] ??= {})
  seen[String(value)] = (seen[String(value)] ?? 0) + 1
}

/** Counts a board's answers as they are given (for `npm run sim:calibrate`). */
export const counting = (space: Space, counts: Counts): Space => ({
  ...space,
  answer: (state, query, prompt) => {
    const value = space.answer(state, query, prompt)
    // Which model is nearest is a name, not a shape: those stay fair draws.
    if (value !== undefined && query.q !== "nearest") {
      tally(counts, factKey(state, query), value)
      if (query.q === "reach" && !query.leash) tally(counts, MOVE_REACH, value)
    }
    return value
  },
})

/** Where the shipped counts came from. */
export const source: {
  readonly raids: number
  readonly seed: number
  readonly scenarios: ReadonlyArray<string>
} = calibration.source
