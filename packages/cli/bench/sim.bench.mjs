// `npm run bench -w @blight/cli`: `blight sim`'s speed, each figure a ratio against a baseline
// measured in the same run (a JSON round-trip of the raid's first state, as the raid engine's
// bench uses). Three questions: raids per second on one core on the declared table (the abstract
// table of R-SIM-01) and on a seeded 2-D board, both through the audited engine; and the scaling
// of `blight sim` from 1 to 2 worker threads (wall time of the same raids, the same bytes out).
import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { seeded } from "@blight/dice"
import { Battle, coreRegistry, Founding, SimRaid } from "@blight/rules"
import { Either } from "effect"

const run = promisify(execFile)
const registry = coreRegistry()
const roster = (f) =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
const refuges = ["refuge.json", "congregation.json"].map((f) =>
  Either.getOrThrow(Founding.found(roster(f), registry, { source: seeded(3) })),
)
const spec = (table) => ({ refuges, scenario: "cache", table, policies: ["sensible"], seed: 1 })

/** The least ms of `reps` runs after one warm-up (on a shared machine the others measure neighbours). */
const least = (fn, reps) => {
  fn()
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now()
    fn()
    best = Math.min(best, performance.now() - t0)
  }
  return best
}

// Baseline: JSON round-trips of a raid's first state.
const first = Either.getOrThrow(Battle.create({ refuges, dice: { seed: 1 } }, Battle.envOf(registry))).state
const ROUND_TRIPS = 2000
const baselineMs = least(() => {
  for (let i = 0; i < ROUND_TRIPS; i++) JSON.parse(JSON.stringify(first))
}, 5)
const baseline = (ROUND_TRIPS / baselineMs) * 1000

const raidsPerSecond = (table, n, reps) => {
  let commands = 0
  const ms = least(() => {
    commands = 0
    for (let i = 0; i < n; i++)
      commands += Either.getOrThrow(SimRaid.simulate(spec(table), registry, i)).commands
  }, reps)
  return { perSecond: (n / ms) * 1000, commands: commands / n }
}
const declared = raidsPerSecond("declared", 20, 3)
const board = raidsPerSecond("board", 2, 1)

// Workers: the same raids through the built CLI, each run a fresh process (so neither is warmed
// up by the raids above), 1 and 2 threads alternately, the fastest of each.
const bin = fileURLToPath(new URL("../bin/blight.js", import.meta.url))
const RAIDS = 60
const simWall = async (workers) => {
  const t0 = performance.now()
  const { stdout } = await run(
    process.execPath,
    [bin, "sim", "--raids", String(RAIDS), "--seed", "1", "--workers", String(workers), "--json"],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  )
  return { ms: performance.now() - t0, out: stdout }
}
const walls = { 1: [], 2: [] }
for (let rep = 0; rep < 2; rep++) for (const w of [1, 2]) walls[w].push(await simWall(w))
const best = (w) => walls[w].reduce((a, b) => (b.ms < a.ms ? b : a))
const one = best(1)
const two = best(2)
if (walls[1].some((r) => r.out !== two.out) || walls[2].some((r) => r.out !== two.out))
  throw new Error("1 and 2 workers printed different bytes")

const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(2))
console.log(`baseline: JSON round-trips of a raid's first state: ${f(baseline)}/s`)
console.log(
  `declared table (abstract, R-SIM-01), sensible policies, cache: ${f(declared.perSecond)} raids/s on one core (${f(declared.commands)} commands a raid; ${(declared.perSecond / baseline).toExponential(2)}× baseline)`,
)
console.log(
  `2-D board (seeded random), sensible policies, cache: ${f(board.perSecond)} raids/s on one core (${f(board.commands)} commands a raid; ${(board.perSecond / baseline).toExponential(2)}× baseline)`,
)
console.log(
  `blight sim --raids ${RAIDS} (a process each): 1 worker ${f(one.ms)} ms, 2 workers ${f(two.ms)} ms: ${(one.ms / two.ms).toFixed(2)}× (same bytes)`,
)
console.log(
  `load average: ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
)
