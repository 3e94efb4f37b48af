/**
 * The fair simulation queue (docs/simulation.md#the-queue), on SQLite (the server's own thread)
 * and on PostgreSQL (one `blight-worker` process of one thread): chunks are handed out across
 * players in turn, so a small job finishes while big ones run; a job shows its place and an
 * estimate; a player's queued raids are capped; registering players is limited per address.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, type Db } from "../src/db/connect.js"
import * as Repo from "../src/db/repositories.js"
import { claimNext, placeOf } from "../src/sim/fair.js"
import { insertSimulation, type StoredSimulation } from "../src/sim/store.js"
import { roster, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  REPO_ROOT,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

// biome-ignore lint/suspicious/noExplicitAny: parsed answers the assertions reach into
type Json = any
type Api = ReturnType<typeof client>

const WORKER = join(REPO_ROOT, "services/api/bin/blight-worker.js")
const BUILT = join(REPO_ROOT, "services/api/dist/worker.js")

const body = (raids: number, extra: Record<string, unknown> = {}) => ({
  refuges: [{ roster: roster("refuge") }, { roster: roster("congregation") }],
  scenario: "cache",
  raids,
  seed: 7,
  ...extra,
})

/** One `blight-worker` process of one thread on `url`, ready once it says it plays. */
const startWorker = async (url: string): Promise<ChildProcess> => {
  const p = spawn(process.execPath, [WORKER], {
    env: { ...process.env, DATABASE_URL: url, WORKER_THREADS: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  })
  await new Promise<void>((ready, failed) => {
    p.once("exit", (code) => failed(new Error(`blight-worker exited (${code}) before it was ready`)))
    p.stdout!.on("data", (d: Buffer) => {
      if (String(d).includes("playing simulation chunks")) ready()
    })
  })
  return p
}

const stopWorker = (p: ChildProcess | undefined) =>
  new Promise<void>((done) => {
    if (!p || p.exitCode !== null || p.signalCode !== null) return done()
    const hard = setTimeout(() => p.kill("SIGKILL"), 20_000)
    p.once("exit", () => {
      clearTimeout(hard)
      done()
    })
    p.kill("SIGTERM")
  })

const register = async (api: Api, name: string): Promise<string> => {
  const r = await api.post("/v1/players", { name })
  expect(r.status).toBe(201)
  return r.body.apiKey
}

const queue = async (api: Api, key: string, request: Record<string, unknown>): Promise<Json> => {
  const r = await api.post("/v1/simulations", request, key)
  expect(r.status, JSON.stringify(r.body)).toBe(202)
  return r.body
}

/** Polls a job until it has ended, or for `ms` (30 s); its last view. */
const settled = async (api: Api, id: string, key: string, ms = 30_000): Promise<Json> => {
  const until = Date.now() + ms
  for (;;) {
    const view = (await api.get(`/v1/simulations/${id}`, key)).body
    if (!["queued", "running"].includes(view.status) || Date.now() > until) return view
    await new Promise((f) => setTimeout(f, 100))
  }
}

const cancel = async (url: string, id: string, key: string) => {
  const r = await fetch(`${url}/v1/simulations/${id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${key}` },
  })
  await r.body?.cancel()
  return r.status
}

