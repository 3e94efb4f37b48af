/**
 * What operators see (docs/deploy.md#metrics): `GET /metrics` in the Prometheus text format, for
 * METRICS_TOKEN's bearer alone, scraped after some traffic: requests by route pattern and status
 * with their latency histogram, rate-limit refusals, open SSE streams, the simulation queue, and
 * on PostgreSQL the pool, the workers' beats and LISTEN reconnects. On SQLite and on PostgreSQL.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { playerWith, raidBetween, roster, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  postgresServer,
  REPO_ROOT,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const TOKEN = "metrics-test-token-0123456789abcdef"

/** The samples of a scrape: name, labels, value. */
const samples = (text: string) =>
  text
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(l)
      if (!m) throw new Error(`not a sample line: ${l}`)
      const labels = Object.fromEntries(
        [...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
      )
      return { name: m[1]!, labels: labels as Record<string, string>, value: Number(m[3]) }
    })

/** The value of the one sample with this name and these labels (undefined: none). */
const sampled = (text: string, name: string, labels: Record<string, string> = {}) => {
  const hits = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )
  if (hits.length > 1) throw new Error(`${hits.length} samples of ${name} ${JSON.stringify(labels)}`)
  return hits[0]?.value
}

describe.each(databaseKinds())("metrics on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.text()
  }
  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, {
      ...unlimited,
      rateLimit: { ...unlimited.rateLimit, registrations: 5 },
      metricsToken: TOKEN,
      simulationChunkRaids: 50,
    })
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("only for the token: 401 without it or with another, and GET alone", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer nope" } })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/METRICS_TOKEN/)
    expect((await fetch(`${server.url}/metrics`, { method: "POST" })).status).toBe(405)
  })

  it("counts requests by route pattern and status, with latencies, and the refusals of a limit", async () => {
    const api = client(server.url)
    for (let i = 0; i < 3; i++) expect((await api.get("/v1/content/weapons")).status).toBe(200)
    expect((await api.get("/nowhere/at/all")).status).toBe(404)
    const a = await playerWith(api, "A", "refuge")
    expect((await api.get("/v1/raids/no-such-raid", a.key)).status).toBe(404)
    expect((await api.get("/v1/raids/another-one", a.key)).status).toBe(404)
    for (let i = 0; i < 2; i++) expect((await api.post("/v1/players", { name: `P${i}` })).status).toBe(201)

    const text = await scrape()
    const req = (route: string, method: string, status: string) =>
      sampled(text, "blight_http_requests_total", { route, method, status })
    expect(req("/v1/content/{kind}", "GET", "200")).toBe(3)
    expect(req("unmatched", "GET", "404")).toBe(1)
    expect(req("/v1/raids/{id}", "GET", "404")).toBe(2)
    expect(req("/v1/players", "POST", "201")).toBe(3)
    expect(req("/metrics", "GET", "401")).toBe(2)
    // No label holds a path as sent.
    expect(text).not.toMatch(/no-such-raid|another-one|nowhere/)
    const count = (route: string, method: string) =>
      sampled(text, "blight_http_request_duration_seconds_count", { route, method })
    expect(count("/v1/content/{kind}", "GET")).toBe(3)
    expect(
      sampled(text, "blight_http_request_duration_seconds_bucket", {
        route: "/v1/content/{kind}",
        method: "GET",
        le: "+Inf",
      }),
    ).toBe(3)
    expect(
      sampled(text, "blight_http_request_duration_seconds_sum", {
        route: "/v1/content/{kind}",
        method: "GET",
      }),
    ).toBeGreaterThan(0)
    expect(sampled(text, "blight_rate_limit_refusals_total", { limit: "registrations" })).toBeUndefined()
  })

  it("open SSE streams, the simulation queue by state, and on PostgreSQL the pool, workers and LISTEN reconnects", async () => {
    const api = client(server.url)
    const a = await playerWith(api, "Streamer", "refuge")
    const b = await playerWith(api, "Other", "congregation")
    // Five registrations from this address so far, the budget: the next two are refused.
    for (let i = 0; i < 2; i++) expect((await api.post("/v1/players", { name: `Q${i}` })).status).toBe(429)
    const refusals = await scrape()
    expect(sampled(refusals, "blight_rate_limit_refusals_total", { limit: "registrations" })).toBe(2)
    expect(
      sampled(refusals, "blight_http_requests_total", {
        route: "/v1/players",
        method: "POST",
        status: "429",
      }),
    ).toBe(2)
    const raid = await raidBetween(api, a, b)
    const ac = new AbortController()
    const res = await fetch(`${server.url}/v1/raids/${raid.id}/stream`, {
      headers: { authorization: `Bearer ${a.key}` },
      signal: ac.signal,
    })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    await reader.read()
    // A big job: queued or running, its chunks waiting or in play.
    const sim = await api.post(
      "/v1/simulations",
      { refuges: [{ roster: roster("refuge") }, { roster: roster("congregation") }], raids: 5000, seed: 1 },
      a.key,
    )
    expect(sim.status).toBe(202)
    const during = await scrape()
    expect(sampled(during, "blight_sse_streams_open")).toBe(1)
    const active =
      (sampled(during, "blight_simulations", { status: "queued" }) ?? 0) +
      (sampled(during, "blight_simulations", { status: "running" }) ?? 0)
    expect(active).toBe(1)
    const chunks =
      (sampled(during, "blight_simulation_chunks", { state: "waiting" }) ?? 0) +
      (sampled(during, "blight_simulation_chunks", { state: "playing" }) ?? 0)
    expect(chunks).toBeGreaterThan(90)
    expect(chunks).toBeLessThanOrEqual(100)

    if (kind === "postgres") {
      expect(sampled(during, "blight_db_pool_connections", { state: "total" })).toBeGreaterThan(0)
      expect(sampled(during, "blight_simulation_workers")).toBe(0)
      // A worker's beat (as blight-worker writes it), then the LISTEN connection cut by the server.
      const admin = new pg.Client({ connectionString: db.url })
      await admin.connect()
      try {
        await admin.query(
          "insert into simulation_workers (id, worker_ids, seen_at) values ('w1', '[]', (extract(epoch from clock_timestamp()) * 1000)::bigint)",
        )
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'blight-live' and datname = current_database()",
        )
      } finally {
        await admin.end()
      }
      // Bounded: the notifier reopens within a second or so; looked at for up to 10 s.
      let text = await scrape()
      for (let i = 0; i < 100 && (sampled(text, "blight_listen_reconnects_total") ?? 0) < 1; i++) {
        await new Promise((f) => setTimeout(f, 100))
        text = await scrape()
      }
      expect(sampled(text, "blight_listen_reconnects_total")).toBe(1)
      expect(sampled(text, "blight_simulation_workers")).toBe(1)
      expect(sampled(text, "blight_simulation_worker_last_beat_age_seconds")).toBeGreaterThanOrEqual(0)
      expect(sampled(text, "blight_simulation_worker_last_beat_age_seconds")).toBeLessThan(60)
    } else expect(sampled(during, "blight_db_pool_connections", { state: "total" })).toBeUndefined()

    // The client leaves: the stream closes, counted as aborted.
    ac.abort()
    await reader.cancel().catch(() => undefined)
    let after = await scrape()
    for (let i = 0; i < 50 && sampled(after, "blight_sse_streams_open") !== 0; i++) {
      await new Promise((f) => setTimeout(f, 100))
      after = await scrape()
    }
    expect(sampled(after, "blight_sse_streams_open")).toBe(0)
    expect(
      sampled(after, "blight_http_requests_total", {
        route: "/v1/raids/{id}/stream",
        method: "GET",
        status: "aborted",
      }),
    ).toBe(1)
    const cancelled = await fetch(`${server.url}/v1/simulations/${sim.body.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${a.key}` },
    })
    expect(cancelled.status).toBe(200)
    const done = await scrape()
    expect(sampled(done, "blight_simulations", { status: "queued" }) ?? 0).toBe(0)
    expect(sampled(done, "blight_simulations", { status: "running" }) ?? 0).toBe(0)
    expect(sampled(done, "blight_simulation_chunks", { state: "waiting" })).toBe(0)
  })
})

