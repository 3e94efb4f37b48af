/**
 * Which `blight-worker` processes are alive (PostgreSQL only). graphile-worker 0.17 hands a job
 * locked by a worker that died without unlocking it (killed outright, its machine gone) to another
 * only after 4 hours. So each process beats: it keeps a row in `simulation_workers` with its
 * graphile-worker ids and the time of its last beat, on the database's clock (one clock for every
 * machine). Each beat also sweeps: the rows not renewed for `deadAfterMs` are processes that
 * stopped, and their jobs are unlocked (graphile-worker's `forceUnlockWorkers`) for a live worker
 * to take. A process only slow to beat (a pause longer than `deadAfterMs`) loses its jobs to
 * another, which plays the same chunk again: a chunk's summaries are stored once (`recordChunk`
 * ignores a second copy), so the report is the same bytes.
 */
import { type Kysely, sql } from "kysely"
import type { Database } from "../db/Database.js"

/** Now on the database's clock, in ms. */
const dbNow = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`

export interface Liveness {
  /** Renews this process's row and unlocks the jobs of the processes that stopped beating; their ids. */
  readonly beat: () => Promise<ReadonlyArray<string>>
  /** Removes this process's row (a graceful stop has unlocked its jobs already). */
  readonly leave: () => Promise<void>
}

export const liveness = (
  db: Kysely<Database>,
  self: string,
  workerIds: () => ReadonlyArray<string>,
  deadAfterMs: number,
  unlock: (workerIds: string[]) => Promise<void>,
): Liveness => {
  // A row not renewed since this (database clock): its process stopped beating.
  const stale = sql<number>`${dbNow} - ${deadAfterMs}`
  return {
    beat: async () => {
      const ids = JSON.stringify([...workerIds()])
      await db
        .insertInto("simulation_workers")
        .values({ id: self, worker_ids: ids, seen_at: dbNow })
        .onConflict((c) => c.column("id").doUpdateSet({ worker_ids: ids, seen_at: dbNow }))
        .execute()
      const dead = await db
        .selectFrom("simulation_workers")
        .select(["id", "worker_ids"])
        .where("seen_at", "<", stale)
        .where("id", "<>", self)
        .execute()
      for (const d of dead) {
        // Unlocked before the row goes: a sweeper stopped in between leaves the row for the next.
        await unlock(workerIdsOf(d.worker_ids))
        await db
          .deleteFrom("simulation_workers")
          .where("id", "=", d.id)
          .where("seen_at", "<", stale)
          .execute()
      }
      return dead.map((d) => d.id)
    },
    leave: async () => {
      await db.deleteFrom("simulation_workers").where("id", "=", self).execute()
    },
  }
}

const workerIdsOf = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []
  } catch {
    return []
  }
}
