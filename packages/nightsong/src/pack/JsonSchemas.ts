/**
 * JSON Schemas of the Nightsong pack format, generated as The Blight's are: `pack.schema.json`
 * (a whole pack) and one per entry kind. `npm run schemas -w @blight/nightsong` writes them to
 * `packages/nightsong/schemas/`; a test fails when the committed files are not current.
 *
 * @since 0.3.0
 */
import { SchemaJson } from "@blight/dice"
import type { Schema } from "effect"
import { entrySchemas, KINDS } from "./Entries.js"
import { Pack } from "./Pack.js"

/** Where the schemas are published: the package's `schemas/` folder, as served from the registry. */
export const SCHEMA_BASE = "https://unpkg.com/@blight/nightsong/schemas/"

const generate = (schema: Schema.Top, name: string, title: string) =>
  SchemaJson.published(schema, `${SCHEMA_BASE}${name}`, title)

/** Every generated JSON Schema, by file name. */
export const jsonSchemas = (): Record<string, unknown> => ({
  "pack.schema.json": generate(Pack, "pack.schema.json", "Nightsong content pack"),
  ...Object.fromEntries(
    KINDS.map((kind) => [
      `${kind}.schema.json`,
      generate(entrySchemas[kind], `${kind}.schema.json`, `Nightsong content pack entry: ${kind}`),
    ]),
  ),
})

/** A generated schema as the text written to disk. */
export const schemaText = (schema: unknown): string => `${JSON.stringify(schema, null, 2)}\n`
