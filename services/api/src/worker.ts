#!/usr/bin/env node
/**
 * `blight-worker`: plays simulations' chunks from the PostgreSQL queue (graphile-worker) that
 * DATABASE_URL names, and nothing else — no HTTP. Run any number, on any machines, against the one
 * database: each takes chunk jobs as it is free, plays them on WORKER_THREADS worker threads, and
 * stores their summaries; the worker that stores a simulation's last chunk makes its report.
 * SIGTERM/SIGINT: stops taking jobs, finishes the ones it holds, exits (docs/deploy.md).
 */
import { availableParallelism } from "node:os"
import { Config as C, ConfigProvider, Effect, Either } from "effect"
import { run } from "graphile-worker"
import { connect } from "./db/connect.js"
import { CHUNK_TASK, chunkPool, chunkTask, graphileLogger } from "./sim/queue.js"

const settings = C.all({
  databaseUrl: C.string("DATABASE_URL").pipe(
    C.validate({
      message: "DATABASE_URL: blight-worker runs on PostgreSQL only (postgres://…)",
      validation: (s) => /^postgres(ql)?:\/\/.+/.test(s),
    }),
  ),
  threads: C.integer("WORKER_THREADS").pipe(
    C.withDefault(Math.max(1, availableParallelism() - 1)),
    C.validate({
      message: "WORKER_THREADS: a whole number from 1 to 64",
      validation: (n) => n >= 1 && n <= 64,
    }),
  ),
})

const fail = (m: string, code: number): never => {
  console.error(`blight-worker: ${m}`)
  process.exit(code)
}

const read = Effect.runSync(
  Effect.either(
    Effect.withConfigProvider(
      settings,
      ConfigProvider.fromMap(
        new Map(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)),
      ),
    ),
  ),
)
if (Either.isLeft(read)) fail(String(read.left).replace(/^\(?Invalid data at [^:]*: "?|"?\)?$/g, ""), 2)
const { databaseUrl, threads } = (read as Either.Right<never, { databaseUrl: string; threads: number }>).right

const database = await connect(databaseUrl).catch((e: unknown) =>
  fail(`could not open the database: ${e instanceof Error ? e.message : String(e)}`, 1),
)
const pool = chunkPool(threads)
const log = (m: string) => console.error(m)
const runner = await run({
  pgPool: database.pool!,
  concurrency: threads,
  pollInterval: 1000,
  logger: graphileLogger(log),
  noHandleSignals: true,
  taskList: {
    [CHUNK_TASK]: chunkTask(
      database.db,
      pool.play,
      () => new Date().toISOString(),
      (id, k, ms) => console.log(`blight-worker: simulation ${id} chunk ${k} played in ${Math.round(ms)} ms`),
    ),
  },
})
console.log(`blight-worker: playing simulation chunks on ${threads} thread(s) (pid ${process.pid})`)

const stop = async (signal: string) => {
  console.log(`blight-worker: ${signal}: finishing the chunks in hand`)
  await runner.stop()
  await pool.close()
  await database.close()
  process.exit(0)
}
process.once("SIGINT", () => void stop("SIGINT"))
process.once("SIGTERM", () => void stop("SIGTERM"))
