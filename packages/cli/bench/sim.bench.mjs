// `npm run bench -w @blight/cli`: `blight sim`'s speed, each figure a ratio against a baseline
// measured in the same run (a JSON round-trip of the raid's first state, as the raid engine's
// bench uses). Three questions: raids per second on one core on the declared table (the abstract
// table of R-SIM-01) and on a seeded 2-D board, each on the fast path (the default: one state
// changed in place, no event log) and through the audited engine (`audited: true`), the same raids
// in the same run (the bench checks they give the same summaries); the declared table again once
// the JIT is warm (a process's first few hundred raids run at a fraction of its later speed, and a
// long simulation is mostly the later ones); and the scaling of `blight sim` from 1 to 2 worker
// threads (wall time of the same raids, the same bytes out), beside what two processes at once give
// on this machine for the same work. Campaign runs, fast and audited, too.
//
// `node bench/sim.bench.mjs --steady WARM N` (used by the bench itself): plays WARM declared raids,
// then times N more and prints `{ perSecond }` (a process's speed once its JIT has settled).
import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { seeded } from "@blight/dice"
import { Battle, coreRegistry, Founding, SimCampaign, SimRaid } from "@blight/rules"
import { Result } from "effect"

const run = promisify(execFile)
const registry = coreRegistry()
const roster = (f) =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
const refuges = ["refuge.json", "congregation.json"].map((f) =>
  Result.getOrThrow(Founding.found(roster(f), registry, { source: seeded(3) })),
)
const spec = (table, audited) => ({
  refuges,
  scenario: "cache",
  table,
  policies: ["sensible"],
  seed: 1,
  audited,
})
const play = (table, from, n) => {
  for (let i = from; i < from + n; i++) Result.getOrThrow(SimRaid.simulate(spec(table, false), registry, i))
}
/** Raids per second (wall) and per CPU-second of `n` raids, after `warm` raids in this process. */
const warmRate = (warm, n, table = "declared") => {
  play(table, 0, warm)
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  play(table, warm, n)
  const ms = performance.now() - t0
  const c = process.cpuUsage(c0)
  return { perSecond: (n / ms) * 1000, perCpuSecond: (n / ((c.user + c.system) / 1000)) * 1000 }
}
if (process.argv[2] === "--steady") {
  console.log(JSON.stringify(warmRate(Number(process.argv[3]), Number(process.argv[4]))))
  process.exit(0)
}

/**
 * The least ms of `reps` runs after one warm-up (on a shared machine the others measure
 * neighbours), and the least CPU ms of this process over the same runs (less disturbed by them).
 */
const leastWithCpu = (fn, reps) => {
  fn()
  let best = Number.POSITIVE_INFINITY
  let cpu = Number.POSITIVE_INFINITY
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    fn()
    best = Math.min(best, performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu = Math.min(cpu, (c.user + c.system) / 1000)
  }
  return { ms: best, cpu }
}
const least = (fn, reps) => leastWithCpu(fn, reps).ms

// Baseline: JSON round-trips of a raid's first state.
const first = Result.getOrThrow(Battle.create({ refuges, dice: { seed: 1 } }, Battle.envOf(registry))).state
const ROUND_TRIPS = 2000
const baselineMs = least(() => {
  for (let i = 0; i < ROUND_TRIPS; i++) JSON.parse(JSON.stringify(first))
}, 5)
const baseline = (ROUND_TRIPS / baselineMs) * 1000

const raidsPerSecond = (table, audited, n, reps) => {
  let commands = 0
  let out = ""
  const { ms, cpu } = leastWithCpu(() => {
    commands = 0
    const summaries = []
    for (let i = 0; i < n; i++) {
      const s = Result.getOrThrow(SimRaid.simulate(spec(table, audited), registry, i))
      commands += s.commands
      summaries.push(s)
    }
    out = JSON.stringify(summaries)
  }, reps)
  return { perSecond: (n / ms) * 1000, perCpuSecond: (n / cpu) * 1000, commands: commands / n, out }
}
const paths = (table, n, reps) => {
  const fast = raidsPerSecond(table, false, n, reps)
  const audited = raidsPerSecond(table, true, n, reps)
  if (fast.out !== audited.out) throw new Error(`${table}: the fast path and the audited engine disagree`)
  return { fast, audited }
}
const declared = paths("declared", 20, 3)
const board = paths("board", 2, 1)
// The same declared raids once the JIT has settled: 1,500 more raids played first (the cold figure
// above is the first few dozen of a process).
const WARM = 1500
const warm = warmRate(WARM, 1000)
// The board once warm too: 30 raids played first, then 30 timed (a board raid is ~50× a declared
// one, so this is the board's figure for a long simulation, as the one above is the table's).
const BOARD_WARM = 30
const boardWarm = warmRate(BOARD_WARM, 30, "board")

