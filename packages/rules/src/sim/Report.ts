/**
 * A simulation's report (issue 15): the raids' summaries folded, in index order, into rates with
 * Wilson intervals and means with normal intervals — per side: win, draw, loss and Rout; survivors
 * Down, Finished and Turned; Loot home; Blight gained; ammunition spent — and across raids: Blight
 * by source, the Din and encounters by round, each creature kind's damage against its XP. Two
 * reports of the same raids under two packs or two ruling options compare into an A/B with each
 * difference and its interval (`compare`).
 *
 * A report is a schema: `--json` prints it, the HTML page draws it, and it is the same bytes
 * however many workers played the raids.
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import { type RaidSummary, TableKind } from "./Raid.js"
import {
  differenceOfMeans,
  differenceOfProportions,
  histogram,
  Interval,
  meanInterval,
  round6,
  wilson,
} from "./Stats.js"

const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** A rate: successes of trials, and its interval. */
export const Rate = Schema.Struct({ k: count, n: count, rate: Interval }).annotate({
  identifier: "SimRate",
})
export type Rate = typeof Rate.Type

const rate = (k: number, n: number): Rate => ({ k, n, rate: wilson(k, n) })

/** What was simulated. */
export const ReportSpec = Schema.Struct({
  scenario: Schema.String,
  table: TableKind,
  policies: Schema.Array(Schema.String),
  seed: count,
  packs: Schema.Array(Schema.String),
  options: Schema.Record(Schema.String, Schema.Unknown),
  label: Schema.String,
}).annotate({ identifier: "SimReportSpec" })
export type ReportSpec = typeof ReportSpec.Type

/** One side across the raids. */
export const SideReport = Schema.Struct({
  side: Schema.String,
  win: Rate,
  draw: Rate,
  loss: Rate,
  rout: Rate,
  /** Per raid. */
  down: Interval,
  finished: Interval,
  turned: Interval,
  loot: Interval,
  rich: Interval,
  blight: Interval,
  reloadsSpent: Interval,
  arrowsSpent: Interval,
  boltsSpent: Interval,
  /** Raids by survivors Finished (index: how many). */
  finishedHistogram: Schema.Array(count),
}).annotate({ identifier: "SimSideReport" })

/** A round across the raids that reached it. */
export const RoundReport = Schema.Struct({
  round: count,
  raids: count,
  noise: Interval,
  lesser: Rate,
  greater: Rate,
  encounters: Interval,
}).annotate({ identifier: "SimRoundReport" })

/** A creature kind across the raids it came to. */
export const CreatureReport = Schema.Struct({
  ref: Schema.String,
  pack: Schema.String,
  xp: count,
  raids: count,
  count,
  /** Per creature that came. */
  dealt: Interval,
  taken: Interval,
  slain: Rate,
  /** Mean damage dealt per point of XP (XP 0: dealt as is). */
  dealtPerXp: Schema.Number,
}).annotate({ identifier: "SimCreatureReport" })

/** The report. */
export const Report = Schema.Struct({
  format: Schema.Literal("blight-sim-report@1"),
  spec: ReportSpec,
  raids: count,
  /** Raids stopped by the command bound before their end (counted as they stood). */
  unfinished: count,
  rounds: Interval,
  sides: Schema.Array(SideReport),
  blightBySource: Schema.Array(Schema.Struct({ source: Schema.String, perRaid: Schema.Number })),
  byRound: Schema.Array(RoundReport),
  creatures: Schema.Array(CreatureReport),
}).annotate({ identifier: "SimReport" })
export type Report = typeof Report.Type

