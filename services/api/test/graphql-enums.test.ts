/**
 * The GraphQL contract carries the library's closed sets of words as enums (clients are generated
 * from it: a `String` where the library allows a few words is a defect). Checked three ways: every
 * field of a type the OpenAPI document also describes, and every argument of an operation REST also
 * has, is an enum of exactly the words the JSON Schema allows; the places this audit moved from
 * `String` stay enums; and over HTTP, a simulation asked for with `objectiveRunner` and `board`
 * is stored as the library's "objective-runner" and "board", an unknown word refused by validation.
 */
import {
  type GraphQLEnumType,
  type GraphQLNamedType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
} from "graphql/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { graphqlName } from "../src/graphql/enums.js"
import { schema } from "../src/graphql/schema/index.js"
import { openApiDocument } from "../src/http/openapi.js"
import { graphql } from "./support/graphql.js"
import { roster, unlimited } from "./support/raids.js"
import { client, makeDatabase, type Running, startTestServer, type TestDatabase } from "./support/server.js"

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas and answers the assertions reach into
type Json = any

const doc = openApiDocument() as Json
const components: Record<string, Json> = doc.components.schemas
const resolve = (s: Json): Json => {
  let out = s
  for (let hops = 0; out?.$ref; hops++) {
    if (hops > 50) throw new Error(`reference loop at ${out.$ref}`)
    out = components[String(out.$ref).split("/").pop()!]
  }
  return out
}

/** The words a JSON Schema allows (an enum or a union of string consts, in a list or not), if a closed set of two or more. */
const wordsOf = (node: Json, inList = false): string[] | undefined => {
  const s = resolve(node)
  if (!s) return undefined
  if (s.type === "array" && s.items && !inList) return wordsOf(s.items, true)
  const alternatives: Json[] | undefined = s.anyOf ?? s.oneOf
  if (alternatives) {
    const present = alternatives.map(resolve).filter((a) => a.type !== "null")
    const each = present.map((a) => (typeof a.const === "string" ? [a.const] : wordsOf(a, true)))
    if (each.some((w) => w === undefined)) return undefined
    const words = [...new Set(each.flat() as string[])]
    return words.length >= 2 ? words : undefined
  }
  if (Array.isArray(s.enum) && s.enum.length >= 2 && s.enum.every((e: unknown) => typeof e === "string"))
    return s.enum
  return undefined
}

const valuesOf = (t: GraphQLEnumType) =>
  t
    .getValues()
    .map((v) => v.value as string)
    .sort()

/** Why `type` does not answer the words `words` (undefined: it does). */
const mismatch = (type: GraphQLNamedType, words: readonly string[]): string | undefined =>
  !isEnumType(type)
    ? `${type.name}, not an enum of ${words.join(", ")}`
    : JSON.stringify(valuesOf(type)) !== JSON.stringify([...words].sort())
      ? `${type.name} holds ${valuesOf(type).join(", ")}, not ${words.join(", ")}`
      : undefined

/**
 * Every field of a GraphQL type named as an OpenAPI component (an input `XInput` as `X`) whose JSON
 * Schema is a set of words, and every argument of a query or mutation named as a REST operation
 * whose body property or query parameter of the same name is one: with what is wrong, if anything.
 */
const audit = (): { place: string; words: string[]; wrong?: string }[] => {
  const places: { place: string; words: string[]; wrong?: string }[] = []
  const check = (place: string, type: GraphQLNamedType, json: Json) => {
    const words = wordsOf(json)
    if (!words) return
    const wrong = mismatch(type, words)
    places.push({ place, words, ...(wrong ? { wrong } : {}) })
  }
  for (const t of Object.values(schema.getTypeMap())) {
    if (t.name.startsWith("__") || !(isObjectType(t) || isInputObjectType(t))) continue
    const c = resolve(components[t.name] ?? components[t.name.replace(/Input$/, "")])
    if (!c?.properties) continue
    for (const f of Object.values(t.getFields()))
      if (c.properties[f.name]) check(`${t.name}.${f.name}`, getNamedType(f.type), c.properties[f.name])
  }
  const operations = new Map<string, Json>()
  for (const ops of Object.values(doc.paths as Record<string, Record<string, Json>>))
    for (const op of Object.values(ops)) if (op?.operationId) operations.set(op.operationId, op)
  for (const root of [schema.getQueryType()!, schema.getMutationType()!])
    for (const f of Object.values(root.getFields())) {
      const op = operations.get(f.name)
      if (!op) continue
      const body = resolve(op.requestBody?.content?.["application/json"]?.schema)
      const params = new Map<string, Json>(
        (op.parameters ?? []).map((p: Json) => resolve(p)).map((p: Json) => [p.name, p.schema]),
      )
      for (const a of f.args) {
        const json = body?.properties?.[a.name] ?? params.get(a.name)
        if (json) check(`${root.name}.${f.name}(${a.name})`, getNamedType(a.type), json)
      }
    }
  return places
}

