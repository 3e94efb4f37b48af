import { readdirSync, readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { coreRegistry } from "../src/content/core/index.js"
import { found } from "../src/refuge/Founding.js"

// One sensible founding per Home (issue 38's field of Homes, `blight sim --balance`).
const registry = coreRegistry()
const dir = new URL("../../../examples/rosters/", import.meta.url)
const roster = (file: string) => JSON.parse(readFileSync(new URL(file, dir), "utf8"))

describe("the example roster of every Home", () => {
  it("B-HOME-01 every core Home has examples/rosters/home-<id>.json, and no roster names a Home that is not there", () => {
    const homes = registry.list("homes").map((h) => h.id)
    expect(homes.length).toBe(16)
    const files = readdirSync(dir).filter((f) => f.startsWith("home-"))
    expect(files.sort()).toEqual(homes.map((h) => `home-${h}.json`).sort())
    for (const h of homes) expect(roster(`home-${h}.json`).home, h).toBe(h)
  })

  it("B-FOUNDING-01 B-FOUNDING-06 B-CONGREGATION-03 each Home's roster founds on 150 Salvage without a violation", () => {
    for (const h of registry.list("homes").map((x) => x.id)) {
      const r = found(roster(`home-${h}.json`), registry, { source: seeded(1) })
      const problems = Result.isFailure(r) ? r.failure.violations.map((v) => `${v.path}: ${v.message}`) : []
      expect(problems, h).toEqual([])
      const refuge = Result.getOrThrow(r)
      expect(refuge.home, h).toBe(h)
      expect(refuge.survivors.length, h).toBeGreaterThanOrEqual(4)
      expect(refuge.kind, h).toBe(h === "grove" ? "congregation" : "refuge")
    }
  })
})
