/**
 * The work of `blight sim`: play raids (or campaigns) [from, to) of a simulation into their summaries. The same
 * function runs in the CLI's own thread (`--workers 1`) and as the worker-thread task (piscina's
 * default export), so both play each raid the same way; raid `i` depends only on the job and `i`.
 */
import { type Policies, type Refuge, SimCampaign, SimRaid } from "@blight/rules"
import { Result } from "effect"
import type { Io } from "../Command.js"
import { type Content, contentFrom } from "./raidFile.js"

/** A chunk of a simulation: everything a worker needs, as plain data. */
export interface Job {
  readonly refuges: ReadonlyArray<Refuge.Refuge>
  readonly scenario: string
  readonly options: SimRaid.Spec["options"]
  /** Homebrew pack files (absolute paths; already checked by the CLI) and their ids. */
  readonly packFiles: ReadonlyArray<string>
  readonly packs: ReadonlyArray<string>
  readonly table: "declared" | "fair" | "board"
  readonly policies: ReadonlyArray<Policies.Name>
  readonly seed: number
  readonly maxCommands: number
  /** Through the audited engine instead of the fast path (the same summaries; for checking). */
  readonly audited?: boolean | undefined
  /** A campaign run: campaigns [from, to) of this many raids each (policies and table unused). */
  readonly campaign?: { readonly raids: number; readonly scenario?: string | undefined } | undefined
  readonly from: number
  readonly to: number
}

/** A raid's (or a campaign's) summary, or why its set-up was refused. */
export type Summary = SimRaid.RaidSummary | SimCampaign.CampaignSummary | string

const quiet: Io = { stdout: { write: () => true }, stderr: { write: () => true } }
const loaded = new Map<string, Promise<Content>>()

/** The content for a job's packs, loaded once per thread. */
const contentOf = (files: ReadonlyArray<string>): Promise<Content> => {
  const key = files.join("\n")
  const hit = loaded.get(key)
  if (hit) return hit
  const made = contentFrom(files, quiet)
  loaded.set(key, made)
  return made
}

/**
 * The spec last played in this thread. Each call comes with a new job object (this thread's
 * `{ ...job, from, to }`, or a worker's structured clone of it), and a raid's set-up is kept per
 * spec object (`SimRaid`), so a job equal to the last one but for its range reuses the spec it was
 * first played with. Compared by value: a worker thread's every chunk is a fresh clone, and
 * comparing by identity there set each chunk's raid up again.
 */
let last: { readonly key: string; readonly job: Job } | undefined
export const specOf = (job: Job): Job => {
  const key = JSON.stringify({ ...job, from: 0, to: 0 })
  if (last !== undefined && last.key === key) return last.job
  last = { key, job }
  return job
}

/** Plays raids [from, to) of a job. */
export const playRange = async (job: Job): Promise<Summary[]> => {
  const content = await contentOf(job.packFiles)
  const spec = specOf(job)
  const out: Summary[] = []
  for (let i = job.from; i < job.to; i++) {
    const r: Result.Result<Exclude<Summary, string>, string> = job.campaign
      ? SimCampaign.simulateCampaign(
          { ...job.campaign, refuges: job.refuges, seed: job.seed, audited: job.audited },
          content,
          i,
        )
      : SimRaid.simulate(spec, content, i)
    out.push(Result.isSuccess(r) ? r.success : r.failure)
  }
  return out
}

export default playRange
