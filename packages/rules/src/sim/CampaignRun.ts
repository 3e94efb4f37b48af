/**
 * Campaign runs (issue 15): campaign `j` of a simulation is seeded from the base seed and `j`, and
 * played for N raids by the campaign's own seeded policy (`AutoPlay.autoRaid`: Errands, the raid,
 * the Aftermath's choices), each raid on the fast path (in place, its Din read as the events pass)
 * unless `audited` (the same summaries). After each raid each Refuge's roster and stores are read: how many of
 * the survivors it started with are still on it (the survival curve), how many it has in all, and
 * its Salvage, Rations, Reloads, Meds and Amber (the store trajectories), the survivors lost so far
 * (dead, Turned) and the roster's mean Blight — so how many raids until a Turn. Each raid played also
 * gives its Season and its Din (rounds, Lesser and Greater results, encounters). `campaignReport`
 * folds the campaigns in index order: means with 95% intervals per raid number (the stores, and
 * their net change over each raid), win rate per raid, and the Din by Season.
 *
 * @since 0.4.0
 */
import { Result, Schema } from "effect"
import { autoRaid } from "../campaign/AutoPlay.js"
import { create, envOf } from "../campaign/Campaign.js"
import type { ContentView } from "../refuge/Content.js"
import { storesOf } from "../refuge/Ledger.js"
import type { Refuge } from "../refuge/Refuge.js"
import { raidSeed } from "./Raid.js"
import { Rate } from "./Report.js"
import { Interval, meanInterval, round6, wilson } from "./Stats.js"

const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The stores followed across a campaign. */
export const STORES = ["salvage", "rations", "reloads", "meds", "amber"] as const
type Store = (typeof STORES)[number]

/** A struct of one `field` per followed store, in {@link STORES}' order. */
const byStore = <S extends Schema.Top>(field: S) =>
  Schema.Struct({ salvage: field, rations: field, reloads: field, meds: field, amber: field })

const Stores = byStore(Schema.Int)

/** A Refuge after one raid of a campaign. */
export const Point = Schema.Struct({
  /** Of the survivors it started the campaign with, how many are still on its roster. */
  alive: count,
  roster: count,
  outcome: Schema.Literals(["win", "draw", "loss", "forfeit"]),
  /**
   * Survivors lost so far: dead (the Casualty roll), Turned (12 Blight, B-TURN-01: a Refuge's become
   * Hollowed, a Congregation's walk into the Throat, B-CONGREGATION-18), any other way.
   */
  dead: count,
  turned: count,
  otherLosses: count,
  /** The mean Blight of the survivors on the roster (0 with nobody). */
  blight: Schema.Number,
  ...Stores.fields,
}).annotate({ identifier: "SimCampaignPoint" })
export type Point = typeof Point.Type

/** One raid of a campaign that was played (not forfeited): its Season and its Din. */
export const CampaignRaid = Schema.Struct({
  /** Its number in the campaign (1 = the first). */
  raid: count,
  season: Schema.String,
  rounds: count,
  /** Rounds whose Din gave a Lesser, a Greater encounter roll (B-DIN-03, B-DIN-04). */
  lesser: count,
  greater: count,
  encounters: count,
}).annotate({ identifier: "SimCampaignRaid" })
export type CampaignRaid = typeof CampaignRaid.Type

/** One campaign, as numbers. */
export const CampaignSummary = Schema.Struct({
  index: count,
  seed: count,
  /** Why it stopped before its last raid, if it did. */
  stopped: Schema.optional(Schema.String),
  refuges: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      starting: count,
      /** The stores before the first raid (so the first raid's net change can be read). */
      stores: Stores,
      trajectory: Schema.Array(Point),
    }),
  ),
  raids: Schema.Array(CampaignRaid),
}).annotate({ identifier: "SimCampaignSummary" })
export type CampaignSummary = typeof CampaignSummary.Type

/** What every campaign of a run shares. */
export interface CampaignSpec {
  readonly refuges: ReadonlyArray<Refuge>
  readonly seed: number
  /** Raids in each campaign. */
  readonly raids: number
  /** One scenario for every raid; left out: the campaign's own choice. */
  readonly scenario?: string | undefined
  /** Play every raid through the audited engine, every event kept (default: the fast path; same results). */
  readonly audited?: boolean | undefined
}

