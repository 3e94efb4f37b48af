/**
 * The service under hostile input, on every database available (SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set): bounded answers to huge or deep bodies, no 500 and no stack for
 * malformed requests, a rate limit that invented headers can't get round, caches that stay under
 * their byte bound, and API keys that can be listed, rotated and revoked. Work is measured by what
 * is counted (bytes answered, details listed, cache bytes), never by wall time.
 */
import { connect as netConnect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_DETAILS } from "../src/app/ApiError.js"
import { openSqlite } from "../src/db/sqlite.js"
import { clientAddress, identityTable, OVERFLOW } from "../src/http/RateLimit.js"
import { defaults } from "../src/index.js"
import { checkShape, defaultShapeLimits } from "../src/limits/shape.js"
import {
  databaseKinds,
  exampleRoster,
  exampleRosterInput,
  makeDatabase,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

/** Text a stack trace or a dependency layout would show. */
const STACK = /\n\s+at |node_modules|\.(ts|js):\d+|\/work\/|\/src\//

interface Answer {
  status: number
  bytes: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: the assertions are the checks on these bodies
  body: any
  text: string
}

const send = async (url: string, init: RequestInit = {}): Promise<Answer> => {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, bytes: Buffer.byteLength(text), headers: res.headers, body, text }
}

const postJson = (url: string, body: string, headers: Record<string, string> = {}) =>
  send(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body })

/** One raw HTTP/1.1 request (for what fetch refuses to send): the status line and the body. */
/** A raw HTTP answer read off a socket: its status (0 if none came), head and body. */
const answerOf = (data: string) => {
  const [head = "", ...rest] = data.split("\r\n\r\n")
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join("\r\n\r\n") }
}

const raw = (port: number, request: string) =>
  new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = netConnect(port, "127.0.0.1")
    let data = ""
    socket.on("data", (c) => {
      data += c.toString("utf8")
    })
    socket.on("end", () => resolve(answerOf(data)))
    socket.on("error", reject)
    socket.write(request)
  })

const register = async (url: string, name: string): Promise<string> => {
  const r = await postJson(`${url}/v1/players`, JSON.stringify({ name }))
  expect(r.status, r.text).toBe(201)
  return r.body.apiKey
}

describe("the structural pre-check", () => {
  it("stops at the first limit broken, visiting no more than maxNodes + 1 values", () => {
    const limits = { ...defaultShapeLimits, maxNodes: 1000 }
    const flat = new Array(500_000).fill(0)
    // An array too long is refused before any element is visited.
    expect(checkShape(flat, limits)).toMatchObject({ path: "(root)", tooLarge: true, visited: 1 })
    const wide = Array.from({ length: 50 }, () => new Array(100).fill("x"))
    expect(checkShape(wide, limits)).toMatchObject({
      message: expect.stringMatching(/more than 1000 values/),
      visited: 1001,
    })
    let deep: unknown = 1
    for (let i = 0; i < 10_000; i++) deep = [deep]
    expect(checkShape(deep, limits)).toMatchObject({
      tooLarge: false,
      message: expect.stringMatching(/deeper than 32/),
      visited: 33,
    })
    expect(checkShape({ a: "x".repeat(30_000) })).toMatchObject({ path: "a", tooLarge: true })
    expect(checkShape(exampleRoster())).toBeUndefined()
  })
})

describe("the client's address", () => {
  it("is the socket's, unless the socket is a trusted proxy; IPv6 counts by /64", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", [])).toBe("203.0.113.9")
    expect(clientAddress("203.0.113.9", "1.2.3.4", ["10.0.0.2"])).toBe("203.0.113.9")
    expect(clientAddress("10.0.0.2", "1.2.3.4", ["10.0.0.2"])).toBe("1.2.3.4")
    // The right-most entry the trusted proxies did not add; an invented left part is ignored.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.3", ["10.0.0.2", "10.0.0.3"])).toBe("1.2.3.4")
    expect(clientAddress("10.0.0.2", "not-an-ip", ["10.0.0.2"])).toBe("10.0.0.2")
    expect(clientAddress("::ffff:192.0.2.1", null, [])).toBe("192.0.2.1")
    expect(clientAddress("2001:db8:1:2:3:4:5:6", null, [])).toBe("2001:db8:1:2::/64")
    expect(clientAddress("2001:db8::1", null, [])).toBe(clientAddress("2001:db8:0:0:ffff::2", null, []))
  })
})

