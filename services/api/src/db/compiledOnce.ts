/**
 * Hot queries compiled once. kysely builds and compiles a query's operation tree on every
 * execute; for a key check or a row-by-id read that costs more than running it (measured in
 * docs/performance.md). A query made with {@link compiledOnce} is compiled the first time it runs
 * on a database (or transaction) and then run with each call's parameters.
 */
import type { Compilable, CompiledQuery, Kysely } from "kysely"
import type { Database } from "./Database.js"

type Q = Kysely<Database>

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
    return (await db.executeQuery<O>({ ...query, parameters: params })).rows
  }
}
