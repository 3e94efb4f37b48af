import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { coreRegistry, Founding, SimRaid } from "@blight/rules"
import { Either } from "effect"
const registry = coreRegistry()
const roster = (f) => JSON.parse(readFileSync(`/work/main/examples/rosters/${f}`, "utf8"))
const refuges = ["refuge.json", "congregation.json"].map((f) => Either.getOrThrow(Founding.found(roster(f), registry, { source: seeded(3) })))
const spec = { refuges, scenario: "cache", table: "board", policies: ["sensible"], seed: 1, audited: false }
const W = Number(process.argv[2]), N = Number(process.argv[3])
let t = performance.now()
for (let i = 0; i < W; i++) Either.getOrThrow(SimRaid.simulate(spec, registry, i))
console.log("warm-up", W, ((W / (performance.now() - t)) * 1000).toFixed(1), "raids/s")
const c0 = process.cpuUsage(); t = performance.now()
for (let i = W; i < W + N; i++) Either.getOrThrow(SimRaid.simulate(spec, registry, i))
const c = process.cpuUsage(c0)
console.log("timed", N, ((N / (performance.now() - t)) * 1000).toFixed(1), "raids/s", ((N / ((c.user + c.system) / 1e6))).toFixed(1), "per CPU-s")