describe.each(databaseKinds())("the fair simulation queue on %s, one worker of one thread", (kind) => {
  let db: TestDatabase
  let server: Running
  let worker: ChildProcess | undefined
  beforeAll(async () => {
    if (kind === "postgres" && !existsSync(BUILT))
      throw new Error(`${BUILT} is missing: build first (npx tsc -b services/api)`)
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, {
      ...unlimited,
      simulationChunkRaids: 25,
      simulationThreads: 1,
      simulationMaxQueuedRaids: 500_000,
    })
    if (kind === "postgres") worker = await startWorker(db.url)
  })
  afterAll(async () => {
    await stopWorker(worker)
    await server?.close()
    await db?.drop()
  })

  it("two players queue 5 × 100,000 raids each, then a third 1 raid: the small job is done within seconds while the big ones run", async () => {
    const api = client(server.url)
    // A warm worker first (its thread loads the rules and compiles the engine on its first chunk:
    // seconds, more on a busy machine, so given a minute).
    const warmKey = await register(api, "Warm-up")
    const warm = await queue(api, warmKey, body(1))
    expect((await settled(api, warm.id, warmKey, 60_000)).status).toBe("done")
    const bigKeys = [await register(api, "Big One"), await register(api, "Big Two")]
    const big: Array<{ id: string; key: string }> = []
    for (const key of bigKeys)
      for (let i = 0; i < 5; i++) big.push({ id: (await queue(api, key, body(100_000))).id, key })
    const smallKey = await register(api, "Small")
    const started = Date.now()
    const small = await queue(api, smallKey, body(1))
    try {
      // Its place: a new player's turn comes before those served already (at most the other new one first).
      const first = await api.get(`/v1/simulations/${small.id}`, smallKey)
      expect(first.status).toBe(200)
      if (first.body.status === "queued") {
        expect(first.body.queue.place).toBeGreaterThanOrEqual(1)
        expect(first.body.queue.place).toBeLessThanOrEqual(2)
        expect(first.body.queue.chunksAhead).toBeLessThanOrEqual(1)
      }
      // A big job's place: behind the others' turns, with every chunk of its player's older jobs ahead.
      const last = await api.get(`/v1/simulations/${big[9]!.id}`, big[9]!.key)
      expect(last.body.status).toMatch(/queued|running/)
      expect(last.body.queue.chunksAhead).toBeGreaterThan(4 * 4000)
      const view = await settled(api, small.id, smallKey)
      expect(view.status, `after ${Date.now() - started} ms`).toBe("done")
      expect(view.raidsDone).toBe(1)
      expect(view.queue).toBeUndefined()
      // The big ones are far from done: the small one did not wait for them.
      const bigView = (await api.get(`/v1/simulations/${big[0]!.id}`, big[0]!.key)).body
      expect(bigView.status).toMatch(/queued|running/)
      expect(bigView.raidsDone).toBeLessThan(100_000)
      // Something was played, so the queue has a pace to estimate by.
      expect(bigView.queue.estimatedSeconds).toBeGreaterThan(0)
    } finally {
      for (const b of big) expect(await cancel(server.url, b.id, b.key)).toBe(200)
    }
  }, 150_000)

  it("a player's queued raids are capped: 409 naming SIM_MAX_QUEUED_RAIDS, nothing stored", async () => {
    const api = client(server.url)
    const key = await register(api, "Capped")
    // An A/B run plays each raid twice: 200,000 each against the cap of 500,000.
    const ab = (raids: number) => body(raids, { b: { options: { creaturesAttackDown: true } } })
    const kept = [await queue(api, key, ab(100_000)), await queue(api, key, ab(100_000))]
    try {
      const refused = await api.post("/v1/simulations", ab(100_000), key)
      expect(refused.status).toBe(409)
      expect(refused.body.error.code).toBe("conflict")
      expect(refused.body.error.message).toMatch(/500000 raids queued \(SIM_MAX_QUEUED_RAIDS/)
      expect((await api.get("/v1/simulations", key)).body.items).toHaveLength(2)
      // What is left under the cap is still taken.
      kept.push(await queue(api, key, body(50_000)))
    } finally {
      for (const k of kept) await cancel(server.url, k.id, key)
    }
  }, 60_000)
})

describe.each(databaseKinds())("registering players on %s is limited per address", (kind) => {
  let db: TestDatabase
  let server: Running
  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, {
      ...unlimited,
      rateLimit: { ...unlimited.rateLimit, registrations: 3, registrationWindowMs: 60_000 },
    })
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("RATE_LIMIT_REGISTRATIONS players, then 429 with Retry-After (REST and GraphQL); a bad body spends nothing", async () => {
    const api = client(server.url)
    expect((await api.post("/v1/players", { name: "" })).status).toBe(400)
    for (let i = 0; i < 2; i++) expect((await api.post("/v1/players", { name: `P${i}` })).status).toBe(201)
    const gql = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: 'mutation { registerPlayer(name: "G") { apiKey } }' }),
    })
    expect(((await gql.json()) as Json).data.registerPlayer.apiKey).toMatch(/^blt_/)
    const res = await fetch(`${server.url}/v1/players`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "One too many" }),
    })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0)
    const refused = (await res.json()) as Json
    expect(refused.error.code).toBe("rate_limited")
    expect(refused.error.message).toMatch(/3 players per 60s \(RATE_LIMIT_REGISTRATIONS\)/)
    const again = (await (
      await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: 'mutation { registerPlayer(name: "G2") { apiKey } }' }),
      })
    ).json()) as Json
    expect(again.errors[0].extensions.code).toBe("rate_limited")
  })
})

