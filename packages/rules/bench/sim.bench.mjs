// `npm run bench -w @blight/rules` (part): declared raids per CPU-second on the simulation's fast
// path, the way before (every event built and handed to the tally, as a log would keep them:
// `recordAll`) against the lean way (the kernel keeps only the kinds the tally reads:
// `Context.Keep`), A/B in one run. Both play the same raids (the Cache, the two example rosters,
// sensible policies, on the declared table) and the bench checks their summaries are the same
// bytes. Each side runs in a fresh child process (a warm-up, then the timed raids), the two
// alternating which goes first, and each keeps its least CPU time: in one process the two paths
// share compiled code, and each slows the other's.
//
// `node bench/sim.bench.mjs --child recording|lean`: one side's run, printed as `{cpu, hash}`.
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { coreRegistry, Founding, SimRaid } from "../dist/index.js"

const WARM = 200
const RAIDS = 400
const PAIRS = 3

if (process.argv[2] === "--child") {
  const registry = coreRegistry()
  const roster = (f) =>
    JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
  const refuges = ["refuge.json", "congregation.json"].map((f) =>
    Result.getOrThrow(Founding.found(roster(f), registry, { source: seeded(3) })),
  )
  const spec = {
    refuges,
    scenario: "cache",
    table: "declared",
    policies: ["sensible"],
    seed: 1,
    recordAll: process.argv[3] === "recording",
  }
  for (let i = 0; i < WARM; i++) Result.getOrThrow(SimRaid.simulate(spec, registry, i))
  const out = []
  const c0 = process.cpuUsage()
  for (let i = WARM; i < WARM + RAIDS; i++) out.push(Result.getOrThrow(SimRaid.simulate(spec, registry, i)))
  const c = process.cpuUsage(c0)
  const hash = createHash("sha256").update(JSON.stringify(out)).digest("hex")
  console.log(JSON.stringify({ cpu: (c.user + c.system) / 1000, hash }))
  process.exit(0)
}

const side = (k) =>
  JSON.parse(
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", k], { encoding: "utf8" }),
  )
const best = { recording: Number.POSITIVE_INFINITY, lean: Number.POSITIVE_INFINITY }
const hashes = new Set()
for (let r = 0; r < PAIRS; r++)
  for (const k of r % 2 === 0 ? ["recording", "lean"] : ["lean", "recording"]) {
    const got = side(k)
    best[k] = Math.min(best[k], got.cpu)
    hashes.add(got.hash)
  }
if (hashes.size !== 1) throw new Error("the lean fast path's summaries differ from the recording one's")
const perCpuSecond = (k) => (RAIDS / best[k]) * 1000
console.log(
  `declared raids on the fast path (${PAIRS} pairs of processes, ${RAIDS} raids after ${WARM}, the same summaries): ` +
    `recording ${perCpuSecond("recording").toFixed(0)} per CPU-second, lean ${perCpuSecond("lean").toFixed(0)} ` +
    `= ${(perCpuSecond("lean") / perCpuSecond("recording")).toFixed(2)}× (target 2×)`,
)
