// Two builds of @blight/rules side by side, for a before/after figure of a change to the fast path:
// `node bench/sim-ab.mjs OTHER [declared|board|campaign] [raids] [runs]`, where OTHER is the
// `dist/index.js` of another build (e.g. a copy of `packages/rules/dist` made before the change,
// kept under this repository so it resolves the same dependencies). Both play the same raids (the
// Cache, the two example rosters, sensible policies; `campaign`: `raids` campaign runs of 3 raids,
// played by the campaign's own policy). Each run plays each build in a fresh child process (one
// warm-up pass, then one timed pass), the two builds alternating which goes first: two builds in one
// process measured unevenly (a build against a copy of itself read 0.95-1.26x, the second slot ahead
// in eleven of twelve runs). Each build's least CPU time of `runs` runs is reported, and whether the
// two gave the same summaries (a hash of all of them).
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { loadavg } from "node:os"
import { resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { seeded } from "@blight/dice"
import { Result } from "effect"

const CAMPAIGN_RAIDS = 3

// A child: `--child BUILD TABLE RAIDS` plays the raids twice (warm-up, then timed) and prints
// `{cpu, hash}`; BUILD is a path to a dist/index.js, or "this" for the workspace's own build.
const child = async ([build, table, raidsArg]) => {
  const R = await import(build === "this" ? "@blight/rules" : pathToFileURL(resolve(build)).href)
  const raids = Number(raidsArg)
  const roster = (f) =>
    JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
  const registry = R.coreRegistry()
  const refuges = ["refuge.json", "congregation.json"].map((f) =>
    Result.getOrThrow(R.Founding.found(roster(f), registry, { source: seeded(3) })),
  )
  const spec = { refuges, scenario: "cache", table, policies: ["sensible"], seed: 1 }
  const one =
    table === "campaign"
      ? (i) => R.SimCampaign.simulateCampaign({ refuges, seed: 1, raids: CAMPAIGN_RAIDS }, registry, i)
      : (i) => R.SimRaid.simulate(spec, registry, i)
  const play = () => {
    const out = []
    for (let i = 0; i < raids; i++) out.push(Result.getOrThrow(one(i)))
    return createHash("sha256").update(JSON.stringify(out)).digest("hex")
  }
  play()
  const c0 = process.cpuUsage()
  const hash = play()
  const c = process.cpuUsage(c0)
  console.log(JSON.stringify({ cpu: (c.user + c.system) / 1e6, hash }))
}

const parent = ([otherPath, table = "declared", raidsArg, runsArg]) => {
  if (!otherPath) {
    console.error("usage: node bench/sim-ab.mjs OTHER/dist/index.js [declared|board|campaign] [raids] [runs]")
    process.exit(2)
  }
  const campaign = table === "campaign"
  const raids = Number(raidsArg ?? (table === "board" ? 3 : campaign ? 4 : 20))
  const runs = Number(runsArg ?? (table === "board" ? 2 : 8))
  const self = fileURLToPath(import.meta.url)
  const builds = { other: resolve(otherPath), this: "this" }
  const cpu = { other: Number.POSITIVE_INFINITY, this: Number.POSITIVE_INFINITY }
  const hash = {}
  for (let r = 0; r < runs; r++)
    for (const k of r % 2 === 0 ? ["other", "this"] : ["this", "other"]) {
      const out = execFileSync(process.execPath, [self, "--child", builds[k], table, String(raids)], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      })
      const got = JSON.parse(out.trim().split("\n").pop())
      hash[k] = got.hash
      cpu[k] = Math.min(cpu[k], got.cpu)
    }
  const played = campaign ? raids * CAMPAIGN_RAIDS : raids
  const rate = (k) => (played / cpu[k]).toFixed(2)
  console.log(
    `${table}, ${campaign ? `${raids} campaigns of ${CAMPAIGN_RAIDS} raids` : `${raids} raids`}, least CPU time of ${runs} runs (a fresh process each): other ${rate("other")}, this ${rate("this")} raids per CPU-second: ${(cpu.other / cpu.this).toFixed(2)}× (${hash.other === hash.this ? "the same summaries" : "DIFFERENT summaries"})`,
  )
  if (hash.other !== hash.this) process.exitCode = 1
  console.log(
    `load average: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  )
}

const args = process.argv.slice(2)
if (args[0] === "--child") await child(args.slice(1))
else parent(args)
