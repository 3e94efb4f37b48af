/**
 * Keyset paging for the lists: rows in a fixed order of unique sort keys, a page being the rows
 * after the last one a client saw. A row inserted meanwhile is on a later page or an earlier one,
 * never makes another row appear twice or be skipped (offsets would).
 */
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely"
import type { Database } from "./Database.js"

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

/** The tables listed oldest first, by their unique `(created_at, id)`. */
type ByCreation = "refuges" | "raids" | "campaigns" | "nightsong_games"

/**
 * A page of `q` (a table's rows, already filtered to the caller's) in `(created_at, id)` order:
 * the count of the whole list, the rows after `req.after` (one over the limit, to know whether
 * more follow), each made what the list answers by `toRow`.
 */
export const pageByCreation = async <T extends ByCreation, R extends { created_at: string; id: string }, A>(
  q: SelectQueryBuilder<Database, T, object>,
  req: PageRequest,
  toRow: (row: R) => A,
): Promise<Rows<A>> => {
  const total = await countOf(q.select((eb) => eb.fn.countAll().as("n")))
  const from = req.after?.length === 2 ? ([req.after[0]!, req.after[1]!] as const) : undefined
  const fetched = (await q
    .selectAll()
    .$if(from !== undefined, (w) => w.where((eb) => after2(eb, ["created_at", "id"], from!)))
    .orderBy(sql.ref("created_at"))
    .orderBy(sql.ref("id"))
    .limit(req.limit + 1)
    .execute()) as unknown as R[]
  return pageOf(fetched, req, total, toRow)
}

/** A page of rows fetched one past the limit (to tell there are more), keyed by creation for the next. */
export const pageOf = <R extends { readonly created_at: string; readonly id: string }, A>(
  fetched: ReadonlyArray<R>,
  req: PageRequest,
  total: number,
  toRow: (r: R) => A,
): Rows<A> => {
  const rows = fetched.slice(0, req.limit)
  const end = rows.at(-1)
  return {
    rows: rows.map(toRow),
    total,
    more: fetched.length > req.limit,
    ...(end ? { last: [end.created_at, end.id] } : {}),
  }
}
