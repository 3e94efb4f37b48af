/**
 * A Nightsong table as data: the dice core's {@link Table.Table} plus a stable slug, the title the
 * rules text gives it, its catalogue reference (TBL-N-nn) and the schema of its results.
 *
 * Tables are written as plain rows and decoded once, at module load, through the core's
 * `RollTable(schema)`, then checked with `assertTable`: a typo in the data fails loudly on import,
 * never at the table.
 *
 * @since 0.1.0
 */
import { Roll, Table } from "@blight/dice"
import { Schema } from "effect"
import { decodeUnknownSync } from "../SchemaDecode.js"

/** A titled, typed roll table. */
export interface NightsongTable<A> extends Table.Table<A> {
  /** A stable slug, e.g. "region-name-waters". */
  readonly id: string
  /** The table's heading in the rules text, e.g. "Waters" or "+ [suffix]". */
  readonly title: string
  /** The rules catalogue's reference for the table, e.g. "TBL-N-24". */
  readonly ref: string
  /** The schema every result of the table satisfies (for JSON Schema and API answers). */
  readonly result: Schema.Codec<A, unknown>
}

/** Any table, whatever its results (for the registry). */
export type AnyTable = NightsongTable<unknown>

interface Heading {
  readonly id: string
  readonly title: string
  readonly ref: string
}

const build = <A, I>(
  heading: Heading,
  die: "d6" | "d20" | "d66",
  result: Schema.Codec<A, I>,
  rows: ReadonlyArray<{ readonly key: Table.RowKey; readonly result: I }>,
): NightsongTable<A> => {
  const decoded = decodeUnknownSync(Table.RollTable(result))({ die, rows })
  Table.assertTable(decoded)
  return { ...heading, die: decoded.die, rows: decoded.rows, result: result as Schema.Codec<A, unknown> }
}

/** A table keyed by die face, 1…n, in order (N-TABLE-02). */
export const faceTable = <A, I>(
  heading: Heading,
  die: "d6" | "d20",
  result: Schema.Codec<A, I>,
  entries: readonly NoInfer<I>[],
): NightsongTable<A> =>
  build(
    heading,
    die,
    result,
    entries.map((r, i) => ({ key: i + 1, result: r })),
  )

/** A 1D66 table keyed "1·2/1" … "5·6/6" in the text's order (N-TABLE-01). */
export const d66Table = <A, I>(
  heading: Heading,
  result: Schema.Codec<A, I>,
  entries: readonly NoInfer<I>[],
): NightsongTable<A> =>
  build(
    heading,
    "d66",
    result,
    entries.map((r, i) => ({ key: Roll.d66Keys[i] ?? `row ${i + 1}`, result: r })),
  )

/** A table of plain words, the commonest kind. */
export const wordTable = (heading: Heading, die: "d6" | "d20" | "d66", entries: readonly string[]) =>
  die === "d66"
    ? d66Table(heading, Schema.NonEmptyString, entries)
    : faceTable(heading, die, Schema.NonEmptyString, entries)

/**
 * Joins a name prefix and suffix as the text writes them ("Wyrm-" + "-haven" → "Wyrmhaven"):
 * the hyphens only mark where the halves meet (R-N-TABLE-01; N-REGION-05, N-FACTION-05, N-TABLE-03).
 */
export const joinName = (prefix: string, suffix: string): string =>
  `${prefix.replace(/-$/, "")}${suffix.replace(/^-/, "")}`
