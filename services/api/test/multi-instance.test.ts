/**
 * Several service instances on one database (docs/deploy.md): three servers on loopback ports
 * over one PostgreSQL (the one `.ci/run` starts; skipped without TEST_DATABASE_URL), and two over
 * one SQLite file. What one instance writes, every other answers at once: packs (REST and GraphQL,
 * positive and negative answers), key revocation, the shared rate budget.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { allEvents, listen, playerWith, raidBetween, step, unlimited } from "./support/raids.js"
import {
  client,
  exampleRoster,
  makeDatabase,
  postgresServer,
  REPO_ROOT,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

// biome-ignore lint/suspicious/noExplicitAny: parsed documents the assertions reach into
type Json = any

const flooded = (): Record<string, Json> =>
  JSON.parse(readFileSync(join(REPO_ROOT, "examples/homebrew-pack/flooded-quarter.json"), "utf8"))

const gql = async (url: string, query: string, variables: Record<string, unknown> = {}, key?: string) => {
  const r = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  })
  return (await r.json()) as { data?: Json; errors?: Array<{ message: string }> }
}

const HOMES =
  'query($p: [String!]) { listContent(kind: homes, packs: $p, pack: "flooded-quarter") { total items { entry } } }'
const homeNames = (answer: { data?: Json }): string[] =>
  answer.data?.listContent?.items.map((i: { entry: { name: string } }) => i.entry.name) ?? []

/** The instances' shared behaviour, on whichever database the group runs on. */
const sharedDatabaseCases = (instances: () => Running[]) => {
  it("a pack uploaded on one instance is read on the others at once, after they said it did not exist (REST and GraphQL)", async () => {
    const [a, b, c] = instances() as [Running, Running, Running | undefined]
    const key = (await client(a.url).post("/v1/players", { name: "Uploader" })).body.apiKey
    // Asked on B (and C) first: "no pack", twice, so Json cache has had its chance to keep the answer.
    for (const s of [b, c ?? b]) {
      for (let i = 0; i < 2; i++) {
        const before = await gql(s.url, HOMES, { p: ["flooded-quarter"] })
        expect(before.errors?.[0]?.message).toMatch(/no pack "flooded-quarter"/)
        expect((await client(s.url).get("/v1/content/homes?packs=flooded-quarter")).status).toBe(404)
      }
    }
    const pack = flooded()
    expect((await client(a.url).post("/v1/packs", pack, key)).status).toBe(201)
    for (const s of [b, c ?? b, a]) {
      expect(homeNames(await gql(s.url, HOMES, { p: ["flooded-quarter"] }))).toContain(pack.homes[0].name)
      const rest = await client(s.url).get("/v1/content/homes?packs=flooded-quarter&pack=flooded-quarter")
      expect(rest.status).toBe(200)
      expect(rest.body.items.map((i: Json) => i.entry.name)).toContain(pack.homes[0].name)
    }
    // A new version uploaded on B replaces what A and C answer, though they answered the old one.
    const v2 = flooded()
    v2.manifest.version = "1.1.0"
    v2.homes[0].name = `${v2.homes[0].name} (rebuilt)`
    expect((await client(b.url).post("/v1/packs", v2, key)).status).toBe(201)
    for (const s of [a, c ?? a]) {
      expect(homeNames(await gql(s.url, HOMES, { p: ["flooded-quarter"] }))).toContain(v2.homes[0].name)
      const rest = await client(s.url).get("/v1/content/homes?packs=flooded-quarter&pack=flooded-quarter")
      expect(rest.body.items.map((i: Json) => i.entry.name)).toContain(v2.homes[0].name)
    }
  })

  it("a Refuge founded on one instance is read and changed through the others, versions shared", async () => {
    const [a, b] = instances() as [Running, Running]
    const key = (await client(a.url).post("/v1/players", { name: "Founder" })).body.apiKey
    const founded = await client(a.url).post("/v1/refuges", { roster: exampleRoster() }, key)
    expect(founded.status).toBe(201)
    const read = await client(b.url).get(`/v1/refuges/${founded.body.id}`, key)
    expect(read.status).toBe(200)
    expect(read.body.version).toBe(founded.body.version)
  })

  it("a key revoked on one instance is refused by every other at once", async () => {
    const [a, b, c] = instances() as [Running, Running, Running | undefined]
    const first = (await client(a.url).post("/v1/players", { name: "Revoker" })).body.apiKey
    const second = await client(b.url).post("/v1/players/me/keys", {}, first)
    expect(second.status).toBe(201)
    // A Refuge's read checks the key in the same query as the row (app/keyed.ts): refused at once too.
    const refuge = (await client(a.url).post("/v1/refuges", { roster: exampleRoster() }, first)).body.id
    for (const s of [a, b, c ?? b]) {
      expect((await client(s.url).get("/v1/refuges", second.body.apiKey)).status).toBe(200)
      expect((await client(s.url).get(`/v1/refuges/${refuge}`, second.body.apiKey)).status).toBe(200)
    }
    const revoked = await fetch(`${(c ?? a).url}/v1/players/me/keys/${second.body.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${first}` },
    })
    expect(revoked.status).toBe(200)
    for (const s of [a, b, c ?? b]) {
      expect((await client(s.url).get("/v1/refuges", second.body.apiKey)).status).toBe(401)
      expect((await client(s.url).get(`/v1/refuges/${refuge}`, second.body.apiKey)).status).toBe(401)
      expect((await client(s.url).get("/v1/refuges", first)).status).toBe(200)
      expect((await client(s.url).get(`/v1/refuges/${refuge}`, first)).status).toBe(200)
    }
  })
}

