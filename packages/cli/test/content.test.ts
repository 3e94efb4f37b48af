import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { run, runJson } from "./helpers.js"

const examples = fileURLToPath(new URL("../../../examples/homebrew-pack/", import.meta.url))

describe("blight content list", () => {
  it("B-PROFILE-08 lists the core pack's 20 backgrounds as JSON, each with id, name, provenance, pack and cost", async () => {
    const r = await runJson("content", "list", "backgrounds", "--json")
    expect(r.code).toBe(0)
    expect(r.json).toHaveLength(20)
    for (const e of r.json) {
      expect(Object.keys(e).sort()).toEqual(["cost", "id", "name", "pack", "provenance"])
      expect(e.pack).toBe("the-blight")
      expect(["rules", "provisional"]).toContain(e.provenance)
    }
    expect(r.json.map((e: { id: string }) => e.id)).toContain("doctor")
  })

  it("lists every kind", async () => {
    for (const kind of [
      "skills",
      "weapons",
      "armour",
      "kit",
      "gifts",
      "marks",
      "creatures",
      "encounters",
      "homes",
      "seasons",
      "improvements",
      "errands",
      "scenarios",
      "terrain",
      "tables",
    ]) {
      const r = await runJson("content", "list", kind, "--json")
      expect(r.code, kind).toBe(0)
      expect(r.json.length, kind).toBeGreaterThan(0)
    }
  })

  it("adds homebrew packs with --pack, showing which pack each entry came from", async () => {
    const r = await runJson(
      "content",
      "list",
      "creatures",
      "--json",
      "--pack",
      join(examples, "flooded-quarter.json"),
      "--pack",
      join(examples, "harsher-husks.json"),
    )
    expect(r.code).toBe(0)
    const by = Object.fromEntries(r.json.map((e: { id: string }) => [e.id, e]))
    expect(by["canal-lurker"]).toMatchObject({ pack: "flooded-quarter", provenance: "provisional" })
    expect(by.husk).toMatchObject({ pack: "harsher-husks", replaces: "the-blight" })
    expect(by.thornhound).toMatchObject({ pack: "the-blight" })
  })

  it("prints a readable list without --json", async () => {
    const r = await run("content", "list", "seasons")
    expect(r.code).toBe(0)
    expect(r.out.trim().split("\n")).toHaveLength(4)
    expect(r.out).toMatch(/the-silence\s+The Silence\s+\[(rules|provisional), the-blight\]/)
  })

  it("a bad KIND exits 2 with the list of kinds", async () => {
    const r = await run("content", "list", "monsters")
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/unknown kind "monsters"; one of: .*backgrounds.*creatures.*tables/)
    expect((await run("content", "list")).code).toBe(2)
    expect((await run("content", "show", "creatures")).code).toBe(2)
  })

  it("shows each piece of gear's price and rarity, as JSON and as text", async () => {
    const r = await runJson("content", "list", "weapons", "--json")
    expect(r.code).toBe(0)
    for (const e of r.json) {
      expect(typeof e.cost).toBe("number")
      expect(["common", "uncommon", "rare"]).toContain(e.rarity)
    }
    const knife = r.json.find((e: { id: string }) => e.id === "knife")
    const text = await run("content", "list", "weapons")
    expect(text.out).toMatch(
      new RegExp(`^knife\\s+Knife\\s+${knife.cost} Salvage, ${knife.rarity}\\s+\\[`, "m"),
    )
    // kinds that are not bought carry no price
    expect((await runJson("content", "list", "seasons", "--json")).json[0]).not.toHaveProperty("cost")
  })

  it("a bad --pack exits 1 with its problems", async () => {
    const r = await run("content", "list", "creatures", "--pack", join(examples, "nope.json"))
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/nope\.json: no such file/)
  })
})

describe("blight content show", () => {
  it("prints one entry as pack data (dice back as text), ready to copy into a homebrew pack", async () => {
    const r = await run("content", "show", "tables", "casualty")
    expect(r.code).toBe(0)
    const entry = JSON.parse(r.out)
    expect(entry).toMatchObject({ id: "casualty", table: "casualty" })
    expect(typeof entry.die).toBe("string")
    // It loads as it is: a homebrew pack can start from it.
    const { loadWithCore } = await import("@blight/rules")
    const copy = { ...entry, id: "my-casualty", name: "My casualties" }
    const manifest = {
      id: "copy",
      name: "Copy",
      version: "0.1.0",
      ruleset: "the-blight@0.3.0",
      licence: "MIT",
      author: "t",
      requires: [{ pack: "the-blight", version: "^0.3.0" }],
    }
    const loaded = loadWithCore([{ source: "copy", data: { manifest, tables: [copy] } }])
    expect(loaded._tag).toBe("Success")
  })

  it("--json gives the kind, id, the pack it came from and the entry; a homebrew replacement says so", async () => {
    const core = await runJson("content", "show", "weapons", "knife", "--json")
    expect(core.json).toMatchObject({
      kind: "weapons",
      id: "knife",
      pack: "the-blight",
      entry: { id: "knife" },
    })
    const husk = await runJson(
      "content",
      "show",
      "creatures",
      "husk",
      "--json",
      "--pack",
      join(examples, "harsher-husks.json"),
    )
    expect(husk.json).toMatchObject({ pack: "harsher-husks", replaces: "the-blight", entry: { id: "husk" } })
  })

  it("an unknown id exits 1 with the nearest id; a missing id is a usage error", async () => {
    const r = await run("content", "show", "weapons", "knif")
    expect(r.code).toBe(1)
    expect(r.err).toBe(
      'blight: no weapons entry "knif" (did you mean "knife"?); `blight content list weapons` lists them\n',
    )
    expect((await run("content", "show", "weapons")).err).toMatch(/which weapons entry\? give its id/)
    expect((await run("content", "show", "weapons", "knife", "fork")).code).toBe(2)
  })
})
