/**
 * Simulations over HTTP (issue 15): POST /v1/simulations answers 202 with a Location; GET shows
 * raids done of raids, then the report (numbers, Vega-Lite charts, an HTML page with SVG). On
 * SQLite the server plays the chunks in its own threads; on PostgreSQL (TEST_DATABASE_URL, as
 * `.ci/run` sets it) `blight-worker` processes do, and one simulation played by one worker and by
 * three gives the same report bytes — the same bytes as on SQLite, and as the library's own fold of
 * the same raids.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { campaignPage, page } from "@blight/cli/sim-html"
import { seeded } from "@blight/dice"
import { coreRegistry, Founding, SimCampaign, SimCharts, SimRaid, SimReport } from "@blight/rules"
import { Result } from "effect"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roster, unlimited } from "./support/raids.js"
import {
  client,
  makeDatabase,
  postgresServer,
  REPO_ROOT,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

// biome-ignore lint/suspicious/noExplicitAny: parsed answers the assertions reach into
type Json = any

const RAIDS = 12
const body = (extra: Record<string, unknown> = {}) => ({
  refuges: [{ roster: roster("refuge") }, { roster: roster("congregation") }],
  scenario: "cache",
  raids: RAIDS,
  seed: 7,
  ...extra,
})

/** Polls a simulation until it has ended (bounded: 90 s). */
const settled = async (api: ReturnType<typeof client>, id: string, key: string): Promise<Json> => {
  const until = Date.now() + 90_000
  const seen: number[] = []
  for (;;) {
    const r = await api.get(`/v1/simulations/${id}`, key)
    expect(r.status).toBe(200)
    seen.push(r.body.raidsDone)
    if (!["queued", "running"].includes(r.body.status)) return { ...r.body, seen }
    if (Date.now() > until) throw new Error(`simulation ${id} still ${r.body.status} after 90 s`)
    await new Promise((f) => setTimeout(f, 100))
  }
}

const register = async (api: ReturnType<typeof client>, name: string): Promise<string> => {
  const r = await api.post("/v1/players", { name })
  expect(r.status).toBe(201)
  return r.body.apiKey
}

/** Runs one simulation (`request`: the whole body) to its end; its report's JSON text and HTML page. */
const runOnce = async (url: string, key: string, request: Record<string, unknown> = body()) => {
  const api = client(url)
  const res = await fetch(`${url}/v1/simulations`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(request),
  })
  expect(res.status).toBe(202)
  const made = (await res.json()) as Json
  expect(res.headers.get("location")).toBe(`/v1/simulations/${made.id}`)
  expect(made).toMatchObject({ status: "queued", raidsDone: 0 })
  const done = await settled(api, made.id, key)
  expect(done.status, done.error).toBe("done")
  const html = await fetch(`${url}${done.result.html}`, { headers: { authorization: `Bearer ${key}` } })
  expect(html.status).toBe(200)
  expect(html.headers.get("content-type")).toMatch(/^text\/html/)
  return { view: done, report: JSON.stringify(done.result.report), html: await html.text() }
}

