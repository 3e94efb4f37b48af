/**
 * The OpenAPI document tells the truth: every route of the route table is called on a real server
 * (every content kind, every kind of roll and odds, both Refuge kinds, packs, Nightsong), and every
 * answer, success or error, is validated against the schema the document gives for that status,
 * with a JSON Schema 2020-12 validator (OpenAPI 3.1's dialect).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { SchemaJson } from "@blight/dice"
import { Ids } from "@blight/rules"
import { Ajv2020 } from "ajv/dist/2020.js"
import { SchemaAST as AST, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { canon } from "../src/graphql/ast.js"
import { namedSchemas } from "../src/http/routes.js"
import { openApiDocument, routes } from "../src/index.js"
import {
  client,
  exampleRoster,
  REPO_ROOT,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const DOC_ID = "https://blight.invalid/openapi.json"
const doc = openApiDocument()
// strict off: the document's schemas carry OpenAPI's and effect's annotations (title, description…).
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema(doc as object, DOC_ID)

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")
const templateOf = (path: string) =>
  routes.find((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, "[^/]+")}$`).test(path.split("?")[0]!))?.path

const checked = new Set<string>()

/** Validates an answer against the document's schema for its operation and status. */
const expectDocumented = (method: string, path: string, status: number, body: unknown) => {
  const template = templateOf(path)
  expect(template, `${method} ${path} is a route`).toBeDefined()
  const ref = `${DOC_ID}#/${pointer("paths", template!, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`
  const validate = ajv.getSchema(ref)
  expect(validate, `the document has a schema for ${method} ${template} → ${status}`).toBeDefined()
  if (!validate!(body))
    expect.fail(
      `${method} ${path} → ${status} does not match the document: ${ajv.errorsText(validate!.errors?.slice(0, 5))}`,
    )
  checked.add(`${method} ${template}`)
}

let db: TestDatabase
let server: Running
let api: ReturnType<typeof client>
let key: string
let playerId: string

const call = async (method: "GET" | "POST" | "DELETE", path: string, body?: unknown, expected?: number) => {
  const r =
    method === "GET"
      ? await api.get(path, key)
      : method === "POST"
        ? await api.post(path, body, key)
        : await fetch(server.url + path, { method, headers: { authorization: `Bearer ${key}` } }).then(
            async (res) => ({ status: res.status, body: await res.json() }),
          )
  if (expected !== undefined) expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(expected)
  expectDocumented(method, path, r.status, r.body)
  return r.body
}

/** Reads two entries of an SSE stream and checks each `data:` against the component the document names. */
const expectStreamed = async (path: string, component: string) => {
  const ac = new AbortController()
  const res = await fetch(server.url + path, {
    headers: { authorization: `Bearer ${key}` },
    signal: ac.signal,
  })
  expect(res.status).toBe(200)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ""
  while ((text.match(/^data: /gm) ?? []).length < 2) text += (await reader.read()).value ?? ""
  ac.abort()
  const validate = ajv.getSchema(`${DOC_ID}#/components/schemas/${component}`)!
  for (const line of text.match(/^data: .*$/gm)!) expect(validate(JSON.parse(line.slice(6)))).toBe(true)
}