describe("the identity table", () => {
  it("is bounded, and new identities past the bound share one budget instead of pushing old ones out", () => {
    let now = 0
    const table = identityTable(10, 1000, () => now)
    expect(table.admit("limited")).toBe("limited")
    for (let i = 0; i < 1000; i++) table.admit(`new-${i}`)
    expect(table.size()).toBe(10)
    expect(table.admit("limited")).toBe("limited")
    expect(table.admit("another")).toBe(OVERFLOW)
    now = 1001 // every window has ended: the table empties as it is used
    expect(table.admit("another")).toBe("another")
    expect(table.size()).toBe(1)
  })
})

describe("an unexpected error", () => {
  it("is a 500 without a stack, logged once with the request id the answer carries", async () => {
    const db = sqliteDatabase()
    const s = await startTestServer(db.url)
    try {
      // The database changes under the service: reading packs fails in a way no use-case expects.
      const sqlite = openSqlite(db.url.slice("file:".length))
      sqlite.exec("ALTER TABLE packs RENAME TO packs_moved")
      sqlite.close()
      const r = await send(`${s.url}/v1/packs`)
      expect(r.status).toBe(500)
      expect(r.text).not.toMatch(STACK)
      expect(r.text).not.toMatch(/sqlite|no such table/i)
      const id = r.headers.get("x-request-id")!
      expect(r.body.error).toEqual({ code: "internal", message: expect.any(String), requestId: id })
      expect(s.logged.filter((l) => l.includes(id))).toEqual([expect.stringMatching(/no such table: packs/)])
    } finally {
      await s.close()
      await db.drop()
    }
  })
})

