import { readFileSync, readdirSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { jsonSchemas, schemaText } from "../src/content/JsonSchemas.js"
import { KINDS } from "../src/content/schema/Ids.js"

const dir = new URL("../schemas/", import.meta.url)

describe("generated JSON Schemas", () => {
  const generated = jsonSchemas()

  it("are committed and current (run `npm run schemas -w @blight/rules` after changing a schema)", () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".schema.json"))
      .sort()
    expect(files).toEqual(Object.keys(generated).sort())
    for (const [name, schema] of Object.entries(generated))
      expect(
        readFileSync(new URL(name, dir), "utf8"),
        `${name} is stale: run npm run schemas -w @blight/rules`,
      ).toBe(schemaText(schema))
  })

  it("cover the pack, a fragment, and every entry kind", () => {
    expect(Object.keys(generated)).toEqual(
      expect.arrayContaining([
        "pack.schema.json",
        "fragment.schema.json",
        ...KINDS.map((k) => `${k}.schema.json`),
      ]),
    )
  })

  it("resolve every $ref inside their own file, reject unknown keys, and describe dice as text", () => {
    for (const [name, schema] of Object.entries(generated)) {
      const text = JSON.stringify(schema)
      const defs = (schema as { $defs?: Record<string, unknown> }).$defs ?? {}
      for (const m of text.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g))
        expect(defs[m[1]!], `${name}: ${m[1]}`).toBeDefined()
    }
    const pack = generated["pack.schema.json"] as {
      $defs: Record<string, { additionalProperties?: unknown; pattern?: string; type?: string }>
    }
    expect(pack.$defs.Pack!.additionalProperties).toBe(false)
    expect(pack.$defs.Creature!.additionalProperties).toBe(false)
    expect(pack.$defs.DiceExpression).toMatchObject({ type: "string" })
    expect(pack.$defs.DiceExpression!.pattern).toContain("half")
  })
})
