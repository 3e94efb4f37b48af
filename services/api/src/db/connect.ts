/**
 * Opens the database DATABASE_URL names — a SQLite file (embedded, WAL) or a PostgreSQL server —
 * and runs the migrations. Same migrations, same repositories, either way.
 */
import { mkdirSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely"
import { Migrator } from "kysely/migration"
import pg from "pg"
import { readDirectly, readPrepared } from "./compiledOnce.js"
import type { Database } from "./Database.js"
import { provider } from "./migrations.js"
import { openSqlite } from "./sqlite.js"

export interface Db {
  readonly db: Kysely<Database>
  readonly dialect: "sqlite" | "postgres"
  /** The PostgreSQL pool (for the shared rate-limit counters), when on PostgreSQL. */
  readonly pool?: pg.Pool
  /** Resolves when the database answers a trivial query (readiness). */
  readonly ping: () => Promise<void>
  readonly close: () => Promise<void>
}

// The advisory lock instances starting together on one PostgreSQL take around the migrations, so
// they run once, in one instance, while the others wait (kysely's own lock table is made by the
// first migrator without one, and two creating it at once collide); and around any other table
// made at start-up (the rate limit's), for the same reason.
const MIGRATION_LOCK = 0x626c6967 // "blig"

/** Opens and migrates. `file:PATH` paths are relative to the working directory. */
export const connect = async (databaseUrl: string): Promise<Db> => {
  let db: Kysely<Database>
  let dialect: Db["dialect"]
  let pool: pg.Pool | undefined
  if (databaseUrl.startsWith("file:")) {
    const file = resolve(databaseUrl.slice("file:".length))
    mkdirSync(dirname(file), { recursive: true })
    const sqlite = openSqlite(file)
    sqlite.exec("PRAGMA journal_mode = WAL")
    sqlite.exec("PRAGMA foreign_keys = ON")
    sqlite.exec("PRAGMA busy_timeout = 5000")
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
    // The hot reads run on the connection at once when no transaction is open (compiledOnce.ts):
    // exactly what kysely's driver runs for a read, without its queue.
    readDirectly(db, (query) => (sqlite.idle() ? sqlite.prepare(query.sql).all(query.parameters) : undefined))
    dialect = "sqlite"
  } else {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    // An idle connection the server ends (a restart, an admin's terminate) is dropped by the pool
    // and a new one is opened on the next query, which reports any real outage. Without a
    // listener the 'error' event would take the whole process down.
    pool.on("error", () => undefined)
    // And a checked-out client's own error (its server gone mid-query) fails that query, not the process.
    pool.on("connect", (client) => client.on("error", () => undefined))
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    const p = pool
    readPrepared(
      db,
      async (name, query) => (await p.query({ name, text: query.sql, values: [...query.parameters] })).rows,
    )
    dialect = "postgres"
  }
  const migrate = () => new Migrator({ db, provider }).migrateToLatest()
  const { error, results } = pool ? await underLock(pool, migrate) : await migrate()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    await db.destroy()
    throw new Error(
      `migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return {
    db,
    dialect,
    ...(pool ? { pool } : {}),
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  }
}

/** Runs `f` while holding the start-up lock (one instance at a time on one PostgreSQL). */
export const underLock = async <A>(pool: pg.Pool, f: () => Promise<A>): Promise<A> => {
  const client = await pool.connect()
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK])
    try {
      return await f()
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}
