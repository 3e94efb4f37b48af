import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadWithCore } from "../src/content/core/index.js"
import { formatProblem } from "../src/content/Problem.js"

const example = (file: string) => ({
  source: file,
  data: JSON.parse(
    readFileSync(new URL(`../../../examples/homebrew-pack/${file}`, import.meta.url), "utf8"),
  ) as Record<string, unknown>,
})

describe("examples/homebrew-pack", () => {
  const packs = [example("flooded-quarter.json"), example("harsher-husks.json")]

  it("both packs load on top of the core pack", () => {
    const r = loadWithCore(packs)
    if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
    const registry = r.success
    expect(registry.packs.map((p) => p.id)).toEqual(["the-blight", "flooded-quarter", "harsher-husks"])
    // A new Home, a new creature with a new behaviour composed from the vocabulary, a new scenario.
    expect(registry.packOf("homes", "lock-keepers-cottage")).toBe("flooded-quarter")
    expect(registry.get("creatures", "canal-lurker")?.behaviour).toBe("drifter")
    expect(registry.packOf("behaviours", "drifter")).toBe("flooded-quarter")
    expect(registry.packOf("scenarios", "the-sluice-gates")).toBe("flooded-quarter")
    // R-CONTENT-02: the second pack replaces the core Husk, saying so.
    expect(registry.sourced("creatures", "husk")).toMatchObject({
      pack: "harsher-husks",
      replaced: "the-blight",
    })
    expect(registry.get("creatures", "husk")?.health).toBe(3)
  })

  it("point their $schema at the generated pack schema", () => {
    for (const p of packs) expect(p.data.$schema).toBe("../../packages/rules/schemas/pack.schema.json")
  })

  it("R-CAMPAIGN-28 a reward the campaign rolls is d6 dice: a d20 is refused, naming the path", () => {
    const data = structuredClone(packs[0]!.data) as {
      scenarios: Array<{ rewards: Array<{ amount: unknown }> }>
    }
    data.scenarios[0]!.rewards[1]!.amount = "2d6+1"
    expect(Result.isSuccess(loadWithCore([{ source: "flooded-quarter.json", data }]))).toBe(true)
    for (const amount of ["d20", "d%", "d66"]) {
      data.scenarios[0]!.rewards[1]!.amount = amount
      const r = loadWithCore([{ source: "flooded-quarter.json", data }])
      const text = Result.isFailure(r) ? r.failure.problems.map(formatProblem).join("\n") : ""
      expect(text, amount).toContain("scenarios[0].rewards[1].amount")
      expect(text, amount).toContain("six-sided dice only")
    }
  })

  it("R-CONTENT-02 the replacing pack fails without `replaces`", () => {
    const data = structuredClone(packs[1]!.data) as { creatures: Array<Record<string, unknown>> }
    delete data.creatures[0]!.replaces
    const r = loadWithCore([{ source: "harsher-husks.json", data }])
    expect(Result.isFailure(r) && r.failure.problems.map(formatProblem)).toEqual([
      'harsher-husks.json: creatures[0].id: creature "husk" already exists in pack "the-blight"; to replace it, add "replaces": "the-blight" (R-CONTENT-02)',
    ])
  })
})