describe.each(databaseKinds())("the fair queue's claims on %s", (kind) => {
  let db: TestDatabase
  let database: Db
  beforeAll(async () => {
    db = await makeDatabase(kind)
    database = await connect(db.url)
  })
  afterAll(async () => {
    await database?.close()
    await db?.drop()
  })

  /** A player with simulations of these many chunks each, made at increasing times. */
  let clock = 0
  const playerWithJobs = async (name: string, ...chunks: number[]) => {
    const at = () => new Date(Date.UTC(2026, 0, 1) + clock++ * 1000).toISOString()
    await Repo.insertPlayer(database.db, { id: name, name, createdAt: at() }, `hash-${name}`)
    const ids: string[] = []
    for (const [i, n] of chunks.entries()) {
      const s: StoredSimulation = {
        id: `${name}-${i}`,
        ownerId: name,
        status: "queued",
        setup: {} as StoredSimulation["setup"],
        raids: n,
        chunkRaids: 1,
        chunks: n,
        chunksDone: 0,
        raidsDone: 0,
        createdAt: at(),
        updatedAt: at(),
      }
      await insertSimulation(database.db, s)
      ids.push(s.id)
    }
    return ids
  }

  it("hands chunks out round the players (least recently served first), each player's oldest job first; a job's place says so", async () => {
    const [a0, a1] = await playerWithJobs("a", 3, 2)
    const [b0] = await playerWithJobs("b", 2)
    const claim = () => claimNext(database.db, kind, (c) => `${c.simulation}/${c.chunk}`, Date.now())
    // a's first, then b (never served), then round: a, b, a, a…
    const order: string[] = []
    for (let i = 0; i < 3; i++) {
      const c = await claim()
      order.push(`${c!.simulation}/${c!.chunk}`)
    }
    expect(order).toEqual([`${a0}/0`, `${b0}/0`, `${a0}/1`])
    // c arrives: never served, so next; b and then a follow.
    const [c0] = await playerWithJobs("c", 1)
    expect(await placeOf(database.db, "c", c0!, Date.now())).toMatchObject({ place: 1, chunksAhead: 0 })
    // b's turn is before a's: b's job waits for c's chunk only; a's second job for a0's last chunk,
    // and for c's and b's turns before each of a's.
    expect(await placeOf(database.db, "b", b0!, Date.now())).toMatchObject({ place: 2, chunksAhead: 1 })
    expect(await placeOf(database.db, "a", a1!, Date.now())).toMatchObject({ place: 3, chunksAhead: 3 })
    for (let i = 0; i < 5; i++) {
      const c = await claim()
      order.push(`${c!.simulation}/${c!.chunk}`)
    }
    expect(order.slice(3)).toEqual([`${c0}/0`, `${b0}/1`, `${a0}/2`, `${a1}/0`, `${a1}/1`])
    expect(await claim()).toBeUndefined()
    expect(await placeOf(database.db, "a", a1!, Date.now())).toMatchObject({ place: 0, chunksAhead: 0 })
  })

  it("claims at once take every chunk once, none left without a turn (bounded: 12 claimers, 10 chunks)", async () => {
    const [d0] = await playerWithJobs("d", 10)
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimNext(database.db, kind, `turn-${i}`, Date.now())),
    )
    const taken = claims.filter((c) => c !== undefined)
    expect(taken.every((c) => c.simulation === d0)).toBe(true)
    expect(taken.map((c) => c.chunk).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    // A turn that took a chunk gets the same one again (a retried job), until it is played.
    const held = claims.findIndex((c) => c !== undefined)
    expect(await claimNext(database.db, kind, `turn-${held}`, Date.now())).toEqual(claims[held])
  })
})
