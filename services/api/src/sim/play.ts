/**
 * A chunk of a simulation: raids [from, to) played from the simulation's stored setup (an A/B
 * run: each raid twice, as A and as B; a campaign run: campaigns [from, to)). The same
 * function runs in a worker thread of the server (SQLite) and of a `blight-worker` process
 * (PostgreSQL, graphile-worker): raid `i` depends only on the setup and `i` (`SimRaid.raidSeed`),
 * so the chunks can be played anywhere, in any order, and the report folded from them is the same.
 * This file is also the worker threads' entry (piscina's default export).
 */
import { loadWithCore, type Policies, type Refuge, type Registry, SimCampaign, SimRaid } from "@blight/rules"
import { Result } from "effect"

/** What every chunk of a simulation plays, as plain data (stored with it as JSON). */
export interface Setup {
  readonly scenario: string
  readonly refuges: ReadonlyArray<Refuge.Refuge>
  readonly options: Readonly<Record<string, unknown>>
  /** The homebrew packs' documents at the versions asked for (a later version changes nothing here). */
  readonly packs: ReadonlyArray<{ readonly id: string; readonly version: string; readonly body: unknown }>
  readonly table: "declared" | "fair" | "board"
  readonly policies: ReadonlyArray<Policies.Name>
  readonly seed: number
  readonly maxCommands: number
  /** An A/B run: the same raids again with these packs (after A's) and options (over A's). */
  readonly b?:
    | {
        readonly packs: ReadonlyArray<{
          readonly id: string
          readonly version: string
          readonly body: unknown
        }>
        readonly options: Readonly<Record<string, unknown>>
      }
    | undefined
  /** A campaign run: each unit is a campaign of this many raids (policies, table, options unused). */
  readonly campaign?: { readonly raids: number; readonly scenario?: string | undefined } | undefined
}

/** A chunk as a thread is handed it. */
export interface Task {
  readonly setup: Setup
  readonly from: number
  readonly to: number
}

/** The chunk's summaries in index order (an A/B run: A's, and B's in `b`), or why a set-up was refused. */
export type Played =
  | {
      readonly summaries: ReadonlyArray<SimRaid.RaidSummary | SimCampaign.CampaignSummary>
      readonly b?: ReadonlyArray<SimRaid.RaidSummary> | undefined
    }
  | { readonly refused: string }

// The content of a setup's packs, once per thread (a pack version never changes).
const registries = new Map<string, Registry.Registry>()
const contentOf = (packs: Setup["packs"]): Registry.Registry | string => {
  const key = packs.map((p) => `${p.id}@${p.version}`).join(",")
  const hit = registries.get(key)
  if (hit) return hit
  const loaded = loadWithCore(packs.map((p) => ({ source: `${p.id}@${p.version}`, data: p.body })))
  if (Result.isFailure(loaded)) return `packs: ${loaded.failure.problems[0]?.message ?? "do not load"}`
  if (registries.size > 50) registries.clear()
  registries.set(key, loaded.success)
  return loaded.success
}

/** The raid spec of a setup (`b`: its B side's options and packs). */
const specOf = (setup: Setup, b = false): SimRaid.Spec => ({
  refuges: setup.refuges,
  scenario: setup.scenario,
  options: b && setup.b ? { ...setup.options, ...setup.b.options } : setup.options,
  packs: packsOf(setup, b).map((p) => p.id),
  table: setup.table,
  policies: setup.policies,
  seed: setup.seed,
  maxCommands: setup.maxCommands,
})

/** A's packs, or B's: A's then its own. */
export const packsOf = (setup: Setup, b = false): Setup["packs"] =>
  b && setup.b ? [...setup.packs, ...setup.b.packs] : setup.packs

/** Plays units [from, to) of one side, or says why one could not be set up. */
const playRange = <S>(
  from: number,
  to: number,
  one: (i: number) => Result.Result<S, string>,
  what: string,
): S[] | string => {
  const out: S[] = []
  for (let i = from; i < to; i++) {
    const r = one(i)
    if (Result.isFailure(r)) return `${what} ${i}: ${r.failure}`
    out.push(r.success)
  }
  return out
}

/** Plays raids (or campaigns) [from, to) of a setup. */
export const playChunk = ({ setup, from, to }: Task): Played => {
  const content = contentOf(setup.packs)
  if (typeof content === "string") return { refused: content }
  if (setup.campaign) {
    const spec = { ...setup.campaign, refuges: setup.refuges, seed: setup.seed }
    const summaries = playRange(from, to, (j) => SimCampaign.simulateCampaign(spec, content, j), "campaign")
    return typeof summaries === "string" ? { refused: summaries } : { summaries }
  }
  const a = specOf(setup)
  const summaries = playRange(from, to, (i) => SimRaid.simulate(a, content, i), "raid")
  if (typeof summaries === "string") return { refused: summaries }
  if (!setup.b) return { summaries }
  const bContent = contentOf(packsOf(setup, true))
  if (typeof bContent === "string") return { refused: `b.${bContent}` }
  const b = specOf(setup, true)
  const bs = playRange(from, to, (i) => SimRaid.simulate(b, bContent, i), "raid (B)")
  return typeof bs === "string" ? { refused: bs } : { summaries, b: bs }
}

export default playChunk
