// Two builds of @blight/rules side by side, for a before/after figure of a change to the fast path:
// `node bench/sim-ab.mjs OTHER [declared|board|campaign] [raids] [runs]`, where OTHER is the
// `dist/index.js` of another build (e.g. a copy of `packages/rules/dist` made before the change,
// kept under this repository so it resolves the same dependencies). Both play the same raids (the
// Cache, the two example rosters, sensible policies; `campaign`: `raids` campaign runs of 3 raids,
// played by the campaign's own policy) alternately in one process, which goes first swapping each
// run (the second of a pair ran about a tenth faster in runs of one build against itself); each
// build's least CPU time of `runs` runs is reported, and whether the two gave the same summaries
// (a hash of all of them).
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { seeded } from "@blight/dice"
import { Either } from "effect"

const [otherPath, table = "declared", raidsArg, runsArg] = process.argv.slice(2)
if (!otherPath) {
  console.error("usage: node bench/sim-ab.mjs OTHER/dist/index.js [declared|board] [raids] [runs]")
  process.exit(2)
}
const campaign = table === "campaign"
const CAMPAIGN_RAIDS = 3
const raids = Number(raidsArg ?? (table === "board" ? 3 : campaign ? 4 : 20))
const runs = Number(runsArg ?? (table === "board" ? 2 : 8))
const builds = {
  other: await import(pathToFileURL(resolve(otherPath)).href),
  this: await import("@blight/rules"),
}
const roster = (f) =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
const player = (R) => {
  const registry = R.coreRegistry()
  const refuges = ["refuge.json", "congregation.json"].map((f) =>
    Either.getOrThrow(R.Founding.found(roster(f), registry, { source: seeded(3) })),
  )
  const spec = { refuges, scenario: "cache", table, policies: ["sensible"], seed: 1 }
  const one = campaign
    ? (i) => R.SimCampaign.simulateCampaign({ refuges, seed: 1, raids: CAMPAIGN_RAIDS }, registry, i)
    : (i) => R.SimRaid.simulate(spec, registry, i)
  return () => {
    const out = []
    for (let i = 0; i < raids; i++) out.push(Either.getOrThrow(one(i)))
    return createHash("sha256").update(JSON.stringify(out)).digest("hex")
  }
}
const play = { other: player(builds.other), this: player(builds.this) }
const cpu = { other: Number.POSITIVE_INFINITY, this: Number.POSITIVE_INFINITY }
const hash = {}
for (let r = 0; r < runs; r++)
  for (const k of r % 2 === 0 ? ["other", "this"] : ["this", "other"]) {
    const c0 = process.cpuUsage()
    hash[k] = play[k]()
    const c = process.cpuUsage(c0)
    cpu[k] = Math.min(cpu[k], (c.user + c.system) / 1e6)
  }
const played = campaign ? raids * CAMPAIGN_RAIDS : raids
const rate = (k) => (played / cpu[k]).toFixed(2)
console.log(
  `${table}, ${campaign ? `${raids} campaigns of ${CAMPAIGN_RAIDS} raids` : `${raids} raids`}, least CPU time of ${runs} runs: other ${rate("other")}, this ${rate("this")} raids per CPU-second: ${(cpu.other / cpu.this).toFixed(2)}× (${hash.other === hash.this ? "the same summaries" : "DIFFERENT summaries"})`,
)
if (hash.other !== hash.this) process.exitCode = 1
console.log(
  `load average: ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
)
