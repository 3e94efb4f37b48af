import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { jsonSchemas, schemaText } from "../src/content/JsonSchemas.js"
import { KINDS } from "../src/content/schema/Ids.js"

const dir = new URL("../schemas/", import.meta.url)

type JsonSchema = Record<string, unknown>

/**
 * A small JSON Schema checker for the keywords effect's generator emits, so the tests can show an
 * editor would accept the real data (no validator is a dependency of this repo).
 */
const validate = (root: JsonSchema, schema: JsonSchema, value: unknown, path = ""): string[] => {
  const errors: string[] = []
  const fail = (message: string) => errors.push(`${path || "(root)"}: ${message}`)
  if (typeof schema.$ref === "string") {
    const def = (root.$defs as Record<string, JsonSchema>)[schema.$ref.replace("#/$defs/", "")]
    if (def === undefined) return [`${path}: unresolved ${schema.$ref}`]
    errors.push(...validate(root, def, value, path))
  }
  for (const sub of (schema.allOf as JsonSchema[] | undefined) ?? [])
    errors.push(...validate(root, sub, value, path))
  if (
    Array.isArray(schema.anyOf) &&
    !schema.anyOf.some((sub) => validate(root, sub as JsonSchema, value, path).length === 0)
  )
    fail("matches no anyOf branch")
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    fail(`not one of ${JSON.stringify(schema.enum)}`)
  const types = schema.type === undefined ? [] : [schema.type].flat()
  const typeOf = (v: unknown) =>
    Array.isArray(v) ? "array" : v === null ? "null" : Number.isInteger(v) ? "integer" : typeof v
  if (
    types.length > 0 &&
    !types.some((t) => t === typeOf(value) || (t === "number" && typeOf(value) === "integer"))
  )
    return [...errors, `${path || "(root)"}: expected ${types.join("|")}, got ${typeOf(value)}`]
  if (typeof value === "string") {
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value))
      fail(`does not match ${schema.pattern}`)
    if (typeof schema.minLength === "number" && value.length < schema.minLength) fail("too short")
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) fail("too long")
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) fail(`below ${schema.minimum}`)
    if (typeof schema.maximum === "number" && value > schema.maximum) fail(`above ${schema.maximum}`)
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum)
      fail(`not above ${schema.exclusiveMinimum}`)
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) fail("too few items")
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) fail("too many items")
    value.forEach((v, i) => {
      const item = Array.isArray(schema.items)
        ? (schema.items[i] as JsonSchema | undefined)
        : (schema.items as JsonSchema | undefined)
      if (item !== undefined) errors.push(...validate(root, item, v, `${path}[${i}]`))
      else if (Array.isArray(schema.items) && schema.additionalItems === false)
        fail(`no item allowed at ${i}`)
    })
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const props = (schema.properties as Record<string, JsonSchema> | undefined) ?? {}
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in value)) fail(`missing ${key}`)
    for (const [key, v] of Object.entries(value)) {
      if (props[key] !== undefined) errors.push(...validate(root, props[key]!, v, `${path}.${key}`))
      else if (schema.additionalProperties === false) fail(`unexpected key ${key}`)
    }
  }
  return errors
}

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

  it("accept every core data fragment and the homebrew examples, as an editor would", () => {
    const fragment = generated["fragment.schema.json"] as JsonSchema
    const pack = generated["pack.schema.json"] as JsonSchema
    const core = new URL("../src/content/core/", import.meta.url)
    const fragments = readdirSync(core).filter((f) => f.endsWith(".json"))
    expect(fragments.length).toBeGreaterThan(0)
    for (const f of fragments)
      expect(validate(fragment, fragment, JSON.parse(readFileSync(new URL(f, core), "utf8"))), f).toEqual([])
    const examples = new URL("../../../examples/homebrew-pack/", import.meta.url)
    for (const f of readdirSync(examples).filter((x) => x.endsWith(".json")))
      expect(validate(pack, pack, JSON.parse(readFileSync(new URL(f, examples), "utf8"))), f).toEqual([])
  })

  it("B-FOUNDING-03 the roster schema accepts the example rosters and flags a mistyped field", () => {
    const roster = generated["roster.schema.json"] as JsonSchema
    const rosters = new URL("../../../examples/rosters/", import.meta.url)
    const files = readdirSync(rosters).filter((x) => x.endsWith(".json"))
    expect(files.sort()).toEqual(["congregation.json", "refuge.json"])
    for (const f of files)
      expect(validate(roster, roster, JSON.parse(readFileSync(new URL(f, rosters), "utf8"))), f).toEqual([])
    const bad = { name: "X", home: "rv", survivors: [{ name: "A", background: "doctor", wepons: ["knife"] }] }
    expect(validate(roster, roster, bad).join("\n")).toMatch(/wepons/)
  })

  it("flag unknown keys, bad enums and out-of-range numbers, as an editor would", () => {
    const creatures = generated["creatures.schema.json"] as JsonSchema
    const husk = {
      id: "husk",
      name: "Husk",
      provenance: "rules",
      faction: "blight",
      move: 4,
      fight: 2,
      weapon: { dice: 0, damage: 1 },
      health: 2,
      armour: 0,
      initiative: 1,
      senses: 12,
      behaviour: "hunter",
      infectious: 1,
      dread: 0,
      xp: 1,
    }
    expect(validate(creatures, creatures, husk)).toEqual([])
    expect(validate(creatures, creatures, { ...husk, colour: "grey" })).toEqual([
      "(root): unexpected key colour",
    ])
    expect(validate(creatures, creatures, { ...husk, faction: "fish" })[0]).toMatch(/^\.faction: /)
    expect(validate(creatures, creatures, { ...husk, initiative: 40 })[0]).toMatch(/^\.initiative: above 12/)
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
