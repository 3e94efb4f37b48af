/**
 * Paging of the lists (REST `?limit=&cursor=`, GraphQL `limit` and `cursor`): a page holds `items`,
 * the list's `total`, the `limit` applied, and `next`, the cursor of the page after it (null on
 * the last). A cursor is opaque to clients: the sort keys of the last row seen, so a page is
 * stable under inserts (db/paging.ts).
 */
import { Effect, Schema } from "effect"
import type { PageRequest, Rows } from "../db/paging.js"
import { NumberFromString } from "../schemas.js"
import { type ApiError, badRequest } from "./ApiError.js"

/** Rows on a page when the request does not say. */
export const DEFAULT_PAGE = 50
/** The most rows a page may ask for. */
export const MAX_PAGE = 200

export const PageQuery = Schema.Struct({
  limit: Schema.optional(
    NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_PAGE })).annotate({
      description: `Rows on the page, 1 to ${MAX_PAGE} (default ${DEFAULT_PAGE})`,
    }),
  ),
  cursor: Schema.optional(
    Schema.String.check(Schema.isMaxLength(500)).annotate({
      description: "The `next` of the page before (absent: the first page)",
    }),
  ),
})

/** A page of a list of `item`s (the document's `<identifier>`). */
export const Page = <S extends Schema.Top>(item: S, identifier: string) =>
  Schema.Struct({
    items: Schema.Array(item),
    total: Schema.Int.annotate({ description: "Rows in the whole list, on every page" }),
    limit: Schema.Int.annotate({ description: "The most rows this page could hold" }),
    next: Schema.NullOr(Schema.String).annotate({
      description: "Pass as `cursor` for the page after this one; null on the last page",
    }),
  }).annotate({ identifier })

const cursorOf = (keys: ReadonlyArray<string>) => Buffer.from(JSON.stringify(keys)).toString("base64url")

const notACursor = (why: string) =>
  badRequest(`the query's cursor is not one this list gave: ${why}`, [
    { path: "cursor", message: `not a cursor of this list (${why})` },
  ])

/** The sort keys a cursor holds: `width` strings, as this list's cursors are made. */
const keysOf = (cursor: string, width: number): Effect.Effect<ReadonlyArray<string>, ApiError> => {
  let keys: unknown
  try {
    keys = /^[A-Za-z0-9_-]*$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))
      : undefined
  } catch {
    keys = undefined
  }
  return Array.isArray(keys) && keys.length === width && keys.every((k) => typeof k === "string")
    ? Effect.succeed(keys as string[])
    : Effect.fail(notACursor("malformed"))
}

/** The page a decoded query asks for, on a list whose rows sort by `width` keys. */
export const pageRequest = (
  q: Schema.Schema.Type<typeof PageQuery>,
  width: number,
): Effect.Effect<PageRequest, ApiError> =>
  q.cursor === undefined
    ? Effect.succeed({ limit: q.limit ?? DEFAULT_PAGE })
    : Effect.map(keysOf(q.cursor, width), (after) => ({ limit: q.limit ?? DEFAULT_PAGE, after }))

/** The answer for a page of rows, each shown by `view`. */
export const pageOf = <R, A>(rows: Rows<R>, limit: number, view: (r: R) => A) => ({
  items: rows.rows.map(view),
  total: rows.total,
  limit,
  next: rows.more && rows.last ? cursorOf(rows.last) : null,
})

/** A page of a list held whole in memory (short by nature), sorted by `keys`, which are unique. */
export const pageInMemory = <A>(
  all: ReadonlyArray<A>,
  keys: (a: A) => ReadonlyArray<string>,
  req: PageRequest,
): Rows<A> => {
  const cmp = (x: ReadonlyArray<string>, y: ReadonlyArray<string>) => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1
    return 0
  }
  const sorted = [...all].sort((a, b) => cmp(keys(a), keys(b)))
  const from = req.after ? sorted.filter((a) => cmp(keys(a), req.after!) > 0) : sorted
  const rows = from.slice(0, req.limit)
  const end = rows.at(-1)
  return { rows, total: all.length, more: from.length > req.limit, ...(end ? { last: keys(end) } : {}) }
}

/** A list's page: the request decoded from `q`, the rows `fetch`ed, each shown by `view`. */
export const paged = <R, A>(
  q: Schema.Schema.Type<typeof PageQuery>,
  width: number,
  fetch: (req: PageRequest) => Promise<Rows<R>>,
  view: (r: R) => A,
) =>
  Effect.flatMap(pageRequest(q, width), (req) =>
    Effect.map(
      Effect.promise(() => fetch(req)),
      (rows) => pageOf(rows, req.limit, view),
    ),
  )
