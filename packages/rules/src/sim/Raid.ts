/**
 * One simulated raid (issue 15): set up from a {@link Spec} and the raid's index, played to its end
 * by a policy per side (`bots/`), and read into a {@link RaidSummary} — the numbers the reports
 * aggregate. Raid `i` is seeded from the base seed and `i` alone ({@link raidSeed}), so raids can
 * be played in any order, on any number of workers, and the summaries are the same.
 *
 * By default a raid is played on the fast path (`Decide.applyInPlaceTo`: the state changed in
 * place, each command's events read into a {@link Tally} as they pass and dropped); with
 * `audited: true` through the audited engine (`Battle.command`, every event kept), the summary
 * read from the whole log. Both give the same state and the same summary (the equivalence test in
 * `test/sim/FastPath.test.ts`), so the numbers are the rules' own either way.
 *
 * @since 0.4.0
 */
import { Prng } from "@blight/dice"
import { Result, Schema } from "effect"
import { create, envOf } from "../battle/Battle.js"
import { play, playInPlace } from "../battle/bots/Auto.js"
import { byName, NAMES } from "../battle/bots/Policies.js"
import type { Policy } from "../battle/bots/Policy.js"
import { seededTable, tableSpace } from "../battle/bots/Table.js"
import type { Env } from "../battle/Context.js"
import { startInPlace } from "../battle/Decide.js"
import type { Event } from "../battle/Event.js"
import { fold } from "../battle/Evolve.js"
import type { OptionsInput } from "../battle/Options.js"
import { type SetupInput, type SetupProblem, setup } from "../battle/Setup.js"
import type { State } from "../battle/State.js"
import { random as randomBoard } from "../battle/table/board/Board.js"
import type { Space } from "../battle/table/Space.js"
import { make as plane } from "../battle/table/board/PlaneSpace.js"
import { dinOfRaid, dinTally, type RoundDin } from "../campaign/DinStatistics.js"
import { returnedOf } from "../campaign/RaidRecord.js"
import type { ContentView } from "../refuge/Content.js"
import type { Refuge } from "../refuge/Refuge.js"
import { calibratedTable } from "./Calibration.js"

/** A policy's name. */
export const PolicyName = Schema.Literals(NAMES)

/** The table raids are played on: declared (calibrated draws), declared with fair draws, or a board. */
export const TableKind = Schema.Literals(["declared", "fair", "board"])

/** What every raid of a simulation shares. */
export interface Spec {
  readonly refuges: ReadonlyArray<Refuge>
  readonly scenario: string
  readonly options?: OptionsInput | undefined
  /** Homebrew packs the content has on top of the core pack (ids, recorded in each raid). */
  readonly packs?: ReadonlyArray<string>
  /**
   * A declared table answered by the calibrated abstract table (R-SIM-08), the same answered by
   * fair draws ("fair", R-SIM-01), or a seeded random 2-D board per raid.
   */
  readonly table: typeof TableKind.Type
  /**
   * A policy per Refuge, in the Refuges' order (one: every Refuge): a built-in one by name, or a
   * policy of your own (in this thread only: a worker thread is sent names).
   */
  readonly policies: ReadonlyArray<typeof PolicyName.Type | Policy>
  readonly seed: number
  /** At most this many commands a raid (default 5,000; the table's answers to facts are not commands). */
  readonly maxCommands?: number
  /** Play through the audited engine, every event kept (default: the fast path; same results). */
  readonly audited?: boolean | undefined
  /**
   * On the fast path, keep every event as the log would and hand it to the tally (the fast path
   * before it kept only the tally's kinds; the A/B bench's baseline). Same results.
   */
  readonly recordAll?: boolean | undefined
}

/** The seed of raid `i`: the dice's string-seed hash of "seed/i" (two 32-bit words), folded to 53 bits. */
export const raidSeed = (seed: number, i: number): number => {
  const [a, b] = Prng.seedWords(`${seed}/${i}`)
  return (b & 0x1fffff) * 2 ** 32 + a
}

