/**
 * An outside tester's pass over the raids, campaigns, simulations, Refuges and odds routes, on
 * every database available (SQLite; PostgreSQL too when TEST_DATABASE_URL is set): every refusal
 * they answer is declared in /openapi.json for its operation and status and matches the declared
 * schema; a NUL character, wherever a request carries it, is a 400 naming where (PostgreSQL cannot
 * store it: it was a 500 there); an odds body is checked as its declared schema (an object, no
 * `kind`); a raid refused for its table's board stores nothing; racing
 * writes of different kinds on one campaign version store exactly one.
 */
import { Ajv2020 } from "ajv/dist/2020.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openApiDocument } from "../src/index.js"
import { playerWith, roster, type Seated, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const DOC_ID = "https://blight.invalid/openapi.json"
const doc = openApiDocument()
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema(doc as object, DOC_ID)
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")
const templateOf = (path: string) =>
  Object.keys(doc.paths ?? {}).find((t) =>
    new RegExp(`^${t.replace(/\{\w+\}/g, "[^/]+")}$`).test(path.split("?")[0]!),
  )

interface Sent {
  readonly status: number
  readonly type: string
  // biome-ignore lint/suspicious/noExplicitAny: the assertions are the checks on these bodies
  readonly body: any
}

/** The answer's status, content type and body are what the document declares for the operation. */
const expectDeclared = (method: string, path: string, answer: Sent) => {
  const template = templateOf(path)
  expect(template, `${method} ${path} is in the document`).toBeDefined()
  const op = doc.paths?.[template!]?.[method.toLowerCase() as "get"]
  const declared = op?.responses?.[String(answer.status)]
  expect(declared, `${method} ${template} declares ${answer.status}`).toBeDefined()
  expect(Object.keys(declared.content ?? {})).toContain(answer.type.split(";")[0])
  const validate = ajv.getSchema(
    `${DOC_ID}#/${pointer("paths", template!, method.toLowerCase(), "responses", String(answer.status), "content", "application/json", "schema")}`,
  )!
  if (!validate(answer.body))
    expect.fail(`${method} ${path} → ${answer.status}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`)
}

describe.each(databaseKinds())("hostile HTTP on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let api: ReturnType<typeof client>
  let a: Seated
  let b: Seated
  let oz: Seated

  /** Sends a request as it is given (raw body, headers) and reads the answer. */
  const send = async (
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string>; key?: string | null } = {},
  ): Promise<Sent> => {
    const key = init.key === undefined ? a.key : init.key
    const res = await fetch(server.url + path, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: res.status, type: res.headers.get("content-type") ?? "", body }
  }

  /** What the caller has stored: their Refuges, raids and campaigns (to check a refusal wrote nothing). */
  const stored = async (key = a.key) => ({
    refuges: (await api.get("/v1/refuges", key)).body.total,
    raids: (await api.get("/v1/raids", key)).body.total,
    campaigns: (await api.get("/v1/campaigns", key)).body.total,
  })

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    a = await playerWith(api, "Ada", "refuge")
    b = await playerWith(api, "Bea", "congregation")
    oz = await playerWith(api, "Oz", "refuge")
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("GET /v1/campaigns/{id}/standings of a campaign still waiting for a member answers a 409 the document declares", async () => {
    const waiting = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }] },
      a.key,
    )
    expect(waiting.status).toBe(201)
    const path = `/v1/campaigns/${waiting.body.id}/standings`
    const answer = await send("GET", path)
    expect(answer.status).toBe(409)
    expect(answer.body.error.code).toBe("conflict")
    expectDeclared("GET", path, answer)
  })

  it("every refusal of the raid, campaign, simulation, Refuge and odds routes is declared for its operation and matches the Error schema", async () => {
    const raid = await api.post("/v1/raids", { sides: [{ refuge: a.refuge }, { player: b.id }] }, a.key)
    const campaign = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }] },
      a.key,
    )
    const deep = `${"[".repeat(40)}${"]".repeat(40)}`
    const huge = JSON.stringify({ pad: "x".repeat(1_100_000) })
    const cases: Array<[string, string, Parameters<typeof send>[2], number]> = [
      // 401: no key, a key that is not one
      ["GET", `/v1/raids/${raid.body.id}`, { key: null }, 401],
      ["POST", "/v1/campaigns", { key: "blt_nope", body: "{}" }, 401],
      ["GET", "/v1/simulations", { key: null }, 401],
      ["POST", `/v1/refuges/${a.refuge}/market-trips`, { key: null, body: "{}" }, 401],
      // 403: someone else's
      ["GET", `/v1/raids/${raid.body.id}/events`, { key: oz.key }, 403],
      ["GET", `/v1/campaigns/${campaign.body.id}/standings`, { key: oz.key }, 403],
      ["GET", `/v1/congregations/${b.refuge}/ledger`, {}, 403],
      ["POST", `/v1/campaigns/${campaign.body.id}/raids`, { key: b.key, body: '{"version":0}' }, 403],
      // 404
      ["GET", "/v1/campaigns/none/legal", {}, 404],
      ["DELETE", "/v1/simulations/none", {}, 404],
      ["POST", "/v1/raids/none/undo", { body: '{"version":1}' }, 404],
      // 406: an Accept it cannot answer
      ["GET", `/v1/campaigns/${campaign.body.id}/stream`, { headers: { accept: "application/json" } }, 406],
      ["POST", "/v1/odds/pool", { key: null, body: '{"dice":3}', headers: { accept: "text/csv" } }, 406],
      ["GET", `/v1/refuges/${a.refuge}`, { headers: { accept: "image/png" } }, 406],
      // 409
      [
        "POST",
        `/v1/raids/${raid.body.id}/commands`,
        { body: '{"version":0,"command":{"type":"undo"}}' },
        409,
      ],
      [
        "POST",
        `/v1/campaigns/${campaign.body.id}/commands`,
        { body: '{"version":0,"command":{"type":"pass","refuge":0}}' },
        409,
      ],
      // 413: too large, too long an array
      ["POST", "/v1/simulations", { body: huge }, 413],
      ["POST", "/v1/odds/fight", { key: null, body: JSON.stringify({ attacker: Array(6000).fill(1) }) }, 413],
      // 415: not JSON
      [
        "POST",
        "/v1/raids",
        { body: "sides=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
        415,
      ],
      ["POST", "/v1/odds/check", { key: null, body: "{}", headers: { "content-type": "text/plain" } }, 415],
      // 400: malformed, too deep, odd keys, numbers out of range, NaN spelled as a string
      ["POST", `/v1/campaigns/${campaign.body.id}/join`, { key: b.key, body: "{" }, 400],
      ["POST", "/v1/simulations", { body: deep }, 400],
      ["POST", "/v1/raids", { body: '{"__proto__":{"admin":true},"sides":[]}' }, 400],
      ["POST", "/v1/odds/pool", { key: null, body: '{"dice":4,"constructor":{"prototype":{}}}' }, 400],
      [
        "POST",
        `/v1/raids/${raid.body.id}/adjust`,
        { body: '{"version":1e400,"model":"x","reason":"y"}' },
        400,
      ],
      ["POST", "/v1/odds/step", { key: null, body: '{"die":"NaN"}' }, 400],
      ["GET", `/v1/raids/${raid.body.id}/events?limit=Infinity`, {}, 400],
      // 422: the rules refuse it
      [
        "POST",
        "/v1/refuges",
        { body: JSON.stringify({ roster: { ...roster("refuge"), survivors: [] } }) },
        422,
      ],
      [
        "POST",
        "/v1/simulations",
        {
          body: JSON.stringify({
            refuges: [{ refuge: a.refuge }, { roster: roster("congregation") }],
            raids: 1,
            scenario: "nowhere",
          }),
        },
        422,
      ],
    ]
    const before = await stored()
    for (const [method, path, init, status] of cases) {
      const answer = await send(method, path, init)
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(status)
      expectDeclared(method, path, answer)
      if (status >= 400) {
        expect(JSON.stringify(answer.body)).not.toMatch(/\n\s+at |node_modules|\/src\//)
        expect(JSON.stringify(answer.body).length).toBeLessThan(20_000)
      }
    }
    expect(await stored()).toEqual(before)
  })

  it("an odds body is checked as the document declares it: an object without `kind` (the path names it), else a 400 naming the path", async () => {
    const cases: Array<[string, string, string]> = [
      ["/v1/odds/test", '{"kind":"pool","dice":3,"target":2}', "kind"],
      ["/v1/odds/pool", '{"kind":"pool","dice":3}', "kind"],
      ["/v1/odds/pool", "[]", "(root)"],
      ["/v1/odds/fight", '"attacker"', "(root)"],
      ["/v1/odds/step", "null", "(root)"],
    ]
    for (const [path, body, at] of cases) {
      const answer = await send("POST", path, { key: null, body })
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.error.details[0].path).toBe(at)
      expect(JSON.stringify(answer.body.error.details)).not.toMatch(/"kind"\s*\|/)
      expectDeclared("POST", path, answer)
      // The declared request schema refuses the same body.
      const op = doc.paths?.[path]?.post
      const request = ajv.getSchema(
        `${DOC_ID}#/${pointer("paths", path, "post", "requestBody", "content", "application/json", "schema")}`,
      )!
      expect(op).toBeDefined()
      expect(request(JSON.parse(body))).toBe(false)
    }
    // Without `kind`, the odds as before: a test of 3 dice at 2 (B-TEST-01), each a success on 4+ (B-DICE-01): 1/2.
    const ok = await send("POST", "/v1/odds/test", { key: null, body: '{"dice":3,"target":2}' })
    expect(ok.status).toBe(200)
    expect(ok.body.probability).toBe(0.5)
  })

  it("a NUL character in a path, a query, a body's string or key, or a GraphQL literal is a 400 naming where, and nothing is stored", async () => {
    const before = await stored()
    const refused = async (answer: Sent, path: string) => {
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400)
      const error = answer.body.error ?? answer.body.errors[0].extensions
      expect(error.code).toBe("bad_request")
      expect(error.details[0]).toEqual({ path, message: expect.stringContaining("U+0000") })
    }
    for (const path of [
      "/v1/raids/%00",
      "/v1/campaigns/a%00b/legal",
      "/v1/simulations/%00",
      "/v1/refuges/%00",
    ]) {
      const answer = await send("GET", path)
      await refused(answer, "id")
      expectDeclared("GET", path, answer)
    }
    await refused(await send("GET", "/v1/content/weapons?packs=%00"), "packs")
    await refused(await send("POST", "/v1/players", { key: null, body: '{"name":"Nul\\u0000"}' }), "name")
    const named = { roster: { ...roster("refuge"), name: "Wharf\u0000side" }, seed: 1 }
    await refused(await send("POST", "/v1/refuges", { body: JSON.stringify(named) }), "roster.name")
    await refused(
      await send("POST", "/v1/raids", {
        body: JSON.stringify({ sides: [{ refuge: "\u0000" }, { refuge: a.refuge }] }),
      }),
      "sides.0.refuge",
    )
    await refused(
      await send("POST", "/v1/campaigns", {
        body: JSON.stringify({ members: [{ refuge: a.refuge }, { player: "\u0000" }] }),
      }),
      "members.1.player",
    )
    await refused(
      await send("POST", "/v1/odds/pool", { key: null, body: '{"dice":3,"x\\u0000":1}' }),
      "x\u0000",
    )
    // GraphQL: a variable, and a literal spelled with an escape.
    const gql = (query: string, variables?: unknown) =>
      send("POST", "/graphql", { body: JSON.stringify({ query, variables }) })
    await refused(
      await gql("mutation($name: String!) { registerPlayer(name: $name) { apiKey } }", { name: "x\u0000" }),
      "variables.name",
    )
    await refused(await gql('mutation { registerPlayer(name: "x\\u0000") { apiKey } }'), "query")
    await refused(await gql('{ raid(id: "\\u{0}") { id } }'), "query")
    expect(await stored()).toEqual(before)
  })

  it("R-BOARD-19 B-SETUP-05 a raid refused for its table's board stores nothing, whether every seat is given or one waits for its player", async () => {
    // A crossed outline (R-BOARD-01) and Loot in a deployment zone (B-SETUP-05).
    const board = {
      width: 36,
      height: 36,
      terrain: [{ id: "bow", kind: "dense", polygon: "10,10 14,14 14,10 10,14" }],
      loot: [
        { x: 6, y: 4 },
        { x: 12, y: 18 },
        { x: 18, y: 18 },
        { x: 24, y: 18 },
        { x: 30, y: 18 },
      ],
    }
    const before = await stored()
    const theirs = await stored(b.key)
    for (const sides of [
      [{ refuge: a.refuge }, { roster: roster("congregation") }],
      [{ refuge: a.refuge }, { player: b.id }],
    ]) {
      const made = await api.post("/v1/raids", { sides, board, seed: 4 }, a.key)
      expect(made.status).toBe(422)
      expect(
        made.body.error.details.map((d: { path: string; clause?: string }) => [d.path, d.clause]),
      ).toEqual([
        ["board.terrain.0.polygon", "R-BOARD-01"],
        ["board.loot.0", "B-SETUP-05"],
      ])
    }
    expect(await stored()).toEqual(before)
    expect(await stored(b.key)).toEqual(theirs)
  })

  it("B-CONGREGATION-02 a roster refused at join is named by its path in the body (roster.…), and the seat stays open", async () => {
    const made = await api.post("/v1/raids", { sides: [{ refuge: a.refuge }, { player: b.id }] }, a.key)
    const path = `/v1/raids/${made.body.id}/join`
    const answer = await send("POST", path, {
      key: b.key,
      body: JSON.stringify({ roster: { ...roster("congregation"), survivors: [] } }),
    })
    expect(answer.status).toBe(422)
    expect(answer.body.error.details[0]).toEqual({
      path: "roster.survivors",
      message: "a congregation founds with 4 to 8 members, got 0",
      clause: "B-CONGREGATION-02",
    })
    expectDeclared("POST", path, answer)
    const view = (await api.get(`/v1/raids/${made.body.id}`, a.key)).body
    expect([view.status, view.version, view.seats.map((s: { joined: boolean }) => s.joined)]).toEqual([
      "waiting",
      0,
      [true, false],
    ])
  })

  it("B-AFTERMATH-01 racing writes of every kind on one campaign version (two raid starts, two commands) store exactly one", async () => {
    const made = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }], seed: 5 },
      a.key,
    )
    const c = (await api.post(`/v1/campaigns/${made.body.id}/join`, { refuge: b.refuge }, b.key)).body
    const path = `/v1/campaigns/${c.id}`
    const raidsBefore = (await api.get("/v1/raids", a.key)).body.total
    const writes = [
      send("POST", `${path}/raids`, { body: JSON.stringify({ version: c.version }) }),
      send("POST", `${path}/raids`, { body: JSON.stringify({ version: c.version }) }),
      send("POST", `${path}/commands`, {
        body: JSON.stringify({ version: c.version, command: { type: "pass", refuge: 0 } }),
      }),
      send("POST", `${path}/commands`, {
        key: b.key,
        body: JSON.stringify({ version: c.version, command: { type: "pass", refuge: 1 } }),
      }),
    ]
    const answers = await Promise.all(writes)
    expect(answers.map((x) => x.status).filter((s) => s === 201)).toHaveLength(1)
    expect(answers.map((x) => x.status).filter((s) => s === 409)).toHaveLength(3)
    for (const [i, x] of answers.entries())
      expectDeclared("POST", i < 2 ? `${path}/raids` : `${path}/commands`, x)
    const after = (await api.get(path, a.key)).body
    const page = (await api.get(`${path}/events?limit=1000`, a.key)).body
    expect(page.events.map((e: { seq: number }) => e.seq)).toEqual(
      Array.from({ length: after.version }, (_, i) => i + 1),
    )
    // A raid was stored only if the start won, and then exactly one.
    const raidsAfter = (await api.get("/v1/raids", a.key)).body.total
    expect(raidsAfter - raidsBefore).toBe(after.status === "raiding" ? 1 : 0)
    expect(after.raids.length).toBe(raidsAfter - raidsBefore)
  })
})
