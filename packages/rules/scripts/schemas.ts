/**
 * Writes the JSON Schemas of the pack format to packages/rules/schemas/ (run:
 * `npm run schemas -w @blight/rules`). A test fails when the committed files are not current.
 */
import { fileURLToPath } from "node:url"
// @ts-expect-error: a plain .mjs script, no types
import { writeSchemas } from "../../../scripts/write-schemas.mjs"
import { jsonSchemas, schemaText } from "../src/JsonSchemas.js"

writeSchemas(fileURLToPath(new URL("../schemas/", import.meta.url)), jsonSchemas(), schemaText)
