/**
 * The typed GraphQL contract: content entries, odds, Refuges and worlds have object types built
 * from the library's schemas. Every field of every entry of every content kind, every odds report
 * and a whole Living World are selected (the schema is executed directly, so the query-size limits
 * of the server do not cut these exhaustive selections short) and answer without an error: values
 * fit their declared types, non-null fields are present, each entry resolves to its kind's type.
 */
import { Ids } from "@blight/rules"
import {
  type GraphQLNamedType,
  type GraphQLOutputType,
  getNamedType,
  graphql,
  isObjectType,
  isUnionType,
} from "graphql/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { schema } from "../src/graphql/schema/index.js"
import {
  client,
  exampleRoster,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

/**
 * Every field of a type, recursively to `depth`. A union gets a fragment per member, its fields
 * aliased `Member_field` (members may share a field name with different types, which GraphQL
 * refuses to merge).
 */
const selection = (type: GraphQLOutputType | GraphQLNamedType, depth: number, prefix = ""): string => {
  const named = getNamedType(type)
  if (isUnionType(named))
    return `{ __typename ${schema
      .getPossibleTypes(named)
      .map((m) => `... on ${m.name} ${selection(m, depth, `${m.name}_`)}`)
      .join(" ")} }`
  if (!isObjectType(named)) return ""
  if (depth === 0) return "{ __typename }"
  const fields = Object.values(named.getFields()).filter((f) => !f.deprecationReason && f.args.length === 0)
  return `{ __typename ${fields.map((f) => `${prefix}${f.name}: ${f.name} ${selection(f.type, depth - 1)}`).join(" ")} }`
}

const run = async (source: string) => {
  const logged: string[] = []
  const r = await graphql({
    schema,
    source,
    // Core content, odds and worlds read no database.
    contextValue: {
      deps: { db: undefined, now: () => new Date(0).toISOString() },
      log: (m: string) => logged.push(m),
    },
  })
  expect(r.errors?.map((e) => `${e.path?.join(".")}: ${e.message}`) ?? [], logged.join("\n")).toEqual([])
  // biome-ignore lint/suspicious/noExplicitAny: the assertions below say what each answer holds
  return r.data as any
}

const entrySelection = selection(schema.getType("Entry")!, 8)

describe("typed GraphQL", () => {
  it.each(Ids.KINDS)("every field of every core %s entry answers, typed by its kind", async (kind) => {
    const d = await run(
      `{ listContent(kind: ${kind}, limit: 500) { total items { id content ${entrySelection} } } }`,
    )
    const page = d.listContent
    expect(page.items.length).toBe(page.total)
    for (const i of page.items) expect(i.content[`${i.content.__typename}_id`]).toBe(i.id)
  })

  it("a weapon is a Weapon with its own fields", async () => {
    const d = await run(
      `{ getContent(kind: weapons, id: "pistol") { content { __typename ... on Weapon { id name } } } }`,
    )
    expect(d.getContent.content).toMatchObject({ __typename: "Weapon", id: "pistol" })
  })

  it("kinds never mix: no two kinds answer with the same type", async () => {
    const byKind = new Map<string, Set<string>>()
    for (const kind of Ids.KINDS) {
      const d = await run(`{ listContent(kind: ${kind}, limit: 500) { items { content { __typename } } } }`)
      byKind.set(
        kind,
        new Set(d.listContent.items.map((i: { content: { __typename: string } }) => i.content.__typename)),
      )
    }
    const seen = new Map<string, string>()
    for (const [kind, types] of byKind)
      for (const t of types) {
        expect(seen.get(t) ?? kind, `${t} answered for ${seen.get(t)} and ${kind}`).toBe(kind)
        seen.set(t, kind)
      }
  })

  it("every odds report, by kind, with its distributions", async () => {
    const fields = (name: string) => selection(schema.getQueryType()!.getFields()[name]!.type, 4)
    const d = await run(`{
      oddsPool(dice: 3, blightDice: 1) ${fields("oddsPool")}
      oddsTest(dice: 3, target: 2) ${fields("oddsTest")}
      oddsShoot(dice: 4, armour: 1) ${fields("oddsShoot")}
      oddsFight(attacker: 3, defender: 2) ${fields("oddsFight")}
      check: oddsCheck(ability: 2, dr: 12) ${fields("oddsCheck")}
      nuanced: oddsCheck(ability: 2, dr: 12, nuanced: true) ${fields("oddsCheck")}
      oddsStep(die: d6) ${fields("oddsStep")}
    }`)
    const total = (xs: Array<{ probability: number }>) => xs.reduce((a, x) => a + x.probability, 0)
    expect(total(d.oddsPool.successes)).toBeCloseTo(1, 9)
    expect(d.oddsPool.blight).not.toBeNull()
    expect(d.oddsTest.probability).toBeCloseTo(0.5, 12)
    expect(total(d.oddsShoot.damage)).toBeCloseTo(1, 9)
    expect(total(d.oddsFight.margin)).toBeCloseTo(1, 9)
    expect(d.check.__typename).toBe("CheckOdds")
    expect(d.nuanced.__typename).toBe("NuancedCheckOdds")
    const n = d.nuanced
    expect(n.NuancedCheckOdds_strong + n.NuancedCheckOdds_weak + n.NuancedCheckOdds_failure).toBeCloseTo(1, 9)
    expect(d.check.CheckOdds_probability).toBeGreaterThan(0)
    expect(total(d.oddsStep.rolls)).toBeCloseTo(1, 6)
  })

  it("N-CREATE-01 a whole Nightsong character, every field, for both methods", async () => {
    const sel = selection(schema.getType("GeneratedNightsongCharacter")!, 6)
    for (const method of ["array", "roll"]) {
      const d = await run(`mutation { nightsongCharacter(seed: 7, method: ${method}) ${sel} }`)
      expect(d.nightsongCharacter.seed).toBe(7)
      expect(d.nightsongCharacter.character.hp).toBeGreaterThan(0)
    }
  })

  it("a whole Living World, every field", async () => {
    const land = selection(schema.getType("World")!, 6)
    const d = await run(`mutation { nightsongWorld(seed: 7, sessions: 2) { seed land ${land} } }`)
    expect(d.nightsongWorld.land.regions.length).toBeGreaterThan(0)
    expect(d.nightsongWorld.land.session).toBe(2)
  })
})

describe("a Refuge over GraphQL, typed", () => {
  let db: TestDatabase
  let server: Running
  beforeAll(async () => {
    db = sqliteDatabase()
    server = await startTestServer(db.url)
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("B-FOUNDING-01 foundRefuge's document: survivors, equipment, Ledger and stores by field", async () => {
    const api = client(server.url)
    const key = (await api.post("/v1/players", { name: "Typed" })).body.apiKey
    const query = `mutation($roster: JSON!) { foundRefuge(roster: $roster, seed: 11) { record { document {
      name kind home improvements
      survivors { id name background role xp blight equipment { weapons armour kit } skills }
      stash { kit } ledger { seq store amount reason } stores { salvage reloads }
    } } } }`
    const r = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables: { roster: exampleRoster() } }),
    })
    const body = await r.json()
    expect(body.errors).toBeUndefined()
    const doc = body.data.foundRefuge.record.document
    const roster = exampleRoster() as { name: string; survivors: Array<{ name: string }> }
    expect(doc.name).toBe(roster.name)
    expect(doc.survivors.map((s: { name: string }) => s.name)).toEqual(roster.survivors.map((s) => s.name))
    expect(doc.survivors.filter((s: { role: string | null }) => s.role === "leader")).toHaveLength(1)
    const salvage = doc.ledger
      .filter((e: { store: string }) => e.store === "salvage")
      .reduce((a: number, e: { amount: number }) => a + e.amount, 0)
    expect(doc.stores.salvage).toBe(salvage)
  })
})
