/**
 * Plays the raids (or campaigns) of one or more simulation jobs on `--workers` threads, each job's
 * summaries in index order: `blight sim` plays one job (or an A and a B), `--balance` hundreds of
 * cells through one pool, so the worker threads load the rules once. Raid `i` of a job is seeded
 * from the job's seed and `i` alone: which thread plays it changes nothing, and the result is the
 * same bytes for any number of workers.
 */
import { existsSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { Piscina } from "piscina"
import { type Io, UsageError } from "../Command.js"
import { type Job, playRange, type Summary } from "./simJob.js"

/** The worker's file: beside this one when built; run from source (tests), the built copy. */
const workerFile = (): string => {
  const here = fileURLToPath(import.meta.url)
  const js = here.replace(/simPool\.(ts|js)$/, "simJob.js")
  if (existsSync(js)) return js
  const built = resolve(dirname(here), "../../dist/commands/simJob.js")
  if (existsSync(built)) return built
  throw new UsageError("--workers: the built worker (dist/commands/simJob.js) is missing; run `npx tsc -b`")
}

/** A progress bar on stderr: done/total, rate and ETA (only on a terminal). */
const progress = (io: Io, total: number, label: string) => {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true
  const started = performance.now()
  let last = 0
  const draw = (done: number, final = false) => {
    if (!tty) return
    const now = performance.now()
    if (!final && now - last < 100) return
    last = now
    const secs = (now - started) / 1000
    const rate = secs > 0 ? done / secs : 0
    const eta = rate > 0 ? (total - done) / rate : 0
    const width = 28
    const filled = total > 0 ? Math.round((done / total) * width) : width
    const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`
    io.stderr.write(
      `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${rate.toFixed(1)} raids/s ETA ${clock(eta)}\x1b[K`,
    )
    if (final) io.stderr.write("\n")
  }
  return draw
}

/** A job and how many raids (or campaigns) of it to play. */
export interface Run {
  readonly job: Omit<Job, "from" | "to">
  readonly n: number
}

/** The next chunk of the runs, front to back: a run's raids [from, to), never across two runs. */
const chunker = (runs: ReadonlyArray<Run>) => {
  let run = 0
  let next = 0
  return (size: number): { run: number; from: number; to: number } | undefined => {
    while (run < runs.length && next >= runs[run]!.n) {
      run++
      next = 0
    }
    if (run >= runs.length) return undefined
    const from = next
    next = Math.min(runs[run]!.n, from + size)
    return { run, from, to: next }
  }
}

/**
 * Plays every run on `workers` threads, each run's summaries in index order. This thread is one of
 * them: it plays one raid at a time from the front while `workers` − 1 worker threads take chunks,
 * so it works while they start (each loads the rules, about a second) and no core waits on an idle
 * main thread. Each worker thread holds two chunks (piscina's `concurrentTasksPerWorker`), so it
 * has the next one in hand while this thread is busy with a raid and cannot hand it over.
 */
export const playRuns = async <T extends Exclude<Summary, string>>(
  runs: ReadonlyArray<Run>,
  workers: number,
  io: Io,
  label: string,
): Promise<T[][]> => {
  const total = runs.reduce((s, r) => s + r.n, 0)
  const bar = progress(io, total, label)
  const out: Summary[][] = runs.map((r) => new Array(r.n))
  let done = 0
  const take = chunker(runs)
  const store = (c: { run: number; from: number }, ss: ReadonlyArray<Summary>) => {
    for (const [k, s] of ss.entries()) out[c.run]![c.from + k] = s
    done += ss.length
    bar(done)
  }
  const threads = workers - 1
  const pool =
    threads > 0
      ? new Piscina({
          filename: workerFile(),
          minThreads: threads,
          maxThreads: threads,
          concurrentTasksPerWorker: 2,
        })
      : undefined
  try {
    const chunk = Math.max(1, Math.min(25, Math.ceil(total / (workers * 8))))
    const feeders = Array.from({ length: threads * 2 }, async () => {
      for (let c = take(chunk); c; c = take(chunk))
        store(c, (await pool!.run({ ...runs[c.run]!.job, from: c.from, to: c.to })) as Summary[])
    })
    for (const f of feeders) f.catch(() => undefined)
    for (let c = take(1); c; c = take(1)) {
      store(c, await playRange({ ...runs[c.run]!.job, from: c.from, to: c.to }))
      // Lets a worker thread's finished chunk be stored and its next one handed over.
      if (pool) await new Promise((f) => setImmediate(f))
    }
    await Promise.all(feeders)
  } finally {
    await pool?.destroy()
  }
  bar(done, true)
  const refused = out.flat().find((s) => typeof s === "string")
  if (refused !== undefined) throw new UsageError(`set-up: ${refused}`)
  return out as T[][]
}

/** Plays raids [0, n) of one job (see {@link playRuns}). */
export const playAll = async <T extends Exclude<Summary, string>>(
  job: Omit<Job, "from" | "to">,
  n: number,
  workers: number,
  io: Io,
  label: string,
): Promise<T[]> => (await playRuns<T>([{ job, n }], workers, io, label))[0]!