describe.runIf(postgresServer())("three instances on one PostgreSQL", () => {
  let db: TestDatabase
  let servers: Running[] = []
  const BUDGET = 40
  beforeAll(async () => {
    db = await makeDatabase("postgres")
    // Started together on a fresh database: the migrations run once, whoever wins the race.
    servers = await Promise.all(
      [0, 1, 2].map(() =>
        startTestServer(db.url, {
          rateLimit: { requests: BUDGET, windowMs: 60_000, authFailures: 30, maxClients: 1000 },
        }),
      ),
    )
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await db?.drop()
  })

  it("every instance is up and ready on the one database", async () => {
    for (const s of servers) {
      expect((await client(s.url).get("/health")).body).toMatchObject({ status: "ok", database: "postgres" })
      expect((await client(s.url).get("/ready")).status).toBe(200)
    }
  })

  sharedDatabaseCases(() => servers)

  it("a client's rate budget is one budget across the instances, spent from leases (docs/deploy.md)", async () => {
    const key = (await client(servers[0]!.url).post("/v1/players", { name: "Spender" })).body.apiKey
    const statuses: number[] = []
    // Spent round-robin: each instance sees only a third of the requests, yet the budget holds.
    for (let i = 0; i < BUDGET + 6; i++) {
      statuses.push((await client(servers[i % 3]!.url).get("/v1/refuges", key)).status)
    }
    const ok = statuses.filter((s) => s === 200).length
    // Never past the budget; early refusals only while another instance still holds a few points
    // (at most (instances - 1) × a lease, and a lease near the end of a budget is one point).
    expect(ok).toBeLessThanOrEqual(BUDGET)
    expect(ok).toBeGreaterThanOrEqual(BUDGET - 2)
    expect(statuses.slice(-3)).toEqual([429, 429, 429])
  })

  it("concurrent requests of one client on three instances: never more than the budget", async () => {
    const key = (await client(servers[1]!.url).post("/v1/players", { name: "Burst" })).body.apiKey
    const statuses = await Promise.all(
      Array.from({ length: BUDGET * 2 }, (_, i) => client(servers[i % 3]!.url).get("/v1/refuges", key)),
    ).then((rs) => rs.map((r) => r.status))
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(BUDGET)
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([])
    // What is left on each instance is spent there and refused everywhere after.
    for (const s of servers) for (let i = 0; i < 3; i++) await client(s.url).get("/v1/refuges", key)
    for (const s of servers) expect((await client(s.url).get("/v1/refuges", key)).status).toBe(429)
  })
})

describe.runIf(postgresServer())("live raids across three instances on one PostgreSQL", () => {
  let db: TestDatabase
  let servers: Running[] = []
  beforeAll(async () => {
    db = await makeDatabase("postgres")
    servers = await Promise.all([0, 1, 2].map(() => startTestServer(db.url, unlimited)))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await db?.drop()
  })

  it("commands raced on one version through three instances: exactly one is stored, the rest get 409", async () => {
    const [a, b, c] = servers as [Running, Running, Running]
    const ada = await playerWith(client(a.url), "Ada", "refuge")
    const bea = await playerWith(client(b.url), "Bea", "congregation")
    const raid = await raidBetween(client(c.url), ada, bea)
    const key = raid.decider === raid.seats[1].side ? bea.key : ada.key
    const legal = (await client(a.url).get(`/v1/raids/${raid.id}/legal`, key)).body
    const command = legal.commands.find((x: { type: string }) => x.type === "activate") ?? legal.commands[0]
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client(servers[i % 3]!.url).post(
          `/v1/raids/${raid.id}/commands`,
          { version: raid.version, command },
          key,
        ),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((x) => x === 201)).toHaveLength(1)
    expect(statuses.filter((x) => x === 409)).toHaveLength(29)
    const won = answers.find((r) => r.status === 201)!.body
    for (const s of servers) {
      const { events, version } = await allEvents(client(s.url), raid.id, ada.key, 1000)
      expect(version).toBe(won.version)
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    }
  }, 60_000)

  it("a stream on one instance delivers, in order and at once, the events posted through the others", async () => {
    const [a, b, c] = servers as [Running, Running, Running]
    const ada = await playerWith(client(a.url), "Ada", "refuge")
    const bea = await playerWith(client(c.url), "Bea", "congregation")
    const raid = await raidBetween(client(a.url), ada, bea)
    const keyFor = (side: string) => (side === raid.seats[1].side ? bea.key : ada.key)
    let final = Number.POSITIVE_INFINITY
    const listening = listen(`${b.url}/v1/raids/${raid.id}/stream`, ada.key, (es) => es.at(-1)?.id === final)
    // Commands alternate between A and C; nothing is posted through B, which only listens.
    for (let i = 0; i < 24; i++) {
      const before = await step(client((i % 2 === 0 ? a : c).url), raid.id, keyFor)
      if (before.status === "over") break
    }
    final = (await client(a.url).get(`/v1/raids/${raid.id}`, ada.key)).body.version
    // A follower re-reads the log by itself only every 15 s: well within that, only the
    // NOTIFY sent by the other instances can have woken it.
    const got = await Promise.race([
      listening,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the stream on B stalled")), 8000)),
    ])
    const logged = (await allEvents(client(c.url), raid.id, bea.key, 1000)).events
    expect(got.map((e) => e.id)).toEqual(logged.map((e) => e.seq))
    expect(got.map((e) => e.data)).toEqual(logged)
  }, 120_000)
})

describe("two instances on one SQLite file", () => {
  let db: TestDatabase
  let servers: Running[] = []
  beforeAll(async () => {
    db = sqliteDatabase()
    servers = [await startTestServer(db.url), await startTestServer(db.url)]
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await db?.drop()
  })
  sharedDatabaseCases(() => servers)
})
