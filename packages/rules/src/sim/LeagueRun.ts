/**
 * League runs (issue 34): league `j` of a simulation is seeded from the base seed and `j`, its
 * Refuges play a season of rounds drawn from the campaign's schedule (R-CAMPAIGN-41), every raid
 * by the campaign's own seeded policy (`LeaguePlay.autoLeagueRaid`: the raid on the fast path, its
 * Aftermath, then its Refuges' Errands). Each league gives its final standings (B-STANDINGS-01/02);
 * `leagueReport` folds them in index order into the distribution of final places per Refuge, the
 * share of leagues it won, and its mean points and place with 95% intervals.
 *
 * @since 0.7.0
 */
import { Result, Schema } from "effect"
import { create, envOf } from "../campaign/Campaign.js"
import { autoLeagueRaid } from "../campaign/LeaguePlay.js"
import { standings } from "../campaign/Standings.js"
import type { ContentView } from "../refuge/Content.js"
import type { Refuge } from "../refuge/Refuge.js"
import { raidSeed } from "./Raid.js"
import { Rate } from "./Report.js"
import { Interval, meanInterval, wilson } from "./Stats.js"

const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** A Refuge's place in one league's final standings. */
export const FinalRow = Schema.Struct({
  refuge: count,
  name: Schema.String,
  /** 1 = top of the table. */
  place: count,
  played: count,
  points: count,
  xp: count,
}).annotate({ identifier: "SimLeagueRow" })
export type FinalRow = typeof FinalRow.Type

/** One league, as its final standings. */
export const LeagueSummary = Schema.Struct({
  index: count,
  table: Schema.Array(FinalRow),
  seed: count,
  /** Why it stopped before its last round, if it did. */
  stopped: Schema.optional(Schema.String),
  /** Rounds and raids it played. */
  played: Schema.Struct({ rounds: count, raids: count }),
}).annotate({ identifier: "SimLeagueSummary" })
export type LeagueSummary = typeof LeagueSummary.Type

/** What every league of a run shares. */
export interface LeagueSpec {
  readonly refuges: ReadonlyArray<Refuge>
  readonly seed: number
  /** Rounds in each league (its season). */
  readonly rounds: number
  readonly schedule: "round-robin" | "standings"
  /** One scenario for every raid; left out: the campaign's own choice. */
  readonly scenario?: string | undefined
}

/** Plays league `j`; Left: it could not be started. */
export const simulateLeague = (
  spec: LeagueSpec,
  content: ContentView,
  j: number,
): Result.Result<LeagueSummary, string> => {
  const seed = raidSeed(spec.seed, j)
  const env = envOf(content)
  const made = create(spec.refuges, { seed }, env, undefined, { schedule: spec.schedule })
  if (Result.isFailure(made)) return Result.fail(`${made.failure.reason} (${made.failure.clause})`)
  let c = made.success
  let stopped: string | undefined
  // Each round's pairings in turn (at most 8 raids a round: 16 Refuges), until the round is over.
  for (let guard = 0; (c.state.rounds ?? 0) < spec.rounds && guard < spec.rounds * 8; guard++) {
    const played = autoLeagueRaid(
      c,
      env,
      { next: true },
      { fast: true, ...(spec.scenario !== undefined ? { scenario: spec.scenario } : {}) },
    )
    if (Result.isFailure(played)) {
      stopped = `round ${(c.state.rounds ?? 0) + 1}: ${played.failure}`
      break
    }
    c = played.success.campaign
  }
  const table = standings(c.state).map((r, i) => ({
    refuge: r.refuge,
    name: r.name,
    place: i + 1,
    played: r.played,
    points: r.points,
    xp: r.xp,
  }))
  return Result.succeed({
    index: j,
    seed,
    played: { rounds: c.state.rounds ?? 0, raids: c.state.raids.length },
    ...(stopped !== undefined ? { stopped } : {}),
    table,
  })
}

/** A Refuge across the leagues. */
export const RefugeFinish = Schema.Struct({
  refuge: count,
  name: Schema.String,
  /** Leagues it finished in each place: `places[0]` first, `places[1]` second, and so on. */
  places: Schema.Array(count),
  won: Rate,
  place: Interval,
  points: Interval,
}).annotate({ identifier: "SimLeagueRefuge" })
export type RefugeFinish = typeof RefugeFinish.Type

export const LeagueReport = Schema.Struct({
  spec: Schema.Struct({
    seed: count,
    rounds: count,
    schedule: Schema.String,
    scenario: Schema.String,
  }),
  leagues: count,
  stopped: Schema.Array(Schema.String),
  refuges: Schema.Array(RefugeFinish),
}).annotate({ identifier: "SimLeagueReport" })
export type LeagueReport = typeof LeagueReport.Type

/** The distribution of final standings over the leagues, per Refuge in campaign order. */
export const leagueReport = (
  spec: Pick<LeagueSpec, "seed" | "rounds" | "schedule" | "scenario">,
  leagues: ReadonlyArray<LeagueSummary>,
): LeagueReport => {
  const n = leagues[0]?.table.length ?? 0
  const refuges = Array.from({ length: n }, (_, i) => {
    const rows = leagues.map((l) => l.table.find((r) => r.refuge === i)!)
    const places = Array.from({ length: n }, (_, p) => rows.filter((r) => r.place === p + 1).length)
    const won = places[0] ?? 0
    return {
      refuge: i,
      name: rows[0]?.name ?? `Refuge ${i}`,
      places,
      won: { k: won, n: leagues.length, rate: wilson(won, leagues.length) },
      place: meanInterval(rows.map((r) => r.place)),
      points: meanInterval(rows.map((r) => r.points)),
    }
  })
  return {
    spec: {
      seed: spec.seed,
      rounds: spec.rounds,
      schedule: spec.schedule,
      scenario: spec.scenario ?? "the campaign's",
    },
    leagues: leagues.length,
    stopped: leagues.flatMap((l) => (l.stopped ? [`league ${l.index}: ${l.stopped}`] : [])),
    refuges,
  }
}
