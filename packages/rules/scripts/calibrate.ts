/**
 * Counts how a seeded board answers the table's questions, and writes the counts the calibrated
 * declared table draws from (R-SIM-08) to src/sim/calibration.json (run:
 * `npm run sim:calibrate -w @blight/rules [-- RAIDS]`). The raids: each core scenario, the example
 * Refuge against the example Congregation and against itself, both policies that play for real
 * (sensible, odds), on a seeded random board each. Deterministic: the same counts every run.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { coreRegistry } from "../src/content/core/index.js"
import { found } from "../src/refuge/Founding.js"
import { type Counts, counting } from "../src/sim/Calibration.js"
import { played, type Spec } from "../src/sim/Raid.js"

const here = dirname(fileURLToPath(import.meta.url))
const raids = Number(process.argv[2] ?? 40)
const seed = 7
const registry = coreRegistry()
const roster = (name: string) =>
  JSON.parse(readFileSync(join(here, "..", "..", "..", "examples", "rosters", `${name}.json`), "utf8"))
const refuge = (name: string) => Result.getOrThrow(found(roster(name), registry, { source: seeded(seed) }))
const wharfside = refuge("refuge")
const gardeners = refuge("congregation")
const pairings = [
  [wharfside, gardeners],
  [wharfside, { ...wharfside, name: "Mirror" }],
] as const
const scenarios = registry.list("scenarios").map((s) => s.id)

const counts: Counts = {}
for (const scenario of scenarios)
  for (const refuges of pairings)
    for (const policy of ["sensible", "odds"] as const) {
      const spec: Spec = { refuges, scenario, table: "board", policies: [policy], seed }
      for (let i = 0; i < raids; i++)
        Result.getOrThrow(played(spec, registry, i, (space) => counting(space, counts)))
      process.stderr.write(`${scenario} ${refuges[1].name} ${policy}\n`)
    }

const sorted: Counts = Object.fromEntries(
  Object.keys(counts)
    .sort()
    .map((k) => [k, Object.fromEntries(Object.entries(counts[k] ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))]),
)
const out = join(here, "..", "src", "sim", "calibration.json")
writeFileSync(
  out,
  `${JSON.stringify({ source: { raids, seed, scenarios }, counts: sorted }, null, 1)}\n`,
)
process.stdout.write(`wrote ${Object.keys(sorted).length} question kinds to ${out}\n`)