describe.each(databaseKinds())("hardening on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  const others: Running[] = []
  const dbs: TestDatabase[] = []
  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, {
      rateLimit: { ...defaults.rateLimit, requests: 100_000 },
      cacheBytes: 2 * 1024 * 1024,
    })
  })
  afterAll(async () => {
    for (const s of others) await s.close()
    await server?.close()
    for (const d of [db, ...dbs]) await d?.drop()
  })

  describe("amplification: a 1 MB hostile body is answered in a few bytes", () => {
    const oneMbArray = `[${new Array(500_000).fill("0").join(",")}]`

    it("an odds route refuses a 1 MB array (413) with one short detail, unauthenticated", async () => {
      expect(oneMbArray.length).toBeGreaterThan(990_000)
      const r = await postJson(`${server.url}/v1/odds/pool`, oneMbArray)
      expect(r.status).toBe(413)
      expect(r.body.error.code).toBe("payload_too_large")
      expect(r.bytes).toBeLessThan(1024)
      expect(r.body.error.requestId).toBe(r.headers.get("x-request-id"))
    })

    it("a roster with 4,000 bad survivors lists 20 problems and counts the rest (REST and GraphQL)", async () => {
      const key = await register(server.url, "Amplifier")
      const survivors = Array.from({ length: 4000 }, () => ({ name: 7, background: [] }))
      const body = JSON.stringify({ roster: { ...exampleRoster(), survivors } })
      const r = await postJson(`${server.url}/v1/refuges`, body, { authorization: `Bearer ${key}` })
      expect(r.status).toBeGreaterThanOrEqual(400)
      expect(r.status).toBeLessThan(500)
      expect(r.body.error.details).toHaveLength(MAX_DETAILS)
      // Two problems a survivor: all counted, 20 listed.
      expect(r.body.error.omitted).toBe(8000 - MAX_DETAILS)
      expect(r.bytes).toBeLessThan(10_000)
      // Over GraphQL the roster is a RosterInput: values of the wrong type are refused by GraphQL's
      // own variable check (which stops at 50 errors), still in a few bytes...
      const gql = (roster: unknown) =>
        postJson(
          `${server.url}/graphql`,
          JSON.stringify({
            query: "mutation($r: RosterInput!) { foundRefuge(roster: $r) { seed } }",
            variables: { r: roster },
          }),
          { authorization: `Bearer ${key}` },
        )
      const typed = await gql({ ...exampleRosterInput(), survivors })
      expect(typed.status).toBe(400)
      expect(typed.body.errors.length).toBeLessThanOrEqual(51)
      expect(typed.bytes).toBeLessThan(20_000)
      // ...and well-typed survivors that break the rules are listed 20 at most, the rest counted.
      const blank = Array.from({ length: 4000 }, () => ({ name: " ", background: "no-such-background" }))
      const g = await gql({ ...exampleRosterInput(), survivors: blank })
      expect(g.status).toBe(200)
      expect(g.body.errors[0].extensions.details).toHaveLength(MAX_DETAILS)
      expect(g.body.errors[0].extensions.omitted).toBeGreaterThanOrEqual(4000 - MAX_DETAILS)
      expect(g.bytes).toBeLessThan(10_000)
    })

    it("JSON nested 10,000 deep is a 400 naming the limit, on REST and GraphQL", async () => {
      const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`
      const r = await postJson(`${server.url}/v1/dice/roll`, deep)
      expect(r.status).toBe(400)
      expect(r.body.error.details[0].message).toMatch(/deeper than/)
      const g = await postJson(`${server.url}/graphql`, `{"query":"{ health }","variables":{"v":${deep}}}`)
      expect(g.status).toBe(400)
      expect(g.body.errors[0].extensions.code).toBe("bad_request")
      expect(g.text).not.toMatch(STACK)
      // Variables in a GET's URL (as deep as a URL allows) get the same check.
      const v = encodeURIComponent(`{"v":${"[".repeat(1500)}${"]".repeat(1500)}}`)
      const q = encodeURIComponent("query($v: JSON) { health }")
      const viaGet = await send(`${server.url}/graphql?query=${q}&variables=${v}`, {
        headers: { accept: "application/json", "x-graphql-yoga-csrf": "1" },
      })
      expect(viaGet.status).toBe(400)
      expect(viaGet.body.errors[0].message).toMatch(/deeper than/)
    })

    it("a 100,000-character Refuge name is refused and nothing is stored", async () => {
      const key = await register(server.url, "Longname")
      const r = await postJson(
        `${server.url}/v1/refuges`,
        JSON.stringify({ roster: { ...exampleRoster(), name: "N".repeat(100_000) } }),
        { authorization: `Bearer ${key}` },
      )
      expect(r.status).toBeGreaterThanOrEqual(400)
      expect(r.status).toBeLessThan(500)
      expect(r.bytes).toBeLessThan(4000)
      const list = await send(`${server.url}/v1/refuges`, { headers: { authorization: `Bearer ${key}` } })
      expect(list.body.items).toEqual([])
      const p = await postJson(`${server.url}/v1/players`, JSON.stringify({ name: "P".repeat(201) }))
      expect(p.status).toBe(400)
    })
  })

  describe("one error path: malformed requests are 4xx with a JSON body and a request id", () => {
    const cases: Array<[string, string]> = [
      ["a bad Host", "GET /health HTTP/1.1\r\nHost: exa mple/..\r\nConnection: close\r\n\r\n"],
      [
        "an absolute-form target",
        "GET http://evil.example/v1/packs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      ],
      ["an asterisk target", "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
      [
        "malformed percent-encoding in an id",
        "GET /v1/packs/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      ],
      ["a lone percent sign", "GET /v1/content/homes/% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
      ["a request line that is not HTTP", "NOT A REQUEST LINE\r\n\r\n"],
      [
        "headers over node's limit",
        `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      ],
    ]
    it.each(cases)("%s", async (_name, request) => {
      const r = await raw(server.port, request)
      expect(r.status).toBeGreaterThanOrEqual(400)
      expect(r.status).toBeLessThan(500)
      expect(r.body).not.toMatch(STACK)
      const body = JSON.parse(r.body)
      expect(body.error.code).toBeTypeOf("string")
      expect(r.head.toLowerCase()).toContain(`x-request-id: ${body.error.requestId}`)
    })

    it("an Accept that names no type a route answers in is a 406 with a JSON body; wildcards and q-values are weighed", async () => {
      const get = (path: string, accept: string) => send(`${server.url}${path}`, { headers: { accept } })
      for (const accept of ["image/png", "text/*", "application/json;q=0, text/html"]) {
        const r = await get("/v1/packs", accept)
        expect(r.status, accept).toBe(406)
        expect(r.body.error.code).toBe("not_acceptable")
        expect(r.body.error.message).toMatch(/application\/json/)
        expect(r.headers.get("x-request-id")).toBe(r.body.error.requestId)
      }
      for (const accept of ["application/*", "*/*;q=0.1", "image/png, application/json;q=0.5", ""]) {
        expect((await get("/v1/packs", accept)).status, accept).toBe(200)
      }
      // Refused before the body is read or the dice counted.
      const odds = await send(`${server.url}/v1/odds/test`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "image/png" },
        body: JSON.stringify({ dice: 3, target: 2 }),
      })
      expect(odds.status).toBe(406)
    })

    it("logged nothing as an internal error", () => {
      expect(server.logged.filter((l) => /internal error/.test(l))).toEqual([])
    })
  })

  describe("a client trickling its request (slowloris) holds a connection no longer than the timeouts", () => {
    const slow = async (parts: string[]) => {
      const s = await startTestServer(db.url, { headersTimeoutMs: 300, requestTimeoutMs: 600 })
      others.push(s)
      const r = await new Promise<ReturnType<typeof answerOf>>((resolve, reject) => {
        const socket = netConnect(s.port, "127.0.0.1")
        let data = ""
        const drip = setInterval(() => (parts.length > 0 ? socket.write(parts.shift()!) : undefined), 100)
        socket.on("data", (c) => {
          data += c.toString("utf8")
        })
        socket.on("close", () => {
          clearInterval(drip)
          resolve(answerOf(data))
        })
        socket.on("error", reject)
      })
      return r
    }

    it("headers never finished: 408 with a JSON body, the connection closed", async () => {
      const r = await slow(["GET /health HTTP/1.1\r\n", "Host: x\r\n", ...Array(40).fill("X-A: b\r\n")])
      expect(r.status).toBe(408)
      expect(JSON.parse(r.body).error.code).toBe("request_timeout")
    })

    it("a body never finished: the connection is closed", async () => {
      const r = await slow([
        "POST /v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
        ...Array(40).fill("{"),
      ])
      expect(r.status === 0 || r.status === 408).toBe(true)
    })
  })

  describe("GraphQL refuses what it should, always with a JSON body", () => {
    it("text/plain is a 415; a form-encoded mutation does not register anyone", async () => {
      const t = await send(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: '{"query":"{ health }"}',
      })
      expect(t.status).toBe(415)
      expect(t.body.errors[0].extensions.code).toBe("unsupported_media_type")
      const f = await send(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `query=${encodeURIComponent('mutation { registerPlayer(name: "Csrf") { apiKey } }')}`,
      })
      expect(f.status).toBe(415)
      expect(f.text).not.toMatch(/apiKey/)
      const put = await send(`${server.url}/graphql`, { method: "PUT", body: "{}" })
      expect(put.status).toBe(405)
      expect(put.body.errors[0].extensions.code).toBe("method_not_allowed")
    })

    it("1,000 __typename aliases are refused: 400 for graphql-response+json, 200 with the error for application/json", async () => {
      // The limit is a validation rule, so its refusal is a validation error: by GraphQL over HTTP,
      // a client that accepts application/graphql-response+json reads it as a 400, a plain
      // application/json (or */*) client as a 200 carrying only errors. The error names our code.
      const query = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: __typename`).join(" ")} }`
      for (const [accept, status] of [
        ["application/graphql-response+json", 400],
        ["application/json", 200],
      ] as const) {
        const r = await postJson(`${server.url}/graphql`, JSON.stringify({ query }), { accept })
        expect(r.status, accept).toBe(status)
        expect(r.body.data, accept).toBeUndefined()
        expect(r.body.errors[0].message, accept).toBe("the query is refused: more than 30 aliases")
        expect(r.body.errors[0].extensions, accept).toMatchObject({ code: "bad_request", status: 400 })
      }
    })
  })

  describe("the cache stays under its bound", () => {
    it("after many distinct large queries and many distinct pure answers", async () => {
      const bound = 2 * 1024 * 1024
      const padding = (i: number) => `# ${String(i).padStart(6, "0")} ${"x".repeat(15_000)}\n`
      for (let i = 0; i < 150; i++) {
        const r = await postJson(
          `${server.url}/graphql`,
          JSON.stringify({ query: `${padding(i)}{ oddsTest(dice: 3, target: 2) { probability } }` }),
        )
        expect(r.status).toBe(200)
      }
      // A query too large to be worth keeping is not kept: 150 × 15 KB added nothing to keep.
      const afterLarge = server.service.cacheBytes()
      expect(afterLarge).toBeLessThan(100_000)
      for (let i = 0; i < 400; i++) {
        await postJson(
          `${server.url}/v1/odds/pool`,
          JSON.stringify({ dice: 1 + (i % 30), target: 1 + (i % 6) }),
        )
        await postJson(
          `${server.url}/graphql`,
          JSON.stringify({
            query: "query($d: Int!) { listContent(kind: homes, limit: $d) { total items { entry } } }",
            variables: { d: 1 + i },
          }),
        )
        expect(server.service.cacheBytes()).toBeLessThanOrEqual(bound)
      }
      expect(server.service.cacheBytes()).toBeGreaterThan(afterLarge)
    })
  })

  describe("API keys", () => {
    it("list, issue, rotate and revoke (REST), with WWW-Authenticate on every 401", async () => {
      const first = await register(server.url, "Keyholder")
      const auth = (k: string) => ({ authorization: `Bearer ${k}` })
      const list = await send(`${server.url}/v1/players/me/keys`, { headers: auth(first) })
      expect(list.status).toBe(200)
      expect(list.body).toEqual({
        items: [expect.objectContaining({ current: true })],
        total: 1,
        limit: 50,
        next: null,
      })
      expect(list.text).not.toContain(first)

      const issued = await send(`${server.url}/v1/players/me/keys`, { method: "POST", headers: auth(first) })
      expect(issued.status).toBe(201)
      const second: string = issued.body.apiKey
      const rotated = await send(`${server.url}/v1/players/me/keys/rotate`, {
        method: "POST",
        headers: auth(second),
      })
      expect(rotated.status).toBe(201)
      const third: string = rotated.body.apiKey
      expect(rotated.body.revoked).toBe(issued.body.id)

      const old = await send(`${server.url}/v1/players/me/keys`, { headers: auth(second) })
      expect(old.status).toBe(401)
      expect(old.headers.get("www-authenticate")).toMatch(/^Bearer/)
      const none = await send(`${server.url}/v1/refuges`)
      expect(none.status).toBe(401)
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/)

      const firstId = list.body.items[0].id
      const revoked = await send(`${server.url}/v1/players/me/keys/${firstId}`, {
        method: "DELETE",
        headers: auth(third),
      })
      expect(revoked.status).toBe(200)
      expect((await send(`${server.url}/v1/refuges`, { headers: auth(first) })).status).toBe(401)
      const keys = await send(`${server.url}/v1/players/me/keys`, { headers: auth(third) })
      expect(keys.body.items).toHaveLength(1)
      const last = await send(`${server.url}/v1/players/me/keys/${keys.body.items[0].id}`, {
        method: "DELETE",
        headers: auth(third),
      })
      expect(last.status).toBe(409)
      const stranger = await register(server.url, "Stranger")
      const notTheirs = await send(`${server.url}/v1/players/me/keys/${keys.body.items[0].id}`, {
        method: "DELETE",
        headers: auth(stranger),
      })
      expect(notTheirs.status).toBe(404)
    })

    it("the same over GraphQL: myKeys, rotateKey, revokeKey", async () => {
      const key = await register(server.url, "Graphkeys")
      const gql = (query: string, k: string) =>
        postJson(`${server.url}/graphql`, JSON.stringify({ query }), { authorization: `Bearer ${k}` })
      const mine = await gql("{ myKeys { items { id current } } }", key)
      expect(mine.body.data.myKeys.items).toEqual([{ id: expect.any(String), current: true }])
      const rotated = await gql("mutation { rotateKey { id apiKey revoked } }", key)
      expect(rotated.body.data.rotateKey.revoked).toBe(mine.body.data.myKeys.items[0].id)
      const fresh: string = rotated.body.data.rotateKey.apiKey
      const stale = await gql("{ myKeys { total } }", key)
      expect(stale.body.errors[0].extensions.code).toBe("unauthorized")
      expect(stale.headers.get("www-authenticate")).toMatch(/^Bearer/)
      const issued = await gql("mutation { issueKey { id } }", fresh)
      const gone = await gql(`mutation { revokeKey(id: "${issued.body.data.issueKey.id}") }`, fresh)
      expect(gone.body.data.revokeKey).toBe(true)
    })
  })

  describe("the rate limit holds", () => {
    // Each on a database of its own: on PostgreSQL the counters are kept in the database, and the
    // servers of other tests (other budgets) would have spent some of them.
    const fresh = async () => {
      const d = await makeDatabase(kind)
      dbs.push(d)
      return d.url
    }
    const limited = async (overrides: Parameters<typeof startTestServer>[1], url?: string) => {
      const s = await startTestServer(url ?? (await fresh()), overrides)
      others.push(s)
      return s
    }

    it("invented X-Forwarded-For and Authorization values don't make new clients", async () => {
      const s = await limited({ rateLimit: { ...defaults.rateLimit, requests: 20, authFailures: 5 } })
      const statuses: number[] = []
      for (let i = 0; i < 40; i++) {
        const r = await send(`${s.url}/v1/content/seasons`, {
          headers: { "x-forwarded-for": `10.0.${i >> 8}.${i & 255}`, authorization: `Bearer invented-${i}` },
        })
        statuses.push(r.status)
      }
      expect(statuses.slice(0, 20).every((c) => c === 200)).toBe(true)
      expect(statuses.slice(20).every((c) => c === 429)).toBe(true)
    })

    it("failed authentication is limited too, and a verified key has its own budget", async () => {
      const s = await limited({ rateLimit: { ...defaults.rateLimit, requests: 1000, authFailures: 5 } })
      const key = await register(s.url, "Honest")
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const r = await send(`${s.url}/v1/refuges`, { headers: { authorization: `Bearer blt_guess${i}` } })
        statuses.push(r.status)
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
      expect(statuses.slice(6).every((c) => c === 429)).toBe(true)
      // The address may not try more keys now, but a key it already holds is also a key to check:
      // the guesser's address is blocked for key checks until its window ends.
      const honest = await send(`${s.url}/v1/refuges`, { headers: { authorization: `Bearer ${key}` } })
      expect(honest.status).toBe(429)
      const other = await limited({ rateLimit: { ...defaults.rateLimit, requests: 3, authFailures: 5 } })
      const k2 = await register(other.url, "Budget")
      // The address has spent 1 of 3 on registering; the key has its own 3.
      for (let i = 0; i < 3; i++)
        expect(
          (await send(`${other.url}/v1/refuges`, { headers: { authorization: `Bearer ${k2}` } })).status,
        ).toBe(200)
      expect(
        (await send(`${other.url}/v1/refuges`, { headers: { authorization: `Bearer ${k2}` } })).status,
      ).toBe(429)
    })

    it("behind a trusted proxy, X-Forwarded-For names the client, and new clients can't free a limited one", async () => {
      const s = await limited({
        trustProxy: ["127.0.0.1"],
        rateLimit: { ...defaults.rateLimit, requests: 3, maxClients: 10 },
      })
      const from = (ip: string) => send(`${s.url}/v1/content/seasons`, { headers: { "x-forwarded-for": ip } })
      for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).status).toBe(200)
      expect((await from("203.0.113.7")).status).toBe(429)
      // Another client is counted on its own.
      expect((await from("203.0.113.8")).status).toBe(200)
      // A flood of new identities: they share the overflow budget, and the limited client stays limited.
      for (let i = 0; i < 50; i++) await from(`198.51.100.${i}`)
      expect((await from("203.0.113.7")).status).toBe(429)
    })

    it.runIf(kind === "postgres")("two instances on one PostgreSQL share one budget", async () => {
      const rateLimit = { ...defaults.rateLimit, requests: 10 }
      const shared = await fresh()
      const a = await limited({ rateLimit }, shared)
      const b = await limited({ rateLimit }, shared)
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) {
        statuses.push((await send(`${a.url}/v1/content/seasons`)).status)
        statuses.push((await send(`${b.url}/v1/content/seasons`)).status)
      }
      expect(statuses.filter((c) => c === 200)).toHaveLength(10)
      expect(statuses.filter((c) => c === 429)).toHaveLength(6)
    })
  })
})
