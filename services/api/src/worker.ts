#!/usr/bin/env node
/**
 * `blight-worker`: plays simulations' chunks from the PostgreSQL queue (graphile-worker) that
 * DATABASE_URL names, and nothing else — no HTTP. Run any number, on any machines, against the one
 * database: each takes chunk jobs as it is free, plays them on WORKER_THREADS worker threads, and
 * stores their summaries; the worker that stores a simulation's last chunk makes its report.
 * SIGTERM/SIGINT: stops taking jobs, finishes the ones it holds, exits (docs/deploy.md). It beats
 * every WORKER_DEAD_AFTER/4 seconds, and unlocks the jobs of the workers that stopped beating for
 * WORKER_DEAD_AFTER seconds (killed outright), for the live ones to take (`sim/liveness.ts`). With
 * WORKER_METRICS_PORT it serves its own metrics (`sim/workerMetrics.ts`).
 */
import { randomUUID } from "node:crypto"
import { EventEmitter } from "node:events"
import { availableParallelism } from "node:os"
import { Result } from "effect"
import { makeWorkerUtils, run, type WorkerEvents } from "graphile-worker"
import { connect } from "./db/connect.js"
import { loadDotEnv } from "./dotenv.js"
import * as S from "./settings.js"
import { liveness } from "./sim/liveness.js"
import { CHUNK_TASK, chunkPool, chunkTask, graphileLogger, TURN_TASK, turnTask } from "./sim/queue.js"
import { workerMetrics } from "./sim/workerMetrics.js"

const settings = S.all({
  databaseUrl: S.text("DATABASE_URL").pipe(
    S.check("DATABASE_URL: blight-worker runs on PostgreSQL only (postgres://…)", (s) =>
      /^postgres(ql)?:\/\/.+/.test(s),
    ),
  ),
  threads: S.number("WORKER_THREADS", "integer", Math.max(1, availableParallelism() - 1)).pipe(
    S.check("WORKER_THREADS: a whole number from 1 to 64", (n) => n >= 1 && n <= 64),
  ),
  deadAfter: S.number("WORKER_DEAD_AFTER", "number", 60).pipe(
    S.check("WORKER_DEAD_AFTER: seconds from 1 to 3600", (n) => n >= 1 && n <= 3600),
  ),
  // Unset: no metrics port; 0: a free one (logged).
  metricsPort: S.number("WORKER_METRICS_PORT", "integer", -1).pipe(
    S.check("WORKER_METRICS_PORT: a port from 0 to 65535", (n) => n >= -1 && n <= 65535),
  ),
  metricsHost: S.text("WORKER_METRICS_HOST", "127.0.0.1"),
})

const fail = (m: string, code: number): never => {
  console.error(`blight-worker: ${m}`)
  process.exit(code)
}

try {
  loadDotEnv() // as the server does: the environment wins over .env
} catch (e) {
  fail(e instanceof Error ? e.message : String(e), 2)
}
const read = S.read(settings, process.env)
if (Result.isFailure(read)) fail(read.failure, 2)
const { databaseUrl, threads, deadAfter, metricsPort, metricsHost } = (
  read as Result.Success<
    { databaseUrl: string; threads: number; deadAfter: number; metricsPort: number; metricsHost: string },
    never
  >
).success

const database = await connect(databaseUrl).catch((e: unknown) =>
  fail(`could not open the database: ${e instanceof Error ? e.message : String(e)}`, 1),
)
const pool = chunkPool(threads)
const log = (m: string) => console.error(m)
// The ids this process's jobs are locked by, as they are made (graphile-worker 0.17 locks by the
// pool's id; its workers' ids too, kept in case): what another process unlocks if this one stops beating.
const workerIds = new Set<string>()
const events = new EventEmitter() as WorkerEvents
events.on("pool:create", ({ workerPool }) => workerIds.add(workerPool.id))
events.on("worker:create", ({ worker }) => workerIds.add(worker.workerId))
const utils = await makeWorkerUtils({ pgPool: database.pool!, logger: graphileLogger(log) })
const alive = liveness(
  database.db,
  randomUUID(),
  () => [...workerIds],
  deadAfter * 1000,
  (ids) => utils.forceUnlockWorkers(ids),
)
const metrics = workerMetrics()
const beat = () =>
  alive.beat().then(
    (dead) => {
      metrics.beat(true, dead.length)
      for (const id of dead) console.log(`blight-worker: worker ${id} stopped beating: its jobs are unlocked`)
    },
    (e: unknown) => {
      metrics.beat(false)
      log(`blight-worker: heartbeat: ${e instanceof Error ? e.message : String(e)}`)
    },
  )
const played = (id: string, k: number, ms: number) => {
  metrics.played(ms / 1000)
  console.log(`blight-worker: simulation ${id} chunk ${k} played in ${Math.round(ms)} ms`)
}
const playing = { db: database.db, play: pool.play, now: () => new Date().toISOString(), played }
const runner = await run({
  pgPool: database.pool!,
  events,
  concurrency: threads,
  pollInterval: 1000,
  logger: graphileLogger(log),
  noHandleSignals: true,
  taskList: {
    [TURN_TASK]: turnTask(playing),
    [CHUNK_TASK]: chunkTask(playing),
  },
})
const served =
  metricsPort >= 0
    ? await metrics
        .serve(metricsHost, metricsPort)
        .catch((e: unknown) =>
          fail(`could not serve metrics: ${e instanceof Error ? e.message : String(e)}`, 1),
        )
    : undefined
if (served) console.log(`blight-worker: metrics on http://${metricsHost}:${served.port}/metrics`)
await beat()
const beating = setInterval(() => void beat(), Math.max(250, (deadAfter * 1000) / 4))
console.log(`blight-worker: playing simulation chunks on ${threads} thread(s) (pid ${process.pid})`)

const stop = async (signal: string) => {
  console.log(`blight-worker: ${signal}: finishing the chunks in hand`)
  clearInterval(beating)
  await runner.stop()
  await served?.close()
  await alive.leave().catch(() => undefined)
  await utils.release()
  await pool.close()
  await database.close()
  process.exit(0)
}
process.once("SIGINT", () => void stop("SIGINT"))
process.once("SIGTERM", () => void stop("SIGTERM"))
