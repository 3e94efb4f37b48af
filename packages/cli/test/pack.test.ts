import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { run, spawnBlight } from "./helpers.js"

const examples = fileURLToPath(new URL("../../../examples/homebrew-pack/", import.meta.url))
const flooded = join(examples, "flooded-quarter.json")
const husks = join(examples, "harsher-husks.json")
const tmp = mkdtempSync(join(tmpdir(), "blight-pack-"))
const write = (name: string, text: string) => {
  const file = join(tmp, name)
  writeFileSync(file, text)
  return file
}

describe("blight pack validate", () => {
  it("exits 0 with a one-line summary per pack for the homebrew examples", async () => {
    const r = await run("pack", "validate", flooded, husks)
    expect(r.code).toBe(0)
    const lines = r.out.trim().split("\n")
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(
      /^ok flooded-quarter@1\.0\.0 \(.*flooded-quarter\.json\): behaviours 1, creatures 1, homes 1, objectives 1, scenarios 1$/,
    )
    expect(lines[1]).toMatch(/^ok harsher-husks@0\.1\.0 \(.*harsher-husks\.json\): creatures 1$/)
  })

  it("reports all three problems of a pack with three different errors, one a line, and exits 1", async () => {
    const pack = JSON.parse(readFileSync(flooded, "utf8"))
    pack.creatures[0].behaviour = "drifterr" // unknown reference
    pack.creatures.push({ ...pack.creatures[0], behaviour: "drifter" }) // duplicate id
    pack.scenarios[0].rewards[1].amount = "2q6" // bad dice expression
    const file = write("three.json", JSON.stringify(pack))
    const r = await run("pack", "validate", file)
    expect(r.code).toBe(1)
    expect(r.out.trim().split("\n")).toEqual([
      `${file}: creatures[1].id: duplicate creature id "canal-lurker" (also creatures[0])`,
      `${file}: scenarios[0].rewards[1].amount: expected something like "d6", "2d6+1", "3d6x10", "d%", "d3", "d66" or "half"`,
      `${file}: creatures[0].behaviour: unknown behaviour "drifterr" (no such id in "behaviours"); did you mean "drifter"?`,
    ])
  })

  it("reports a missing, unreadable or non-JSON file the same way", async () => {
    const bad = write("bad.json", "{ nope")
    const r = await run("pack", "validate", join(tmp, "missing.json"), bad, tmp)
    expect(r.code).toBe(1)
    expect(r.out.trim().split("\n")).toEqual([
      `${join(tmp, "missing.json")}: no such file`,
      expect.stringMatching(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: not valid JSON: `)),
      `${tmp}: is a directory`,
    ])
  })

  it("R-CONTENT-02 rejects a replacement that doesn't say `replaces`", async () => {
    const pack = JSON.parse(readFileSync(husks, "utf8"))
    delete pack.creatures[0].replaces
    const r = await run("pack", "validate", write("husks.json", JSON.stringify(pack)))
    expect(r.code).toBe(1)
    expect(r.out).toMatch(
      /creatures\[0\]\.id: creature "husk" already exists in pack "the-blight"; to replace it, add "replaces": "the-blight" \(R-CONTENT-02\)/,
    )
  })

  it("rejects unsafe keys", async () => {
    const text = readFileSync(husks, "utf8").replace(
      '"creatures": [',
      '"creatures": [], "__proto__": { "x": 1 }, "kit": [',
    )
    const r = await run("pack", "validate", write("proto.json", text))
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/__proto__: the key "__proto__" is not allowed in pack data/)
  })

  it("--json prints one object: the packs and their entries when valid", async () => {
    const r = await run("pack", "validate", husks, "--json")
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toEqual({
      valid: true,
      packs: [{ id: "harsher-husks", version: "0.1.0", file: husks, entries: { creatures: 1 } }],
      warnings: [],
    })
  })

  it("--json prints one object with every problem", async () => {
    const r = await run("pack", "validate", join(tmp, "missing.json"), "--json")
    expect(r.code).toBe(1)
    expect(JSON.parse(r.out)).toEqual({
      valid: false,
      problems: [{ pack: join(tmp, "missing.json"), path: "", message: "no such file" }],
    })
  })

  it("needs a subcommand and files (exit 2)", async () => {
    expect((await run("pack")).code).toBe(2)
    expect((await run("pack", "validate")).code).toBe(2)
    expect((await run("pack", "check", flooded)).code).toBe(2)
  })

  it("works through the built binary", async () => {
    const r = await spawnBlight("pack", "validate", flooded, husks)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^ok flooded-quarter@1\.0\.0/)
  })
})
