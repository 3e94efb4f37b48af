import { readdirSync, readFileSync } from "node:fs"
import Ajv from "ajv"
import { describe, expect, it } from "vitest"
import { Packs } from "../../src/index.js"
import { exampleData } from "./example.js"

const dir = new URL("../../schemas/", import.meta.url)

/** Ajv in strict mode, as an editor or another language's validator would check a pack. */
const errorsOf = (schema: object, value: unknown): string[] => {
  const check = new Ajv({ strict: true, allErrors: true }).compile(schema)
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || "(root)"}: ${e.message}`)
}

describe("the Nightsong pack's JSON Schemas", () => {
  const generated = Packs.jsonSchemas()

  it("R-N-PACK-01 are committed and current (run `npm run schemas -w @blight/nightsong` after changing a schema)", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".schema.json"))
    expect(files.sort()).toEqual(Object.keys(generated).sort())
    for (const [name, schema] of Object.entries(generated))
      expect(readFileSync(new URL(name, dir), "utf8"), `${name} is stale`).toBe(Packs.schemaText(schema))
    expect(Object.keys(generated)).toEqual([
      "pack.schema.json",
      ...Packs.KINDS.map((k) => `${k}.schema.json`),
    ])
  })

  it("R-N-PACK-01 accept the example pack and the core pack, and refuse what the loader refuses by shape", () => {
    const pack = generated["pack.schema.json"] as object
    expect(errorsOf(pack, exampleData())).toEqual([])
    expect(errorsOf(pack, Packs.corePack)).toEqual([])
    const bad = exampleData() as { creatures: Array<Record<string, unknown>> }
    bad.creatures[0]!.attack = "d8 + d8"
    bad.creatures[0]!.hp = 31
    expect(errorsOf(pack, bad)).toEqual([
      "/creatures/0/hp: must be <= 30",
      expect.stringMatching(/^\/creatures\/0\/attack: must match pattern/),
    ])
  })
})
