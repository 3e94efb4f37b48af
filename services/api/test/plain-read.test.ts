/**
 * The hot reads (`GET /v1/raids/{id}`, `GET /v1/refuges/{id}`, `GET /v1/congregations/{id}`) are
 * answered on node's response without the Fetch-API adapter when the request target is a plain
 * path (server.ts, `Route.plain`). Every answer must be the one the general path gives: the same
 * status, headers and bytes, for every authorisation outcome, the rate limits included, and never
 * a stale view. The general path is reached over HTTP by the same target with a query string
 * (these routes read none), so both are compared as the client sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { playerWith, raidBetween, step, unlimited } from "./support/raids.js"
import { client, databaseKinds, makeDatabase, startTestServer, type TestDatabase } from "./support/server.js"

type Server = Awaited<ReturnType<typeof startTestServer>>

/** One request as the client sees it: status, the headers that don't vary by request, the body with its request id. */
const seen = async (server: Server, target: string, headers: Record<string, string>) => {
  const res = await fetch(server.url + target, { headers })
  const requestId = res.headers.get("x-request-id")
  const kept = [...res.headers].filter(([name]) => !["date", "x-request-id"].includes(name))
  const body = await res.text()
  return { status: res.status, headers: kept, body: body.replaceAll(requestId ?? "-", "<id>"), requestId }
}

/** The same request by the plain path and by the general one: both answers, to compare. */
const bothWays = async (server: Server, path: string, headers: Record<string, string>) => {
  const plain = await seen(server, path, headers)
  const general = await seen(server, `${path}?via=general`, headers)
  expect(plain.requestId).toMatch(/^[0-9a-f-]{36}$/)
  return { plain, general }
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

describe.each(databaseKinds())("the plain read path answers what the general path answers (%s)", (kind) => {
  let db: TestDatabase
  let server: Server
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
  })
  afterAll(async () => {
    await server.close()
    await db.drop()
  })

  it("a raid: its players and organiser read it; others, unknown ids, bad and missing keys are refused alike", async () => {
    const a = await playerWith(api, "Ash", "refuge")
    const b = await playerWith(api, "Birch", "congregation")
    const stranger = await playerWith(api, "Cedar", "refuge")
    const raid = await raidBetween(api, a, b)
    const cases: Array<[string, Record<string, string>, number]> = [
      [`/v1/raids/${raid.id}`, bearer(a.key), 200],
      [`/v1/raids/${raid.id}`, bearer(b.key), 200],
      [`/v1/raids/${raid.id}`, { ...bearer(a.key), accept: "application/json, */*;q=0.5" }, 200],
      [`/v1/raids/${raid.id}`, bearer(stranger.key), 403],
      [`/v1/raids/no-such-raid`, bearer(a.key), 404],
      [`/v1/raids/${raid.id}`, bearer("blt_not-a-key"), 401],
      [`/v1/raids/${raid.id}`, { authorization: "Basic abc" }, 401],
      [`/v1/raids/${raid.id}`, {}, 401],
      // The map (another media type) is the route handler's to answer (here: a declared table has none).
      [`/v1/raids/${raid.id}`, { ...bearer(a.key), accept: "image/svg+xml" }, 404],
      // No type it answers in: refused alike (RFC 9110 §12.5.1).
      [`/v1/raids/${raid.id}`, { ...bearer(a.key), accept: "image/png" }, 406],
    ]
    for (const [path, headers, status] of cases) {
      const { plain, general } = await bothWays(server, path, headers)
      expect(plain.status, `${path} ${JSON.stringify(headers)}`).toBe(status)
      expect(plain).toEqual({ ...general, requestId: plain.requestId })
    }
  })

  it("a raid's view after each command is the new version's, never a kept older one", async () => {
    const a = await playerWith(api, "Dogwood", "refuge")
    const b = await playerWith(api, "Elm", "congregation")
    const raid = await raidBetween(api, a, b)
    const keyFor = (side: string) => (side === raid.seats[1].side ? b.key : a.key)
    let version = raid.version
    for (let i = 0; i < 4; i++) {
      await step(api, raid.id, keyFor)
      for (const key of [a.key, b.key]) {
        const { plain, general } = await bothWays(server, `/v1/raids/${raid.id}`, bearer(key))
        expect(plain.status).toBe(200)
        expect(plain).toEqual({ ...general, requestId: plain.requestId })
        expect(JSON.parse(plain.body).version).toBeGreaterThan(version)
      }
      version = JSON.parse((await seen(server, `/v1/raids/${raid.id}`, bearer(a.key))).body).version
    }
  })

  it("a Refuge and a Congregation: the owner reads each by its own kind; the other kind, others and bad keys are refused alike", async () => {
    const a = await playerWith(api, "Fir", "refuge")
    const b = await playerWith(api, "Gorse", "congregation")
    const cases: Array<[string, Record<string, string>, number]> = [
      [`/v1/refuges/${a.refuge}`, bearer(a.key), 200],
      [`/v1/congregations/${b.refuge}`, bearer(b.key), 200],
      [`/v1/congregations/${a.refuge}`, bearer(a.key), 404],
      [`/v1/refuges/${a.refuge}`, bearer(b.key), 403],
      [`/v1/refuges/${a.refuge}`, bearer("blt_not-a-key"), 401],
      [`/v1/refuges/${a.refuge}`, {}, 401],
    ]
    for (const [path, headers, status] of cases) {
      const { plain, general } = await bothWays(server, path, headers)
      expect(plain.status, `${path} ${JSON.stringify(headers)}`).toBe(status)
      expect(plain).toEqual({ ...general, requestId: plain.requestId })
    }
  })
})

describe.each(databaseKinds())("the plain read path counts against the same rate limits (%s)", (kind) => {
  let db: TestDatabase
  let server: Server
  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, {
      rateLimit: { requests: 8, windowMs: 60_000, authFailures: 3, maxClients: 1000 },
    })
  })
  afterAll(async () => {
    await server.close()
    await db.drop()
  })

  it("requests past a key's budget and keys tried past the address's budget of failures are refused with 429", async () => {
    const api = client(server.url)
    const a = await playerWith(api, "Hazel", "refuge") // two requests: an address's, then the key's
    const path = `/v1/refuges/${a.refuge}`
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const { plain, general } = await bothWays(server, path, bearer(a.key))
      statuses.push(plain.status, general.status)
    }
    // The founding counted once against the key: seven reads go through, the eighth is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429])
    const refused = await bothWays(server, path, bearer(a.key))
    expect(refused.plain.status).toBe(429)
    expect(JSON.parse(refused.plain.body).error.code).toBe("rate_limited")
    expect(refused.plain.headers).toEqual(refused.general.headers)
    expect(refused.plain.body).toEqual(refused.general.body)

    const failed: number[] = []
    for (let i = 0; i < 3; i++) failed.push((await seen(server, path, bearer(`blt_wrong-${i}`))).status)
    expect(failed).toEqual([401, 401, 401])
    // The address has spent its failures: even a valid key is not checked now, by either path.
    const { plain, general } = await bothWays(server, path, bearer("blt_another"))
    expect(plain.status).toBe(429)
    expect(plain.headers).toEqual(general.headers)
    expect(plain.headers.map(([name]) => name)).toContain("retry-after")
  })
})