/**
 * The places this audit found typed `String` where the library has words (the generators made
 * String of a union of words an input held, or of words GraphQL could not name; hand-written
 * fields and arguments took String): each stays its enum.
 */
const WERE_STRING: Record<string, string> = {
  "Mutation.createSimulation(policies)": "PolicyName",
  "Mutation.createSimulation(table)": "SimulationTable",
  "Simulation.policies": "PolicyName",
  "Availability.rarity": "Rarity",
  "ContentEntry.provenance": "Provenance",
  "ContentPage.kind": "ContentKind",
  "BattleOptionsInput.critsInFight": "BattleOptionsCritsInFight",
  "BattleOptionsInput.dinCounts": "BattleOptionsDinCounts",
  "BattleOptionsInput.doubleRout": "BattleOptionsDoubleRout",
  "BattleOptionsInput.intoFightOnes": "BattleOptionsIntoFightOnes",
  "BattleOptionsInput.meleeNoise": "BattleOptionsMeleeNoise",
  "BattleOptionsInput.outnumbering": "BattleOptionsOutnumbering",
  "BattleOptionsInput.reactiveBlightDice": "BattleOptionsReactiveBlightDice",
  "BattleOptionsInput.spores": "BattleOptionsSpores",
  "CampaignMakeAmmunitionCommandInput.store": "CampaignMakeAmmunitionCommandStore",
  "CampaignMarketOrderInputBuyInput.kind": "GearKind",
  "CampaignMarketOrderInputSellInput.kind": "GearKind",
  "FactQueryInputInInput.terrain": "FactQueryInTerrain",
  "MoveLeashInput.keeps": "MoveLeashKeeps",
  "UseCommandInput.use": "UseCommandUse",
  "DieModifierEffect.die": "Die",
  "GrantActionEffectTest.pool": "Pool",
  "ObjectiveTest.pools": "Pool",
  "PoolModifierEffect.pool": "PoolModifierEffectPool",
  "RerollEffect.roll": "RerollEffectRoll",
  "SkipTestEffect.test": "Pool",
  "TriggerEffect.on": "EventName",
  "Item.kind": "ItemKind",
}

const typeAt = (place: string): GraphQLNamedType => {
  const [, typeName, field, arg] = /^(\w+)\.(\w+)(?:\((\w+)\))?$/.exec(place)!
  const t = schema.getType(typeName!)
  if (!(isObjectType(t) || isInputObjectType(t))) throw new Error(`${typeName} has no fields`)
  const f = t.getFields()[field!]
  if (!f) throw new Error(`${place}: no such field`)
  return getNamedType(arg ? ("args" in f ? f.args : []).find((a) => a.name === arg)!.type : f.type)
}

describe("the library's sets of words are GraphQL enums", () => {
  it("R-SIM-01 every field and argument REST types as a set of words is an enum of exactly those words", () => {
    const places = audit()
    // The walk reaches the types built from schemas and the hand-written operations alike.
    expect(places.length).toBeGreaterThan(150)
    expect(places.map((p) => p.place)).toEqual(
      expect.arrayContaining(["Mutation.createSimulation(policies)", "Mutation.createSimulation(table)"]),
    )
    expect(places.filter((p) => p.wrong).map((p) => `${p.place}: ${p.wrong}`)).toEqual([])
  })

  it("R-SIM-01 the places that were String are their enums, with the library's words", () => {
    const wrong = Object.entries(WERE_STRING).flatMap(([place, name]) => {
      const t = typeAt(place)
      return t.name === name && isEnumType(t) ? [] : [`${place}: ${t.name}, not the enum ${name}`]
    })
    expect(wrong).toEqual([])
  })

  it("one enum per set of words: no two enums hold the same words", () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const t of Object.values(schema.getTypeMap())) {
      if (t.name.startsWith("__") || !isEnumType(t)) continue
      const key = JSON.stringify(valuesOf(t))
      if (seen.has(key)) twice.push(`${seen.get(key)} and ${t.name}: ${key}`)
      else seen.set(key, t.name)
    }
    expect(twice).toEqual([])
  })

  it("a word GraphQL can't name is named in camelCase, maps to the library's word, and the enum says so", () => {
    expect(graphqlName("objective-runner")).toBe("objectiveRunner")
    expect(graphqlName("market.availability")).toBe("marketAvailability")
    expect(graphqlName("sensible")).toBe("sensible")
    expect(graphqlName("2d6")).toBe("_2d6")
    expect(graphqlName("null")).toBe("null_")
    const policy = schema.getType("PolicyName") as GraphQLEnumType
    expect(policy.getValue("objectiveRunner")?.value).toBe("objective-runner")
    expect(policy.getValue("noiseAverse")?.value).toBe("noise-averse")
    expect(policy.getValue("sensible")?.value).toBe("sensible")
    expect(policy.description).toContain('objectiveRunner is "objective-runner"')
    expect(policy.getValue("objectiveRunner")?.description).toContain('"objective-runner"')
    // Every value that is not its word says which word it is.
    for (const t of Object.values(schema.getTypeMap()))
      if (isEnumType(t) && !t.name.startsWith("__"))
        for (const v of t.getValues())
          if (v.name !== v.value) expect(v.description, `${t.name}.${v.name}`).toContain(`"${v.value}"`)
  })
})