const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** One side's raid. */
export const SideSummary = Schema.Struct({
  side: Schema.String,
  outcome: Schema.Literals(["win", "draw", "loss"]),
  routed: Schema.Boolean,
  survivors: count,
  /** Survivors who were Down at some point (B-DOWN-01). */
  down: count,
  /** Survivors taken out: Finished while Down (B-FIGHT-06); they roll on the Casualty table. */
  finished: count,
  /** Survivors who Turned at 12 Blight (B-TURN-01). */
  turned: count,
  /** Loot tokens carried off the table or held at the end, and their Rich finds. */
  loot: count,
  rich: count,
  /** Blight gained by the side's survivors this raid. */
  blight: count,
  /** Reloads, Arrows and Bolts drawn at set-up and not come back (B-AMMO-04). */
  reloadsSpent: count,
  arrowsSpent: count,
  boltsSpent: count,
}).annotate({ identifier: "SimSideSummary" })
export type SideSummary = typeof SideSummary.Type

/** A creature kind in one raid: how many came, the damage they dealt and took. */
export const CreatureSummary = Schema.Struct({
  ref: Schema.String,
  xp: count,
  /** The pack the creature is from ("core" or a homebrew pack's id). */
  pack: Schema.String,
  count,
  dealt: count,
  taken: count,
  slain: count,
}).annotate({ identifier: "SimCreatureSummary" })
export type CreatureSummary = typeof CreatureSummary.Type

/** One raid, as numbers. */
export const RaidSummary = Schema.Struct({
  index: count,
  seed: count,
  over: Schema.Boolean,
  rounds: count,
  commands: count,
  reason: Schema.String,
  sides: Schema.Array(SideSummary),
  /** Blight gained by source (the event's source, as the rules name it). */
  blightBySource: Schema.Record(Schema.String, count),
  /**
   * By round (index 0 = round 1): Noise made, the Din's result, encounters rolled — up to the last
   * round whose Din was rolled (a round the raid ended in before its End Phase is left out, R-SIM-06).
   */
  din: Schema.Array(
    Schema.Struct({
      noise: count,
      result: Schema.Literals(["none", "lesser", "greater"]),
      encounters: count,
    }),
  ),
  creatures: Schema.Array(CreatureSummary),
}).annotate({ identifier: "SimRaidSummary" })
export type RaidSummary = typeof RaidSummary.Type

/** Plays raid `i` of a simulation; Left: the set-up refused (the first problem, with its path). */
export const simulate = (spec: Spec, content: ContentView, i: number): Result.Result<RaidSummary, string> =>
  Result.map(played(spec, content, i), (p) => p.summary)

/** A played raid: its summary and final state (for the equivalence test and the curious). */
export interface Played {
  readonly summary: RaidSummary
  readonly state: State
}

/** Plays raid `i` as {@link simulate} does, keeping the final state too. */
export const played = (
  spec: Spec,
  content: ContentView,
  i: number,
  /** Wraps a board's geometry (calibration counts its answers: `Calibration.counting`). */
  observe: (space: Space) => Space = (space) => space,
): Result.Result<Played, string> => {
  const seed = raidSeed(spec.seed, i)
  const setupOf = content.get("scenarios", spec.scenario)?.setup
  const board =
    spec.table === "board"
      ? randomBoard(seed, content, {
          refuges: spec.refuges,
          ...(setupOf ? { scenario: { setup: setupOf } } : {}),
        })
      : undefined
  // On a declared table the abstract table answers each fact as it is asked (R-SIM-08, R-SIM-01).
  const table = board
    ? undefined
    : spec.table === "fair"
      ? seededTable(`${seed}/table`)
      : calibratedTable(`${seed}/table`)
  const env = envOf(content, table ? tableSpace(table) : observe(plane(content)))
  const input: SetupInput = {
    refuges: spec.refuges,
    scenario: spec.scenario,
    options: spec.options,
    dice: { seed },
    packs: spec.packs ?? [],
    ...(board ? { board } : {}),
  }
  const auto = {
    maxCommands: spec.maxCommands ?? 5000,
    ...(table ? { table } : {}),
  }
  const refused = (problems: ReadonlyArray<SetupProblem>) => {
    const p = problems[0]
    return `${p?.path}: ${p?.message}${p?.clause ? ` (${p.clause})` : ""}`
  }
  if (spec.audited === true) {
    const made = create(input, env)
    if (Result.isFailure(made)) return Result.fail(refused(made.failure))
    const policies = policiesFor(spec, made.success.state, env, seed)
    const run = play(made.success, env, policies, auto)
    const tally = newTally()
    for (const e of run.battle.events) tally.add(e)
    return Result.succeed({
      summary: summarise(tally, run.battle.state, env, i, seed, run.commands),
      state: run.battle.state,
    })
  }
  const initial = firstState(spec, input, seed, env.content)
  if (Result.isFailure(initial)) return Result.fail(refused(initial.failure))
  // The state this raid owns, changed in place from here on; the set-up event says nothing to the tally.
  const tally = newTally()
  // Only the events the tally reads are built into a log (`Context.Keep`).
  const keep = spec.recordAll === true ? true : tally.wants
  const started = startInPlace(fold([{ type: "battle.setup", state: initial.success }]), env, keep)
  tally.addAll(started.events)
  const policies = policiesFor(spec, started.state, env, seed)
  const run = playInPlace(started.state, env, policies, { ...auto, onEvents: tally.addAll, keep })
  return Result.succeed({
    summary: summarise(tally, run.state, env, i, seed, run.commands),
    state: run.state,
  })
}

