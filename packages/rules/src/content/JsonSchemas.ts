/**
 * JSON Schemas generated from the pack schemas, for editors and for authors in any language:
 * `pack.schema.json` (a whole pack), `fragment.schema.json` (a data file of entries), and one per
 * entry kind. `npm run schemas -w @blight/rules` writes them to `packages/rules/schemas/`.
 *
 * @since 0.1.0
 */
import { JSONSchema, type Schema } from "effect"
import { Board } from "../battle/board/Board.js"
import { MarketTripRequest } from "../refuge/Market.js"
import { Roster } from "../refuge/Roster.js"
import { Fragment, Pack } from "./Pack.js"
import { entrySchemas } from "./schema/Entries.js"
import { KINDS } from "./schema/Ids.js"

const generate = (schema: Schema.Schema.All, id: string, title: string) => {
  const { $schema, ...rest } = JSONSchema.make(schema as Schema.Schema<unknown, unknown>)
  return { $schema, $id: id, title, ...rest }
}

/** Every generated JSON Schema, by file name. */
export const jsonSchemas = (): Record<string, unknown> => {
  const out: Record<string, unknown> = {
    "pack.schema.json": generate(Pack, "pack.schema.json", "The Blight content pack"),
    "fragment.schema.json": generate(
      Fragment,
      "fragment.schema.json",
      "The Blight content pack data fragment",
    ),
  }
  // What a player submits to the builder: a roster to found, and a Market trip's orders.
  out["roster.schema.json"] = generate(
    Roster,
    "roster.schema.json",
    "The Blight roster (a Refuge or Congregation to found)",
  )
  out["market-trip.schema.json"] = generate(
    MarketTripRequest,
    "market-trip.schema.json",
    "The Blight Market trip (orders, in the order they are made)",
  )
  // A table's own layout, to play a raid on (`Board.decodeBoard`).
  out["board.schema.json"] = generate(
    Board,
    "board.schema.json",
    "The Blight board (a table's size and terrain)",
  )
  for (const kind of KINDS)
    out[`${kind}.schema.json`] = generate(
      entrySchemas[kind],
      `${kind}.schema.json`,
      `The Blight content pack entry: ${kind}`,
    )
  return out
}

/** A generated schema as the text written to disk. */
export const schemaText = (schema: unknown): string => `${JSON.stringify(schema, null, 2)}\n`
