/**
 * What every use-case of the service needs: the database, the clock, and the optional parts (live
 * notices, registration limits, the simulation queue). Its own module so the use-case modules
 * (App.ts, Keys.ts, …) can all take it without importing each other.
 */
import type { Kysely } from "kysely"
import type { Database } from "../db/Database.js"
import type { Notifier } from "../live/Notifier.js"
import type { SimQueue } from "../sim/queue.js"

export interface Deps {
  readonly db: Kysely<Database>
  /** ISO time now (injected so tests can pin it). */
  readonly now: () => string
  /** Tells every instance a stream grew (live raids); in-process only when not given. */
  readonly notifier?: Notifier
  /** Counts a registration from an address: the seconds it must wait, or 0 (absent: no limit). */
  readonly registrations?: (address: string) => Promise<number>
  /** How many registrations an address may make per window, and the window (for the 429's sentence). */
  readonly registrationLimit?: { readonly points: number; readonly windowMs: number }
  /** The database's kind (what a check-then-write locks differs). */
  readonly dialect?: "sqlite" | "postgres"
  /**
   * Where simulations' chunks run, how many raids a chunk holds, and how many raids a player may
   * have queued (absent: simulations are off).
   */
  readonly simulations?: {
    readonly queue: SimQueue
    readonly chunkRaids: number
    readonly maxQueuedRaids: number
  }
}
