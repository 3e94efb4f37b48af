/**
 * GraphQL at /graphql against the real server on loopback, over a real SQLite file: every REST
 * operation as a query or mutation, the REST error codes in `extensions`, the depth and cost
 * bounds, masked internal errors, GraphiQL, and the committed schema.graphql kept current.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
// graphql/index.js: the copy of graphql Pothos builds the schema with (Node's, not the bundler's index.mjs).
import { getIntrospectionQuery, lexicographicSortSchema, printSchema } from "graphql/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openSqlite } from "../src/db/sqlite.js"
import { schema } from "../src/graphql/schema/index.js"
import { defaults, startServer } from "../src/index.js"

const repo = new URL("../../../", import.meta.url)
const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(path, repo), "utf8")) as Record<string, unknown>

const floodedQuarter = readJson("examples/homebrew-pack/flooded-quarter.json")
const harsherHusks = readJson("examples/homebrew-pack/harsher-husks.json")
/** A roster file as GraphQL's RosterInput takes it: its fields without `$schema`. */
const rosterInput = (path: string) => {
  const { $schema: _, ...roster } = readJson(path)
  return roster
}
const refugeRoster = rosterInput("examples/rosters/refuge.json")
const congregationRoster = rosterInput("examples/rosters/congregation.json")

/** A GraphQL answer's data: its shape is what the assertions check. */
// biome-ignore lint/suspicious/noExplicitAny: the assertions below are the type check
type Data = Record<string, any>

interface GqlError {
  readonly message: string
  readonly path?: readonly (string | number)[]
  readonly extensions?: {
    readonly code?: string
    readonly status?: number
    readonly details?: readonly { pack?: string; path: string; message: string; clause?: string }[]
    readonly requestId?: string
  }
}
interface GqlResult {
  readonly status: number
  readonly data?: Data | null
  readonly errors?: readonly GqlError[]
  readonly text: string
  /** The X-Request-Id header. */
  readonly requestId: string
}

type Server = Awaited<ReturnType<typeof startServer>>

const post = async (
  server: Server,
  query: string,
  variables: Record<string, unknown> = {},
  key?: string,
): Promise<GqlResult> => {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({ query, variables }),
  })
  const text = await response.text()
  const body = JSON.parse(text) as { data?: Data | null; errors?: GqlError[] }
  return { status: response.status, text, requestId: response.headers.get("x-request-id") ?? "", ...body }
}

/** The one error of a result, which must have no other. */
const onlyError = (r: GqlResult): GqlError => {
  expect(r.errors, r.text).toHaveLength(1)
  return r.errors![0]!
}

/** Data, which must come with no error. */
const ok = (r: GqlResult): Data => {
  expect(r.errors, r.text).toBeUndefined()
  return r.data!
}

const dirs: string[] = []
const tempDatabase = () => {
  const dir = mkdtempSync(join(tmpdir(), "blight-graphql-"))
  dirs.push(dir)
  return join(dir, "blight.db")
}

let server: Server
let ann: { key: string; id: string }
let bob: { key: string; id: string }
let annRefugeId: string

const REGISTER = `mutation Register($name: String!) {
  registerPlayer(name: $name) { apiKey player { id name createdAt } }
}`
const FOUND_REFUGE = `mutation Found($roster: RosterInput!, $seed: Float, $packs: [String!]) {
  foundRefuge(roster: $roster, seed: $seed, packs: $packs) {
    seed
    record { id owner version name kind packs createdAt updatedAt stores { salvage reloads arrows rations meds } refuge }
  }
}`
/** Every field of a pack's manifest. */
const MANIFEST = "id name version ruleset requires { pack version } licence author description"
const UPLOAD = `mutation Upload($pack: PackFile!) {
  uploadPack(pack: $pack) { id owner version versions { version createdAt } manifest { ${MANIFEST} } }
}`
const TRIP = `mutation Trip($id: ID!, $version: Int!, $orders: [MarketOrderInput!]!, $seed: Float) {
  refugeMarketTrip(id: $id, version: $version, orders: $orders, seed: $seed) {
    record { id version stores { salvage reloads } refuge }
    trip { seed at lines { order what done availability { rarity roll needs available } } }
  }
}`