beforeAll(async () => {
  db = sqliteDatabase()
  server = await startTestServer(db.url)
  api = client(server.url)
  const registered = await api.post("/v1/players", { name: "Contract" })
  expectDocumented("POST", "/v1/players", registered.status, registered.body)
  key = registered.body.apiKey
  playerId = registered.body.player.id
})
afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe("every answer matches /openapi.json", () => {
  it("players and keys", async () => {
    await call("GET", "/v1/players/me/keys", undefined, 200)
    const issued = await call("POST", "/v1/players/me/keys", undefined, 201)
    await call("DELETE", `/v1/players/me/keys/${issued.id}`, undefined, 200)
    const rotated = await call("POST", "/v1/players/me/keys/rotate", undefined, 201)
    key = rotated.apiKey
    await call("DELETE", "/v1/players/me/keys/nope", undefined, 404)
  })

  it("every entry of every content kind, one by one too", async () => {
    for (const kind of Ids.KINDS) {
      const page = await call("GET", `/v1/content/${kind}?limit=500`, undefined, 200)
      expect(page.total).toBe(page.items.length)
      if (page.items[0]) await call("GET", `/v1/content/${kind}/${page.items[0].entry.id}`, undefined, 200)
    }
    await call("GET", "/v1/content/weapons?limit=nope", undefined, 400)
    await call("GET", "/v1/content/weapons/no-such-thing", undefined, 404)
  })

  it("homebrew packs, and content merged from them", async () => {
    const flooded = JSON.parse(
      readFileSync(join(REPO_ROOT, "examples/homebrew-pack/flooded-quarter.json"), "utf8"),
    )
    await call("POST", "/v1/packs", flooded, 201)
    await call("GET", "/v1/packs", undefined, 200)
    await call("GET", `/v1/packs/${flooded.manifest.id}`, undefined, 200)
    for (const kind of Ids.KINDS)
      await call("GET", `/v1/content/${kind}?packs=${flooded.manifest.id}&limit=500`, undefined, 200)
    await call(
      "POST",
      "/v1/packs",
      { ...flooded, manifest: { ...flooded.manifest, id: "x", requires: 3 } },
      422,
    )
  })

  it("Nightsong packs, and a game set up with one", async () => {
    const barrow = JSON.parse(
      readFileSync(join(REPO_ROOT, "examples/nightsong-pack/barrow-lights.json"), "utf8"),
    )
    await call("POST", "/v1/nightsong/packs", barrow, 201)
    await call("GET", "/v1/nightsong/packs", undefined, 200)
    await call("GET", `/v1/nightsong/packs/${barrow.manifest.id}`, undefined, 200)
    await call("GET", "/v1/nightsong/packs/nope", undefined, 404)
    await call(
      "POST",
      "/v1/nightsong/packs",
      { ...barrow, manifest: { ...barrow.manifest, id: "y", requires: 3 } },
      422,
    )
    const packs = [{ id: barrow.manifest.id, version: barrow.manifest.version }]
    await call("POST", "/v1/nightsong/games", { players: ["ann"], seed: 2, packs }, 201)
  })

  it("every kind of roll, seeded and manual", async () => {
    const rolls = [
      { kind: "pool", dice: 5, blightDice: 2 },
      { kind: "pool", dice: -1 },
      { kind: "test", dice: 4, target: 2 },
      { kind: "dice", expression: "2d6" },
      { kind: "dice", expression: "d66" },
      { kind: "dice", expression: "half" },
      { kind: "d20" },
      { kind: "d20", ability: 2, dr: 12, advantage: "advantage" },
      { kind: "d20", ability: 1, dr: 12, nuanced: true, advantage: "disadvantage" },
      { kind: "step", die: "d8" },
      { kind: "fate", threshold: 30 },
    ]
    for (const r of rolls) await call("POST", "/v1/dice/roll", { ...r, seed: 11 }, 200)
    await call("POST", "/v1/dice/roll", { kind: "dice", expression: "d66", manual: [4, 2] }, 200)
    await call("POST", "/v1/dice/roll", { kind: "dice", expression: "2x6" }, 400)
  })

  it("every kind of odds", async () => {
    await call("POST", "/v1/odds/pool", { dice: 4 }, 200)
    await call("POST", "/v1/odds/pool", { dice: 3, blightDice: 1 }, 200)
    await call("POST", "/v1/odds/test", { dice: 3, target: 2 }, 200)
    await call("POST", "/v1/odds/shoot", { dice: 5, armour: 2, helmet: true, damage: 2 }, 200)
    await call("POST", "/v1/odds/fight", { attacker: 4, defender: 3 }, 200)
    await call(
      "POST",
      "/v1/odds/fight",
      { attacker: 4, attackerBlight: 1, defender: 3, defenderBlight: 2 },
      200,
    )
    await call("POST", "/v1/odds/shoot", { dice: 3, armour: 1, blightDice: 2 }, 200)
    await call("POST", "/v1/odds/check", { ability: 2, dr: 12 }, 200)
    await call("POST", "/v1/odds/check", { ability: 2, dr: 12, nuanced: true, advantage: "advantage" }, 200)
    await call("POST", "/v1/odds/step", { die: "d6" }, 200)
    await call("POST", "/v1/odds/fight", { attacker: "many" }, 400)
  })

  it("Refuges and Congregations: found, list, read, Ledger, Market trip", async () => {
    const congregation = JSON.parse(
      readFileSync(join(REPO_ROOT, "examples/rosters/congregation.json"), "utf8"),
    )
    for (const [tag, roster] of [
      ["refuges", exampleRoster()],
      ["congregations", congregation],
    ] as const) {
      // No Reloads bought at founding: Salvage is left for a Flare at the Market.
      const founded = await call("POST", `/v1/${tag}`, { roster: { ...roster, reloads: 0 }, seed: 3 }, 201)
      expect(founded.refuge.survivors.length).toBeGreaterThan(0)
      await call("GET", `/v1/${tag}`, undefined, 200)
      await call("GET", `/v1/${tag}/${founded.id}`, undefined, 200)
      await call("GET", `/v1/${tag}/${founded.id}/ledger`, undefined, 200)
      const trip = await call(
        "POST",
        `/v1/${tag}/${founded.id}/market-trips`,
        { version: founded.version, orders: [{ buy: { kind: "kit", id: "flare" } }], seed: 3 },
        201,
      )
      expect(trip.trip.lines.length).toBe(1)
      await call(
        "POST",
        `/v1/${tag}/${founded.id}/market-trips`,
        { version: founded.version, orders: [] },
        409,
      )
      await call("POST", `/v1/${tag}`, { roster: { ...roster, survivors: [] } }, 422)
    }
  })

  it("Nightsong characters and worlds", async () => {
    await call("POST", "/v1/nightsong/characters", { seed: 7 }, 200)
    await call("POST", "/v1/nightsong/characters", { seed: 7, method: "roll" }, 200)
    await call("POST", "/v1/nightsong/worlds", { seed: 7, sessions: 2 }, 200)
  })

  it("Nightsong games, conversions, table rolls and a saved Land: every route, its successes and refusals", async () => {
    const games = "/v1/nightsong/games"
    const game = await call("POST", games, { players: ["ann"], seat: "ann", seed: 4 }, 201)
    await call("POST", games, { players: ["ann", "ann"] }, 400)
    await call("GET", `${games}/${game.id}`, undefined, 200)
    await call("GET", `${games}?limit=1`, undefined, 200)
    await call("GET", `${games}?limit=0`, undefined, 400)
    await call("GET", `${games}/nope`, undefined, 404)
    await call("POST", `${games}/${game.id}/join`, { seat: "referee" }, 409)
    const joined = await call(
      "POST",
      `${games}/${game.id}/commands`,
      {
        version: game.version,
        command: {
          type: "join",
          id: "ann",
          name: "Ann",
          abilities: { strength: 1, dexterity: 2, presence: 0, constitution: -1 },
        },
      },
      201,
    )
    await call("POST", `${games}/${game.id}/commands`, { version: 0, command: { type: "endTurn" } }, 409)
    await call(
      "POST",
      `${games}/${game.id}/commands`,
      { version: joined.version, command: { type: "x" } },
      400,
    )
    await call(
      "POST",
      `${games}/${game.id}/commands`,
      { version: joined.version, command: { type: "endFight", why: "no" } },
      403,
    )
    const legal = await call("GET", `${games}/${game.id}/legal`, undefined, 200)
    expect(legal.by).toBe("ann")
    const checked_ = await call(
      "POST",
      `${games}/${game.id}/commands`,
      {
        version: joined.version,
        command: { type: "check", character: "ann", ability: "dexterity", advantage: "none", dr: 10 },
      },
      201,
    )
    await call("POST", `${games}/${game.id}/undo`, { version: checked_.version }, 400)
    const dropped = await call("POST", `${games}/${game.id}/commands`, {
      version: checked_.version,
      command: { type: "drop", character: "ann", item: "nothing" },
    })
    const last = dropped.version ?? checked_.version
    if (dropped.version !== undefined) await call("POST", `${games}/${game.id}/undo`, { version: last }, 201)
    const other = await call("POST", games, { players: ["bo"] }, 201)
    await call("POST", `${games}/${other.id}/join`, { seat: "bo" }, 409)
    await call("POST", `${games}/${other.id}/join`, { seat: "nobody" }, 400)
    const page = await call("GET", `${games}/${game.id}/events?after=0&limit=2`, undefined, 200)
    expect(page.next).toBe(2)
    await call("GET", `${games}/${game.id}/events?limit=0`, undefined, 400)
    await call("GET", `${games}/${game.id}/stream?after=nope`, undefined, 400)
    await expectStreamed(`${games}/${game.id}/stream?after=0`, "NightsongGameEventEntry")
    checked.add("GET /v1/nightsong/games/{id}/stream")
    const goblin = JSON.parse(
      readFileSync(join(REPO_ROOT, "examples/nightsong/mork-borg-goblin.json"), "utf8"),
    )
    await call("POST", "/v1/nightsong/conversions", { from: "mork-borg", block: goblin }, 200)
    await call("POST", "/v1/nightsong/conversions", { from: "mork-borg", block: { ...goblin, hp: 0 } }, 400)
    await call("POST", "/v1/nightsong/tables/spark/rolls", { seed: 1 }, 200)
    await call("POST", "/v1/nightsong/tables/faction-wants/rolls", {}, 200)
    await call("POST", "/v1/nightsong/tables/spark/rolls", { seed: -1 }, 400)
    const made = await call("POST", "/v1/nightsong/worlds", { seed: 3 }, 200)
    await call("POST", "/v1/nightsong/worlds", { seed: 3, land: made.world, sessions: 1 }, 200)
  })

  it("raids: every raid route, its successes and its refusals", async () => {
    const rosters = ["refuge", "congregation"].map((n) =>
      JSON.parse(readFileSync(join(REPO_ROOT, `examples/rosters/${n}.json`), "utf8")),
    )
    const raid = await call(
      "POST",
      "/v1/raids",
      { sides: rosters.map((roster) => ({ roster })), seed: 2, board: "random" },
      201,
    )
    await call("POST", "/v1/raids", { sides: [] }, 400)
    await call("GET", "/v1/raids", undefined, 200)
    await call("GET", `/v1/raids/${raid.id}`, undefined, 200)
    await call("GET", "/v1/raids/no-such-raid", undefined, 404)
    const legal = await call("GET", `/v1/raids/${raid.id}/legal`, undefined, 200)
    const done = await call(
      "POST",
      `/v1/raids/${raid.id}/commands`,
      { version: raid.version, command: legal.commands[0] },
      201,
    )
    await call(
      "POST",
      `/v1/raids/${raid.id}/commands`,
      { version: raid.version, command: legal.commands[0] },
      409,
    )
    await call(
      "POST",
      `/v1/raids/${raid.id}/commands`,
      { version: done.version, command: { type: "x" } },
      400,
    )
    await call("POST", `/v1/raids/${raid.id}/undo`, { version: raid.version }, 409)
    // Answer what the raid asks until nothing is waiting: a correction waits for that.
    let view = await call("GET", `/v1/raids/${raid.id}`, undefined, 200)
    for (let i = 0; i < 30 && view.pending; i++) {
      const next = await call("GET", `/v1/raids/${raid.id}/legal`, undefined, 200)
      await call(
        "POST",
        `/v1/raids/${raid.id}/commands`,
        { version: view.version, command: next.commands[0] },
        201,
      )
      view = await call("GET", `/v1/raids/${raid.id}`, undefined, 200)
    }
    const model = raid.state.models[0].id
    const adjusted = await call(
      "POST",
      `/v1/raids/${raid.id}/adjust`,
      { version: view.version, model, reason: "agreed", noise: 1 },
      201,
    )
    await call("POST", `/v1/raids/${raid.id}/undo`, { version: adjusted.version }, 201)
    await call("POST", `/v1/raids/${raid.id}/join`, { roster: rosters[0] }, 409)
    const page = await call("GET", `/v1/raids/${raid.id}/events?after=1&limit=3`, undefined, 200)
    expect(page.events.map((e: { seq: number }) => e.seq)).toEqual([2, 3, 4])
    await call("GET", `/v1/raids/${raid.id}/events?limit=0`, undefined, 400)
    await call("GET", `/v1/raids/${raid.id}/stream?after=nope`, undefined, 400)
    // The stream: each data line is a RaidEvent as the document names it.
    await expectStreamed(`/v1/raids/${raid.id}/stream?after=${page.version - 2}`, "RaidEvent")
    const stream = doc.paths?.["/v1/raids/{id}/stream"]?.get?.responses?.["200"]?.content
    expect(Object.keys(stream ?? {})).toEqual(["text/event-stream"])
    checked.add("GET /v1/raids/{id}/stream")
  })

  it("simulations: queued (202), followed to the report, its HTML page, refusals", async () => {
    const rosters = ["refuge", "congregation"].map((n) =>
      JSON.parse(readFileSync(join(REPO_ROOT, `examples/rosters/${n}.json`), "utf8")),
    )
    const made = await call(
      "POST",
      "/v1/simulations",
      { refuges: rosters.map((roster) => ({ roster })), raids: 2, seed: 1 },
      202,
    )
    await call("POST", "/v1/simulations", { refuges: [], raids: 2 }, 400)
    await call("GET", "/v1/simulations", undefined, 200)
    await call("GET", "/v1/simulations/nope", undefined, 404)
    let sim = await call("GET", `/v1/simulations/${made.id}`, undefined, 200)
    for (const until = Date.now() + 60_000; sim.status !== "done" && Date.now() < until; ) {
      await new Promise((f) => setTimeout(f, 100))
      sim = await call("GET", `/v1/simulations/${made.id}`, undefined, 200)
    }
    expect(sim.status).toBe("done")
    await call("DELETE", `/v1/simulations/${made.id}`, undefined, 409)
    const page = await fetch(`${server.url}/v1/simulations/${made.id}/report.html`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await page.text()).toContain("<svg")
    const html = doc.paths?.["/v1/simulations/{id}/report.html"]?.get?.responses?.["200"]?.content
    expect(Object.keys(html ?? {})).toEqual(["text/html"])
    checked.add("GET /v1/simulations/{id}/report.html")
  })

  it("campaigns: every campaign route, its successes and its refusals", async () => {
    const roster = exampleRoster()
    const refuge = await call("POST", "/v1/refuges", { roster, seed: 4 }, 201)
    const congregation = await call(
      "POST",
      "/v1/congregations",
      { roster: JSON.parse(readFileSync(join(REPO_ROOT, "examples/rosters/congregation.json"), "utf8")) },
      201,
    )
    // Another player's league keeps a place for this one, who joins with their Refuge.
    const other = await api.post("/v1/players", { name: "Organiser" })
    const theirs = await api.post(
      "/v1/refuges",
      { roster: { ...roster, name: "Elsewhere" } },
      other.body.apiKey,
    )
    const waiting = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: theirs.body.id }, { player: playerId }] },
      other.body.apiKey,
    )
    expect(waiting.status).toBe(201)
    await call("POST", `/v1/campaigns/${waiting.body.id}/join`, { refuge: refuge.id }, 200)
    await call("POST", `/v1/campaigns/${waiting.body.id}/join`, { refuge: refuge.id }, 409)
    const c = await call(
      "POST",
      "/v1/campaigns",
      { members: [{ refuge: refuge.id }, { refuge: congregation.id }], seed: 4 },
      201,
    )
    await call("POST", "/v1/campaigns", { members: [] }, 400)
    await call("POST", "/v1/campaigns", { members: [{ refuge: refuge.id }, { refuge: refuge.id }] }, 422)
    await call("GET", "/v1/campaigns", undefined, 200)
    await call("GET", `/v1/campaigns/${c.id}`, undefined, 200)
    await call("GET", "/v1/campaigns/no-such-campaign", undefined, 404)
    const legal = await call("GET", `/v1/campaigns/${c.id}/legal`, undefined, 200)
    const pass = legal.commands.find((x: { type: string }) => x.type === "pass")
    const done = await call(
      "POST",
      `/v1/campaigns/${c.id}/commands`,
      { version: c.version, command: pass },
      201,
    )
    await call("POST", `/v1/campaigns/${c.id}/commands`, { version: c.version, command: pass }, 409)
    await call(
      "POST",
      `/v1/campaigns/${c.id}/commands`,
      { version: done.version, command: { type: "x" } },
      400,
    )
    await call("GET", `/v1/campaigns/${c.id}/standings`, undefined, 200)
    const page = await call("GET", `/v1/campaigns/${c.id}/events?after=0&limit=500`, undefined, 200)
    expect(page.events.at(-1).seq).toBe(done.version)
    await call("GET", `/v1/campaigns/${c.id}/events?limit=0`, undefined, 400)
    await call("POST", `/v1/campaigns/${c.id}/raids`, { version: done.version, scenario: "nowhere" }, 422)
    const raid = await call("POST", `/v1/campaigns/${c.id}/raids`, { version: done.version }, 201)
    expect(raid.campaign).toBe(c.id)
    await call("POST", `/v1/campaigns/${c.id}/raids`, { version: done.version }, 409)
    await call("GET", `/v1/campaigns/${c.id}/stream?after=nope`, undefined, 400)
    await expectStreamed(`/v1/campaigns/${c.id}/stream?after=${done.version - 2}`, "CampaignLogEntry")
    checked.add("GET /v1/campaigns/{id}/stream")
  })

  it("covered every route of the route table", () => {
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((r) => !checked.has(r))
    expect(missing).toEqual([])
  })
})

