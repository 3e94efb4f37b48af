/** The example Nightsong pack (examples/nightsong-pack), read as the CLI reads it. */
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Result } from "effect"
import { Packs } from "../../src/index.js"

export const EXAMPLE_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  "../../../../examples/nightsong-pack/barrow-lights.json",
)

/** The example pack's JSON, fresh each time (tests may break a copy). */
export const exampleData = (): Record<string, unknown> => JSON.parse(readFileSync(EXAMPLE_FILE, "utf8"))

/** The core pack with the example on top. */
export const exampleContent = (): Packs.Content => {
  const r = Packs.loadWithCore([{ source: "barrow-lights.json", data: exampleData() }])
  if (Result.isFailure(r)) throw r.failure
  return r.success
}

/** Every problem loading these packs over the core pack (none: []). */
export const problemsOf = (...data: unknown[]): Packs.PackProblem[] => {
  const r = Packs.loadWithCore(data.map((d, i) => ({ source: `pack${i}.json`, data: d })))
  return Result.isFailure(r) ? [...r.failure.problems] : []
}