const register = async (name: string) => {
  const d = ok(await post(server, REGISTER, { name }))
  return { key: d.registerPlayer.apiKey as string, id: d.registerPlayer.player.id as string }
}

beforeAll(async () => {
  server = await startServer(
    { ...defaults, port: 0, databaseUrl: `file:${tempDatabase()}` },
    { log: () => {} },
  )
  ann = await register("Ann")
  bob = await register("Bob")
  annRefugeId = ok(await post(server, FOUND_REFUGE, { roster: refugeRoster, seed: 7 }, ann.key)).foundRefuge
    .record.id
})

afterAll(async () => {
  await server?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe("the schema", () => {
  it("is committed, current, at services/api/schema.graphql (write it with scripts/print-schema.mjs)", () => {
    const committed = readFileSync(new URL("../schema.graphql", import.meta.url), "utf8")
    expect(
      committed,
      "schema.graphql is stale: run `npx tsc -b services/api && node services/api/scripts/print-schema.mjs`",
    ).toBe(`${printSchema(lexicographicSortSchema(schema))}\n`)
  })

  it("offers every REST operation as a query or mutation", () => {
    const queries = Object.keys(schema.getQueryType()!.getFields())
    const mutations = Object.keys(schema.getMutationType()!.getFields())
    expect(queries).toEqual(
      expect.arrayContaining([
        "listContent",
        "getContent",
        "listPacks",
        "getPack",
        "oddsPool",
        "oddsTest",
        "oddsShoot",
        "oddsFight",
        "oddsCheck",
        "oddsStep",
        "refuges",
        "refuge",
        "refugeLedger",
        "congregations",
        "congregation",
        "congregationLedger",
      ]),
    )
    expect(mutations).toEqual(
      expect.arrayContaining([
        "registerPlayer",
        "uploadPack",
        "rollDice",
        "foundRefuge",
        "refugeMarketTrip",
        "foundCongregation",
        "congregationMarketTrip",
      ]),
    )
  })
})

describe("players", () => {
  it("registerPlayer returns the player and an API key that authenticates", async () => {
    const d = ok(await post(server, REGISTER, { name: "Cleo" }))
    expect(d.registerPlayer.player.name).toBe("Cleo")
    expect(d.registerPlayer.apiKey).toMatch(/^blt_/)
    const mine = ok(await post(server, "{ refuges { total items { id } } }", {}, d.registerPlayer.apiKey))
    expect(mine.refuges).toEqual({ total: 0, items: [] })
  })

  it("registerPlayer with a blank name is bad_request with the path", async () => {
    const e = onlyError(await post(server, REGISTER, { name: "   " }))
    expect(e.extensions?.code).toBe("bad_request")
    expect(e.extensions?.status).toBe(400)
    expect(e.extensions?.details?.map((d) => d.path)).toContain("name")
  })
})

describe("content", () => {
  it("listContent filters by provenance and pages with limit and offset", async () => {
    const q = `query($offset: Int, $limit: Int, $provenance: Provenance) {
      listContent(kind: weapons, offset: $offset, limit: $limit, provenance: $provenance) {
        kind total offset limit items { id name pack provenance entry }
      }
    }`
    const all = ok(await post(server, q, { provenance: "provisional" })).listContent
    expect(all.kind).toBe("weapons")
    expect(all.total).toBeGreaterThan(3)
    expect(all.items).toHaveLength(all.total)
    expect(all.items.every((i: { provenance: string }) => i.provenance === "provisional")).toBe(true)
    const unfiltered = ok(await post(server, q, {})).listContent
    const stated = ok(await post(server, q, { provenance: "rules" })).listContent
    expect(stated.total + all.total).toBe(unfiltered.total)
    const page = ok(await post(server, q, { provenance: "provisional", offset: 1, limit: 2 })).listContent
    expect(page).toMatchObject({ total: all.total, offset: 1, limit: 2 })
    expect(page.items.map((i: { id: string }) => i.id)).toEqual(
      all.items.slice(1, 3).map((i: { id: string }) => i.id),
    )
    expect(page.items[0].entry.id).toBe(page.items[0].id)
  })

  it("listContent finds by name with q; getContent returns one entry with its pack", async () => {
    const found = ok(await post(server, `{ listContent(kind: weapons, q: "pistol") { total items { id } } }`))
    expect(found.listContent.items.map((i: { id: string }) => i.id)).toContain("pistol")
    const one = ok(
      await post(server, `{ getContent(kind: weapons, id: "pistol") { id name pack replaces entry } }`),
    ).getContent
    expect(one).toMatchObject({ id: "pistol", pack: "the-blight", replaces: null })
    expect(one.entry.name).toBe(one.name)
  })

  it("getContent of an unknown id is not_found", async () => {
    const r = await post(server, `{ getContent(kind: weapons, id: "laser-rifle") { id } }`)
    expect(onlyError(r).extensions).toMatchObject({ code: "not_found", status: 404 })
    expect(onlyError(r).path).toEqual(["getContent"])
  })

  it("listContent with a limit out of range is bad_request naming limit", async () => {
    const e = onlyError(await post(server, `{ listContent(kind: weapons, limit: 0) { total } }`))
    expect(e.extensions?.code).toBe("bad_request")
    expect(e.extensions?.details?.map((d) => d.path)).toContain("limit")
  })
})

describe("dice and odds", () => {
  it("B-TEST-01 oddsTest over GraphQL gives the same odds as REST", async () => {
    const d = ok(
      await post(
        server,
        `{ oddsTest(dice: 3) { probability } oddsPool(dice: 2) { dice } oddsStep(die: d8) { die } }`,
      ),
    )
    expect(d.oddsTest.probability).toBeCloseTo(0.875, 12)
    const rest = await fetch(`${server.url}/v1/odds/test`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dice: 3 }),
    })
    expect(d.oddsTest).toEqual(await rest.json())
    expect(d.oddsPool.dice).toBe(2)
    expect(d.oddsStep.die).toBe("d8")
  })

  it("oddsShoot, oddsFight and oddsCheck answer their reports", async () => {
    const d = ok(
      await post(
        server,
        `{ oddsShoot(dice: 4, armour: 1) { mean } oddsFight(attacker: 3, defender: 2) { attackerWins defenderWins tie }
          oddsCheck(ability: 2, dr: 12, advantage: advantage) { ... on CheckOdds { ability dr advantage probability } } }`,
      ),
    )
    expect(d.oddsShoot.mean).toBeGreaterThan(0)
    expect(d.oddsFight.attackerWins + d.oddsFight.defenderWins + d.oddsFight.tie).toBeCloseTo(1, 9)
    expect(d.oddsCheck).toMatchObject({ ability: 2, dr: 12, advantage: "advantage" })
  })

  it("rollDice with a seed replays exactly, and matches REST's roll for the same seed", async () => {
    const q = `mutation($input: RollInput!) { rollDice(input: $input) { __typename ... on TestRollReport {
      kind seed target passed rolled { sides value } pool { successes crits desperate blightGained dice { face blight rerolled history } }
    } } }`
    const input = { kind: "test", dice: 4, target: 2, seed: 42 }
    const first = ok(await post(server, q, { input })).rollDice
    const again = ok(await post(server, q, { input })).rollDice
    expect(first).toEqual(again)
    expect(first).toMatchObject({ __typename: "TestRollReport", seed: 42, kind: "test", target: 2 })
    expect(first.rolled).toHaveLength(4)
    const rest = await fetch(`${server.url}/v1/dice/roll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    })
    const r = await rest.json()
    expect(first.pool).toEqual(r.pool)
    expect(first.passed).toBe(r.passed)
    expect(first.rolled).toEqual(
      r.rolled.map((d: { sides: number; value: number }) => ({ sides: d.sides, value: d.value })),
    )
  })

  it("rollDice with fields its kind does not take is bad_request", async () => {
    const e = onlyError(
      await post(
        server,
        `mutation { rollDice(input: { kind: pool, dice: 3, expression: "2d6", seed: 1 }) { __typename } }`,
      ),
    )
    expect(e.extensions?.code).toBe("bad_request")
    expect(e.extensions?.details?.length).toBeGreaterThan(0)
  })
})

describe("packs", () => {
  it("uploadPack stores the homebrew examples; a pack that requires another is refused before it, accepted after", async () => {
    // A pack that requires flooded-quarter: the Harsher Husks, for the Flooded Quarter's tables.
    const quarterHusks = {
      ...harsherHusks,
      manifest: {
        ...(harsherHusks.manifest as object),
        id: "quarter-husks",
        requires: [
          { pack: "the-blight", version: "^0.3.0" },
          { pack: "flooded-quarter", version: "^1.0.0" },
        ],
      },
    }
    const early = onlyError(await post(server, UPLOAD, { pack: quarterHusks }, ann.key))
    expect(early.extensions?.code).toBe("not_found")
    expect(early.message).toContain("flooded-quarter")

    const fq = ok(await post(server, UPLOAD, { pack: floodedQuarter }, ann.key)).uploadPack
    expect(fq).toMatchObject({ id: "flooded-quarter", owner: ann.id, version: "1.0.0" })
    expect(fq.versions.map((v: { version: string }) => v.version)).toEqual(["1.0.0"])
    expect(fq.manifest).toMatchObject(floodedQuarter.manifest as object)
    ok(await post(server, UPLOAD, { pack: quarterHusks }, ann.key))
    ok(await post(server, UPLOAD, { pack: harsherHusks }, ann.key))

    const listed = ok(await post(server, `{ listPacks { items { id owner version } } }`)).listPacks.items
    expect(listed.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining(["flooded-quarter", "harsher-husks", "quarter-husks"]),
    )
    const got = ok(
      await post(
        server,
        `query($id: ID!) { getPack(id: $id) { id owner version body { manifest { ${MANIFEST} } creatures { id name } } } }`,
        { id: "harsher-husks" },
      ),
    ).getPack
    expect(got).toMatchObject({ id: "harsher-husks", owner: ann.id, version: "0.1.0" })
    // The stored pack, typed: its manifest and its entries by the library's schemas.
    expect(got.body.manifest).toMatchObject(harsherHusks.manifest as object)
    const creatures = harsherHusks.creatures as { id: string; name: string }[]
    expect(got.body.creatures).toEqual(creatures.map(({ id, name }) => ({ id, name })))
  })

  it("listContent with packs merges them: the Harsher Husk replaces the core Husk", async () => {
    await post(server, UPLOAD, { pack: harsherHusks }, ann.key) // uploaded (or conflict: already there)
    const d = ok(
      await post(
        server,
        `{ listContent(kind: creatures, packs: ["harsher-husks"], pack: "harsher-husks") { total items { id pack replaces entry } } }`,
      ),
    ).listContent
    expect(d.total).toBe(1)
    expect(d.items[0]).toMatchObject({ id: "husk", pack: "harsher-husks", replaces: "the-blight" })
    expect(d.items[0].entry.health).toBe(3)
  })

  it("uploading a version that exists is conflict; someone else's pack is forbidden; no key is unauthorized", async () => {
    const hh = { ...harsherHusks, manifest: { ...(harsherHusks.manifest as object), id: "hh-owned" } }
    ok(await post(server, UPLOAD, { pack: hh }, ann.key))
    expect(onlyError(await post(server, UPLOAD, { pack: hh }, ann.key)).extensions).toMatchObject({
      code: "conflict",
      status: 409,
    })
    const next = { ...hh, manifest: { ...hh.manifest, version: "0.2.0" } }
    expect(onlyError(await post(server, UPLOAD, { pack: next }, bob.key)).extensions).toMatchObject({
      code: "forbidden",
      status: 403,
    })
    expect(onlyError(await post(server, UPLOAD, { pack: next })).extensions).toMatchObject({
      code: "unauthorized",
      status: 401,
    })
    const published = ok(await post(server, UPLOAD, { pack: next }, ann.key)).uploadPack
    expect(published.versions.map((v: { version: string }) => v.version)).toEqual(["0.1.0", "0.2.0"])
  })

  it("an invalid pack is rules_violated with the path of each problem", async () => {
    const broken = {
      ...harsherHusks,
      manifest: { ...(harsherHusks.manifest as object), id: "broken-husks" },
      creatures: [{ ...(harsherHusks.creatures as object[])[0], id: "husk-two", health: "lots" }],
    }
    const e = onlyError(await post(server, UPLOAD, { pack: broken }, ann.key))
    expect(e.extensions?.code).toBe("rules_violated")
    expect(e.extensions?.details).toContainEqual(
      expect.objectContaining({ pack: "broken-husks", path: "creatures[0].health" }),
    )
  })

  it("getPack of an unknown id is not_found", async () => {
    const e = onlyError(await post(server, `{ getPack(id: "no-such-pack") { id } }`))
    expect(e.extensions).toMatchObject({ code: "not_found", status: 404 })
  })
})

describe("Refuges and Congregations", () => {
  it("B-FOUNDING-01 foundRefuge founds examples/rosters/refuge.json, its stores the fold of its Ledger", async () => {
    const d = ok(await post(server, FOUND_REFUGE, { roster: refugeRoster, seed: 11 }, ann.key)).foundRefuge
    expect(d.seed).toBe(11)
    expect(d.record).toMatchObject({
      owner: ann.id,
      version: 1,
      name: "Wharfside",
      kind: "refuge",
      packs: [],
    })
    expect(d.record.refuge.survivors).toHaveLength(5)
    const ledger = ok(
      await post(
        server,
        `query($id: ID!) { refugeLedger(id: $id) { id version stores { salvage reloads arrows rations meds } entries { seq store amount reason clause item { kind id } rolls { sides value } } } }`,
        { id: d.record.id },
        ann.key,
      ),
    ).refugeLedger
    expect(ledger).toMatchObject({ id: d.record.id, version: 1, stores: d.record.stores })
    expect(ledger.entries[0]).toMatchObject({
      seq: 0,
      store: "salvage",
      amount: 150,
      clause: "B-FOUNDING-01",
    })
    const salvage = ledger.entries
      .filter((e: { store: string }) => e.store === "salvage")
      .reduce((n: number, e: { amount: number }) => n + e.amount, 0)
    expect(salvage).toBe(d.record.stores.salvage)
    expect(ledger.entries.some((e: { item: { id: string } | null }) => e.item?.id === "pistol")).toBe(true)
  })

  it("foundCongregation founds examples/rosters/congregation.json; each list holds only the caller's own kind", async () => {
    const d = ok(
      await post(
        server,
        `mutation($roster: RosterInput!) { foundCongregation(roster: $roster, seed: 5) { seed record { id kind name owner } } }`,
        { roster: congregationRoster },
        ann.key,
      ),
    ).foundCongregation
    expect(d.record).toMatchObject({
      kind: "congregation",
      name: "The Gardeners of Carrow Fields",
      owner: ann.id,
    })
    const lists = ok(
      await post(
        server,
        `query($id: ID!) { refuges { items { id kind owner } } congregations { items { id kind } } congregation(id: $id) { id name } congregationLedger(id: $id) { id entries { seq } } }`,
        { id: d.record.id },
        ann.key,
      ),
    )
    expect(lists.refuges.items.map((r: { id: string }) => r.id)).toContain(annRefugeId)
    expect(
      lists.refuges.items.every(
        (r: { kind: string; owner: string }) => r.kind === "refuge" && r.owner === ann.id,
      ),
    ).toBe(true)
    expect(lists.congregations.items.map((r: { id: string }) => r.id)).toEqual([d.record.id])
    expect(lists.congregation.name).toBe("The Gardeners of Carrow Fields")
    expect(lists.congregationLedger.entries.length).toBeGreaterThan(0)
    const bobs = ok(
      await post(server, `{ refuges { items { id } } congregations { items { id } } }`, {}, bob.key),
    )
    expect(bobs).toEqual({ refuges: { items: [] }, congregations: { items: [] } })
  })

  it("refuge returns one of the caller's Refuges with its stores", async () => {
    const d = ok(
      await post(
        server,
        `query($id: ID!) { refuge(id: $id) { id owner version name kind stores { salvage rations } refuge } }`,
        { id: annRefugeId },
        ann.key,
      ),
    ).refuge
    expect(d).toMatchObject({ id: annRefugeId, owner: ann.id, name: "Wharfside", kind: "refuge" })
    expect(d.stores.salvage).toBe(d.refuge.stores.salvage)
  })

  it("B-FOUNDING-03 B-FOUNDING-04 a roster of 3 with no Leader is rules_violated over GraphQL, with every clause", async () => {
    const roster = {
      ...refugeRoster,
      survivors: (refugeRoster.survivors as { leader?: boolean }[])
        .slice(1, 4)
        .map(({ leader: _, ...s }) => s),
    }
    const r = await post(server, FOUND_REFUGE, { roster }, ann.key)
    const e = onlyError(r)
    expect(e.extensions).toMatchObject({ code: "rules_violated", status: 422 })
    const clauses = e.extensions?.details?.map((d) => d.clause)
    expect(clauses).toEqual(expect.arrayContaining(["B-FOUNDING-03", "B-FOUNDING-04"]))
    expect(e.extensions?.details?.every((d) => d.path.startsWith("roster"))).toBe(true)
    expect(r.data).toEqual({ foundRefuge: null })
  })

  it("B-MARKET-01 refugeMarketTrip buys all or nothing and moves the version; a stale version is conflict", async () => {
    const founded = ok(
      await post(server, FOUND_REFUGE, { roster: { ...refugeRoster, reloads: 0 }, seed: 7 }, ann.key),
    ).foundRefuge.record
    expect(founded.stores).toMatchObject({ salvage: 9, reloads: 0 })
    const orders = [{ buy: { kind: "kit", id: "lantern" } }, { buyReloads: 1 }]
    const trip = ok(
      await post(server, TRIP, { id: founded.id, version: 1, orders, seed: 3 }, ann.key),
    ).refugeMarketTrip
    expect(trip.record).toMatchObject({ id: founded.id, version: 2, stores: { salvage: 1, reloads: 1 } })
    expect(trip.record.refuge.stash.kit).toContain("lantern")
    expect(trip.trip.seed).toBe(3)
    expect(trip.trip.lines).toEqual([
      { order: 0, what: "buy 1 × Lantern", done: true, availability: null },
      { order: 1, what: "buy 1 Reload(s)", done: true, availability: null },
    ])

    const stale = onlyError(await post(server, TRIP, { id: founded.id, version: 1, orders }, ann.key))
    expect(stale.extensions).toMatchObject({ code: "conflict", status: 409 })
    expect(stale.message).toContain("version 2")

    const broke = onlyError(
      await post(server, TRIP, { id: founded.id, version: 2, orders: [{ buyReloads: 5 }] }, ann.key),
    )
    expect(broke.extensions?.code).toBe("rules_violated")
    expect(broke.extensions?.details?.map((d) => d.clause)).toContain("B-MARKET-01")
    const after = ok(
      await post(
        server,
        `query($id: ID!) { refugeLedger(id: $id) { version stores { salvage reloads } entries { clause } } }`,
        { id: founded.id },
        ann.key,
      ),
    ).refugeLedger
    expect(after).toMatchObject({ version: 2, stores: { salvage: 1, reloads: 1 } })
    expect(after.entries.at(-1).clause).toBe("B-FOUNDING-09")
  })

  it("B-CONGREGATION-08 congregationMarketTrip refuses Reloads for a Congregation over GraphQL", async () => {
    const c = ok(
      await post(
        server,
        `mutation($roster: RosterInput!) { foundCongregation(roster: $roster) { record { id version } } }`,
        { roster: congregationRoster },
        ann.key,
      ),
    ).foundCongregation.record
    const e = onlyError(
      await post(
        server,
        `mutation($id: ID!, $v: Int!) { congregationMarketTrip(id: $id, version: $v, orders: [{ buyReloads: 1 }]) { record { version } } }`,
        { id: c.id, v: c.version },
        ann.key,
      ),
    )
    expect(e.extensions?.code).toBe("rules_violated")
    expect(e.extensions?.details?.map((d) => d.clause)).toContain("B-CONGREGATION-08")
  })

  it("a market order with two actions is bad_request", async () => {
    const e = onlyError(
      await post(
        server,
        TRIP,
        { id: annRefugeId, version: 1, orders: [{ buyReloads: 1, sellAmber: 1 }] },
        ann.key,
      ),
    )
    expect(e.extensions?.code).toBe("bad_request")
    expect(e.extensions?.details?.some((d) => d.path.startsWith("orders.0"))).toBe(true)
  })
})

describe("errors carry the REST codes in extensions", () => {
  it("a field that needs a player is unauthorized with no key and with a bad key", async () => {
    const none = onlyError(await post(server, `{ refuges { total } }`))
    expect(none.extensions).toMatchObject({ code: "unauthorized", status: 401 })
    expect(none.path).toEqual(["refuges"])
    const bad = onlyError(await post(server, `{ refuges { total } }`, {}, "blt_not-a-key"))
    expect(bad.extensions).toMatchObject({ code: "unauthorized", status: 401 })
    expect(bad.message).toContain("not valid")
  })

  it("authentication is lazy: public fields answer whatever the key, beside a field that fails", async () => {
    const r = await post(server, `{ health listPacks { total } refuges { total } }`, {}, "blt_not-a-key")
    expect(r.data?.health).toBe("ok")
    expect(r.data?.listPacks.total).toEqual(expect.any(Number))
    expect(r.data?.refuges).toBeNull()
    expect(onlyError(r).extensions?.code).toBe("unauthorized")
  })

  it("someone else's Refuge, Ledger and Market trip are forbidden", async () => {
    const q = `query($id: ID!) { refuge(id: $id) { id } refugeLedger(id: $id) { id } }`
    const r = await post(server, q, { id: annRefugeId }, bob.key)
    expect(r.errors?.map((e) => e.extensions?.code)).toEqual(["forbidden", "forbidden"])
    expect(r.errors?.[0]?.extensions?.status).toBe(403)
    expect(r.data).toEqual({ refuge: null, refugeLedger: null })
    const trip = onlyError(
      await post(server, TRIP, { id: annRefugeId, version: 1, orders: [{ buyReloads: 1 }] }, bob.key),
    )
    expect(trip.extensions?.code).toBe("forbidden")
  })

  it("an unknown Refuge, or a Refuge asked for as a Congregation, is not_found", async () => {
    const r = await post(
      server,
      `query($id: ID!) { refuge(id: "no-such-refuge") { id } congregation(id: $id) { id } }`,
      { id: annRefugeId },
      ann.key,
    )
    expect(r.errors?.map((e) => e.extensions?.code)).toEqual(["not_found", "not_found"])
  })

  it("a document that does not validate, or variables of the wrong type, are bad_request", async () => {
    const invalid = onlyError(await post(server, `{ listPacks { items { id nmae } } }`))
    expect(invalid.extensions?.code).toBe("bad_request")
    expect(invalid.message).toContain("nmae")
    const unparsable = onlyError(await post(server, `{ listPacks { total }`))
    expect(unparsable.extensions?.code).toBe("bad_request")
    const variables = onlyError(
      await post(server, `query($n: Int) { listContent(kind: kit, limit: $n) { total } }`, { n: "ten" }),
    )
    expect(variables.extensions?.code).toBe("bad_request")
    expect(variables.message).toContain("$n")
  })
})

describe("limits, masking and GraphiQL", () => {
  let tight: Server
  let tightDb: string
  const logged: string[] = []

  beforeAll(async () => {
    tightDb = tempDatabase()
    tight = await startServer(
      {
        ...defaults,
        port: 0,
        databaseUrl: `file:${tightDb}`,
        graphqlMaxDepth: 3,
        graphqlMaxCost: 30,
        maxBodyBytes: 4096,
      },
      { log: (m) => logged.push(m) },
    )
  })
  afterAll(async () => {
    await tight?.close()
  })

  it("a query deeper than graphqlMaxDepth is refused before it runs, with a clear message", async () => {
    const shallow = await post(tight, `{ listPacks { items { id } } }`)
    expect(ok(shallow).listPacks).toEqual({ items: [] })
    const r = await post(tight, `query($id: ID!) { refugeLedger(id: $id) { entries { item { kind } } } }`, {
      id: "x",
    })
    const e = onlyError(r)
    expect(e.message).toBe("the query is refused: Query depth limit of 3 exceeded, found 4.")
    expect(e.extensions).toMatchObject({ code: "bad_request", status: 400 })
    expect(r.data).toBeUndefined()
  })

  it("a query costlier than graphqlMaxCost is refused", async () => {
    const e = onlyError(
      await post(
        tight,
        `{ listPacks { total limit next items { id owner version } } a: listContent(kind: kit) { total offset limit items { id name pack } } b: listContent(kind: weapons) { total offset limit items { id name pack } } }`,
      ),
    )
    expect(e.message).toMatch(/^the query is refused: Query Cost limit of 30 exceeded, found \d+/)
    expect(e.extensions?.code).toBe("bad_request")
  })

  it("with the default bounds, a fragment bomb is refused for its cost, and GraphiQL's introspection query is accepted", async () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `fragment F${i + 1} on Pack { ...F${i} ...F${i} ...F${i} }`,
    ).join("\n")
    const bomb = `{ listPacks { items { ...F9 } } }\nfragment F0 on Pack { id owner version }\n${levels}`
    const e = onlyError(await post(server, bomb))
    expect(e.message).toMatch(/Query Cost limit of 5000 exceeded/)
    expect(e.extensions?.code).toBe("bad_request")
    const introspection = ok(await post(server, getIntrospectionQuery({ descriptions: true })))
    expect(introspection.__schema.queryType.name).toBe("Query")
  })

  it("with the default bounds, a query 12 fields deep is refused (graphqlMaxDepth 10)", async () => {
    const deep = `{ __type(name: "Query") { fields { type ${"{ ofType ".repeat(8)}{ name }${" }".repeat(8)} } } }`
    const e = onlyError(await post(server, deep))
    expect(e.message).toBe("the query is refused: Query depth limit of 10 exceeded, found 12.")
    expect(e.extensions?.code).toBe("bad_request")
  })

  it("an internal error is masked as 'Unexpected error.' (code internal) and its cause logged server-side", async () => {
    const sqlite = openSqlite(tightDb)
    sqlite.exec("ALTER TABLE packs RENAME TO packs_moved")
    sqlite.close()
    const r = await post(tight, `{ health listPacks { total } }`)
    const e = onlyError(r)
    expect(e.message).toBe("Unexpected error.")
    expect(e.extensions).toEqual({ code: "internal", status: 500, requestId: r.requestId })
    expect(logged.filter((l) => l.includes(r.requestId))).toHaveLength(1)
    expect(r.data).toEqual({ health: "ok", listPacks: null })
    expect(r.text).not.toMatch(/no such table|sqlite|stack/i)
    expect(logged.join("\n")).toMatch(/Query\.listPacks[\s\S]*no such table: packs/)
  })

  it("requests GraphQL cannot read carry REST codes too: bad JSON, a mutation over GET, a body over maxBodyBytes", async () => {
    const send = async (init: RequestInit & { duplex?: "half" }, query = "") => {
      const response = await fetch(`${tight.url}/graphql${query}`, init)
      return { status: response.status, body: (await response.json()) as { errors: GqlError[] } }
    }
    const json = { "content-type": "application/json", accept: "application/json" }
    const badJson = await send({ method: "POST", headers: json, body: "{ nope" })
    expect(badJson.status).toBe(400)
    expect(badJson.body.errors[0]?.extensions).toMatchObject({ code: "bad_request", status: 400 })

    const mutation = `?query=${encodeURIComponent('mutation { registerPlayer(name: "Dee") { apiKey } }')}`
    // A GET without the CSRF header (what an <img> or a link sends) is refused before anything runs.
    const bare = await send({ headers: { accept: "application/json" } }, mutation)
    expect(bare.status).toBe(403)
    expect(bare.body.errors[0]?.extensions).toMatchObject({ code: "forbidden", status: 403 })
    // The refusal names the header it wants, so a client need not read the source to find it.
    expect(bare.body.errors[0]?.message).toContain("`x-graphql-yoga-csrf`")
    const viaGet = await send(
      { headers: { accept: "application/json", "x-graphql-yoga-csrf": "1" } },
      mutation,
    )
    expect(viaGet.status).toBe(405)
    expect(viaGet.body.errors[0]?.extensions).toMatchObject({ code: "method_not_allowed", status: 405 })

    // Streamed, so no Content-Length: GraphQL's own limit refuses it.
    const big = JSON.stringify({ query: "{ health }", variables: { padding: "x".repeat(8000) } })
    const body = new ReadableStream({
      start: (c) => {
        c.enqueue(new TextEncoder().encode(big))
        c.close()
      },
    })
    const tooLarge = await send({ method: "POST", headers: json, body, duplex: "half" })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.errors[0]?.extensions).toMatchObject({ code: "payload_too_large", status: 413 })
  })

  it("GraphiQL is served for a browser's GET of /graphql", async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: "text/html" } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/text\/html/)
    const html = await response.text()
    expect(html).toContain("<title>Blight Rules GraphQL</title>")
  })
})
