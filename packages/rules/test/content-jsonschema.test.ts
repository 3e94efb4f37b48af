import { readdirSync, readFileSync } from "node:fs"
import { Expression } from "@blight/dice"
import Ajv, { type ValidateFunction } from "ajv"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadWithCore } from "../src/content/core/index.js"
import { jsonSchemas, SCHEMA_BASE, schemaText } from "../src/JsonSchemas.js"
import { KINDS } from "../src/terms/Ids.js"

const dir = new URL("../schemas/", import.meta.url)

type JsonSchema = Record<string, unknown>

/** Ajv in strict mode, as an editor or another language's validator would check data. */
const compiled = new WeakMap<JsonSchema, ValidateFunction>()
const validate = (schema: JsonSchema, value: unknown): string[] => {
  let check = compiled.get(schema)
  if (check === undefined) {
    check = new Ajv({ strict: true, allErrors: true }).compile(schema)
    compiled.set(schema, check)
  }
  if (check(value)) return []
  return (check.errors ?? []).map(
    (e) =>
      `${e.instancePath || "(root)"}: ${e.message}${"additionalProperty" in e.params ? ` ${e.params.additionalProperty}` : ""}`,
  )
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
      expect(validate(fragment, JSON.parse(readFileSync(new URL(f, core), "utf8"))), f).toEqual([])
    const examples = new URL("../../../examples/homebrew-pack/", import.meta.url)
    for (const f of readdirSync(examples).filter((x) => x.endsWith(".json")))
      expect(validate(pack, JSON.parse(readFileSync(new URL(f, examples), "utf8"))), f).toEqual([])
  })

  it("B-FOUNDING-03 the roster schema accepts the example rosters and flags a mistyped field", () => {
    const roster = generated["roster.schema.json"] as JsonSchema
    const rosters = new URL("../../../examples/rosters/", import.meta.url)
    const files = readdirSync(rosters).filter((x) => x.endsWith(".json"))
    expect(files).toEqual(expect.arrayContaining(["congregation.json", "refuge.json", "home-grove.json"]))
    for (const f of files)
      expect(validate(roster, JSON.parse(readFileSync(new URL(f, rosters), "utf8"))), f).toEqual([])
    const bad = { name: "X", home: "rv", survivors: [{ name: "A", background: "doctor", wepons: ["knife"] }] }
    expect(validate(roster, bad).join("\n")).toMatch(/wepons/)
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
    expect(validate(creatures, husk)).toEqual([])
    expect(validate(creatures, { ...husk, colour: "grey" })).toEqual([
      "(root): must NOT have additional properties colour",
    ])
    expect(validate(creatures, { ...husk, faction: "fish" })[0]).toMatch(/^\/faction: /)
    expect(validate(creatures, { ...husk, initiative: 40 })).toEqual(["/initiative: must be <= 12"])
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

  it("have absolute $ids and compile under Ajv's strict mode", () => {
    for (const [name, schema] of Object.entries(generated)) {
      expect((schema as JsonSchema).$id).toBe(`${SCHEMA_BASE}${name}`)
      expect(() => new Ajv({ strict: true }).compile(schema as JsonSchema), name).not.toThrow()
    }
  })

  it("take the dice pattern from the parser's grammar, so the loader rejects what an editor rejects", () => {
    const pack = generated["pack.schema.json"] as { $defs: Record<string, { pattern?: string }> }
    expect(pack.$defs.DiceExpression!.pattern).toBe(Expression.DICE_PATTERN)
    const withDie = (die: string) => ({
      manifest: {
        id: "dice-test",
        name: "Dice test",
        version: "1.0.0",
        ruleset: "the-blight@0.3.0",
        licence: "MIT",
        author: "tests",
      },
      tables: [
        {
          id: "coin",
          name: "Coin",
          provenance: "provisional",
          table: "loot",
          die,
          rows: [{ key: [1, 6], result: { kind: "salvage", amount: 1 } }],
        },
      ],
    })
    for (const die of ["d6", "2d6 + 1", "D 6", " d6", "d6+"]) {
      const editor = validate(pack as JsonSchema, withDie(die)).filter((e) => e.startsWith("/tables/0/die"))
      const loaded = loadWithCore([{ source: "dice-test", data: withDie(die) }])
      const loader = Result.isFailure(loaded)
        ? loaded.failure.problems.filter((p) => p.path === "tables[0].die")
        : []
      expect([die, editor.length > 0], die).toEqual([die, loader.length > 0])
    }
  })

  it("describe the Market trip the service takes, with the Refuge version it requires", () => {
    const trip = generated["market-trip.schema.json"] as JsonSchema
    expect(
      validate(trip, {
        version: 3,
        orders: [{ buy: { kind: "weapons", id: "knife" }, quantity: 2 }, { sellAmber: 1 }],
      }),
    ).toEqual([])
    expect(validate(trip, { orders: [] })).toEqual(["(root): must have required property 'version'"])
  })
})
