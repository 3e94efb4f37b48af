/**
 * Where a simulation's chunks run. On PostgreSQL each chunk is a graphile-worker job, added in the
 * transaction that stores the simulation, and played by whichever `blight-worker` process takes it
 * (any number, on any machines: `worker.ts`). On SQLite the server plays the chunks itself, in its
 * own worker threads, and picks up at start the simulations a stop left unfinished. Either way a
 * chunk is played by `play.ts` in a worker thread and stored by `store.ts`.
 */
import { existsSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { type Task as GraphileTask, type JobHelpers, Logger, runMigrations } from "graphile-worker"
import { type Kysely, sql, type Transaction } from "kysely"
import { Piscina } from "piscina"
import type { Config } from "../config.js"
import type { Db } from "../db/connect.js"
import type { Database } from "../db/Database.js"
import type { Played, Task } from "./play.js"
import {
  chunksStored,
  fail,
  rangeOf,
  recordChunk,
  type StoredSimulation,
  unfinished,
  wanted,
} from "./store.js"

/** The graphile-worker task that plays one chunk. */
export const CHUNK_TASK = "blight_simulation_chunk"

export interface SimQueue {
  /** Queues every chunk; called in the transaction that stores the simulation. */
  readonly enqueue: (tx: Transaction<Database>, s: StoredSimulation) => Promise<void>
  /** Called once that transaction has committed. */
  readonly committed: (s: StoredSimulation) => void
  readonly close: () => Promise<void>
}

/** The thread entry: built beside this file; run from source (tests), the built copy. */
const playFile = (): string => {
  const here = fileURLToPath(import.meta.url)
  const js = here.replace(/queue\.(ts|js)$/, "play.js")
  if (existsSync(js)) return js
  const built = resolve(dirname(here), "../../dist/sim/play.js")
  if (existsSync(built)) return built
  throw new Error("the built simulation worker (dist/sim/play.js) is missing: run `npx tsc -b services/api`")
}

/** A pool of `threads` worker threads playing chunks. */
export const chunkPool = (threads: number) => {
  // A thread loads the rules once (about a second): kept a minute after its last chunk, not ended at once.
  const pool = new Piscina<Task, Played>({
    filename: playFile(),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  })
  return {
    play: (task: Task): Promise<Played> => pool.run(task),
    close: () => pool.destroy(),
  }
}

/** Plays one chunk if its simulation still wants it, and stores what it played (true: it did). */
const playAndRecord = async (
  db: Kysely<Database>,
  play: (t: Task) => Promise<Played>,
  now: () => string,
  id: string,
  k: number,
): Promise<boolean> => {
  const s = await wanted(db, id)
  if (!s) return false
  const played = await play({ setup: s.setup, ...rangeOf(s, k) })
  await recordChunk(db, id, k, played, now)
  return true
}

/**
 * SQLite: the server's own threads. Chunks wait in one first-in-first-out list and `threads` of
 * them are played at a time, each checked (cancelled?) just before it starts.
 */
export const threadQueue = (
  db: Kysely<Database>,
  now: () => string,
  threads: number,
  log: (m: string) => void,
): SimQueue & { readonly resume: () => Promise<void> } => {
  const waiting: Array<{ id: string; k: number }> = []
  let pool: ReturnType<typeof chunkPool> | undefined
  let busy = 0
  let closed = false
  const next = () => {
    while (!closed && busy < threads && waiting.length > 0) {
      const { id, k } = waiting.shift()!
      pool ??= chunkPool(threads)
      busy++
      playAndRecord(db, pool.play, now, id, k)
        .catch(async (e: unknown) => {
          // Closing ends the threads mid-chunk: the chunk is played again at the next start.
          if (closed) return
          log(`simulation ${id} chunk ${k}: ${messageOf(e)}`)
          await fail(db, id, `chunk ${k} could not be played (an internal error, logged)`, now()).catch(
            () => undefined,
          )
        })
        .finally(() => {
          busy--
          next()
        })
    }
  }
  const schedule = (s: StoredSimulation, skip: ReadonlySet<number> = new Set()) => {
    for (let k = 0; k < s.chunks; k++) if (!skip.has(k)) waiting.push({ id: s.id, k })
    next()
  }
  return {
    enqueue: async () => undefined,
    committed: (s) => schedule(s),
    resume: async () => {
      for (const s of await unfinished(db)) schedule(s, await chunksStored(db, s.id))
    },
    close: async () => {
      closed = true
      waiting.length = 0
      await pool?.close()
    },
  }
}

/** PostgreSQL: a graphile-worker job per chunk, added in the simulation's own transaction. */
export const postgresQueue = (): SimQueue => ({
  enqueue: async (tx, s) => {
    for (let k = 0; k < s.chunks; k++)
      await sql`select graphile_worker.add_job(${CHUNK_TASK}, ${JSON.stringify({ simulation: s.id, chunk: k })}::json, max_attempts => 5, job_key => ${`${s.id}/${k}`})`.execute(
        tx,
      )
  },
  committed: () => undefined,
  close: async () => undefined,
})

/**
 * The chunk task a `blight-worker` runs: the payload names the simulation and the chunk. `played`
 * hears of each chunk played (the worker's log line).
 */
export const chunkTask =
  (
    db: Kysely<Database>,
    play: (t: Task) => Promise<Played>,
    now: () => string,
    played: (id: string, k: number, ms: number) => void = () => undefined,
  ): GraphileTask =>
  async (payload: unknown, helpers: JobHelpers) => {
    const p = payload as { simulation?: unknown; chunk?: unknown }
    if (typeof p?.simulation !== "string" || !Number.isInteger(p.chunk)) return
    const [id, k] = [p.simulation, p.chunk as number]
    const started = performance.now()
    try {
      if (await playAndRecord(db, play, now, id, k)) played(id, k, performance.now() - started)
    } catch (e) {
      // Thrown: graphile-worker tries the job again later; after its last attempt, the simulation fails.
      if (helpers.job.attempts < helpers.job.max_attempts) throw e
      helpers.logger.error(`simulation ${id} chunk ${k}: ${messageOf(e)}`)
      await fail(db, id, `chunk ${k} could not be played after ${helpers.job.attempts} attempts`, now())
    }
  }

const messageOf = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e))

/** A graphile-worker logger that writes warnings and errors to `log` (its info lines are noise here). */
export const graphileLogger = (log: (m: string) => void) =>
  new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`graphile-worker: ${message}`)
  })

/**
 * The service's queue: on PostgreSQL graphile-worker's (its schema migrated here, so jobs can be
 * added before any worker has started); on SQLite its own threads, resuming what a stop left.
 */
export const simulationQueue = async (
  database: Db,
  config: Pick<Config, "simulationThreads">,
  now: () => string,
  log: (m: string) => void,
): Promise<SimQueue> => {
  if (database.pool) {
    await runMigrations({ pgPool: database.pool, logger: graphileLogger(log) })
    return postgresQueue()
  }
  const q = threadQueue(database.db, now, config.simulationThreads, log)
  await q.resume()
  return q
}
