import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { World } from "@blight/nightsong"
import { describe, expect, it } from "vitest"
import { main } from "../src/main.js"

const bin = fileURLToPath(new URL("../bin/blight.js", import.meta.url))

const run = async (args: string[], cwd?: string) => {
  let out = ""
  let err = ""
  const code = await main(["nightsong", "world", ...args], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    ...(cwd === undefined ? {} : { cwd }),
  })
  return { code, out, err }
}

const polygonsByRegion = (svg: string): string[] =>
  [...svg.matchAll(/<polygon data-hex="(\d+)"[^>]*fill="([^"]+)"/g)].map((m) => m[2]!)

describe("blight nightsong world", () => {
  it("N-WORLD-01 N-REGION-01 --seed 7 --json prints the seed's World as one JSON object", async () => {
    const { code, out, err } = await run(["--seed", "7", "--json"])
    expect([code, err]).toEqual([0, ""])
    expect(out.trim().split("\n")).toHaveLength(1)
    const w = World.worldFromJson(JSON.parse(out))
    expect(w).toEqual(World.generate(7))
    expect(w.hexes.every((h) => w.regions.some((r) => r.id === h.region))).toBe(true)
  })

  it("N-REGION-05 N-FACTION-05 without --json it prints a readable summary of Regions and Factions", async () => {
    const { code, out } = await run(["--seed", "7"])
    expect(code).toBe(0)
    const w = World.generate(7)
    expect(out).toContain(`Nightsong Land (seed 7): 19 hexes of 6 miles, ${w.regions.length} Regions`)
    for (const r of w.regions) expect(out).toContain(`${r.name}: ${r.type}, ${r.vegetation} vegetation`)
    for (const f of w.factions) expect(out).toContain(`${f.name} (${f.type}, of `)
  })

  it("N-REGION-01 --svg FILE writes a map, relative to the working directory, and says where", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-world-"))
    const { code, out } = await run(["--seed", "7", "--svg", "map.svg"], dir)
    expect(code).toBe(0)
    const path = join(dir, "map.svg")
    expect(out).toContain(`map written to ${path}`)
    const svg = readFileSync(path, "utf8")
    expect(svg).toBe(World.renderSvg(World.generate(7)))
    expect(polygonsByRegion(svg)).toHaveLength(19)
    const json = await run(["--seed", "7", "--svg", "again.svg", "--json"], dir)
    expect(JSON.parse(json.out).svg).toBe(join(dir, "again.svg"))
  })

  it("N-FACTION-06 --sessions N rolls the Faction Goal Dice N times, reproducibly", async () => {
    const a = JSON.parse((await run(["--seed", "3", "--sessions", "4", "--json"])).out)
    const b = JSON.parse((await run(["--seed", "3", "--sessions", "4", "--json"])).out)
    expect(a).toEqual(b)
    expect(a.session).toBe(4)
    expect(a.factions.some((f: { goal: string }) => f.goal !== "d6") || a.chronicle.length > 0).toBe(true)
  })

  it("bad arguments print one line and exit 2", async () => {
    for (const args of [["--seed", "x"], ["--sessions", "-1"], ["--svg", ""], ["extra"], ["--colour"]]) {
      const { code, out, err } = await run(args)
      expect(code).toBe(2)
      expect(out).toBe("")
      expect(err.trim().split("\n")).toHaveLength(1)
    }
  })

  it("a map that cannot be written fails in one line, exit 1", async () => {
    const { code, err } = await run(["--seed", "1", "--svg", "no/such/dir/map.svg"], tmpdir())
    expect(code).toBe(1)
    expect(err.trim().split("\n")).toHaveLength(1)
  })

  it("N-REGION-01 the built binary writes map.svg for --seed 7, every hex belonging to a Region", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-world-bin-"))
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, "nightsong", "world", "--seed", "7", "--svg", "map.svg"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    )
    expect(stdout).toContain(`map written to ${join(dir, "map.svg")}`)
    const fills = polygonsByRegion(readFileSync(join(dir, "map.svg"), "utf8"))
    expect(fills).toHaveLength(19)
    expect(fills.every((f) => f.startsWith("hsl("))).toBe(true)
  })
})