describe.skipIf(!postgresServer())("a blight-worker's own metrics (WORKER_METRICS_PORT)", () => {
  let db: TestDatabase
  let server: Running
  beforeAll(async () => {
    db = await makeDatabase("postgres")
    server = await startTestServer(db.url, { ...unlimited, simulationChunkRaids: 2 })
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("its beats, and the chunks it played with their times", async () => {
    const worker = spawn(process.execPath, [join(REPO_ROOT, "services/api/bin/blight-worker.js")], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        WORKER_THREADS: "1",
        WORKER_DEAD_AFTER: "1",
        WORKER_METRICS_PORT: "0",
      },
      stdio: ["ignore", "pipe", "inherit"],
    })
    try {
      const url = await new Promise<string>((ready, failed) => {
        worker.once("exit", (code) => failed(new Error(`blight-worker exited (${code})`)))
        worker.stdout!.on("data", (d: Buffer) => {
          const m = /metrics on (http:\/\/\S+)/.exec(String(d))
          if (m) ready(m[1]!)
        })
      })
      const api = client(server.url)
      const key = (await api.post("/v1/players", { name: "W" })).body.apiKey
      const sim = await api.post(
        "/v1/simulations",
        { refuges: [{ roster: roster("refuge") }, { roster: roster("congregation") }], raids: 4, seed: 1 },
        key,
      )
      expect(sim.status).toBe(202)
      // Bounded: 60 s for two chunks of two raids on a cold worker.
      const until = Date.now() + 60_000
      while ((await api.get(`/v1/simulations/${sim.body.id}`, key)).body.status !== "done") {
        if (Date.now() > until) throw new Error("the simulation was not done in 60 s")
        await new Promise((f) => setTimeout(f, 100))
      }
      const res = await fetch(url)
      expect(res.status).toBe(200)
      const text = await res.text()
      expect(sampled(text, "blight_worker_chunk_duration_seconds_count")).toBe(2)
      expect(sampled(text, "blight_worker_chunk_duration_seconds_sum")).toBeGreaterThan(0)
      expect(sampled(text, "blight_worker_beats_total", { outcome: "ok" })).toBeGreaterThanOrEqual(1)
      expect(sampled(text, "blight_worker_swept_total")).toBe(0)
      expect((await fetch(url.replace("/metrics", "/other"))).status).toBe(404)
    } finally {
      await new Promise<void>((done) => {
        if (worker.exitCode !== null) return done()
        const hard = setTimeout(() => worker.kill("SIGKILL"), 20_000)
        worker.once("exit", () => {
          clearTimeout(hard)
          done()
        })
        worker.kill("SIGTERM")
      })
    }
  }, 90_000)
})
