/**
 * Writes the JSON Schemas of the pack format to packages/rules/schemas/ (run:
 * `npm run schemas -w @blight/rules`). A test fails when the committed files are not current.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { jsonSchemas, schemaText } from "../src/JsonSchemas.js"

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas")
mkdirSync(dir, { recursive: true })
const schemas = jsonSchemas()
// Remove schemas of kinds that no longer exist, so the folder is exactly what is generated.
for (const f of readdirSync(dir)) if (f.endsWith(".schema.json") && !(f in schemas)) rmSync(join(dir, f))
for (const [name, schema] of Object.entries(schemas)) writeFileSync(join(dir, name), schemaText(schema))
process.stdout.write(`wrote ${Object.keys(schemas).length} JSON Schemas to ${dir}\n`)