/** Folds raid summaries (any order: they are put in index order) into a report. */
export const report = (spec: ReportSpec, raids: ReadonlyArray<RaidSummary>): Report => {
  const rs = [...raids].sort((a, b) => a.index - b.index)
  const n = rs.length
  const sideIds = rs[0]?.sides.map((s) => s.side) ?? []
  const sides = sideIds.map((id) => {
    const of = rs.map((r) => r.sides.find((s) => s.side === id)!)
    const per = (f: (s: (typeof of)[number]) => number) => meanInterval(of.map(f))
    const k = (f: (s: (typeof of)[number]) => boolean) => rate(of.filter(f).length, n)
    return {
      side: id,
      win: k((s) => s.outcome === "win"),
      draw: k((s) => s.outcome === "draw"),
      loss: k((s) => s.outcome === "loss"),
      rout: k((s) => s.routed),
      down: per((s) => s.down),
      finished: per((s) => s.finished),
      turned: per((s) => s.turned),
      loot: per((s) => s.loot),
      rich: per((s) => s.rich),
      blight: per((s) => s.blight),
      reloadsSpent: per((s) => s.reloadsSpent),
      arrowsSpent: per((s) => s.arrowsSpent),
      boltsSpent: per((s) => s.boltsSpent),
      finishedHistogram: histogram(of.map((s) => s.finished)),
    }
  })
  const sources = [...new Set(rs.flatMap((r) => Object.keys(r.blightBySource)))].sort()
  const rounds = rs.reduce((m, r) => Math.max(m, r.din.length), 0)
  const byRound = Array.from({ length: rounds }, (_, i) => {
    const reached = rs.filter((r) => r.din.length > i).map((r) => r.din[i]!)
    return {
      round: i + 1,
      raids: reached.length,
      noise: meanInterval(reached.map((d) => d.noise)),
      lesser: rate(reached.filter((d) => d.result === "lesser").length, reached.length),
      greater: rate(reached.filter((d) => d.result === "greater").length, reached.length),
      encounters: meanInterval(reached.map((d) => d.encounters)),
    }
  })
  const refs = [...new Set(rs.flatMap((r) => r.creatures.map((c) => c.ref)))].sort()
  const creatures = refs.map((ref) => {
    const seen = rs.flatMap((r) => r.creatures.filter((c) => c.ref === ref))
    const total = seen.reduce((s, c) => s + c.count, 0)
    // Each raid's creatures of a kind weigh by how many came: per creature, the raid's mean.
    const dealt = seen.flatMap((c) => Array.from({ length: c.count }, () => c.dealt / c.count))
    const taken = seen.flatMap((c) => Array.from({ length: c.count }, () => c.taken / c.count))
    const first = seen[0]!
    const d = meanInterval(dealt)
    return {
      ref,
      pack: first.pack,
      xp: first.xp,
      raids: seen.length,
      count: total,
      dealt: d,
      taken: meanInterval(taken),
      slain: rate(
        seen.reduce((s, c) => s + c.slain, 0),
        total,
      ),
      dealtPerXp: round6(first.xp > 0 ? d.estimate / first.xp : d.estimate),
    }
  })
  return {
    format: "blight-sim-report@1",
    spec,
    raids: n,
    unfinished: rs.filter((r) => !r.over).length,
    rounds: meanInterval(rs.map((r) => r.rounds)),
    sides,
    blightBySource: sources.map((source) => ({
      source,
      perRaid: round6(rs.reduce((s, r) => s + (r.blightBySource[source] ?? 0), 0) / Math.max(1, n)),
    })),
    byRound,
    creatures,
  }
}

/** A difference B − A with its interval. */
export const Difference = Schema.Struct({ a: Schema.Number, b: Schema.Number, difference: Interval })

/** Two reports of the same raids (same seeds) under two packs or two ruling options. */
export const Comparison = Schema.Struct({
  format: Schema.Literal("blight-sim-ab@1"),
  a: Schema.String,
  b: Schema.String,
  raids: count,
  sides: Schema.Array(
    Schema.Struct({
      side: Schema.String,
      win: Difference,
      rout: Difference,
      finished: Difference,
      loot: Difference,
      blight: Difference,
    }),
  ),
}).annotate({ identifier: "SimComparison" })
export type Comparison = typeof Comparison.Type

/**
 * B − A for each side: rates by Newcombe's interval, means by Welch's. The raids share seeds, so
 * the pairs are correlated; the intervals treat them as independent, which only widens them.
 */
export const compare = (
  a: { readonly report: Report; readonly raids: ReadonlyArray<RaidSummary> },
  b: { readonly report: Report; readonly raids: ReadonlyArray<RaidSummary> },
): Comparison => ({
  format: "blight-sim-ab@1",
  a: a.report.spec.label,
  b: b.report.spec.label,
  raids: a.report.raids,
  sides: a.report.sides.map((sa) => {
    const sb = b.report.sides.find((x) => x.side === sa.side) ?? sa
    const values = (raids: ReadonlyArray<RaidSummary>, f: (s: RaidSummary["sides"][number]) => number) =>
      raids.map((r) => f(r.sides.find((s) => s.side === sa.side)!))
    const mean = (f: (s: RaidSummary["sides"][number]) => number) => {
      const xs = values(a.raids, f)
      const ys = values(b.raids, f)
      const d = differenceOfMeans(ys, xs)
      const avg = (v: number[]) => round6(v.reduce((s, x) => s + x, 0) / Math.max(1, v.length))
      return { a: avg(xs), b: avg(ys), difference: d }
    }
    const prop = (ra: Rate, rb: Rate) => ({
      a: ra.rate.estimate,
      b: rb.rate.estimate,
      difference: differenceOfProportions(rb.k, rb.n, ra.k, ra.n),
    })
    return {
      side: sa.side,
      win: prop(sa.win, sb.win),
      rout: prop(sa.rout, sb.rout),
      finished: mean((s) => s.finished),
      loot: mean((s) => s.loot),
      blight: mean((s) => s.blight),
    }
  }),
})
