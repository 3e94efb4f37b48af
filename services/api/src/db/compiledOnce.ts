/**
 * Hot queries compiled once. kysely builds and compiles a query's operation tree on every
 * execute; for a key check or a row-by-id read that costs more than running it (measured in
 * docs/performance.md). A query made with {@link compiledOnce} is compiled the first time it runs
 * on a database (or transaction) and then run with each call's parameters.
 */
import { type Compilable, type CompiledQuery, type Kysely, SelectQueryNode } from "kysely"
import type { Database } from "./Database.js"

type Q = Kysely<Database>

/**
 * Runs a read at once on a database's own connection, or answers undefined when it may not (a
 * transaction is open on it: kysely's queue keeps others' statements out of a transaction, and so
 * must this). Registered by `connect` for SQLite, whose statements run synchronously anyway; going
 * around kysely's connection queue and promises saves about a tenth of a plain read's CPU there
 * (docs/performance.md).
 */
export type DirectRead = (query: CompiledQuery) => unknown[] | undefined

const directReads = new WeakMap<Q, DirectRead>()

/** Lets the reads compiled once on `db` run directly (see {@link DirectRead}). */
export const readDirectly = (db: Q, read: DirectRead) => void directReads.set(db, read)

/**
 * Runs a read as a named prepared statement (PostgreSQL): the server parses and plans it once per
 * connection instead of on every request. Registered by `connect` for PostgreSQL; a transaction
 * (another Kysely object) is never registered, so its statements stay on its own connection.
 */
export type PreparedRead = (name: string, query: CompiledQuery) => Promise<unknown[]>

const preparedReads = new WeakMap<Q, PreparedRead>()

/** Lets the reads compiled once on `db` run as prepared statements (see {@link PreparedRead}). */
export const readPrepared = (db: Q, read: PreparedRead) => void preparedReads.set(db, read)

let statements = 0

/**
 * `build` makes the query from its parameters; every parameter must reach the compiled query once,
 * in order, and nothing else may (checked the first time: a query that breaks this is a bug, not
 * something to run with the wrong values).
 */
export const compiledOnce = <P extends ReadonlyArray<string | number>, O>(
  build: (db: Q, ...params: P) => Compilable<O>,
  placeholders: P,
) => {
  const compiled = new WeakMap<Q, CompiledQuery<O>>()
  // One name per query, the same on every connection (and every database) it runs on.
  const name = `blight_read_${++statements}`
  return async (db: Q, ...params: P): Promise<O[]> => {
    let query = compiled.get(db)
    if (query === undefined) {
      query = build(db, ...placeholders).compile()
      if (
        query.parameters.length !== placeholders.length ||
        query.parameters.some((p, i) => p !== placeholders[i])
      )
        throw new Error(`compiledOnce: the query does not take its parameters in order: ${query.sql}`)
      compiled.set(db, query)
    }
    const run = { ...query, parameters: params }
    // Only a read may go around kysely's queue (see DirectRead); another statement always queues.
    if (!SelectQueryNode.is(query.query)) return (await db.executeQuery<O>(run)).rows
    const rows = directReads.get(db)?.(run)
    if (rows !== undefined) return rows as O[]
    const prepared = preparedReads.get(db)
    return prepared ? ((await prepared(name, run)) as O[]) : (await db.executeQuery<O>(run)).rows
  }
}
