// `npm run bench -w @blight/rules` (part): declared raids per CPU-second on the simulation's fast
// path, the way before (every event built and handed to the tally, as a log would keep them) and
// the lean way (the kernel keeps only the kinds the tally reads: `Context.Keep`), A/B in the same
// process. Both play the same raids (the Cache, the two example rosters, sensible policies, on the
// declared table); the bench checks their summaries are byte-identical. Each path is warmed up,
// then the two alternate for several rounds and each keeps its least CPU time: load from the rest
// of a shared machine falls on both alike.
import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { coreRegistry, Founding, SimRaid } from "../dist/index.js"

const registry = coreRegistry()
const roster = (f) =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
const refuges = ["refuge.json", "congregation.json"].map((f) =>
  Result.getOrThrow(Founding.found(roster(f), registry, { source: seeded(3) })),
)
const spec = (recordAll) => ({
  refuges,
  scenario: "cache",
  table: "declared",
  policies: ["sensible"],
  seed: 1,
  recordAll,
})
const paths = { recording: spec(true), lean: spec(false) }

const WARM = 300
const RAIDS = 200
const ROUNDS = 5
/** Plays raids [from, from + n) on a path: their summaries as JSON, and the CPU ms it took. */
const play = (s, from, n) => {
  const out = []
  const c0 = process.cpuUsage()
  for (let i = from; i < from + n; i++) out.push(Result.getOrThrow(SimRaid.simulate(s, registry, i)))
  const c = process.cpuUsage(c0)
  return { json: JSON.stringify(out), cpu: (c.user + c.system) / 1000 }
}
for (const s of Object.values(paths)) play(s, 0, WARM)
const best = { recording: Number.POSITIVE_INFINITY, lean: Number.POSITIVE_INFINITY }
for (let r = 0; r < ROUNDS; r++) {
  // Alternate which goes first, so neither always runs in the other's wake.
  const order = r % 2 === 0 ? ["recording", "lean"] : ["lean", "recording"]
  const got = {}
  for (const k of order) {
    got[k] = play(paths[k], WARM + r * RAIDS, RAIDS)
    best[k] = Math.min(best[k], got[k].cpu)
  }
  if (got.recording.json !== got.lean.json)
    throw new Error(`round ${r}: the lean fast path's summaries differ from the recording one's`)
}
const perCpuSecond = (k) => (RAIDS / best[k]) * 1000
console.log(
  `declared raids (fast path), ${ROUNDS} rounds of ${RAIDS} after ${WARM} warm-up, same summaries: ` +
    `recording ${perCpuSecond("recording").toFixed(0)} per CPU-second, lean ${perCpuSecond("lean").toFixed(0)} ` +
    `= ${(perCpuSecond("lean") / perCpuSecond("recording")).toFixed(2)}× (target 2×)`,
)
