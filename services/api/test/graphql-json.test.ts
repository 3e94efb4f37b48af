/**
 * The `JSON` scalar is kept only where a value has no schema to type it by, each place listed here
 * with the reason (issue 13: no `JSON` where a schema exists). A new field or argument of type
 * `JSON` fails this test until it is typed, or listed with a reason its schema description repeats.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
} from "graphql/index.js"
import { describe, expect, it } from "vitest"
import { schema } from "../src/graphql/schema/index.js"

const require = createRequire(import.meta.url)

const allowed: Record<string, string> = {
  "HookEffect.params": "free-form: its shape depends on the hook, whose own schema checks it",
  "ContentEntry.entry": "deprecated for `content`; tests read the raw entry through it",
  "NightsongWorld.world": "deprecated for `land`; test/nightsong.test.ts selects it",
  "RefugeRecord.refuge": "deprecated for `document`; examples/http-client/graphql.mjs selects it",
  "NightsongCommandInputConvertInput.block": "free-form: a stat block's shape depends on its system",
  "NightsongLegalCommandsCommandsConvert.block": "free-form: a stat block's shape depends on its system",
}

/** Every field and argument whose type is `JSON` (in a list or not), as `Type.field` / `Type.field(arg)`. */
const jsonPlaces = (): { place: string; description?: string | null; deprecated: boolean }[] =>
  Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith("__"))
    .flatMap((t) =>
      isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)
        ? Object.values(t.getFields()).flatMap((f) => [
            ...(getNamedType(f.type).name === "JSON"
              ? [
                  {
                    place: `${t.name}.${f.name}`,
                    description: f.description,
                    deprecated: !!f.deprecationReason,
                  },
                ]
              : []),
            ...("args" in f ? f.args : [])
              .filter((a) => getNamedType(a.type).name === "JSON")
              .map((a) => ({
                place: `${t.name}.${f.name}(${a.name})`,
                description: a.description,
                deprecated: false,
              })),
          ])
        : [],
    )

describe("the JSON scalar", () => {
  const places = jsonPlaces()

  it(`is used in ${Object.keys(allowed).length} places, each listed with its reason`, () => {
    expect(places.map((p) => p.place).sort()).toEqual(Object.keys(allowed).sort())
  })

  it("each place says in the schema why it is JSON (or that it is deprecated)", () => {
    for (const p of places) {
      if (p.deprecated) continue
      expect(p.description, p.place).toMatch(/free-form|schema/i)
    }
  })

  it("a pack file and a chart spec are scalars of their own, each @specifiedBy the JSON Schema that types it", () => {
    const pack = schema
      .getMutationType()!
      .getFields()
      .uploadPack!.args.find((a) => a.name === "pack")!
    const packFile = getNamedType(pack.type)
    expect(packFile.name).toBe("PackFile")
    expect(isScalarType(packFile) && packFile.specifiedByURL).toBe(
      JSON.parse(readFileSync(require.resolve("@blight/rules/schemas/pack.schema.json"), "utf8")).$id,
    )
    const chart = schema.getType("SimulationChart")
    if (!isObjectType(chart)) throw new Error("SimulationChart is not an object type")
    const spec = getNamedType(chart.getFields().spec!.type)
    expect(isScalarType(spec) && spec.specifiedByURL).toBe("https://vega.github.io/schema/vega-lite/v6.json")
  })

  it("effects, conditions, table keys, dice amounts and behaviour steps are typed", () => {
    const fieldType = (type: string, field: string) => {
      const t = schema.getType(type)
      if (!isObjectType(t)) throw new Error(`${type} is not an object type`)
      return getNamedType(t.getFields()[field]!.type).name
    }
    expect(fieldType("Skill", "effects")).toBe("Effect")
    expect(fieldType("TriggerEffect", "do")).toBe("Effect")
    expect(fieldType("AuraEffect", "effects")).toBe("Effect")
    expect(fieldType("HookEffect", "when")).toBe("Condition")
    expect(fieldType("NotCondition", "not")).toBe("Condition")
    expect(fieldType("LootTableRows", "key")).toBe("RowKey")
    expect(fieldType("CreatureGroup", "count")).toBe("CreatureCount")
    expect(fieldType("Reward", "amount")).toBe("Amount")
    expect(fieldType("TargetStep", "rank")).toBe("TargetRank")
    expect(fieldType("Pack", "body")).toBe("PackBody")
    const found = schema.getMutationType()!.getFields().foundRefuge!
    expect(getNamedType(found.args.find((a) => a.name === "roster")!.type).name).toBe("RosterInput")
  })

  it("raids carry rosters, commands, options, facts and maps typed by the library's schemas", () => {
    const field = (type: string, name: string) => {
      const t = schema.getType(type)
      if (!isObjectType(t) && !isInputObjectType(t)) throw new Error(`${type} is not an object type`)
      return t.getFields()[name]!
    }
    const argType = (mutation: string, arg: string) =>
      getNamedType(
        schema
          .getMutationType()!
          .getFields()
          [mutation]!.args.find((a) => a.name === arg)!.type,
      ).name
    expect(argType("joinRaid", "roster")).toBe("RosterInput")
    expect(getNamedType(field("RaidSideInput", "roster").type).name).toBe("RosterInput")
    expect(argType("createRaid", "options")).toBe("BattleOptionsInput")
    expect(getNamedType(field("Pending", "command").type).name).toBe("LoggedCommand")
    expect(schema.getPossibleTypes(schema.getType("LoggedCommand") as never).map((t) => t.name)).toEqual(
      expect.arrayContaining(["MoveCommand", "EngineStepCommand"]),
    )
    expect(getNamedType(field("FactInput", "value").type).name).toBe("FactValueInput")
    expect(getNamedType(field("Fact", "value").type).name).toBe("FactValue")
    // The logged command, the tie's roll-offs and an adjustment's changes, found by their events.
    const events = schema.getPossibleTypes(schema.getType("BattleEvent") as never)
    const eventWith = (f: string) => events.find((e) => f in e.getFields())!.getFields()[f]!
    expect(getNamedType(eventWith("command").type).name).toBe("LoggedCommand")
    expect(String(eventWith("rolloffs").type)).toBe("[[Int!]!]!")
    expect(getNamedType(eventWith("changes").type).name).toBe("AdjustedChanges")
    // Maps keyed by ids known at run time are lists of typed entries.
    expect(String(field("RaidState", "roundUses").type)).toBe("[RaidStateRoundUsesEntry!]!")
    expect(getNamedType(field("RaidStateFactsEntry", "value").type).name).toBe("FactValue")
    expect(String(field("Model", "used").type)).toBe("[ModelUsedEntry!]!")
    expect(String(field("ObjectiveState", "scores").type)).toBe("[ObjectiveStateScoresEntry!]!")
  })
})
