/**
 * Opens the database DATABASE_URL names — a SQLite file (embedded, WAL) or a PostgreSQL server —
 * and runs the migrations. Same migrations, same repositories, either way.
 */
import { mkdirSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely"
import pg from "pg"
import type { Database } from "./Database.js"
import { provider } from "./migrations.js"
import { openSqlite } from "./sqlite.js"

export interface Db {
  readonly db: Kysely<Database>
  readonly dialect: "sqlite" | "postgres"
  /** The PostgreSQL pool (for the shared rate-limit counters), when on PostgreSQL. */
  readonly pool?: pg.Pool
  readonly close: () => Promise<void>
}

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
    dialect = "sqlite"
  } else {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    // An idle connection the server ends (a restart, an admin's terminate) is dropped by the pool
    // and a new one is opened on the next query, which reports any real outage. Without a
    // listener the 'error' event would take the whole process down.
    pool.on("error", () => undefined)
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    dialect = "postgres"
  }
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    await db.destroy()
    throw new Error(
      `migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return { db, dialect, ...(pool ? { pool } : {}), close: () => db.destroy() }
}
