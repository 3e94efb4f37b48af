/**
 * Where a simulation's chunks run. Either way the fair queue (`fair.ts`) says which chunk is next,
 * across players in turn. On PostgreSQL each chunk adds a graphile-worker "turn" job, in the
 * transaction that stores the simulation, played by whichever `blight-worker` process takes it
 * (any number, on any machines: `worker.ts`). On SQLite the server plays the chunks itself, in its
 * own worker threads, and picks up at start the chunks a stop left unplayed. Either way a chunk is
 * played by `play.ts` in a worker thread and stored by `store.ts`.
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
import { type Claim, claimNext, claimPlayed, handedOutNotStored } from "./fair.js"
import type { Played, Task } from "./play.js"
import { fail, rangeOf, recordChunk, type StoredSimulation, wanted } from "./store.js"

/** The graphile-worker task that plays one named chunk (simulations queued before the fair queue). */
export const CHUNK_TASK = "blight_simulation_chunk"
/** The graphile-worker task that plays the next chunk the fair queue hands out (`fair.ts`). */
export const TURN_TASK = "blight_simulation_turn"

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

/** The name a claim of the server's own threads goes by: its chunk. */
const chunkTurn = (c: Claim) => `${c.simulation}/${c.chunk}`

/**
 * SQLite: the server's own threads. Each free thread claims the next chunk from the fair queue
 * (`fair.ts`), checked (cancelled?) just before it starts; at start, the chunks handed out but not
 * stored when the server stopped are played first.
 */
export const threadQueue = (
  db: Kysely<Database>,
  now: () => string,
  threads: number,
  log: (m: string) => void,
): SimQueue & { readonly resume: () => Promise<void> } => {
  const replay: Claim[] = []
  let pool: ReturnType<typeof chunkPool> | undefined
  let busy = 0
  let closed = false
  let pumping = false
  let again = false
  const start = (c: Claim) => {
    pool ??= chunkPool(threads)
    busy++
    playAndRecord(db, pool.play, now, c.simulation, c.chunk)
      .catch(async (e: unknown) => {
        // Closing ends the threads mid-chunk: the chunk is played again at the next start.
        if (closed) return
        log(`simulation ${c.simulation} chunk ${c.chunk}: ${messageOf(e)}`)
        await fail(
          db,
          c.simulation,
          `chunk ${c.chunk} could not be played (an internal error, logged)`,
          now(),
        )
      })
      .then(() => (closed ? undefined : claimPlayed(db, chunkTurn(c), Date.now())))
      .catch(() => undefined)
      .finally(() => {
        busy--
        void pump()
      })
  }
  // One claimer at a time: a call while one runs asks it to look again.
  const pump = async () => {
    if (pumping) {
      again = true
      return
    }
    pumping = true
    try {
      do {
        again = false
        while (!closed && busy < threads) {
          const c = replay.shift() ?? (await claimNext(db, "sqlite", chunkTurn, Date.now()))
          if (!c || closed) break
          start(c)
        }
      } while (again && !closed)
    } catch (e) {
      if (!closed) log(`simulation queue: ${messageOf(e)}`)
    } finally {
      pumping = false
    }
  }
  return {
    enqueue: async () => undefined,
    committed: () => void pump(),
    resume: async () => {
      replay.push(...(await handedOutNotStored(db)))
      void pump()
    },
    close: async () => {
      closed = true
      replay.length = 0
      await pool?.close()
    },
  }
}

/**
 * PostgreSQL: a graphile-worker "turn" job per chunk, added in the simulation's own transaction
 * (one statement, graphile-worker's batch insert). A turn plays whichever chunk the fair queue hands it, so the jobs' own order
 * does not matter, and there are always as many turns waiting as chunks.
 */
export const postgresQueue = (): SimQueue => ({
  enqueue: async (tx, s) => {
    await sql`select count(*) from graphile_worker.add_jobs(array(
      select row(${TURN_TASK}, json_build_object('simulation', ${s.id}::text), null, null, 5, null, null, null)::graphile_worker.job_spec
      from generate_series(1, ${s.chunks}::int)))`.execute(tx)
  },
  committed: () => undefined,
  close: async () => undefined,
})

/** What a worker's tasks play chunks with; `played` hears of each chunk played (the worker's log line). */
export interface Playing {
  readonly db: Kysely<Database>
  readonly play: (t: Task) => Promise<Played>
  readonly now: () => string
  readonly played?: (id: string, k: number, ms: number) => void
}

/**
 * The turn task a `blight-worker` runs: claims the next chunk from the fair queue (again, the same
 * one, when graphile-worker retries the job) and plays it. `played` hears of each chunk played.
 */
export const turnTask =
  ({ db, play, now, played = () => undefined }: Playing): GraphileTask =>
  async (_payload: unknown, helpers: JobHelpers) => {
    const turn = `job:${helpers.job.id}`
    const c = await claimNext(db, "postgres", turn, Date.now())
    if (!c) return
    const started = performance.now()
    try {
      if (await playAndRecord(db, play, now, c.simulation, c.chunk))
        played(c.simulation, c.chunk, performance.now() - started)
    } catch (e) {
      // Thrown: graphile-worker tries the job again later; after its last attempt, the simulation fails.
      if (helpers.job.attempts < helpers.job.max_attempts) throw e
      helpers.logger.error(`simulation ${c.simulation} chunk ${c.chunk}: ${messageOf(e)}`)
      await fail(
        db,
        c.simulation,
        `chunk ${c.chunk} could not be played after ${helpers.job.attempts} attempts`,
        now(),
      )
    }
    await claimPlayed(db, turn, Date.now())
  }

/**
 * The chunk task of simulations queued before the fair queue (a job per named chunk): a
 * `blight-worker` still plays them. The payload names the simulation and the chunk. `played`
 * hears of each chunk played (the worker's log line).
 */
export const chunkTask =
  ({ db, play, now, played = () => undefined }: Playing): GraphileTask =>
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
