/**
 * JSON Schemas generated from the pack schemas, for editors and for authors in any language:
 * `pack.schema.json` (a whole pack), `fragment.schema.json` (a data file of entries), and one per
 * entry kind. `npm run schemas -w @blight/rules` writes them to `packages/rules/schemas/`.
 *
 * @since 0.1.0
 */
import { SchemaJson } from "@blight/dice"
import { Schema } from "effect"
import { Board } from "./battle/table/board/Board.js"
import { Fragment, Pack } from "./content/Pack.js"
import { entrySchemas } from "./content/schema/Entries.js"
import { MarketTripRequest } from "./refuge/Market.js"
import { Roster } from "./refuge/Roster.js"
import { KINDS } from "./terms/Ids.js"

/** Where the schemas are published: the package's `schemas/` folder, as served from the registry. */
export const SCHEMA_BASE = "https://unpkg.com/@blight/rules/schemas/"

const generate = (schema: Schema.Top, name: string, title: string) =>
  SchemaJson.published(schema, `${SCHEMA_BASE}${name}`, title)

/**
 * A Market trip as a client sends it to the service: the orders, the Refuge version they were
 * planned against (a stale one is refused) and an optional seed.
 */
export const MarketTripBody = Schema.Struct({
  version: Schema.Int.check(Schema.isGreaterThan(0)).annotate({
    description: "The Refuge version this trip was planned against (409 if stale)",
  }),
  by: MarketTripRequest.fields.by,
  orders: MarketTripRequest.fields.orders,
  seed: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))),
}).annotate({ identifier: "MarketTripRequest" })

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
    MarketTripBody,
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
