/**
 * Reading the core pack's campaign tables (Casualty, Loot, the Stranger, Gifts, Marks) by id, and
 * the row a result falls on (a row's key is one result or a range).
 *
 * @since 0.3.0
 */
import type { EntryOf } from "../content/schema/Entries.js"
import type { ContentView } from "../refuge/Content.js"
import { refuse } from "./Context.js"

type TableEntry = EntryOf["tables"]
type Row = { readonly key: string | number | readonly [number, number]; readonly result: unknown }

/** A table by its kind (`table` field), or a refusal naming what is missing. */
export const tableOf = <T extends TableEntry["table"]>(
  content: ContentView,
  kind: T,
): Extract<TableEntry, { table: T }> => {
  const t = content.list("tables").find((x) => x.table === kind)
  if (t === undefined) return refuse(`content: no ${kind} table is loaded`, "B-AFTERMATH-02")
  return t as Extract<TableEntry, { table: T }>
}

/** The result on the row that covers `n`, or a refusal: the named table has no such row (a pack's gap). */
export const rowFor = <R>(table: { readonly rows: ReadonlyArray<Row> }, n: number, name: string): R => {
  const r = rowOf<R>(table, n)
  if (r === undefined) return refuse(`content: the ${name} table has no row for ${n}`, "B-AFTERMATH-02")
  return r
}

/** The result on the row that covers `n`. */
export const rowOf = <R>(table: { readonly rows: ReadonlyArray<Row> }, n: number): R | undefined => {
  for (const r of table.rows) {
    const [lo, hi] =
      typeof r.key === "number"
        ? [r.key, r.key]
        : typeof r.key === "string"
          ? [Number(r.key), Number(r.key)]
          : r.key
    if (n >= lo && n <= hi) return r.result as R
  }
  return undefined
}

/** A half-and-entry roll (B-DICE-04): the first die picks 1–6 or 7–12. */
export const halfRow = (first: number, second: number): number => (first <= 3 ? 0 : 6) + second
