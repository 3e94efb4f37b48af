/**
 * What the docs an outsider reads say about the service, replayed as written: the simulation
 * request of docs/simulation.md ("Over HTTP"), the homebrew pack over HTTP of docs/homebrew.md
 * ("Using a pack after validating it"), and the error promise of every doc ("a clear error naming
 * the path and the rule"): one detail per broken field, saying what it takes, and nothing stored.
 * The OpenAPI document types what the library logs as `unknown` (a logged command, an adjustment's
 * changes), as the GraphQL schema does.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openApiDocument } from "../src/index.js"
import { playerWith, roster, type Seated, unlimited } from "./support/raids.js"
import {
  client,
  exampleRoster,
  REPO_ROOT,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const pack = (name: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, "examples/homebrew-pack", name), "utf8")) as Record<string, unknown>

let db: TestDatabase
let server: Running
let api: ReturnType<typeof client>
let a: Seated
let b: Seated

beforeAll(async () => {
  db = sqliteDatabase()
  server = await startTestServer(db.url, unlimited)
  api = client(server.url)
  a = await playerWith(api, "Ada", "refuge")
  b = await playerWith(api, "Bea", "congregation")
})
afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe("docs/simulation.md, Over HTTP", () => {
  it("the documented request is accepted: 202, Location, queued with 4 chunks of 500; it can be cancelled", async () => {
    const res = await fetch(`${server.url}/v1/simulations`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
      body: JSON.stringify({
        refuges: [{ roster: exampleRoster() }, { refuge: a.refuge }],
        scenario: "cache",
        raids: 2000,
        seed: 1,
        policies: ["sensible"],
        table: "declared",
      }),
    })
    const body = await res.json()
    expect(res.status).toBe(202)
    expect(res.headers.get("location")).toBe(`/v1/simulations/${body.id}`)
    expect(body).toMatchObject({ status: "queued", raids: 2000, raidsDone: 0, chunks: 4, chunksDone: 0 })
    // Not played here: cancelled at once (the doc's DELETE), 409 once it has ended.
    const cancel = await fetch(`${server.url}/v1/simulations/${body.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${a.key}` },
    })
    expect(cancel.status).toBe(200)
  })
})

describe("docs/homebrew.md, a pack over HTTP", () => {
  it("uploaded, named in ?packs=, remembered by a Refuge founded with it, and played in a raid with its scenario", async () => {
    const uploaded = await api.post("/v1/packs", pack("flooded-quarter.json"), a.key)
    expect(uploaded.status).toBe(201)
    const scenario = await api.get("/v1/content/scenarios/the-sluice-gates?packs=flooded-quarter")
    expect(scenario.status).toBe(200)
    expect(scenario.body.pack).toBe("flooded-quarter")
    const founded = await api.post(
      "/v1/refuges",
      { roster: exampleRoster(), packs: ["flooded-quarter"] },
      a.key,
    )
    expect(founded.status).toBe(201)
    expect(founded.body.packs).toEqual(["flooded-quarter"])
    const raid = await api.post(
      "/v1/raids",
      {
        sides: [{ refuge: founded.body.id }, { player: b.id }],
        packs: ["flooded-quarter"],
        scenario: "the-sluice-gates",
      },
      a.key,
    )
    expect(raid.status).toBe(201)
    expect(raid.body).toMatchObject({ scenario: "the-sluice-gates", packs: ["flooded-quarter"] })
  })
})

describe("a bad field is one clear detail naming its path and what it takes", () => {
  it("an optional field out of range: one detail, its range, no 'Expected undefined'", async () => {
    const before = (await api.get("/v1/raids", a.key)).body.total
    const r = await api.post(
      "/v1/raids",
      { sides: [{ refuge: a.refuge }, { player: b.id }], seed: -1 },
      a.key,
    )
    expect(r.status).toBe(400)
    expect(r.body.error.details).toHaveLength(1)
    expect(r.body.error.details[0].path).toBe("seed")
    expect(r.body.error.details[0].message).toMatch(/from 0 to 2\^53−1.*actual -1/)
    expect((await api.get("/v1/raids", a.key)).body.total).toBe(before)
  })

  it("a command's version out of range names the range (a refined field's description is its message)", async () => {
    const raid = await api.post(
      "/v1/raids",
      { sides: [{ refuge: a.refuge }, { roster: roster("congregation") }] },
      a.key,
    )
    const r = await api.post(
      `/v1/raids/${raid.body.id}/commands`,
      { version: -1, command: { type: "undo" } },
      a.key,
    )
    expect(r.status).toBe(400)
    expect(r.body.error.details).toEqual([
      {
        path: "version",
        message: expect.stringMatching(/^Expected A whole number from 0 to 10,000,000: .*actual -1$/),
      },
    ])
  })

  it("a nested field: the detail is at its own path, not also at its optional parent", async () => {
    const r = await api.post(
      "/v1/simulations",
      {
        refuges: [{ refuge: a.refuge }, { roster: exampleRoster() }],
        campaign: { campaigns: 2001, raids: 1 },
      },
      a.key,
    )
    expect(r.status).toBe(400)
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(["campaign.campaigns"])
  })

  it("B-FOUNDING-09 R-BUILDER-08 a roster's negative Reloads: one violation at roster.reloads, naming its rule, nothing founded", async () => {
    const before = (await api.get("/v1/refuges", a.key)).body.total
    const r = await api.post("/v1/refuges", { roster: { ...exampleRoster(), reloads: -5 } }, a.key)
    expect(r.status).toBe(422)
    expect(r.body.error.details).toEqual([
      {
        path: "roster.reloads",
        message: expect.stringContaining("between 0 and 100"),
        clause: "B-FOUNDING-09",
      },
    ])
    expect((await api.get("/v1/refuges", a.key)).body.total).toBe(before)
  })

  it("a value that is none of a field's literals: one detail listing them all", async () => {
    const r = await api.post(
      "/v1/raids",
      { sides: [{ refuge: a.refuge }, { player: b.id }], dice: "loaded" },
      a.key,
    )
    expect(r.body.error.details).toEqual([
      { path: "dice", message: 'Expected "seeded" | "manual", actual "loaded"' },
    ])
  })

  it("a body or an element that is not an object says so, not the whole type spelled out", async () => {
    const root = await api.post("/v1/raids", [1, 2], a.key)
    expect(root.status).toBe(400)
    expect(root.body.error.details).toEqual([{ path: "(root)", message: "Expected an object, actual [1,2]" }])
    const nested = await api.post("/v1/raids", { sides: [5, { refuge: a.refuge }] }, a.key)
    expect(nested.body.error.details).toEqual([{ path: "sides.0", message: "Expected an object, actual 5" }])
  })

  it("a bad query parameter is said to be the query's, with its path", async () => {
    const raid = (await api.get("/v1/raids", a.key)).body.items[0]
    const r = await api.get(`/v1/raids/${raid.id}/events?limit=0`, a.key)
    expect(r.status).toBe(400)
    expect(r.body.error.message).toBe("the query does not match the schema")
    expect(r.body.error.details).toEqual([
      { path: "limit", message: expect.stringContaining("between 1 and 1000") },
    ])
  })
})

describe("docs/raids-over-http.md: 403 is for another side's command, not for a side that is not there", () => {
  it("withdrawing a side the raid lacks is refused (400, path command), another side's is 403; nothing stored", async () => {
    const made = await api.post("/v1/raids", { sides: [{ refuge: a.refuge }, { player: b.id }] }, a.key)
    const raid = (await api.post(`/v1/raids/${made.body.id}/join`, { refuge: b.refuge }, b.key)).body
    const withdraw = (side: string) =>
      api.post(
        `/v1/raids/${raid.id}/commands`,
        { version: raid.version, command: { type: "withdraw", side } },
        a.key,
      )
    const unknown = await withdraw("no-such-side")
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.details[0].path).toMatch(/^command/)
    const theirs = await withdraw(raid.seats[1].side)
    expect(theirs.status).toBe(403)
    expect((await api.get(`/v1/raids/${raid.id}`, a.key)).body.version).toBe(raid.version)
  })
})

describe("the OpenAPI document types what the library logs as unknown", () => {
  const schemas = openApiDocument().components!.schemas! as Record<
    string,
    { anyOf?: unknown[]; properties?: Record<string, unknown> }
  >
  const member = (tag: string) =>
    (schemas.BattleEvent!.anyOf as Array<{ properties: Record<string, { enum?: string[] }> }>).find(
      (m) => m.properties.type!.enum?.[0] === tag,
    )!
  it("a commanded event's and a pending prompt's command is a LoggedCommand; an adjustment's changes are typed", () => {
    expect(member("commanded").properties.command).toEqual({ $ref: "#/components/schemas/LoggedCommand" })
    expect(schemas.Pending!.properties!.command).toEqual({ $ref: "#/components/schemas/LoggedCommand" })
    expect(member("adjusted").properties.changes).toEqual({ $ref: "#/components/schemas/AdjustedChanges" })
    expect(JSON.stringify(schemas.LoggedCommand)).toContain("EngineStepCommand")
    expect(JSON.stringify(schemas.SimReportSpec!.properties!.options)).toContain("critsInFight")
  })
})
