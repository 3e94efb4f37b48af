/**
 * The typed GraphQL contract: content entries, odds, Refuges and worlds have object types built
 * from the library's schemas. Every field of every entry of every content kind, every odds report
 * and a whole Living World are selected (the schema is executed directly, so the query-size limits
 * of the server do not cut these exhaustive selections short) and answer without an error: values
 * fit their declared types, non-null fields are present, each entry resolves to its kind's type.
 */
import { Ids } from "@blight/rules"
import {
  execute,
  type GraphQLNamedType,
  type GraphQLOutputType,
  getNamedType,
  isObjectType,
  isUnionType,
  OverlappingFieldsCanBeMergedRule,
  parse,
  specifiedRules,
  validate,
} from "graphql/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { schema } from "../src/graphql/schema/index.js"
import {
  client,
  exampleRoster,
  exampleRosterInput,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

/**
 * Every field of a type, recursively to `depth`. A union gets a fragment per member, its fields
 * aliased `Member_field` (members may share a field name with different types, which GraphQL
 * refuses to merge). A recursive union (an effect's `do`, a condition's `not`) met again inside
 * itself is selected by `__typename` only: its members were all selected once already.
 */
const selection = (
  type: GraphQLOutputType | GraphQLNamedType,
  depth: number,
  prefix = "",
  within: ReadonlySet<string> = new Set(),
): string => {
  const named = getNamedType(type)
  if (isUnionType(named)) {
    if (within.has(named.name)) return "{ __typename }"
    const inner = new Set([...within, named.name])
    return `{ __typename ${schema
      .getPossibleTypes(named)
      .map((m) => `... on ${m.name} ${selection(m, depth, `${m.name}_`, inner)}`)
      .join(" ")} }`
  }
  if (!isObjectType(named)) return ""
  if (depth === 0) return "{ __typename }"
  const fields = Object.values(named.getFields()).filter((f) => !f.deprecationReason && f.args.length === 0)
  return `{ __typename ${fields.map((f) => `${prefix}${f.name}: ${f.name} ${selection(f.type, depth - 1, "", within)}`).join(" ")} }`
}

/**
 * The rules a document is checked by, but the overlap check: the selections above alias every
 * union member's fields by the member, so no two fields can overlap by construction, and the
 * check's work on a selection of every field of every effect and condition runs past the budget
 * graphql caps it at ("Validation aborted.").
 */
const rules = specifiedRules.filter((r) => r !== OverlappingFieldsCanBeMergedRule)

const run = async (source: string) => {
  const logged: string[] = []
  const document = parse(source)
  expect(validate(schema, document, rules).map((e) => e.message)).toEqual([])
  const r = await execute({
    schema,
    document,
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
/** The GraphQL type of each content kind's entries. */
const typeName: Record<string, string> = {
  skills: "Skill",
  gifts: "Gift",
  weapons: "Weapon",
  kit: "Kit",
  armour: "Armour",
  marks: "Mark",
  improvements: "Improvement",
  scenarios: "Scenario",
  objectives: "Objective",
}

describe("typed GraphQL", () => {
  it.each(Ids.KINDS)("every field of every core %s entry answers, typed by its kind", async (kind) => {
    const d = await run(
      `{ listContent(kind: ${kind}, limit: 500) { total items { id content ${entrySelection} } } }`,
    )
    const page = d.listContent
    expect(page.items.length).toBe(page.total)
    for (const i of page.items) expect(i.content[`${i.content.__typename}_id`]).toBe(i.id)
  })

  it("a union's members are named by what tells them apart, never by their position", () => {
    const numbered = Object.keys(schema.getTypeMap()).filter((n) => !n.startsWith("__") && /[0-9]$/.test(n))
    expect(numbered).toEqual([])
    const members = (n: string) => {
      const t = schema.getType(n)
      return isUnionType(t) ? t.getTypes().map((m) => m.name) : []
    }
    expect(members("BattleEvent")).toContain("BattleEventMoved")
    expect(members("FactQuery")).toEqual(expect.arrayContaining(["FactQueryContact", "FactQueryWithin"]))
    expect(members("MarketOrder")).toEqual(expect.arrayContaining(["MarketOrderBuy", "MarketOrderSell"]))
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

  it("every table row's key answers as what it is: a face, a range of faces or a 1D66 key", async () => {
    const tables = ["Casualty", "Congregation", "Encounter", "Gifts", "Loot", "Marks", "Plain", "Stranger"]
    const d = await run(
      `{ listContent(kind: tables, limit: 500) { items { entry content { ${tables
        .map((t) => `... on ${t}Table { rows { key { number range d66Key } } }`)
        .join(" ")} } } } }`,
    )
    const seen = new Map<string, number>()
    for (const i of d.listContent.items) {
      const raw = i.entry.rows as { key: unknown }[]
      i.content.rows.forEach((row: Record<string, unknown>, n: number) => {
        const key = raw[n]!.key
        const set = Object.entries(row.key as Record<string, unknown>).filter(([, v]) => v !== null)
        const expected = typeof key === "number" ? "number" : Array.isArray(key) ? "range" : "d66Key"
        expect(set).toEqual([[expected, key]])
        seen.set(expected, (seen.get(expected) ?? 0) + 1)
      })
    }
    // The core tables key rows by faces and by ranges (1D66 keys are Nightsong's).
    expect(seen.get("number")).toBeGreaterThan(0)
    expect(seen.get("range")).toBeGreaterThan(0)
  })

  it("effects answer by kind, nested ones too, and amounts by what they are (a number or dice)", async () => {
    const amount =
      "... on StoresEffect { amount { number diceExpression } } ... on SpawnEffect { count { number diceExpression } }"
    const level = `__typename ${amount}`
    const effectsSelection = `{ ${level} ... on TriggerEffect { do { ${level} } } ... on AuraEffect { effects { ${level} } } ... on GrantActionEffect { do { ${level} } } }`
    const typeOf = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}Effect`
    type Raw = { kind: string; do?: Raw[]; effects?: Raw[]; amount?: unknown; count?: unknown }
    const seen = { effects: 0, nested: 0, amounts: 0 }
    const compare = (raw: Raw[], got: Record<string, unknown>[], depth: number) => {
      expect(got.map((e) => e.__typename)).toEqual(raw.map((e) => typeOf(e.kind)))
      raw.forEach((e, n) => {
        seen.effects++
        const value = e.amount ?? e.count
        if (value !== undefined) {
          seen.amounts++
          const a = (got[n]!.amount ?? got[n]!.count) as Record<string, unknown>
          expect(a).toEqual(
            typeof value === "number"
              ? { number: value, diceExpression: null }
              : { number: null, diceExpression: value },
          )
        }
        const children = e.do ?? e.effects
        if (children && depth === 0) {
          seen.nested++
          compare(children, (got[n]!.do ?? got[n]!.effects) as Record<string, unknown>[], 1)
        }
      })
    }
    for (const [kind, type] of Object.entries(typeName)) {
      const d = await run(
        `{ listContent(kind: ${kind}, limit: 500) { items { entry content { ... on ${type} { effects ${effectsSelection} } } } } }`,
      )
      for (const i of d.listContent.items) compare(i.entry.effects ?? [], i.content.effects ?? [], 0)
    }
    expect(seen.effects).toBeGreaterThan(50)
    expect(seen.nested).toBeGreaterThan(0)
    expect(seen.amounts).toBeGreaterThan(0)
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
    const query = `mutation($roster: RosterInput!) { foundRefuge(roster: $roster, seed: 11) { record { document {
      name kind home improvements
      survivors { id name background role xp blight equipment { weapons armour kit } skills }
      stash { kit } ledger { seq store amount reason } stores { salvage reloads }
    } } } }`
    const r = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables: { roster: exampleRosterInput() } }),
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
