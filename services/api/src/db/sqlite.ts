/**
 * The embedded SQLite file, as the connection kysely's SqliteDialect drives: the runtime's own
 * `node:sqlite` where Node ships it complete enough (Node 24), better-sqlite3 on Node 20, which
 * has none. Same file format, same SQL, same migrations either way.
 *
 * Why not better-sqlite3 everywhere: its 12.x addon derives from `node::ObjectWrap`, and Node
 * 24.19 changed that header so the destructor of a statement the garbage collector frees aborts
 * the process (`RemoveEnvironmentCleanupHook: (env) != nullptr`, nodejs/node#65446) — at any GC,
 * not only at exit. better-sqlite3 13 (Node-API) avoids it but needs Node 22 and crashes on 20.
 */
import { createRequire } from "node:module"
import type { SqliteDatabase, SqliteStatement } from "kysely"

/** A SQLite connection: what kysely needs, and `exec` for pragmas and plain SQL. */
export interface SqliteConnection extends SqliteDatabase {
  /** Which driver opened the file: `node:sqlite` or `better-sqlite3`. */
  readonly driver: "node:sqlite" | "better-sqlite3"
  readonly exec: (sql: string) => void
  /** True when no transaction is open on the connection (false when the driver can't tell). */
  readonly idle: () => boolean
}

// The parts of `node:sqlite` used here (the @types/node pinned for Node 20 has no such module).
interface StatementSync {
  columns(): unknown[]
  all(...parameters: unknown[]): unknown[]
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint }
  iterate(...parameters: unknown[]): Iterable<unknown>
}
interface NodeSqlite {
  StatementSync: { prototype: Partial<StatementSync> }
  DatabaseSync: new (
    file: string,
  ) => {
    exec(sql: string): void
    close(): void
    prepare(sql: string): StatementSync
    /** Node 22.16 and later. */
    readonly isTransaction?: boolean
  }
}

/** `node:sqlite`, when this runtime has it with `StatementSync#columns` (how a reader is told). */
const builtin = (): NodeSqlite | undefined => {
  const mod = process.getBuiltinModule?.("node:sqlite") as NodeSqlite | undefined
  return typeof mod?.StatementSync?.prototype.columns === "function" ? mod : undefined
}

const fromBuiltin = (mod: NodeSqlite, file: string): SqliteConnection => {
  const db = new mod.DatabaseSync(file)
  return {
    driver: "node:sqlite",
    exec: (sql) => db.exec(sql),
    idle: () => db.isTransaction === false,
    close: () => db.close(),
    prepare: (sql): SqliteStatement => {
      const stmt = db.prepare(sql)
      // Rows come with a null prototype; plain objects like better-sqlite3's keep results alike.
      const plain = (row: unknown) => ({ ...(row as object) })
      return {
        // A statement that yields columns (a SELECT, a RETURNING) is read, as better-sqlite3 decides.
        reader: stmt.columns().length > 0,
        all: (parameters) => stmt.all(...parameters).map(plain),
        run: (parameters) => stmt.run(...parameters),
        iterate: function* (parameters) {
          for (const row of stmt.iterate(...parameters)) yield plain(row)
        },
      }
    },
  }
}

const fromAddon = (file: string): SqliteConnection => {
  let SQLite: typeof import("better-sqlite3")
  try {
    SQLite = createRequire(import.meta.url)("better-sqlite3")
  } catch (e) {
    // Missing (an optional dependency whose build failed) or built for another Node: say which.
    const why = e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e)
    throw new Error(
      `SQLite on Node ${process.versions.node} needs the better-sqlite3 package (${why}); ` +
        "run npm install (or npm rebuild better-sqlite3), or use Node 24, whose node:sqlite needs nothing",
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
 * is prepared once and kept: both drivers' statements are reusable, and kysely runs them
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
  const mod = builtin()
  return withStatementCache(mod ? fromBuiltin(mod, file) : fromAddon(file))
}
