/**
 * Everything a Referee may roll by name: each table of the registry, and the rolls the rules make
 * from several tables read together (a Spark is a Theme and an Action, N-REGION-07; a name is a
 * prefix and a suffix, N-TABLE-03, N-REGION-05, N-FACTION-05). The CLI's `nightsong roll` and any
 * other front end list and roll from here.
 *
 * @since 0.1.0
 */
import { type DiceSource, Expression, Table } from "@blight/dice"
import { rollFullName } from "./details.js"
import { tableIds, tables, UnknownTable } from "./registry.js"
import * as W from "./world.js"

/** One thing that can be rolled: its id, the title it goes by, and the catalogue tables it reads. */
export interface Rollable {
  readonly id: string
  readonly title: string
  /** The catalogue references (TBL-N-nn) of the tables rolled. */
  readonly refs: readonly string[]
  /** The die of a single table ("1d6", "d66"); absent for a roll of several tables. */
  readonly die?: string
}

/** A roll: the result, and for a single table the dice it showed and the row they picked. */
export interface Rolled {
  readonly rollable: Rollable
  readonly result: unknown
  readonly table?: Table.TableRoll<unknown>
}

interface Composite extends Rollable {
  readonly roll: (source: DiceSource) => unknown
}

const refsOf = (...ids: string[]): string[] => ids.map((id) => tables[id]!.ref)

/** A type's slug: "Wardens" → "wardens". */
const slug = (type: string): string => type.toLowerCase().replace(/\s+/g, "-")

const namePairs = <K extends string>(
  kind: "region" | "faction",
  pairs: Readonly<Record<K, W.NameTables>>,
  roll: (s: DiceSource, type: K) => W.RolledName,
): Composite[] =>
  (Object.entries(pairs) as [K, W.NameTables][]).map(([type, t]) => ({
    id: `name-${kind}-${slug(type)}`,
    // The tables' own heading where it differs (Wardens take the Wild Folk tables, R-N-TABLE-02).
    title: `${kind === "region" ? "Region" : "Faction"} name: ${type}${t.prefix.title === type ? "" : ` (the ${t.prefix.title} tables)`}`,
    refs: [t.prefix.ref, t.suffix.ref],
    roll: (s) => roll(s, type).name,
  }))

const composites: readonly Composite[] = [
  {
    id: "spark",
    title: "Spark (Theme + Action)",
    refs: refsOf(W.sparkTheme.id, W.sparkAction.id),
    roll: (s) => W.rollSpark(s),
  },
  {
    id: "full-name",
    title: "A character's name and surname",
    refs: refsOf("names", "names-cont", "surname", "surname-suffix"),
    roll: (s) => rollFullName(s),
  },
  ...namePairs("region", W.regionNameTables, W.rollRegionName),
  ...namePairs("faction", W.factionNameTables, W.rollFactionName),
]

const single = (id: string): Rollable => {
  const t = tables[id]!
  return { id, title: t.title, refs: [t.ref], die: Expression.formatExpression(t.die) }
}

/** Every rollable, the single tables in catalogue order first, then the rolls of several tables. */
export const rollables: readonly Rollable[] = [
  ...tableIds.map(single),
  ...composites.map(({ roll: _roll, ...r }) => r),
]

/** The ids of {@link rollables}, in their order. */
export const rollableIds: readonly string[] = rollables.map((r) => r.id)

/** Rolls the table (or the tables read together) with this id; an unknown id is an {@link UnknownTable}. */
export const rollById = (source: DiceSource, id: string, path = "table"): Rolled => {
  const composite = composites.find((c) => c.id === id)
  if (composite !== undefined) {
    const { roll, ...rollable } = composite
    return { rollable, result: roll(source) }
  }
  if (!Object.hasOwn(tables, id)) throw new UnknownTable({ path, id, known: rollableIds })
  const t = tables[id]!
  const table = Table.rollOn(source, t, t.id)
  return { rollable: single(id), result: table.result, table }
}