// Campaign runs (`blight sim --campaign`): campaigns of 3 raids each, Errands and Aftermaths
// included, on the fast path and audited (the bench checks the summaries are the same).
const CAMPAIGN_RAIDS = 3
const campaignsPerSecond = (audited, n, reps) => {
  let out = ""
  const { ms, cpu } = leastWithCpu(() => {
    const summaries = []
    for (let j = 0; j < n; j++)
      summaries.push(
        Result.getOrThrow(
          SimCampaign.simulateCampaign({ refuges, seed: 1, raids: CAMPAIGN_RAIDS, audited }, registry, j),
        ),
      )
    out = JSON.stringify(summaries)
  }, reps)
  const raids = n * CAMPAIGN_RAIDS
  return { perSecond: (raids / ms) * 1000, perCpuSecond: (raids / cpu) * 1000, out }
}
const campaign = { fast: campaignsPerSecond(false, 4, 3), audited: campaignsPerSecond(true, 4, 3) }
if (campaign.fast.out !== campaign.audited.out)
  throw new Error("campaigns: the fast path and the audited engine disagree")

// Workers: the same raids through the built CLI, each run a fresh process (so neither is warmed
// up by the raids above), 1 and 2 threads alternately, the faster of two each. Each thread warms
// its own JIT (its first few hundred raids run at a fraction of its later speed), so a short run
// measures warm-up, not scaling: 3,000 raids by default.
const bin = fileURLToPath(new URL("../bin/blight.js", import.meta.url))
const RAIDS = Number(process.env.SIM_BENCH_WORKER_RAIDS ?? 3000)
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

// What this machine gives for this very work with both cores busy: the warm speed of two processes
// at once (each `--steady`: 1,000 raids, then 1,000 timed) against one alone. The threads above
// can't beat this; a process alone also has V8's compiler and GC threads on the other core.
const self = fileURLToPath(import.meta.url)
const steadyRate = async () =>
  JSON.parse((await run(process.execPath, [self, "--steady", "1000", "1000"], { encoding: "utf8" })).stdout)
    .perSecond
const alone = await steadyRate()
const pair = (await Promise.all([steadyRate(), steadyRate()])).reduce((a, b) => a + b, 0)
const machine = pair / alone

const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(2))
const line = (what, r) =>
  console.log(
    `${what}: ${f(r.perSecond)} raids/s on one core, ${f(r.perCpuSecond)} per CPU-second (${f(r.commands)} commands a raid; ${(r.perSecond / baseline).toExponential(2)}× baseline)`,
  )
console.log(`baseline: JSON round-trips of a raid's first state: ${f(baseline)}/s`)
line("declared table (abstract, R-SIM-01), sensible policies, cache, fast path", declared.fast)
line("declared table, the same raids through the audited engine", declared.audited)
console.log(
  `declared table: fast path ${(declared.fast.perSecond / declared.audited.perSecond).toFixed(2)}× the audited engine (same summaries)`,
)
console.log(
  `declared table, fast path, warm (raids ${WARM}-${WARM + 999} of this process): ${f(warm.perSecond)} raids/s on one core, ${f(warm.perCpuSecond)} per CPU-second; ${(warm.perSecond / declared.fast.perSecond).toFixed(2)}× the cold figure above`,
)
line("2-D board (seeded random), sensible policies, cache, fast path", board.fast)
line("2-D board, the same raids through the audited engine", board.audited)
console.log(
  `2-D board, fast path, warm (raids ${BOARD_WARM}-${BOARD_WARM + 29} of this process): ${f(boardWarm.perSecond)} raids/s on one core, ${f(boardWarm.perCpuSecond)} per CPU-second`,
)
console.log(
  `2-D board: fast path ${(board.fast.perSecond / board.audited.perSecond).toFixed(2)}× the audited engine (same summaries)`,
)
for (const [path, r] of Object.entries(campaign))
  console.log(
    `campaign runs (${CAMPAIGN_RAIDS} raids each, Errands and Aftermaths included), ${path}: ${f(r.perSecond)} raids/s on one core, ${f(r.perCpuSecond)} per CPU-second (${(r.perSecond / baseline).toExponential(2)}× baseline)`,
  )
console.log(
  `campaign runs: fast path ${(campaign.fast.perSecond / campaign.audited.perSecond).toFixed(2)}× the audited engine (same summaries)`,
)
console.log(
  `blight sim --raids ${RAIDS} (a process each): 1 worker ${f(one.ms)} ms, 2 workers ${f(two.ms)} ms: ${(one.ms / two.ms).toFixed(2)}× (same bytes); two warm processes at once against one alone on this machine in this run: ${machine.toFixed(2)}×`,
)
console.log(
  `load average: ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
)
