// Bytes allocated per warm declared raid, for one or more builds of @blight/rules:
// `node bench/sim-alloc.mjs [BUILD ...] [--raids N] [--warm W]`, BUILD a path to a `dist/index.js`
// (default: this workspace's build). Each build plays W raids to warm up, then N raids, in a fresh
// child process run with `--trace-gc-nvp`; the figure is the sum of what V8 says was allocated
// since the garbage collection before (`allocated=`) over the collections during the N raids,
// divided by N. It depends on the raids, not on the machine's load (within a percent or two: the
// last collection's count stops short of the last raid), so a change that allocates less shows
// here when a CPU-time figure is lost in the load.
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { seeded } from "@blight/dice"
import { Result } from "effect"

const START = "sim-alloc:start"
const END = "sim-alloc:end"

const child = async ([build, raidsArg, warmArg]) => {
  const R = await import(build === "this" ? "@blight/rules" : pathToFileURL(resolve(build)).href)
  const roster = (f) =>
    JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
  const registry = R.coreRegistry()
  const refuges = ["refuge.json", "congregation.json"].map((f) =>
    Result.getOrThrow(R.Founding.found(roster(f), registry, { source: seeded(3) })),
  )
  const spec = { refuges, scenario: "cache", table: "declared", policies: ["sensible"], seed: 1 }
  const warm = Number(warmArg)
  const raids = Number(raidsArg)
  for (let i = 0; i < warm; i++) Result.getOrThrow(R.SimRaid.simulate(spec, registry, i))
  console.log(START)
  for (let i = warm; i < warm + raids; i++) Result.getOrThrow(R.SimRaid.simulate(spec, registry, i))
  console.log(END)
}

const parent = (args) => {
  const option = (name, fallback) => {
    const i = args.indexOf(name)
    if (i < 0) return fallback
    const v = Number(args[i + 1])
    args.splice(i, 2)
    return v
  }
  const raids = option("--raids", 1000)
  const warm = option("--warm", 500)
  const builds = args.length > 0 ? args.map((a) => resolve(a)) : ["this"]
  const self = fileURLToPath(import.meta.url)
  for (const build of builds) {
    const out = execFileSync(
      process.execPath,
      ["--trace-gc-nvp", self, "--child", build, String(raids), String(warm)],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 28 },
    )
    let on = false
    let bytes = 0
    let collections = 0
    for (const line of out.split("\n")) {
      if (line === START) on = true
      else if (line === END) on = false
      else if (on) {
        const m = / allocated=(\d+)/.exec(line)
        if (m) {
          bytes += Number(m[1])
          collections++
        }
      }
    }
    console.log(
      `${build}: ${(bytes / raids / 1e6).toFixed(3)} MB allocated per warm declared raid (${raids} raids after ${warm}, ${collections} collections)`,
    )
  }
}

const argv = process.argv.slice(2)
if (argv[0] === "--child") await child(argv.slice(1))
else parent(argv)
