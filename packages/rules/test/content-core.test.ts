import { readdirSync, readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { coreHooks, corePack, fragments, loadCore, loadWithCore, locate } from "../src/content/core/index.js"
import { formatProblem } from "../src/content/Problem.js"
import { KINDS } from "../src/terms/Ids.js"

const coreDir = new URL("../src/content/core/", import.meta.url)

describe("the core pack", () => {
  it("loads through the pack loader with zero problems", () => {
    const r = loadCore()
    if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
    expect(r.success.packs.map((p) => `${p.id}@${p.version}`)).toEqual(["the-blight@0.3.0"])
    expect(r.success.packs[0]!.ruleset).toBe("the-blight@0.3.0")
  })

  it("imports every data fragment in its folder", () => {
    const files = readdirSync(coreDir)
      .filter((f) => f.endsWith(".json"))
      .sort()
    expect(fragments.map(([name]) => name).sort()).toEqual(files)
  })

  it("registers every hook exported by every hooks file", async () => {
    const files = readdirSync(new URL("hooks/", coreDir)).filter((f) => f.endsWith(".ts"))
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) {
      const exported = Object.values(await import(new URL(`hooks/${f}`, coreDir).href)).filter(
        (v): v is { name: string; run: unknown } =>
          typeof v === "object" && v !== null && "run" in v && "name" in v,
      )
      for (const hook of exported) expect(coreHooks, `${f}: ${hook.name}`).toContain(hook)
    }
    expect(new Set(coreHooks.map((h) => h.name)).size).toBe(coreHooks.length)
    for (const h of coreHooks) expect(h.name).toMatch(/^core\//)
  })

  it("B-PROFILE-08 lists the 20 backgrounds, all from the core pack", () => {
    const r = Result.getOrThrow(loadCore())
    expect(r.list("backgrounds")).toHaveLength(20)
    expect(r.listSourced("backgrounds").every((s) => s.pack === "the-blight")).toBe(true)
  })

  it("every entry cites real clause, ruling, gap or ambiguity IDs", () => {
    const known = new Set<string>()
    const sources = [
      readFileSync(new URL("../../../docs/rules-reference/summaries.tsv", import.meta.url), "utf8"),
      ...readdirSync(new URL("../../../docs/rulings/", import.meta.url)).map((f) =>
        readFileSync(new URL(`../../../docs/rulings/${f}`, import.meta.url), "utf8"),
      ),
    ]
    for (const text of sources)
      for (const m of text.matchAll(/\b(?:[BNR]-[A-Z]+(?:-[A-Z]+)*-\d{2,3}|(?:GAP|AMB)-B-\d{2})\b/g))
        known.add(m[0])
    const r = Result.getOrThrow(loadCore())
    const unknown = KINDS.flatMap((k) =>
      r
        .list(k)
        .flatMap((e) => (e.clauses ?? []).filter((c) => !known.has(c)).map((c) => `${k}/${e.id}: ${c}`)),
    )
    expect(unknown).toEqual([])
  })

  it("locates a problem in the fragment file it came from", () => {
    const kindCounts = Object.fromEntries(KINDS.map((k) => [k, (corePack[k] ?? []).length]))
    const lastBackground = kindCounts.backgrounds! - 1
    const where = locate({ path: `backgrounds[${lastBackground}].cost`, message: "x" })
    expect(where.pack).toBe("core/survivors.json")
    expect(where.path).toMatch(/^backgrounds\[\d+\]\.cost$/)
  })

  it("is the base homebrew packs load on top of", () => {
    const r = loadWithCore([
      {
        source: "tiny.json",
        data: {
          manifest: {
            id: "tiny",
            name: "Tiny",
            version: "0.1.0",
            ruleset: "the-blight@0.3.0",
            requires: [{ pack: "the-blight", version: "^0.3.0" }],
            licence: "MIT",
            author: "tests",
          },
          creatures: [
            {
              id: "rat-king",
              name: "Rat King",
              provenance: "provisional",
              faction: "blight",
              move: 5,
              fight: 2,
              weapon: { dice: 1, damage: 1 },
              health: 3,
              armour: 0,
              initiative: 2,
              senses: 12,
              behaviour: "swarm",
              infectious: 1,
              dread: 1,
              xp: 2,
              escorts: [{ creature: "husk", count: "d3" }],
            },
          ],
        },
      },
    ])
    if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
    expect(r.success.packOf("creatures", "rat-king")).toBe("tiny")
    expect(r.success.packOf("behaviours", "swarm")).toBe("the-blight")
  })
})