describe("createSimulation over HTTP with enum arguments", () => {
  let db: TestDatabase
  let server: Running
  let key: string
  const input = (k: "refuge" | "congregation") => {
    const { $schema: _, ...r } = roster(k)
    return { roster: r }
  }
  const refuges = [input("refuge"), input("congregation")]

  beforeAll(async () => {
    db = await makeDatabase("sqlite")
    server = await startTestServer(db.url, unlimited)
    const made = await client(server.url).post("/v1/players", { name: "Enums" })
    key = made.body.apiKey
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("introspection shows the enums, their values and the mapping", async () => {
    const r = await graphql(server.url)(
      `{ policy: __type(name: "PolicyName") { kind description enumValues { name description } }
         table: __type(name: "SimulationTable") { kind enumValues { name } }
         mutation: __type(name: "Mutation") { fields { name args { name type { kind name ofType { kind name ofType { kind name } } } } } } }`,
      {},
      key,
    )
    expect(r.errors).toBeUndefined()
    expect(r.data.policy.kind).toBe("ENUM")
    expect(r.data.policy.enumValues.map((v: Json) => v.name).sort()).toEqual(
      ["aggressive", "noiseAverse", "objectiveRunner", "odds", "random", "sensible"].sort(),
    )
    expect(r.data.policy.description).toContain('noiseAverse is "noise-averse"')
    expect(r.data.table.enumValues.map((v: Json) => v.name).sort()).toEqual(["board", "declared", "fair"])
    const args = r.data.mutation.fields.find((f: Json) => f.name === "createSimulation").args
    expect(args.find((a: Json) => a.name === "table").type).toMatchObject({
      kind: "ENUM",
      name: "SimulationTable",
    })
    expect(args.find((a: Json) => a.name === "policies").type.ofType.ofType).toMatchObject({
      kind: "ENUM",
      name: "PolicyName",
    })
  })

  it("R-SIM-01 policies: [objectiveRunner, noiseAverse], table: board queue a simulation REST shows with the library's words", async () => {
    const gql = graphql(server.url)
    const made = await gql(
      `mutation($r: [SimulationRefugeInput!]!) {
         createSimulation(refuges: $r, raids: 1, seed: 3, policies: [objectiveRunner, noiseAverse], table: board) {
           id table policies
         }
       }`,
      { r: refuges },
      key,
    )
    expect(made.errors).toBeUndefined()
    expect(made.data.createSimulation).toMatchObject({
      table: "board",
      policies: ["objectiveRunner", "noiseAverse"],
    })
    const rest = await client(server.url).get(`/v1/simulations/${made.data.createSimulation.id}`, key)
    expect(rest.status).toBe(200)
    expect(rest.body).toMatchObject({ table: "board", policies: ["objective-runner", "noise-averse"] })
    // As variables, the GraphQL names again (a variable is read as the enum's names).
    const byVars = await gql(
      `mutation($r: [SimulationRefugeInput!]!, $p: [PolicyName!], $t: SimulationTable) {
         createSimulation(refuges: $r, raids: 1, seed: 3, policies: $p, table: $t) { id policies }
       }`,
      { r: refuges, p: ["objectiveRunner"], t: "declared" },
      key,
    )
    expect(byVars.errors).toBeUndefined()
    const again = await client(server.url).get(`/v1/simulations/${byVars.data.createSimulation.id}`, key)
    expect(again.body).toMatchObject({ table: "declared", policies: ["objective-runner"] })
    for (const id of [made.data.createSimulation.id, byVars.data.createSimulation.id])
      await gql("mutation($id: ID!) { cancelSimulation(id: $id) { id } }", { id }, key)
  })

  it("R-SIM-01 an unknown word (or the library's hyphenated spelling, or a quoted string) is refused by validation, and nothing is queued", async () => {
    const gql = graphql(server.url)
    const before = (await client(server.url).get("/v1/simulations", key)).body.total
    for (const [args, variables, named] of [
      ["policies: [cheater]", {}, "PolicyName"],
      ['policies: ["sensible"]', {}, "PolicyName"],
      ["table: hex", {}, "SimulationTable"],
      ["policies: $p", { p: ["objective-runner"] }, "PolicyName"],
    ] as const) {
      const r = await gql(
        `mutation($r: [SimulationRefugeInput!]!${args.includes("$p") ? ", $p: [PolicyName!]" : ""}) {
           createSimulation(refuges: $r, raids: 1, ${args}) { id }
         }`,
        { r: refuges, ...variables },
        key,
      )
      expect(r.data?.createSimulation ?? null, args).toBeNull()
      expect(r.errors?.length, args).toBeGreaterThan(0)
      expect(JSON.stringify(r.errors), args).toContain(named)
    }
    expect((await client(server.url).get("/v1/simulations", key)).body.total).toBe(before)
  })
})
