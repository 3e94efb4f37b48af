/**
 * Writes the JSON Schemas of the Nightsong pack format to packages/nightsong/schemas/ (run:
 * `npm run schemas -w @blight/nightsong`). A test fails when the committed files are not current.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { jsonSchemas, schemaText } from "../src/pack/JsonSchemas.js"

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas")
mkdirSync(dir, { recursive: true })
const schemas = jsonSchemas()
for (const f of readdirSync(dir)) if (f.endsWith(".schema.json") && !(f in schemas)) rmSync(join(dir, f))
for (const [name, schema] of Object.entries(schemas)) writeFileSync(join(dir, name), schemaText(schema))
process.stdout.write(`wrote ${Object.keys(schemas).length} JSON Schemas to ${dir}\n`)
