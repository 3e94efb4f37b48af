/**
 * The lists' pages (REST's `?limit=&cursor=`, app/paging.ts): one object type per item type, with
 * the list's `total`, the `limit` applied and the `next` cursor, and the `limit` and `cursor`
 * arguments, which the use-case decodes as it does REST's query strings (the same limits, the
 * same errors).
 */
import type { ObjectRef, UnionRef } from "@pothos/core"
import { DEFAULT_PAGE, MAX_PAGE } from "../app/paging.js"
import { builder } from "./builder.js"

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never

export const pageArgs = builder.args((t) => ({
  limit: t.int({ description: `Rows on the page, 1 to ${MAX_PAGE} (default ${DEFAULT_PAGE})` }),
  cursor: t.string({ description: "The `next` of the page before (absent: the first page)" }),
}))

/** The REST query string the page arguments stand for. */
export const pageQuery = (a: {
  readonly limit?: number | null | undefined
  readonly cursor?: string | null | undefined
}) => ({
  ...(a.limit != null ? { limit: String(a.limit) } : {}),
  ...(a.cursor != null ? { cursor: a.cursor } : {}),
})

interface PageShape {
  readonly items: ReadonlyArray<unknown>
  readonly total: number
  readonly limit: number
  readonly next: string | null
}

/** `<name>`: a page of `item`s. */
export const pageRef = (
  name: string,
  item: ObjectRef<Types, unknown> | UnionRef<Types, unknown>,
  description: string,
) =>
  builder.objectRef<PageShape>(name).implement({
    description,
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (p) => p.items }),
      total: t.exposeInt("total", { description: "Rows in the whole list, on every page" }),
      limit: t.exposeInt("limit", { description: "The most rows this page could hold" }),
      next: t.exposeString("next", {
        nullable: true,
        description: "Pass as `cursor` for the page after this one; null on the last page",
      }),
    }),
  })
