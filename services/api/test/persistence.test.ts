/**
 * Persistence through the real server, on every database available: always SQLite (a file in a
 * temp dir); PostgreSQL too when TEST_DATABASE_URL names a server (`.ci/run` starts one), on a
 * database made for this run and dropped after it. Every acknowledged write survives closing the
 * server and opening a new one on the same database, and of two trips planned against the same
 * version exactly one goes through — within one server, and across two servers sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  client,
  databaseKinds,
  exampleRoster,
  makeDatabase,
  postgresServer,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const RELOAD_COST = 4 // B-FOUNDING-09: the Market sells Reloads at the founding price

/** The example roster, with its Reloads left to the Market trips (so the Refuge keeps Salvage for them). */
const roster = () => ({ ...exampleRoster(), reloads: 0 })

/** Registers a player and founds the example Refuge; returns the key and the founded record. */
const registerAndFound = async (url: string, name: string) => {
  const api = client(url)
  const reg = await api.post("/v1/players", { name })
  expect(reg.status, JSON.stringify(reg.body)).toBe(201)
  const key: string = reg.body.apiKey
  const founded = await api.post("/v1/refuges", { roster: roster() }, key)
  expect(founded.status, JSON.stringify(founded.body)).toBe(201)
  expect(founded.body.version).toBe(1)
  return { key, player: reg.body.player, refuge: founded.body }
}

const salvageOf = async (url: string, id: string, key: string): Promise<number> => {
  const ledger = await client(url).get(`/v1/refuges/${id}/ledger`, key)
  expect(ledger.status).toBe(200)
  return ledger.body.stores.salvage
}

/** The Ledger's Salvage entries for Market purchases. */
const marketPurchases = (entries: ReadonlyArray<{ store: string; reason: string }>) =>
  entries.filter((e) => e.store === "salvage" && /at the Market$/.test(e.reason))

const buyOneReload = (version: number) => ({ version, orders: [{ buyReloads: 1 }] })

if (!postgresServer())
  console.warn("persistence.test: TEST_DATABASE_URL is not set, so only SQLite is tested (.ci/run sets it)")

describe.each(databaseKinds())("persistence on %s through the real server", (kind) => {
  let db: TestDatabase
  const open = new Set<Running>()
  /** A server on this database; closed by the test, or after the tests if a test failed first. */
  const start = async (): Promise<Running> => {
    const s = await startTestServer(db.url)
    open.add(s)
    return {
      ...s,
      close: async () => {
        open.delete(s)
        await s.close()
      },
    }
  }
  beforeAll(async () => {
    db = await makeDatabase(kind)
  })
  afterAll(async () => {
    for (const s of open) await s.close()
    await db?.drop()
  })

  it("keeps every acknowledged write after the server is closed and a new one opened", async () => {
    const first = await start()
    const health = await client(first.url).get("/health")
    expect(health.body).toEqual({ status: "ok", database: kind })

    const { key, player, refuge } = await registerAndFound(first.url, "Ada")
    const api = client(first.url)
    expect(await salvageOf(first.url, refuge.id, key)).toBeGreaterThanOrEqual(RELOAD_COST)

    const trip = await api.post(`/v1/refuges/${refuge.id}/market-trips`, buyOneReload(1), key)
    expect(trip.status, JSON.stringify(trip.body)).toBe(201)
    expect(trip.body.version).toBe(2)
    expect(trip.body.refuge.stores.reloads).toBe(refuge.refuge.stores.reloads + 1)
    expect(trip.body.refuge.stores.salvage).toBe(refuge.refuge.stores.salvage - RELOAD_COST)

    const stale = await api.post(`/v1/refuges/${refuge.id}/market-trips`, buyOneReload(1), key)
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe("conflict")
    expect(stale.body.error.message).toMatch(/version 2, not 1/)

    const before = {
      list: await api.get("/v1/refuges", key),
      record: await api.get(`/v1/refuges/${refuge.id}`, key),
      ledger: await api.get(`/v1/refuges/${refuge.id}/ledger`, key),
    }
    expect(before.record.status).toBe(200)
    expect(before.record.body.version).toBe(2)
    expect(marketPurchases(before.ledger.body.entries)).toEqual([
      expect.objectContaining({ store: "salvage", amount: -RELOAD_COST }),
    ])

    await first.close()
    const closed = await fetch(`${first.url}/health`).then(
      () => "answered",
      () => "refused",
    )
    expect(closed, "the first server still answers after close()").toBe("refused")

    const second = await start()
    const again = client(second.url)
    // the key still works, and names the same player
    const list = await again.get("/v1/refuges", key)
    expect(list.status).toBe(200)
    expect(list.body).toEqual(before.list.body)
    expect(list.body.items[0].owner).toBe(player.id)
    // the Refuge, its Ledger and its version are exactly as acknowledged
    expect(await again.get(`/v1/refuges/${refuge.id}`, key)).toEqual(before.record)
    expect(await again.get(`/v1/refuges/${refuge.id}/ledger`, key)).toEqual(before.ledger)
    // the version number carried on: 1 is still stale, 2 goes through
    expect((await again.post(`/v1/refuges/${refuge.id}/market-trips`, buyOneReload(1), key)).status).toBe(409)
    const next = await again.post(`/v1/refuges/${refuge.id}/market-trips`, { version: 2, orders: [] }, key)
    expect(next.status, JSON.stringify(next.body)).toBe(201)
    expect(next.body.version).toBe(3)
    // and a key that was never issued is still refused
    expect((await again.get("/v1/refuges", "blt_not-a-key")).status).toBe(401)
    await second.close()
  })

  it("lets exactly one of two concurrent trips on the same version through, on one server", async () => {
    const s = await start()
    const { key, refuge } = await registerAndFound(s.url, "Bea")
    expect(await salvageOf(s.url, refuge.id, key)).toBeGreaterThanOrEqual(RELOAD_COST)
    const api = client(s.url)
    const path = `/v1/refuges/${refuge.id}/market-trips`
    const answers = await Promise.all([
      api.post(path, buyOneReload(1), key),
      api.post(path, buyOneReload(1), key),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const loser = answers.find((a) => a.status === 409)!
    expect(loser.body.error.code).toBe("conflict")
    const ledger = await api.get(`/v1/refuges/${refuge.id}/ledger`, key)
    expect(ledger.body.version).toBe(2)
    // one purchase in the Ledger, not two
    expect(marketPurchases(ledger.body.entries)).toHaveLength(1)
    expect(ledger.body.stores.reloads).toBe(refuge.refuge.stores.reloads + 1)
    await s.close()
  })

  it("lets exactly one of two concurrent trips through when two servers share the database", async () => {
    const a = await start()
    const b = await start()
    const { key, refuge } = await registerAndFound(a.url, "Cas")
    expect(await salvageOf(b.url, refuge.id, key)).toBeGreaterThanOrEqual(RELOAD_COST)
    const path = `/v1/refuges/${refuge.id}/market-trips`
    const answers = await Promise.all([
      client(a.url).post(path, buyOneReload(1), key),
      client(b.url).post(path, buyOneReload(1), key),
    ])
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409])
    // both servers now see the one winning write
    for (const s of [a, b]) {
      const ledger = await client(s.url).get(`/v1/refuges/${refuge.id}/ledger`, key)
      expect(ledger.body.version).toBe(2)
      expect(marketPurchases(ledger.body.entries)).toHaveLength(1)
    }
    await a.close()
    await b.close()
  })
})