/** Plays campaign `j`; Left: it could not be started. */
export const simulateCampaign = (
  spec: CampaignSpec,
  content: ContentView,
  j: number,
): Result.Result<CampaignSummary, string> => {
  const seed = raidSeed(spec.seed, j)
  const env = envOf(content)
  const made = create(spec.refuges, { seed }, env)
  if (Result.isFailure(made)) return Result.fail(`${made.failure.reason} (${made.failure.clause})`)
  let c = made.success
  const starting = c.state.refuges.map((r) => new Set(r.refuge.survivors.map((s) => s.id)))
  const trajectories: Point[][] = c.state.refuges.map(() => [])
  const startStores = c.state.refuges.map((r) => pickStores(storesOf(r.refuge.ledger)))
  const raids: CampaignRaid[] = []
  let stopped: string | undefined
  for (let k = 0; k < spec.raids; k++) {
    const played = autoRaid(c, env, spec.scenario, { fast: spec.audited !== true })
    if (Result.isFailure(played)) {
      stopped = `raid ${k + 1}: ${played.failure}`
      break
    }
    const raid = played.success.raid
    if (raid) {
      const din = raid.din
      raids.push({
        raid: k + 1,
        season: raid.state.season ?? c.state.season,
        rounds: raid.state.round,
        lesser: din.filter((d) => d.result === "lesser").length,
        greater: din.filter((d) => d.result === "greater").length,
        encounters: din.reduce((n, d) => n + d.encounters, 0),
      })
    }
    c = played.success.campaign
    const last = raid ? c.state.raids.at(-1) : undefined
    const lost = (i: number, kind: LossKind) =>
      c.state.lost.filter((l) => l.refuge === i && lossKind(l.cause) === kind).length
    for (const [i, r] of c.state.refuges.entries()) {
      const stores = storesOf(r.refuge.ledger)
      trajectories[i]!.push({
        alive: r.refuge.survivors.filter((s) => starting[i]!.has(s.id)).length,
        roster: r.refuge.survivors.length,
        outcome: last?.sides.find((s) => s.refuge === i)?.outcome ?? "forfeit",
        dead: lost(i, "dead"),
        turned: lost(i, "turned"),
        otherLosses: lost(i, "other"),
        blight:
          r.refuge.survivors.length === 0
            ? 0
            : round6(r.refuge.survivors.reduce((n, x) => n + x.blight, 0) / r.refuge.survivors.length),
        ...pickStores(stores),
      })
    }
  }
  return Result.succeed({
    index: j,
    seed,
    ...(stopped ? { stopped } : {}),
    refuges: c.state.refuges.map((r, i) => ({
      name: r.refuge.name,
      starting: starting[i]!.size,
      stores: startStores[i]!,
      trajectory: trajectories[i]!,
    })),
    raids,
  })
}

/** How a loss counts: a Turn is one whether it left a Hollowed or walked into the Throat. */
type LossKind = "dead" | "turned" | "other"
export const lossKind = (cause: string): LossKind =>
  cause === "dead" ? "dead" : cause === "turned" || cause === "throat" ? "turned" : "other"

const pickStores = (s: Record<Store, number>) =>
  Object.fromEntries(STORES.map((k) => [k, s[k]])) as Record<Store, number>

/** A Refuge at one raid number, over the campaigns that reached it. */
export const CampaignPointReport = Schema.Struct({
  raid: count,
  campaigns: count,
  /** The share of the starting survivors still on the roster. */
  survival: Interval,
  roster: Interval,
  win: Rate,
  /** Survivors lost so far, per campaign: dead, Turned. */
  dead: Interval,
  turned: Interval,
  /** The share of campaigns in which the Refuge has had a survivor Turn by this raid. */
  anyTurned: Rate,
  /** The mean Blight of the survivors on the roster. */
  blight: Interval,
  ...byStore(Interval).fields,
  /** Each store's net change over this raid (its Aftermath and Errands included): after less before. */
  net: byStore(Interval),
}).annotate({ identifier: "SimCampaignPointReport" })