/** A spec's first state but its dice, as set up for a content (see {@link firstState}). */
interface FirstState {
  readonly content: ContentView
  readonly refuges: Spec["refuges"]
  readonly scenario: string
  readonly options: Spec["options"]
  readonly packs: Spec["packs"]
  readonly made: Result.Result<State, ReadonlyArray<SetupProblem>>
}
const firstStates = new WeakMap<Spec, FirstState>()

/**
 * Raid `i`'s first state on a declared table: the set-up reads the Refuges, the scenario, the
 * options and the packs, and the seed only for the dice' first words, so it is made once per spec
 * and content (raid after raid comes from the same Refuges) and each raid gets its own dice. The
 * state is shared: the raid folds a copy of it (`battle.setup`) and changes only that.
 */
const firstState = (
  spec: Spec,
  input: SetupInput,
  seed: number,
  content: ContentView,
): Result.Result<State, ReadonlyArray<SetupProblem>> => {
  if (input.board !== undefined || input.dice === "manual") return setup(input, content)
  let hit = firstStates.get(spec)
  if (
    hit === undefined ||
    hit.content !== content ||
    hit.refuges !== spec.refuges ||
    hit.scenario !== spec.scenario ||
    hit.options !== spec.options ||
    hit.packs !== spec.packs
  ) {
    hit = {
      content,
      refuges: spec.refuges,
      scenario: spec.scenario,
      options: spec.options,
      packs: spec.packs,
      made: setup(input, content),
    }
    firstStates.set(spec, hit)
  }
  if (Result.isFailure(hit.made)) return hit.made
  const prng = [...Prng.Prng.fromSeed(seed).snapshot().state] as [number, number, number, number]
  return Result.succeed({ ...hit.made.success, dice: { mode: "seeded", prng } })
}

/** The policy of each Refuge side, by the order the Refuges were given. */
const policiesFor = (spec: Spec, state: State, env: Env, seed: number): Record<string, Policy> => {
  const out: Record<string, Policy> = {}
  const refuges = state.sides.filter((s) => s.kind === "refuge" || s.kind === "congregation")
  for (const [k, side] of refuges.entries()) {
    const name = spec.policies[k] ?? spec.policies[spec.policies.length - 1] ?? "sensible"
    out[side.id] = typeof name === "function" ? name : byName(name, `${seed}/${side.id}`, env)
  }
  return out
}

/**
 * What the summary reads from a raid's events, taken as they pass (the fast path keeps no log):
 * the Din by round, and each Blight gain and damage with the models' ids, read against the final
 * state's models (a model's kind, side and kind of creature never change) when summarised.
 */
export interface Tally {
  readonly add: (e: Event) => void
  /** Does the tally read events of this kind? (The fast path keeps only those.) */
  readonly wants: (e: Event) => boolean
  readonly addAll: (events: ReadonlyArray<Event>) => void
  readonly din: ReadonlyArray<RoundDin>
  /** The last round whose Din was rolled (0: none). */
  readonly lastRolled: () => number
  readonly blight: ReadonlyArray<{ readonly model: string; readonly source: string; readonly amount: number }>
  readonly damage: ReadonlyArray<{
    readonly model: string
    readonly by: string | undefined
    readonly amount: number
  }>
}

