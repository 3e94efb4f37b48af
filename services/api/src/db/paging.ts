/**
 * Keyset paging for the lists: rows in a fixed order of unique sort keys, a page being the rows
 * after the last one a client saw. A row inserted meanwhile is on a later page or an earlier one,
 * never makes another row appear twice or be skipped (offsets would).
 */
import { type ExpressionBuilder, sql } from "kysely"

/** What a page asks for: at most `limit` rows after the sort keys `after` (from the page before). */
export interface PageRequest {
  readonly limit: number
  readonly after?: ReadonlyArray<string> | undefined
}

/**
 * A page of rows, the number of rows in the whole list, whether any follow, and the sort keys of
 * its last row (the next page's `after`).
 */
export interface Rows<R> {
  readonly rows: ReadonlyArray<R>
  readonly total: number
  readonly more: boolean
  readonly last?: ReadonlyArray<string>
}

/** `(a, b) > (x, y)` (or `<`), spelt out: the same on SQLite and PostgreSQL, and index-friendly. */
export const after2 = <DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  [a, b]: readonly [string, string],
  [x, y]: readonly [string, string],
  op: ">" | "<" = ">",
) => eb.or([eb(sql.ref(a), op, x), eb.and([eb(sql.ref(a), "=", x), eb(sql.ref(b), op, y)])])

/** `count(*)` of a query's rows, as a number (PostgreSQL's is a bigint, sent as text). */
export const countOf = async (q: { executeTakeFirst: () => Promise<{ n: unknown } | undefined> }) =>
  Number((await q.executeTakeFirst())?.n ?? 0)