/** Every schema node under `ast` that carries an identifier (a component name in the document). */
const named = (ast: AST.AST, out: Map<string, Set<AST.AST>>, seen = new Set<AST.AST>()) => {
  if (seen.has(ast)) return out
  seen.add(ast)
  // The identifier given last (on the last check, if any) and the one under the checks.
  const node = canon(ast)
  for (const id of new Set([AST.resolveIdentifier(ast), node.annotations?.identifier]))
    if (typeof id === "string") out.set(id, (out.get(id) ?? new Set()).add(node))
  const next: AST.AST[] = [
    ...(AST.isObjects(ast)
      ? [...ast.propertySignatures.map((p) => p.type), ...ast.indexSignatures.map((i) => i.type)]
      : []),
    ...(AST.isUnion(ast) ? ast.types : []),
    ...(AST.isArrays(ast) ? [...ast.elements, ...ast.rest] : []),
    ...(AST.isSuspend(ast) ? [ast.thunk()] : []),
    // A transformation's encoded sides.
    ...(ast.encoding ?? []).map((l) => l.to),
  ]
  for (const n of next) named(n, out, seen)
  return out
}

describe("component names", () => {
  it("no two different schemas share one (the generator would silently give both the first one's shape)", () => {
    const byName = new Map<string, Set<AST.AST>>()
    for (const r of routes)
      for (const s of [r.body, r.params, r.query, r.response]) if (s) named(s.ast, byName)
    for (const s of Object.values(namedSchemas)) named(s.ast, byName)
    // A node the generator cannot describe (a declaration, reached as a transformation's decoded side)
    // is never a component.
    const shape = (name: string, ast: AST.AST) => {
      const definitions: Record<string, SchemaJson.Json> = {}
      try {
        SchemaJson.fragment(Schema.make(ast), {
          definitions,
          definitionPath: "#/$defs/",
          target: "openApi3.1",
        })
        return JSON.stringify(definitions[name])
      } catch {
        return "not in the document"
      }
    }
    const clashes = [...byName]
      .filter(([name, asts]) => new Set([...asts].map((a) => shape(name, a))).size > 1)
      .map(([name]) => name)
    expect(clashes).toEqual([])
  })
})