/** An empty {@link Tally}. */
export const newTally = (): Tally => {
  const din = dinTally()
  const blight: Array<{ model: string; source: string; amount: number }> = []
  const damage: Array<{ model: string; by: string | undefined; amount: number }> = []
  const add = (e: Event): void => {
    if (e.type === "blight.gained") blight.push({ model: e.model, source: e.source, amount: e.amount })
    else if (e.type === "damage.taken") damage.push({ model: e.model, by: e.by, amount: e.amount })
    else din.add(e)
  }
  return {
    add,
    wants: (e) => e.type === "blight.gained" || e.type === "damage.taken" || din.wants(e),
    addAll: (events) => {
      for (const e of events) add(e)
    },
    din: din.din,
    lastRolled: din.lastRolled,
    blight,
    damage,
  }
}

/** Reads a finished (or stopped) raid into its numbers: its tally and its final state. */
export const summarise = (
  tally: Tally,
  s: State,
  env: Env,
  index: number,
  seed: number,
  commands: number,
): RaidSummary => {
  const byId = new Map(s.models.map((m) => [m.id, m]))
  const blightBySource: Record<string, number> = {}
  const blightBySide = new Map<string, number>()
  const creatures = new Map<string, { count: number; dealt: number; taken: number; slain: number }>()
  const creature = (ref: string) => {
    const c = creatures.get(ref) ?? { count: 0, dealt: 0, taken: 0, slain: 0 }
    creatures.set(ref, c)
    return c
  }
  for (const m of s.models) if (m.kind === "creature") creature(m.ref).count++
  for (const e of tally.blight) {
    const m = byId.get(e.model)
    if (m?.kind !== "survivor") continue
    blightBySource[e.source] = (blightBySource[e.source] ?? 0) + e.amount
    blightBySide.set(m.side, (blightBySide.get(m.side) ?? 0) + e.amount)
  }
  for (const e of tally.damage) {
    const target = byId.get(e.model)
    const by = e.by === undefined ? undefined : byId.get(e.by)
    if (target?.kind === "creature") creature(target.ref).taken += e.amount
    if (by?.kind === "creature") creature(by.ref).dealt += e.amount
  }
  const din = dinOfRaid(tally)
  for (const m of s.models) if (m.kind === "creature" && m.status === "slain") creature(m.ref).slain++
  // A registry knows each entry's pack; the first pack loaded is the core pack.
  const registry = env.content as {
    packOf?: (kind: "creatures", id: string) => string | undefined
    packs?: ReadonlyArray<{ id: string }>
  }
  const packOf = (ref: string) => {
    const p = registry.packOf?.("creatures", ref)
    return p === undefined || p === registry.packs?.[0]?.id ? "core" : p
  }
  const sides = s.sides
    .filter((d) => d.kind === "refuge" || d.kind === "congregation")
    .map((d): SideSummary => {
      const r = s.result?.sides.find((x) => x.side === d.id)
      const own = s.models.filter((m) => m.side === d.id && m.kind === "survivor")
      const home = own.filter((m) => m.status !== "turned")
      const back = returnedOf(own, env.content)
      return {
        side: d.id,
        outcome: r?.outcome ?? "draw",
        routed: d.routed || d.withdrew,
        survivors: own.length,
        down: own.filter((m) => m.wasDown || m.status === "down" || m.status === "finished").length,
        finished: own.filter((m) => m.status === "finished").length,
        turned: own.filter((m) => m.status === "turned").length,
        loot: home.reduce((n, m) => n + m.carrying.length, 0),
        rich: home.reduce((n, m) => n + m.carrying.reduce((k, c) => k + c.rich, 0), 0),
        blight: blightBySide.get(d.id) ?? 0,
        reloadsSpent: Math.max(0, d.drawn.reloads - back.reloads),
        arrowsSpent: Math.max(0, d.drawn.arrows - back.arrows),
        boltsSpent: Math.max(0, d.drawn.bolts - back.bolts),
      }
    })
  return {
    index,
    seed,
    over: s.phase === "over",
    rounds: s.round,
    commands,
    reason: s.result?.reason ?? `not over after ${commands} commands`,
    sides,
    blightBySource,
    din,
    creatures: [...creatures.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([ref, c]) => ({
        ref,
        xp: env.content.get("creatures", ref)?.xp ?? 0,
        pack: packOf(ref),
        ...c,
      })),
  }
}