/** The raids played in one Season, across every campaign: their length and their Din, per raid. */
export const SeasonReport = Schema.Struct({
  season: Schema.String,
  raids: count,
  rounds: Interval,
  lesser: Interval,
  greater: Interval,
  encounters: Interval,
}).annotate({ identifier: "SimSeasonReport" })

/** The report of a campaign run. */
export const CampaignReport = Schema.Struct({
  format: Schema.Literal("blight-sim-campaign@1"),
  spec: Schema.Struct({ seed: count, raids: count, scenario: Schema.String }),
  campaigns: count,
  stopped: Schema.Array(Schema.String),
  refuges: Schema.Array(
    Schema.Struct({ name: Schema.String, starting: count, byRaid: Schema.Array(CampaignPointReport) }),
  ),
  /** By Season, in the order the Seasons were first met (campaigns in index order). */
  bySeason: Schema.Array(SeasonReport),
}).annotate({ identifier: "SimCampaignReport" })
export type CampaignReport = typeof CampaignReport.Type

/** Folds campaigns (put in index order) into survival curves and store trajectories. */
export const campaignReport = (
  spec: { readonly seed: number; readonly raids: number; readonly scenario?: string | undefined },
  campaigns: ReadonlyArray<CampaignSummary>,
): CampaignReport => {
  const cs = [...campaigns].sort((a, b) => a.index - b.index)
  const names = cs[0]?.refuges.map((r) => r.name) ?? []
  return {
    format: "blight-sim-campaign@1",
    spec: { seed: spec.seed, raids: spec.raids, scenario: spec.scenario ?? "the campaign's choice" },
    campaigns: cs.length,
    stopped: cs.flatMap((c) => (c.stopped ? [`campaign ${c.index}: ${c.stopped}`] : [])),
    refuges: names.map((name, i) => {
      const runs = cs.map((c) => c.refuges[i]!)
      const starting = runs[0]?.starting ?? 0
      const length = runs.reduce((m, r) => Math.max(m, r.trajectory.length), 0)
      return {
        name,
        starting,
        byRaid: Array.from({ length }, (_, k) => {
          const at = runs.filter((r) => r.trajectory.length > k).map((r) => ({ r, p: r.trajectory[k]! }))
          const mean = (f: (p: Point) => number) => meanInterval(at.map(({ p }) => f(p)))
          const wins = at.filter(({ p }) => p.outcome === "win").length
          return {
            raid: k + 1,
            campaigns: at.length,
            // A share: its interval stops at 0 and 1.
            survival: meanInterval(
              at.map(({ r, p }) => (r.starting === 0 ? 0 : p.alive / r.starting)),
              undefined,
              1,
            ),
            roster: mean((p) => p.roster),
            win: { k: wins, n: at.length, rate: wilson(wins, at.length) },
            dead: mean((p) => p.dead),
            turned: mean((p) => p.turned),
            anyTurned: {
              k: at.filter(({ p }) => p.turned > 0).length,
              n: at.length,
              rate: wilson(at.filter(({ p }) => p.turned > 0).length, at.length),
            },
            blight: mean((p) => p.blight),
            ...(Object.fromEntries(STORES.map((store) => [store, mean((p) => p[store])])) as Record<
              Store,
              Interval
            >),
            net: Object.fromEntries(
              STORES.map((store) => [
                store,
                meanInterval(
                  at.map(({ r, p }) => p[store] - (k === 0 ? r.stores[store] : r.trajectory[k - 1]![store])),
                ),
              ]),
            ) as Record<Store, Interval>,
          }
        }),
      }
    }),
    bySeason: seasonsOf(cs),
  }
}

const seasonsOf = (cs: ReadonlyArray<CampaignSummary>): Array<typeof SeasonReport.Type> => {
  const by = new Map<string, CampaignRaid[]>()
  for (const c of cs)
    for (const r of c.raids) {
      const list = by.get(r.season) ?? []
      list.push(r)
      by.set(r.season, list)
    }
  return [...by].map(([season, rs]) => ({
    season,
    raids: rs.length,
    rounds: meanInterval(rs.map((r) => r.rounds)),
    lesser: meanInterval(rs.map((r) => r.lesser)),
    greater: meanInterval(rs.map((r) => r.greater)),
    encounters: meanInterval(rs.map((r) => r.encounters)),
  }))
}
