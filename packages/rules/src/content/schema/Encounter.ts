/**
 * Encounter tables (B-ENCOUNTER-*, GAP-B-10): Lesser and Greater, 12 rows each, rolled with two
 * dice (`die: "half"`: the first picks rows 1–6 or 7–12, the second the row). A row brings
 * creatures, maybe escorts, and a Greater row can bring a Congregation (a roll on a table).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { rollTableFields } from "../../terms/Dice.js"
import { EncounterId, TableRef } from "../../terms/Ids.js"
import { CreatureGroup, entryFields } from "./Common.js"

/** What an Encounter row brings. */
export const EncounterResult = Schema.Struct({
  name: Schema.optional(Schema.String),
  creatures: Schema.Array(CreatureGroup),
  escorts: Schema.optional(Schema.Array(CreatureGroup)),
  congregation: Schema.optional(TableRef).annotate({
    description: "Also roll on this Congregation table",
  }),
  text: Schema.optional(Schema.String),
})
  .check(
    Schema.makeFilter((r) =>
      r.creatures.length === 0 && r.congregation === undefined
        ? { path: ["creatures"], issue: "a row brings at least one creature or a Congregation" }
        : undefined,
    ),
  )
  .annotate({ identifier: "EncounterResult" })
export type EncounterResult = typeof EncounterResult.Type

/** An Encounter table. */
export const EncounterTable = Schema.Struct({
  ...entryFields(EncounterId),
  tier: Schema.Literals(["lesser", "greater"]),
  ...rollTableFields(EncounterResult),
}).annotate({ identifier: "EncounterTable" })
export type EncounterTable = typeof EncounterTable.Type
