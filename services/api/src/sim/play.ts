/**
 * A chunk of a simulation: raids [from, to) played from the simulation's stored setup. The same
 * function runs in a worker thread of the server (SQLite) and of a `blight-worker` process
 * (PostgreSQL, graphile-worker): raid `i` depends only on the setup and `i` (`SimRaid.raidSeed`),
 * so the chunks can be played anywhere, in any order, and the report folded from them is the same.
 * This file is also the worker threads' entry (piscina's default export).
 */
import { loadWithCore, type Policies, type Refuge, type Registry, SimRaid } from "@blight/rules"
import { Either } from "effect"

/** What every chunk of a simulation plays, as plain data (stored with it as JSON). */
export interface Setup {
  readonly scenario: string
  readonly refuges: ReadonlyArray<Refuge.Refuge>
  readonly options: Readonly<Record<string, unknown>>
  /** The homebrew packs' documents at the versions asked for (a later version changes nothing here). */
  readonly packs: ReadonlyArray<{ readonly id: string; readonly version: string; readonly body: unknown }>
  readonly table: "declared" | "board"
  readonly policies: ReadonlyArray<Policies.Name>
  readonly seed: number
  readonly maxCommands: number
}

/** A chunk as a thread is handed it. */
export interface Task {
  readonly setup: Setup
  readonly from: number
  readonly to: number
}

/** The chunk's summaries in index order, or why a raid's set-up was refused. */
export type Played = { readonly summaries: ReadonlyArray<SimRaid.RaidSummary> } | { readonly refused: string }

// The content of a setup's packs, once per thread (a pack version never changes).
const registries = new Map<string, Registry.Registry>()
const contentOf = (packs: Setup["packs"]): Registry.Registry | string => {
  const key = packs.map((p) => `${p.id}@${p.version}`).join(",")
  const hit = registries.get(key)
  if (hit) return hit
  const loaded = loadWithCore(packs.map((p) => ({ source: `${p.id}@${p.version}`, data: p.body })))
  if (Either.isLeft(loaded)) return `packs: ${loaded.left.problems[0]?.message ?? "do not load"}`
  if (registries.size > 50) registries.clear()
  registries.set(key, loaded.right)
  return loaded.right
}

/** Plays raids [from, to) of a setup. */
export const playChunk = ({ setup, from, to }: Task): Played => {
  const content = contentOf(setup.packs)
  if (typeof content === "string") return { refused: content }
  const spec: SimRaid.Spec = {
    refuges: setup.refuges,
    scenario: setup.scenario,
    options: setup.options,
    packs: setup.packs.map((p) => p.id),
    table: setup.table,
    policies: setup.policies,
    seed: setup.seed,
    maxCommands: setup.maxCommands,
  }
  const summaries: SimRaid.RaidSummary[] = []
  for (let i = from; i < to; i++) {
    const r = SimRaid.simulate(spec, content, i)
    if (Either.isLeft(r)) return { refused: `raid ${i}: ${r.left}` }
    summaries.push(r.right)
  }
  return { summaries }
}

export default playChunk