/** A GraphQL caller with a player's key. */
const gqlAt =
  (url: string, key: string) =>
  async (query: string, variables: Record<string, unknown> = {}): Promise<Json> =>
    (await (
      await fetch(`${url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as Json

/** A side as a GraphQL roster input (its JSON file's fields, $schema left out). */
const input = (k: "refuge" | "congregation") => {
  const { $schema: _, ...r } = roster(k)
  return { roster: r }
}

/** The example Refuges founded as the service founds them (with the simulation's seed). */
const founded = () =>
  (["refuge", "congregation"] as const).map((k) =>
    Result.getOrThrow(Founding.found(roster(k), coreRegistry(), { source: seeded(7) })),
  )

/** The library's raids and report of a simulation of RAIDS raids under these ruling options. */
const libraryRun = (options: Record<string, unknown> = {}) => {
  const spec: SimRaid.Spec = {
    refuges: founded(),
    scenario: "cache",
    table: "declared",
    policies: ["sensible"],
    seed: 7,
    options,
  }
  const raids = Array.from({ length: RAIDS }, (_, i) =>
    Result.getOrThrow(SimRaid.simulate(spec, coreRegistry(), i)),
  )
  const label =
    Object.entries(options)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(", ") || "core rules"
  const report = SimReport.report(
    { scenario: "cache", table: "declared", policies: ["sensible"], seed: 7, packs: [], options, label },
    raids,
  )
  return { report, raids }
}

/** The library's own report of the same raids. */
const libraryReport = (): string => JSON.stringify(libraryRun().report)

// A campaign run kept tiny: 3 campaigns of 2 raids.
const CAMPAIGNS = 3
const CAMPAIGN_RAIDS = 2
const campaignBody = () => {
  const { raids: _, ...rest } = body()
  return { ...rest, scenario: undefined, campaign: { campaigns: CAMPAIGNS, raids: CAMPAIGN_RAIDS } }
}

/** The library's campaign report of the same campaigns (as `blight sim --campaign --json` folds them). */
const libraryCampaignReport = (): string => {
  const spec = { refuges: founded(), seed: 7, raids: CAMPAIGN_RAIDS }
  const summaries = Array.from({ length: CAMPAIGNS }, (_, j) =>
    Result.getOrThrow(SimCampaign.simulateCampaign(spec, coreRegistry(), j)),
  )
  return JSON.stringify(SimCampaign.campaignReport({ seed: 7, raids: CAMPAIGN_RAIDS }, summaries))
}

describe("simulations over HTTP on SQLite: the server's own threads", () => {
  let db: TestDatabase
  let server: Running
  let key: string
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    db = await makeDatabase("sqlite")
    server = await startTestServer(db.url, { ...unlimited, simulationChunkRaids: 5, simulationThreads: 2 })
    api = client(server.url)
    key = await register(api, "Simulator")
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("202 with a Location, progress by raids, then the report: the library's numbers, Vega-Lite charts, an HTML page with SVG", async () => {
    const { view, report, html } = await runOnce(server.url, key)
    expect(view).toMatchObject({ raids: RAIDS, raidsDone: RAIDS, chunks: 3, chunksDone: 3, seed: 7 })
    expect(view.seen.every((n: number, i: number) => i === 0 || n >= view.seen[i - 1])).toBe(true)
    expect(report).toBe(libraryReport())
    expect(view.result.report.raids).toBe(RAIDS)
    expect(view.result.charts.length).toBeGreaterThan(0)
    expect(view.result.charts[0].spec.$schema).toMatch(/vega-lite/)
    expect(html).toContain("<svg")
    expect(html).toContain('class="vega-lite"')
  })

  /** One simulation on this server (chunks of 5 raids, 2 threads) and on one with one chunk and one thread. */
  const bothWays = async (request: Record<string, unknown> = body()) => {
    const other = await startTestServer(db.url, {
      ...unlimited,
      simulationChunkRaids: 100,
      simulationThreads: 1,
    })
    try {
      return [await runOnce(server.url, key, request), await runOnce(other.url, key, request)] as const
    } finally {
      await other.close()
    }
  }

  it("the same bytes with one chunk on one thread as with three chunks on two", async () => {
    const [a, b] = await bothWays()
    expect(b.view.chunks).toBe(1)
    expect(b.report).toBe(a.report)
    expect(b.html).toBe(a.html)
  })

  it("bad bodies: 400 naming the path, and nothing stored", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ raids: 0 }, "raids"],
      [{ raids: 100_001 }, "raids"],
      [{ raids: 2.5 }, "raids"],
      [{ refuges: [{ roster: roster("refuge") }] }, "refuges"],
      [{ policies: ["cheater"] }, "policies.0"],
      [{ table: "hex" }, "table"],
      [{ seed: -1 }, "seed"],
      [{ extra: 1 }, "extra"],
    ]
    for (const [extra, path] of cases) {
      const r = await api.post("/v1/simulations", body(extra), key)
      expect(r.status, path).toBe(400)
      expect(
        r.body.error.details.map((d: { path: string }) => d.path),
        path,
      ).toContain(path)
    }
    const r = await api.post(
      "/v1/simulations",
      body({ refuges: [{ refuge: "x", roster: roster("refuge") }, { roster: roster("congregation") }] }),
      key,
    )
    expect(r.status).toBe(400)
    expect(r.body.error.details[0].path).toBe("refuges.0")
    const scenario = await api.post("/v1/simulations", body({ scenario: "nowhere" }), key)
    expect(scenario.status).toBe(422)
    expect(scenario.body.error.details[0]).toMatchObject({ path: "scenario", clause: "B-SCENARIO-02" })
    const policies = await api.post(
      "/v1/simulations",
      body({ policies: ["random", "odds", "aggressive"] }),
      key,
    )
    expect(policies.status).toBe(422)
    expect(policies.body.error.details[0].path).toBe("policies")
    const list = await api.get("/v1/simulations", key)
    expect(list.body.items.every((s: Json) => s.status === "done")).toBe(true)
  })

  it("hostile bodies: wrong types, huge numbers, deep nesting, a body that is not an object, another content type; each refused, nothing stored", async () => {
    const before = (await api.get("/v1/simulations", key)).body.total
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ raids: "10" }, "raids"],
      [{ raids: 1e300 }, "raids"],
      [{ raids: Number.MAX_SAFE_INTEGER }, "raids"],
      [{ raids: null }, "raids"],
      [{ seed: 2 ** 60 }, "seed"],
      [{ seed: "7" }, "seed"],
      [{ refuges: { 0: { roster: roster("refuge") } } }, "refuges"],
      [{ refuges: Array.from({ length: 5 }, () => ({ roster: roster("refuge") })) }, "refuges"],
      [{ refuges: [{ roster: roster("refuge") }, 7] }, "refuges.1"],
      [{ policies: "sensible" }, "policies"],
      [{ policies: [] }, "policies"],
      [{ scenario: 7 }, "scenario"],
      [{ scenario: "x".repeat(65) }, "scenario"],
      [{ packs: Array.from({ length: 21 }, (_, i) => `p${i}`) }, "packs"],
      [{ options: { dinCounts: "everywhere" } }, "options.dinCounts"],
      [{ options: { nope: true } }, "options.nope"],
      [{ b: {} }, "b"],
      [{ b: { packs: "x" } }, "b.packs"],
      [{ campaign: { campaigns: 2_001, raids: 2 }, raids: undefined }, "campaign.campaigns"],
      [{ campaign: { campaigns: 1, raids: 61 }, raids: undefined }, "campaign.raids"],
      [{ nested: JSON.parse(`${"[".repeat(60)}${"]".repeat(60)}`) }, "nested"],
    ]
    for (const [extra, path] of cases) {
      const r = await api.post("/v1/simulations", body(extra), key)
      expect(r.status, path).toBe(400)
      // The path itself, or (nested too deep: refused before validation) where the limit was passed in it.
      const paths: string[] = r.body.error.details.map((d: { path: string }) => d.path)
      expect(
        paths.some((p) => p === path || p.startsWith(`${path}.`)),
        `${path}: ${paths}`,
      ).toBe(true)
    }
    const raw = (text: string, type = "application/json") =>
      fetch(`${server.url}/v1/simulations`, {
        method: "POST",
        headers: { "content-type": type, authorization: `Bearer ${key}` },
        body: text,
      })
    for (const text of ["[]", "null", "7", '"raids"', "{", ""])
      expect((await raw(text)).status, text).toBe(400)
    expect((await raw(JSON.stringify(body()), "text/plain")).status).toBe(415)
    expect((await raw(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)).status).toBe(400)
    // Odd ids: none is a simulation (404), none a server error.
    for (const id of ["x".repeat(2_000), "%00", "..%2F..%2Fplayers", "'; drop table simulations; --"]) {
      for (const path of [`/v1/simulations/${id}`, `/v1/simulations/${id}/report.html`]) {
        const r = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } })
        expect([400, 404], path).toContain(r.status)
      }
      const d = await fetch(`${server.url}/v1/simulations/${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${key}` },
      })
      expect([400, 404], id).toContain(d.status)
    }
    // Nothing of these was stored or queued.
    expect((await api.get("/v1/simulations", key)).body.total).toBe(before)
  })

  it("a player's simulation is theirs: 401 without a key, 403 for another player, 404 for none", async () => {
    const made = await api.post("/v1/simulations", body({ raids: 1 }), key)
    expect(made.status).toBe(202)
    const id = made.body.id
    expect((await api.get(`/v1/simulations/${id}`)).status).toBe(401)
    const other = await register(api, "Someone else")
    expect((await api.get(`/v1/simulations/${id}`, other)).status).toBe(403)
    expect((await api.get(`/v1/simulations/${id}/report.html`, other)).status).toBe(403)
    expect((await api.get("/v1/simulations", other)).body.items).toEqual([])
    expect((await api.get("/v1/simulations/nope", key)).status).toBe(404)
    const stored = await api.post(
      "/v1/simulations",
      { ...body(), refuges: [{ refuge: "nope" }, { refuge: "nope" }] },
      other,
    )
    expect(stored.status).toBe(404)
    // A stored Refuge: the caller's own is played; another player's is refused.
    const theirs = await api.post("/v1/refuges", { roster: roster("refuge"), seed: 3 }, other)
    expect(theirs.status).toBe(201)
    const withTheirs = {
      ...body({ raids: 1 }),
      refuges: [{ refuge: theirs.body.id }, { roster: roster("congregation") }],
    }
    expect((await api.post("/v1/simulations", withTheirs, key)).status).toBe(403)
    const own = await api.post("/v1/simulations", withTheirs, other)
    expect(own.status).toBe(202)
    expect((await settled(api, own.body.id, other)).status).toBe("done")
    await settled(api, id, key)
  })

  it("over GraphQL: bad arguments are errors naming the argument, and nothing is queued", async () => {
    const gql = gqlAt(server.url, key)
    const before = (await api.get("/v1/simulations", key)).body.total
    for (const [args, path] of [
      ["raids: 0", "raids"],
      ["raids: 100001", "raids"],
      // Not one of the enum's names: refused by validation, which names the enum.
      ["raids: 2, table: hex", "SimulationTable"],
      ["raids: 2, policies: [cheater]", "PolicyName"],
      ["raids: 2, seed: -1", "seed"],
      ["raids: 2, seed: 1.5", "seed"],
      ["campaign: { campaigns: 0, raids: 2 }", "campaign"],
    ] as const) {
      const r = await gql(
        `mutation($r: [SimulationRefugeInput!]!) { createSimulation(refuges: $r, ${args}) { id } }`,
        { r: [input("refuge"), input("congregation")] },
      )
      expect(r.data?.createSimulation ?? null, args).toBeNull()
      expect(r.errors?.length, args).toBeGreaterThan(0)
      expect(JSON.stringify(r.errors), args).toContain(path)
    }
    expect((await api.get("/v1/simulations", key)).body.total).toBe(before)
  })

  it("over GraphQL: createSimulation and simulation, typed (the report's numbers, the chart spec as its one JSON)", async () => {
    const gql = gqlAt(server.url, key)
    const made = await gql(
      "mutation($r: [SimulationRefugeInput!]!) { createSimulation(refuges: $r, raids: 12, seed: 7, policies: [sensible]) { id status raids } }",
      { r: [input("refuge"), input("congregation")] },
    )
    expect(made.errors).toBeUndefined()
    expect(made.data.createSimulation).toMatchObject({ status: "queued", raids: 12 })
    const id = made.data.createSimulation.id
    await settled(api, id, key)
    const read = await gql(
      "query($id: ID!) { simulation(id: $id) { status raidsDone result { html report { raids spec { seed label } sides { side win { k n rate { estimate low high } } } } charts { id spec } } } }",
      { id },
    )
    expect(read.errors).toBeUndefined()
    const sim = read.data.simulation
    expect(sim).toMatchObject({
      status: "done",
      raidsDone: 12,
      result: { html: `/v1/simulations/${id}/report.html` },
    })
    const lib = JSON.parse(libraryReport())
    expect(sim.result.report.spec).toEqual({ seed: 7, label: "core rules" })
    expect(sim.result.report.sides[0].win).toEqual(lib.sides[0].win)
    expect(sim.result.charts[0].spec.$schema).toMatch(/vega-lite/)
    const bad = await gql(
      "mutation($r: [SimulationRefugeInput!]!) { createSimulation(refuges: $r, raids: 0) { id } }",
      { r: [input("refuge"), input("congregation")] },
    )
    expect(bad.errors[0].extensions).toMatchObject({ code: "bad_request" })
    expect(bad.errors[0].extensions.details[0].path).toBe("raids")
  })

  it("over GraphQL: a campaign run and an A/B run, their reports typed (campaignReport, reportB, comparison)", async () => {
    const gql = gqlAt(server.url, key)
    const refuges = [input("refuge"), input("congregation")]
    const create = (args: string) =>
      gql(
        `mutation($r: [SimulationRefugeInput!]!) { createSimulation(refuges: $r, seed: 7, ${args}) { id mode } }`,
        { r: refuges },
      )
    const campaign = await create(`campaign: { campaigns: ${CAMPAIGNS}, raids: ${CAMPAIGN_RAIDS} }`)
    expect(campaign.errors).toBeUndefined()
    expect(campaign.data.createSimulation.mode).toBe("campaign")
    const ab = await create("raids: 12, b: { options: { creaturesAttackDown: true } }")
    expect(ab.errors).toBeUndefined()
    await settled(api, campaign.data.createSimulation.id, key)
    await settled(api, ab.data.createSimulation.id, key)
    const read = await gql(
      `query($c: ID!, $ab: ID!) {
        c: simulation(id: $c) { campaign { campaigns campaignsDone } result { report { raids } campaignReport { campaigns refuges { name byRaid { raid survival { estimate low high } win { k n } } } } } }
        ab: simulation(id: $ab) { b { packs } result { report { spec { label } } reportB { spec { label } } comparison { a b sides { side win { a b difference { estimate low high } } } } } }
      }`,
      { c: campaign.data.createSimulation.id, ab: ab.data.createSimulation.id },
    )
    expect(read.errors).toBeUndefined()
    const lib = JSON.parse(libraryCampaignReport())
    expect(read.data.c.campaign).toEqual({ campaigns: CAMPAIGNS, campaignsDone: CAMPAIGNS })
    expect(read.data.c.result.report).toBeNull()
    expect(read.data.c.result.campaignReport.refuges[0].byRaid[0].survival).toEqual(
      lib.refuges[0].byRaid[0].survival,
    )
    const compared = SimReport.compare(libraryRun(), libraryRun({ creaturesAttackDown: true }))
    expect(read.data.ab.result.reportB.spec.label).toBe("creaturesAttackDown=true")
    expect(read.data.ab.result.comparison.sides[0].win).toEqual(compared.sides[0]!.win)
    const bad = await create(`raids: 3, campaign: { campaigns: 1, raids: 1 }`)
    expect(bad.errors[0].extensions.details[0].path).toBe("raids")
  })

  it("a campaign run: the library's campaignReport byte for byte, the same with one chunk as with two; its page", async () => {
    const [a, b] = await bothWays(campaignBody())
    expect(a.view).toMatchObject({
      mode: "campaign",
      raids: CAMPAIGNS * CAMPAIGN_RAIDS,
      raidsDone: CAMPAIGNS * CAMPAIGN_RAIDS,
      campaign: { campaigns: CAMPAIGNS, raids: CAMPAIGN_RAIDS, campaignsDone: CAMPAIGNS },
      chunks: 2,
      scenario: "the campaign's choice",
      policies: [],
    })
    expect(b.view.chunks).toBe(1)
    const campaignReport = JSON.stringify(a.view.result.campaignReport)
    expect(campaignReport).toBe(libraryCampaignReport())
    expect(JSON.stringify(b.view.result.campaignReport)).toBe(campaignReport)
    expect(a.view.result.report).toBeUndefined()
    expect(a.view.result.charts.map((c: Json) => c.spec.$schema)).toEqual(
      SimCharts.campaignCharts(a.view.result.campaignReport).map((c) => c.spec.$schema),
    )
    expect(b.html).toBe(a.html)
    expect(a.html).toBe(await campaignPage(JSON.parse(libraryCampaignReport())))
    expect(a.html).toContain("<svg")
  })

  it("an A/B run: both reports and the library's compare of the same raids; the page with the differences", async () => {
    const options = { creaturesAttackDown: true }
    const { view, html } = await runOnce(server.url, key, body({ b: { options } }))
    expect(view).toMatchObject({ mode: "ab", raids: RAIDS, raidsDone: RAIDS, b: { packs: [] } })
    const a = libraryRun()
    const b = libraryRun(options)
    expect(JSON.stringify(view.result.report)).toBe(JSON.stringify(a.report))
    expect(JSON.stringify(view.result.reportB)).toBe(JSON.stringify(b.report))
    expect(JSON.stringify(view.result.comparison)).toBe(JSON.stringify(SimReport.compare(a, b)))
    expect(view.result.comparison.b).toBe("creaturesAttackDown=true")
    expect(view.result.charts.map((c: Json) => c.id)).toContain("a-outcomes")
    expect(html).toContain("A/B: creaturesAttackDown=true against core rules")
    expect(html).toBe(await page(a.report, SimReport.compare(a, b), b.report))
  })

  it("bad mode combinations: 400 naming each path, and nothing stored", async () => {
    const before = (await api.get("/v1/simulations", key)).body.total
    const campaign = { campaigns: 2, raids: 2 }
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...campaignBody(), raids: 3 }, ["raids"]],
      [{ ...campaignBody(), policies: ["random"], table: "board" }, ["policies", "table"]],
      [{ ...campaignBody(), options: { creaturesAttackDown: true } }, ["options"]],
      [{ ...campaignBody(), b: { options: { creaturesAttackDown: true } } }, ["b"]],
      [{ ...body(), campaign: { campaigns: 0, raids: 2 } }, ["campaign.campaigns"]],
      [{ ...body(), campaign: { campaigns: 2_001, raids: 2 } }, ["campaign.campaigns"]],
      [{ ...body(), campaign: { ...campaign, raids: 61 } }, ["campaign.raids"]],
      [{ ...body(), b: {} }, ["b"]],
      [{ ...body(), b: { packs: [], options: {} } }, ["b"]],
      [{ ...body(), b: { options: { creaturesAttackDown: "yes" } } }, ["b.options.creaturesAttackDown"]],
      [(({ raids: _, ...rest }) => rest)(body()), ["raids"]],
    ]
    for (const [request, paths] of cases) {
      const r = await api.post("/v1/simulations", request, key)
      expect(r.status, paths.join()).toBe(400)
      const got = r.body.error.details.map((d: { path: string }) => d.path)
      for (const path of paths) expect(got, path).toContain(path)
    }
    expect((await api.post("/v1/simulations", { ...body(), b: { packs: ["nope"] } }, key)).status).toBe(404)
    expect((await api.get("/v1/simulations", key)).body.total).toBe(before)
  })

  it("cancelled: its chunks not yet started are skipped; a cancelled one cannot be cancelled again", async () => {
    const made = await api.post("/v1/simulations", body({ raids: 5000 }), key)
    expect(made.status).toBe(202)
    const cancel = () =>
      fetch(`${server.url}/v1/simulations/${made.body.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${key}` },
      })
    const del = await cancel()
    expect(del.status).toBe(200)
    expect(((await del.json()) as Json).status).toBe("cancelled")
    const after = await settled(api, made.body.id, key)
    expect(after.status).toBe("cancelled")
    expect(after.raidsDone).toBeLessThan(5000)
    expect((await api.get(`/v1/simulations/${made.body.id}/report.html`, key)).status).toBe(404)
    const again = await cancel()
    expect(again.status).toBe(409)
  })
})

// The `blight-worker` bin as npm links it (a launcher of the built dist/worker.js).
const WORKER = join(REPO_ROOT, "services/api/bin/blight-worker.js")
const BUILT = join(REPO_ROOT, "services/api/dist/worker.js")

/** One `blight-worker` process on `url`; ready once it says it plays; the chunks it played, from its log. */
const startWorker = (url: string, env: Record<string, string> = {}) => {
  const p = spawn(process.execPath, [WORKER], {
    env: { ...process.env, DATABASE_URL: url, WORKER_THREADS: "1", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const w = { p, played: 0, log: "" }
  const ready = new Promise<void>((started, failed) => {
    p.once("exit", (code) => failed(new Error(`blight-worker exited (${code}) before it was ready`)))
    p.stdout!.on("data", (d: Buffer) => {
      const text = String(d)
      w.log += text
      if (text.includes("playing simulation chunks")) started()
      w.played += text.match(/ chunk \d+ played/g)?.length ?? 0
    })
  })
  return { p, ready, worker: w }
}

/** Stops a worker by SIGTERM (SIGKILL after 20 s); at once if it has exited. */
const stopWorker = (p: ChildProcess) =>
  new Promise<void>((done) => {
    if (p.exitCode !== null || p.signalCode !== null) return done()
    const hard = setTimeout(() => p.kill("SIGKILL"), 20_000)
    p.once("exit", () => {
      clearTimeout(hard)
      done()
    })
    p.kill("SIGTERM")
  })

/**
 * Runs `f` while `n` `blight-worker` processes serve one PostgreSQL database (started and ready
 * first; stopped after, by SIGTERM); the chunks each one played, from its log.
 */
const withWorkers = async <A>(url: string, n: number, f: () => Promise<A>) => {
  const started = Array.from({ length: n }, () => startWorker(url))
  try {
    await Promise.all(started.map((w) => w.ready))
    const value = await f()
    return { value, played: started.map((w) => w.worker.played) }
  } finally {
    await Promise.all(started.map((w) => stopWorker(w.p)))
  }
}

describe.skipIf(!postgresServer())("simulations over HTTP on PostgreSQL: blight-worker processes", () => {
  let db: TestDatabase
  let server: Running
  let key: string
  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: build first (npx tsc -b services/api)`)
    db = await makeDatabase("postgres")
    server = await startTestServer(db.url, { ...unlimited, simulationChunkRaids: 2 })
    key = await register(client(server.url), "Simulator")
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("one simulation on one worker and on three: the same report bytes (and the library's)", async () => {
    const one = await withWorkers(db.url, 1, () => runOnce(server.url, key))
    const three = await withWorkers(db.url, 3, () => runOnce(server.url, key))
    const [a, b] = [one.value, three.value]
    expect(one.played).toEqual([6])
    expect(three.played.reduce((s, n) => s + n, 0)).toBe(6)
    // Shared: more than one of the three took chunks (each is told of new jobs at once).
    expect(three.played.filter((n) => n > 0).length).toBeGreaterThan(1)
    expect(a.view.chunks).toBe(6)
    expect(b.report).toBe(a.report)
    expect(b.html).toBe(a.html)
    expect(a.report).toBe(libraryReport())
  })

  it("a campaign run through blight-worker: the library's campaignReport byte for byte", async () => {
    const run = await withWorkers(db.url, 2, () => runOnce(server.url, key, campaignBody()))
    expect(run.value.view).toMatchObject({ mode: "campaign", chunks: CAMPAIGNS })
    expect(run.played.reduce((s, n) => s + n, 0)).toBe(CAMPAIGNS)
    expect(JSON.stringify(run.value.view.result.campaignReport)).toBe(libraryCampaignReport())
  })

  it("a worker killed outright: once it stops beating, another unlocks its jobs and plays them; the same report", async () => {
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    const locked = async () =>
      Number(
        (
          await admin.query(
            "select count(*) as n from graphile_worker._private_jobs where locked_by is not null",
          )
        ).rows[0].n,
      )
    const fast = { WORKER_DEAD_AFTER: "2" }
    const doomed = startWorker(db.url, fast)
    let rescuer: ReturnType<typeof startWorker> | undefined
    try {
      await doomed.ready
      const api = client(server.url)
      const made = await api.post("/v1/simulations", body(), key)
      expect(made.status).toBe(202)
      // Killed while it holds a chunk (its thread is still loading the rules for the first one).
      while ((await locked()) === 0) await new Promise((f) => setTimeout(f, 10))
      doomed.p.kill("SIGKILL")
      await new Promise((f) => doomed.p.once("exit", f))
      expect(await locked()).toBeGreaterThan(0)
      rescuer = startWorker(db.url, fast)
      await rescuer.ready

      const done = await settled(api, made.body.id, key)
      expect(done.status, done.error).toBe("done")
      expect(JSON.stringify(done.result.report)).toBe(libraryReport())
      expect(rescuer.worker.log).toMatch(/stopped beating: its jobs are unlocked/)
      expect(await locked()).toBe(0)
    } finally {
      await admin.end()
      await stopWorker(doomed.p)
      if (rescuer) await stopWorker(rescuer.p)
    }
  })
})
