/**
 * The embedded SQLite file, as the connection kysely's SqliteDialect drives: better-sqlite3 13, on
 * every supported Node (22.12 and later). It is a Node-API addon, so one build serves every Node
 * version, and its package ships prebuilt binaries for the common platforms (elsewhere it compiles
 * at install). One driver, one path: the `node:sqlite` fallback that Node 20 once needed is gone.
 */
import { createRequire } from "node:module"
import type { SqliteDatabase, SqliteStatement } from "kysely"

/** A SQLite connection: what kysely needs, and `exec` for pragmas and plain SQL. */
export interface SqliteConnection extends SqliteDatabase {
  /** The driver that opened the file. */
  readonly driver: "better-sqlite3"
  readonly exec: (sql: string) => void
  /** True when no transaction is open on the connection. */
  readonly idle: () => boolean
}

const open = (file: string): SqliteConnection => {
  let SQLite: typeof import("better-sqlite3")
  try {
    SQLite = createRequire(import.meta.url)("better-sqlite3")
  } catch (e) {
    // Missing (an install that skipped it) or a build that does not load here: say which.
    const why = e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e)
    throw new Error(
      `SQLite on Node ${process.versions.node} needs the better-sqlite3 package (${why}); ` +
        "run npm install (or npm rebuild better-sqlite3), or set DATABASE_URL to a postgres:// URL",
    )
  }
  const db = new SQLite(file)
  return {
    driver: "better-sqlite3",
    exec: (sql) => void db.exec(sql),
    idle: () => !db.inTransaction,
    close: () => void db.close(),
    prepare: (sql) => db.prepare(sql),
  }
}

/**
 * kysely's SQLite driver prepares every query it runs, and preparing costs more than running a
 * small query (a key check, a row by id). The service runs a few dozen distinct statements, so each
 * is prepared once and kept: better-sqlite3's statements are reusable, and kysely runs them
 * synchronously, one at a time. Bounded, in case some path builds many distinct SQL strings.
 */
const withStatementCache = (conn: SqliteConnection, max = 500): SqliteConnection => {
  const prepared = new Map<string, SqliteStatement>()
  return {
    ...conn,
    prepare: (sql) => {
      let statement = prepared.get(sql)
      if (statement === undefined) {
        statement = conn.prepare(sql)
        if (prepared.size >= max) prepared.clear()
        prepared.set(sql, statement)
      }
      return statement
    },
  }
}

/** Opens (creating it if missing) the SQLite file at `file`. */
export const openSqlite = (file: string): SqliteConnection => {
  return withStatementCache(open(file))
}
