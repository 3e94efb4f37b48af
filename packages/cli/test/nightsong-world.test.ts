import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { seeded } from "@blight/dice"
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

  it("N-FACTION-06 R-N-FACTION-02 --save then --load --sessions N advances the saved Land, as the library does with that seed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-world-load-"))
    const saved = await run(["--seed", "7", "--save", "land.json"], dir)
    expect(saved.code).toBe(0)
    expect(saved.out).toContain(`Land saved to ${join(dir, "land.json")}`)
    const file = readFileSync(join(dir, "land.json"), "utf8")
    expect(World.worldFromJson(JSON.parse(file))).toEqual(World.generate(7))
    const { code, out, err } = await run(
      ["--load", "land.json", "--sessions", "3", "--seed", "9", "--json"],
      dir,
    )
    expect([code, err]).toEqual([0, ""])
    const { advanced, ...land } = JSON.parse(out)
    expect(advanced).toEqual({ seed: 9, sessions: 3 })
    let expected = World.generate(7)
    const source = seeded(9)
    for (let i = 0; i < 3; i++) expected = World.advanceFactions(expected, source).world
    expect(land).toEqual(expected)
    expect(land.session).toBe(3)
    // The same seed replays the same sessions; the file is only read, unless --save names it.
    expect((await run(["--load", "land.json", "--sessions", "3", "--seed", "9", "--json"], dir)).out).toBe(
      out,
    )
    expect(readFileSync(join(dir, "land.json"), "utf8")).toBe(file)
    const text = await run(
      ["--load", "land.json", "--sessions", "2", "--seed", "9", "--save", "land.json"],
      dir,
    )
    expect(text.out).toContain("loaded from land.json; advanced 2 session(s) with seed 9")
    expect(text.out).toContain(", after 2 session(s)")
    expect(World.worldFromJson(JSON.parse(readFileSync(join(dir, "land.json"), "utf8"))).session).toBe(2)
  })

  it("N-FACTION-06 --load reads what --json printed (its svg and advanced keys are the printout's, not the Land's)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-world-load-"))
    const printed = await run(["--seed", "5", "--sessions", "1", "--svg", "map.svg", "--json"], dir)
    writeFileSync(join(dir, "printed.json"), printed.out)
    const again = await run(["--load", "printed.json", "--seed", "1", "--sessions", "1", "--json"], dir)
    expect(again.code).toBe(0)
    const reread = await run(["--load", "printed.json", "--json"], dir)
    const { svg: _svg, ...land } = JSON.parse(printed.out)
    const { advanced, ...loaded } = JSON.parse(reread.out)
    expect(loaded).toEqual(land)
    expect(advanced.sessions).toBe(0)
    expect(JSON.parse(again.out).session).toBe(2)
  })

  it("N-WORLD-01 N-REGION-01 a saved Land that is missing, not JSON, too deep, the wrong shape or inconsistent is refused in one line naming the file and the path, exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-world-bad-"))
    const land = World.generate(3)
    const write = (name: string, body: unknown) =>
      writeFileSync(join(dir, name), typeof body === "string" ? body : JSON.stringify(body))
    write("text.json", "a Land?")
    write("deep.json", "[".repeat(100))
    write("list.json", [land])
    write("shape.json", {
      ...land,
      regions: land.regions.map((r, i) => (i === 0 ? { ...r, type: "Swamp" } : r)),
    })
    write("orphan.json", {
      ...land,
      hexes: land.hexes.map((h, i) => (i === 4 ? { ...h, region: "r99" } : h)),
    })
    write("spent.json", {
      ...land,
      factions: land.factions.map((f, i) => (i === 1 ? { ...f, goal: "d0" } : f)),
    })
    write("short.json", { ...land, hexes: land.hexes.slice(1) })
    const cases: [string, RegExp][] = [
      ["none.json", /none\.json: no such file$/],
      ["text.json", /text\.json: not valid JSON/],
      ["deep.json", /deep\.json: nested more than 64 levels deep$/],
      ["list.json", /list\.json: a saved Land is one JSON object/],
      ["shape.json", /shape\.json: world\.regions\.0\.type: /],
      ["orphan.json", /orphan\.json: world\.hexes\.4\.region: no Region r99 \(N-REGION-01\)$/],
      ["spent.json", /spent\.json: world\.factions\.1\.goal: .*\(N-FACTION-06\)$/],
      ["short.json", /short\.json: world\.hexes: .*\(N-WORLD-01\)$/],
    ]
    for (const [file, message] of cases) {
      const { code, out, err } = await run(["--load", file, "--sessions", "1", "--save", file], dir)
      expect([file, code, out]).toEqual([file, 2, ""])
      expect(err.trim().split("\n")).toHaveLength(1)
      expect(err.trim()).toMatch(message)
    }
    expect(readFileSync(join(dir, "orphan.json"), "utf8")).toContain('"region":"r99"') // not overwritten
    expect((await run(["--load", ""], dir)).err).toMatch(/--load: a file name is required/)
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
