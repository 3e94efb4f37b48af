import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { run, runJson } from "./helpers.js"

const examples = fileURLToPath(new URL("../../../examples/homebrew-pack/", import.meta.url))

describe("blight content list", () => {
  it("B-PROFILE-08 lists the core pack's 20 backgrounds as JSON, each with id, name, provenance and pack", async () => {
    const r = await runJson("content", "list", "backgrounds", "--json")
    expect(r.code).toBe(0)
    expect(r.json).toHaveLength(20)
    for (const e of r.json) {
      expect(Object.keys(e).sort()).toEqual(["id", "name", "pack", "provenance"])
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
      "scenarios",
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

  it("a bad --pack exits 1 with its problems", async () => {
    const r = await run("content", "list", "creatures", "--pack", join(examples, "nope.json"))
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/nope\.json: no such file/)
  })
})
