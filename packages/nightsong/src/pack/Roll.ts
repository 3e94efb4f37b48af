/**
 * Rolling what packs bring: a pack's own tables (as the rules' tables are rolled, N-TABLE-01,
 * N-TABLE-02), and a Spell from a Spell table for a Shard (R-N-PACK-05).
 *
 * @since 0.3.0
 */
import { type DiceSource, Table } from "@blight/dice"
import { ProcedureError } from "../procedures/Errors.js"
import { type Content, entries, entry } from "./Content.js"
import type { EntryOf, Spell } from "./Entries.js"

/** A pack table's roll: the table's id and name, what the dice showed, and the row's result. */
export interface PackRoll {
  readonly table: string
  readonly name: string
  readonly pack: string
  readonly roll: Table.TableRoll<string>
}

/** The ids of every table the packs bring (their own tables, then their Spell tables). */
export const packTableIds = (c: Content): string[] => [
  ...entries(c, "tables").map((t) => t.id),
  ...entries(c, "spellTables").map((t) => t.id),
]

/** Rolls a pack's table, or a Spell table (its result the Spell's name); undefined if no pack has it. */
export const rollPackTable = (source: DiceSource, c: Content, id: string): PackRoll | undefined => {
  const own = c.entries.tables.find((s) => s.entry.id === id)
  if (own !== undefined) {
    const t = own.entry
    const table = { die: t.die, rows: t.rows.map((r) => ({ key: r.key, result: r.result })) }
    return { table: id, name: t.name, pack: own.pack, roll: Table.rollOn(source, table, id) }
  }
  const spells = c.entries.spellTables.find((s) => s.entry.id === id)
  if (spells === undefined) return undefined
  const r = rollSpell(source, c, id)
  return { table: id, name: spells.entry.name, pack: spells.pack, roll: { ...r.roll, result: r.spell.name } }
}

/** The Spell table a Shard is rolled on: the one asked for, else the first loaded (R-N-PACK-05). */
export const spellTableOf = (c: Content, id?: string): EntryOf["spellTables"] | undefined => {
  const t = id === undefined ? entries(c, "spellTables")[0] : entry(c, "spellTables", id)
  if (id !== undefined && t === undefined)
    throw new ProcedureError({
      path: "spellTable",
      reason: `no pack has a Spell table "${id}" (known: ${
        entries(c, "spellTables")
          .map((x) => x.id)
          .join(", ") || "none"
      })`,
      clause: "R-N-PACK-05",
    })
  return t
}

/** Rolls a Spell on a Spell table (R-N-PACK-05). */
export const rollSpell = (
  source: DiceSource,
  c: Content,
  tableId?: string,
): { readonly spell: Spell; readonly table: string; readonly roll: Table.TableRoll<string> } => {
  const t = spellTableOf(c, tableId)
  if (t === undefined)
    throw new ProcedureError({
      path: "spellTable",
      reason: "no pack loaded has a Spell table (the rules publish none, GAP-N-01)",
      clause: "R-N-PACK-05",
    })
  const roll = Table.rollOn(
    source,
    { die: t.die, rows: t.rows.map((r) => ({ key: r.key, result: r.spell })) },
    t.id,
  )
  // The loader checked every row's Spell is loaded.
  return { spell: entry(c, "spells", roll.result)!, table: t.id, roll }
}
