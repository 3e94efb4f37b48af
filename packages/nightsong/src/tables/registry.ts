/**
 * Every Nightsong table by id, so the CLI and the API can list and roll any of them.
 *
 * @since 0.1.0
 */
import { type DiceSource, Table } from "@blight/dice"
import { Schema } from "effect"
import * as Backgrounds from "./backgrounds.js"
import * as Details from "./details.js"
import type { AnyTable } from "./NightsongTable.js"
import * as World from "./world.js"

const all: readonly AnyTable[] = [
  ...Object.values(Backgrounds.backgroundTables),
  ...Object.values(Details.detailTables),
  Details.names,
  Details.namesCont,
  Details.surname,
  Details.surnameSuffix,
  World.regionType,
  World.regionVegetation,
  World.factionType,
  ...Object.values(World.regionNameTables).flatMap((t) => [t.prefix, t.suffix]),
  World.features,
  World.descriptor,
  World.sparkTheme,
  World.sparkAction,
  ...Object.values(World.factionNameTables).flatMap((t) => [t.prefix, t.suffix]),
  World.wants,
  World.through,
  World.has,
  World.is,
] as readonly AnyTable[]

/** Every table, keyed by id, in catalogue order (TBL-N-02 … TBL-N-55). */
export const tables: Readonly<Record<string, AnyTable>> = Object.fromEntries(
  [...all].sort((a, b) => a.ref.localeCompare(b.ref)).map((t) => [t.id, t]),
)

/** The ids of every table, in catalogue order. */
export const tableIds: readonly string[] = Object.keys(tables)

/** No table has this id; `known` lists what could have been asked for (default: every table id). */
export class UnknownTable extends Schema.TaggedError<UnknownTable>()("UnknownTable", {
  path: Schema.String,
  id: Schema.String,
  known: Schema.optional(Schema.Array(Schema.String)),
}) {
  override get message(): string {
    return `${this.path}: no Nightsong table is called ${JSON.stringify(this.id)} (known: ${(this.known ?? tableIds).join(", ")})`
  }
}

/** The table with this id, or an {@link UnknownTable} error. */
export const tableById = (id: string, path = "table"): AnyTable => {
  const t = Object.hasOwn(tables, id) ? tables[id] : undefined
  if (!t) throw new UnknownTable({ path, id })
  return t
}

/** Rolls on the table with this id. */
export const rollTable = (source: DiceSource, id: string): Table.TableRoll<unknown> => {
  const t = tableById(id)
  return Table.rollOn(source, t, t.id)
}
