/**
 * Roll tables as typed data: a die expression and rows keyed by a face, a range of faces or a
 * 1D66 key, each with a result. Lookup, roll, and "roll again on a duplicate" (B-GIFT-05).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { InvalidTable } from "./Errors.js"
import {
  type DiceExpression,
  DiceExpressionFromString,
  type ExpressionRoll,
  outcomes,
  rollExpression,
} from "./Expression.js"
import { parseD66Key } from "./Roll.js"
import type { DiceSource } from "./Source.js"

/** A 1D66 key such as "3·4/5" (N-TABLE-01). */
export const D66Key = Schema.String.check(
  Schema.isPattern(/^[135]·[246]\/[1-6]$/),
  Schema.makeFilter((k: string) => {
    try {
      parseD66Key(k)
      return true
    } catch {
      return "a 1D66 key is a band 1·2, 3·4 or 5·6, a slash, and 1–6"
    }
  }),
).annotate({ identifier: "D66Key", description: 'A Nightsong 1D66 row key, e.g. "3·4/5"' })

/** A row key: one face, an inclusive range [from, to], or a 1D66 key. */
export const RowKey = Schema.Union([
  Schema.Int,
  Schema.Tuple([Schema.Int, Schema.Int]).annotate({
    description: "An inclusive range of results [from, to]",
  }),
  D66Key,
]).annotate({ identifier: "RowKey" })
export type RowKey = typeof RowKey.Type

/** A table row: the key it answers to, and its result. */
export const TableRow = <A, I, RD, RE>(result: Schema.Codec<A, I, RD, RE>) =>
  Schema.Struct({ key: RowKey, result })

/** A roll table over results of one schema. */
export const RollTable = <A, I, RD, RE>(result: Schema.Codec<A, I, RD, RE>) =>
  Schema.Struct({
    die: DiceExpressionFromString,
    rows: Schema.Array(TableRow(result)),
  })

/** A table in memory. */
export interface Table<A> {
  readonly die: DiceExpression
  readonly rows: ReadonlyArray<{ readonly key: RowKey; readonly result: A }>
}

/** The numeric outcome a key stands for (d66 keys map to row values 1–18, as rolled). */
const keyValues = (key: RowKey): number[] => {
  if (typeof key === "number") return [key]
  if (typeof key === "string") {
    const { band, entry } = parseD66Key(key)
    return [band * 6 + entry]
  }
  const [from, to] = key
  if (to < from) return []
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/**
 * Every problem with a table at once: a result its die can produce that no row covers, a row
 * that answers to a result the die cannot produce, and two rows that overlap. Empty when valid.
 */
export const tableProblems = <A>(table: Table<A>, path = "rows"): InvalidTable[] => {
  const problems: InvalidTable[] = []
  const possible = new Set(outcomes(table.die).map((o) => o.value))
  const owner = new Map<number, number>()
  const d66 = table.die.kind === "d66"
  table.rows.forEach((row, i) => {
    if ((typeof row.key === "string") !== d66) {
      problems.push(
        new InvalidTable({
          path: `${path}[${i}].key`,
          reason: d66 ? 'a 1D66 table is keyed like "3·4/5"' : 'only a 1D66 table uses keys like "3·4/5"',
        }),
      )
      return
    }
    const values = keyValues(row.key)
    if (values.length === 0)
      problems.push(new InvalidTable({ path: `${path}[${i}].key`, reason: "an empty range" }))
    for (const v of values) {
      if (!possible.has(v)) {
        problems.push(new InvalidTable({ path: `${path}[${i}].key`, reason: `the die cannot roll ${v}` }))
        break
      }
      const prior = owner.get(v)
      if (prior !== undefined) {
        problems.push(
          new InvalidTable({
            path: `${path}[${i}].key`,
            reason: `result ${v} is also covered by row ${prior}`,
          }),
        )
        break
      }
      owner.set(v, i)
    }
  })
  const missing = [...possible].filter((v) => !owner.has(v))
  if (missing.length > 0 && problems.length === 0) {
    problems.push(
      new InvalidTable({
        path,
        reason: `no row for result${missing.length > 1 ? "s" : ""} ${missing.slice(0, 8).join(", ")}${missing.length > 8 ? ", …" : ""} (the table has ${table.rows.length} rows)`,
      }),
    )
  }
  return problems
}

/** Throws the first problem of an invalid table. */
export const assertTable = <A>(table: Table<A>): Table<A> => {
  const [first] = tableProblems(table)
  if (first) throw first
  return table
}

/** The index of the row that answers a rolled value (or a 1D66 key); throws outside the table. */
export const rowIndex = <A>(table: Table<A>, value: number | string): number => {
  const v = typeof value === "string" ? keyValues(value)[0]! : value
  const i = table.rows.findIndex((r) => keyValues(r.key).includes(v))
  if (i < 0) throw new InvalidTable({ path: "value", reason: `no row answers ${String(value)}` })
  return i
}

/** The result for a rolled value (or a 1D66 key). */
export const lookup = <A>(table: Table<A>, value: number | string): A =>
  table.rows[rowIndex(table, value)]!.result

/** A table roll: what the dice showed and the row they picked. */
export interface TableRoll<A> {
  readonly roll: ExpressionRoll
  readonly index: number
  readonly result: A
}

/** Rolls on a table. */
export const rollOn = <A>(source: DiceSource, table: Table<A>, label = "table"): TableRoll<A> => {
  const roll = rollExpression(source, table.die, label)
  const index = rowIndex(table, roll.value)
  return { roll, index, result: table.rows[index]!.result }
}

/**
 * Rolls on a table, rolling again while the row is one already taken (B-GIFT-05). Every roll,
 * including the discarded duplicates, is returned for the record. Fails if every row is taken.
 */
export const rollUnique = <A>(
  source: DiceSource,
  table: Table<A>,
  taken: ReadonlySet<number>,
  label = "table",
): { readonly rolls: readonly TableRoll<A>[]; readonly final: TableRoll<A> } => {
  if (table.rows.every((_, i) => taken.has(i))) {
    throw new InvalidTable({ path: "taken", reason: "every row is already taken; nothing left to roll" })
  }
  const rolls: TableRoll<A>[] = []
  for (;;) {
    const r = rollOn(source, table, label)
    rolls.push(r)
    if (!taken.has(r.index)) return { rolls, final: r }
  }
}
