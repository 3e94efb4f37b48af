// Writes generated JSON Schemas to a package's schemas/ folder, exactly: a schema no longer
// generated is removed. Used by `npm run schemas` in @blight/rules and @blight/nightsong.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/** Writes `schemas` (file name → schema) to `dir` with `text`, removing stale `*.schema.json`. */
export const writeSchemas = (dir, schemas, text) => {
  mkdirSync(dir, { recursive: true })
  for (const f of readdirSync(dir)) if (f.endsWith(".schema.json") && !(f in schemas)) rmSync(join(dir, f))
  for (const [name, schema] of Object.entries(schemas)) writeFileSync(join(dir, name), text(schema))
  process.stdout.write(`wrote ${Object.keys(schemas).length} JSON Schemas to ${dir}\n`)
}
