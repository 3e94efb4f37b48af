/**
 * Every route that checks a limit or writes a unique thing, fired 40 times at once (one bounded
 * Promise.all of fetches to loopback), on every database available (SQLite; PostgreSQL too when
 * TEST_DATABASE_URL is set): each answers the same documented outcome on both, and the final
 * state is checked in the database, not only the statuses. SQLite serialises writers and
 * PostgreSQL does not, so a check and the write it allows must be one step on both
 * (repositories.ts: lockPlayer, conditional inserts and updates).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { connect, type Db } from "../src/db/connect.js"
import { allEvents, playerWith, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  exampleRoster,
  makeDatabase,
  REPO_ROOT,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

/** How many requests each burst sends at once. */
const N = 40

interface Sent {
  readonly status: number
  // biome-ignore lint/suspicious/noExplicitAny: the assertions are the checks on these bodies
  readonly body: any
}

/** How many answers had each status, e.g. { 201: 1, 409: 39 }. */
const tally = (answers: ReadonlyArray<Sent>): Record<number, number> => {
  const out: Record<number, number> = {}
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1
  return out
}

/** `n` requests started together; resolves when every one has been answered. */
const burst = (n: number, send: (i: number) => Promise<Sent>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)))

const flooded = JSON.parse(
  readFileSync(join(REPO_ROOT, "examples/homebrew-pack/flooded-quarter.json"), "utf8"),
)

describe.each(databaseKinds())("40 concurrent writes on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let store: Db

  // The server starts in beforeAll: each request reads its URL when it is sent.
  const api = {
    get: (path: string, key?: string) => client(server.url).get(path, key),
    post: (path: string, body: unknown, key?: string) => client(server.url).post(path, body, key),
    delete: (path: string, key?: string) => client(server.url).delete(path, key),
  }
  const register = async (name: string) => {
    const r = await api.post("/v1/players", { name })
    expect(r.status).toBe(201)
    return { key: r.body.apiKey as string, id: r.body.player.id as string }
  }
  const count = async (
    table: "api_keys" | "packs" | "pack_versions" | "market_trips",
    column: string,
    value: string,
  ) =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where(column as never, "=", value as never)
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, { ...unlimited, simulationChunkRaids: 100 })
    store = await connect(db.url)
  }, 60_000)
  // Each test's own server-side errors (none expected): not those of a test before it.
  beforeEach(() => {
    server.logged.length = 0
  })
  afterAll(async () => {
    await store?.close()
    await server?.close()
    await db?.drop()
  })

  it("key create: 40 at once leave exactly 10 keys (9 × 201, then 409), every issued key working", async () => {
    const p = await register("Keyholder")
    const answers = await burst(N, () => api.post("/v1/players/me/keys", {}, p.key))
    expect(tally(answers)).toEqual({ 201: 9, 409: N - 9 })
    for (const a of answers.filter((a) => a.status === 409)) expect(a.body.error.code).toBe("conflict")
    expect(await count("api_keys", "player_id", p.id)).toBe(10)
    for (const a of answers.filter((a) => a.status === 201))
      expect((await api.get("/v1/players/me/keys", a.body.apiKey)).body.items).toHaveLength(10)
    // A rotation replaces a key, so it works at the limit and leaves 10.
    expect((await api.post("/v1/players/me/keys/rotate", {}, p.key)).status).toBe(201)
    expect(await count("api_keys", "player_id", p.id)).toBe(10)
    expect(server.logged).toEqual([])
  }, 60_000)

  it("key create through two instances on one database (two connections): still exactly 10 keys", async () => {
    const other = await startTestServer(db.url, unlimited)
    try {
      const p = await register("Twice")
      const answers = await burst(N, (i) =>
        fetch(`${i % 2 === 0 ? server.url : other.url}/v1/players/me/keys`, {
          method: "POST",
          headers: { authorization: `Bearer ${p.key}` },
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      )
      expect(tally(answers)).toEqual({ 201: 9, 409: N - 9 })
      expect(await count("api_keys", "player_id", p.id)).toBe(10)
      expect([...server.logged, ...other.logged]).toEqual([])
    } finally {
      await other.close()
    }
  }, 60_000)

  it("key rotate: the first of 40 rotations of one key wins, the rest are 401; one live key", async () => {
    const p = await register("Rotator")
    const answers = await burst(N, () => api.post("/v1/players/me/keys/rotate", {}, p.key))
    expect(tally(answers)).toEqual({ 201: 1, 401: N - 1 })
    for (const a of answers.filter((a) => a.status === 401)) expect(a.body.error.code).toBe("unauthorized")
    const fresh = answers.find((a) => a.status === 201)!.body.apiKey
    expect((await api.get("/v1/players/me/keys", p.key)).status).toBe(401)
    const keys = await api.get("/v1/players/me/keys", fresh)
    expect(keys.status).toBe(200)
    expect(keys.body.items).toEqual([expect.objectContaining({ current: true })])
    expect(await count("api_keys", "player_id", p.id)).toBe(1)
    expect(server.logged).toEqual([])
  }, 60_000)

  it("key revoke: 40 of one key revoke it once (200, then 404); two keys revoking each other leave one", async () => {
    const p = await register("Revoker")
    const issue = async () =>
      (await api.post("/v1/players/me/keys", {}, p.key)).body as { id: string; apiKey: string }
    const b = await issue()
    const c = await issue()
    const once = await burst(N, () => api.delete(`/v1/players/me/keys/${c.id}`, p.key))
    expect(tally(once)).toEqual({ 200: 1, 404: N - 1 })
    expect(await count("api_keys", "player_id", p.id)).toBe(2)

    // A revokes B and B revokes A, 20 each, at once: exactly one is revoked, never both.
    const a = (await api.get("/v1/players/me/keys", p.key)).body.items.find(
      (k: { current: boolean }) => k.current,
    ).id
    const crossed = await burst(N, (i) =>
      i % 2 === 0
        ? api.delete(`/v1/players/me/keys/${b.id}`, p.key)
        : api.delete(`/v1/players/me/keys/${a}`, b.apiKey),
    )
    const t = tally(crossed)
    expect(t[200]).toBe(1)
    expect(Object.keys(t).map(Number).sort()).toEqual(expect.arrayContaining([200]))
    for (const s of Object.keys(t).map(Number)) expect([200, 401, 404, 409]).toContain(s)
    expect(await count("api_keys", "player_id", p.id)).toBe(1)
    const survivor = crossed.findIndex((r) => r.status === 200) % 2 === 0 ? p.key : b.apiKey
    expect((await api.get("/v1/players/me/keys", survivor)).status).toBe(200)
    expect(server.logged).toEqual([])
  }, 60_000)

  it("pack upload: 40 of one new pack by two players store it once: 201, the owner's others 409, the other's 403", async () => {
    const p = await register("Brewer")
    const q = await register("Rival")
    const pack = structuredClone(flooded)
    pack.manifest.id = `raced-${kind}`
    const answers = await burst(N, (i) => api.post("/v1/packs", pack, i % 2 === 0 ? p.key : q.key))
    expect(tally(answers)[201]).toBe(1)
    const owner = (await api.get(`/v1/packs/${pack.manifest.id}`)).body.owner
    expect([p.id, q.id]).toContain(owner)
    const winnerParity = owner === p.id ? 0 : 1
    expect(tally(answers.filter((_, i) => i % 2 === winnerParity))).toEqual({ 201: 1, 409: N / 2 - 1 })
    expect(tally(answers.filter((_, i) => i % 2 !== winnerParity))).toEqual({ 403: N / 2 })
    expect(await count("packs", "id", pack.manifest.id)).toBe(1)
    expect(await count("pack_versions", "pack_id", pack.manifest.id)).toBe(1)
    expect(server.logged).toEqual([])
  }, 60_000)

  it("simulation create: 40 at once queue exactly 5 (5 × 202, 35 × 409); 40 cancels of one: one 200, the rest 409", async () => {
    const a = await playerWith(client(server.url), "Simmer", "refuge")
    const second = await api.post("/v1/refuges", { roster: exampleRoster(), seed: 5 }, a.key)
    expect(second.status).toBe(201)
    const body = { refuges: [{ refuge: a.refuge }, { refuge: second.body.id }], raids: 1000, seed: 1 }
    const answers = await burst(N, () => api.post("/v1/simulations", body, a.key))
    expect(tally(answers)).toEqual({ 202: 5, 409: N - 5 })
    const active = () =>
      store.db
        .selectFrom("simulations")
        .select("id")
        .where("owner_id", "=", a.id)
        .where("status", "in", ["queued", "running"])
        .execute()
    expect(await active()).toHaveLength(5)

    const first = answers.find((r) => r.status === 202)!.body.id
    const cancels = await burst(N, () => api.delete(`/v1/simulations/${first}`, a.key))
    expect(tally(cancels)).toEqual({ 200: 1, 409: N - 1 })
    expect(cancels.find((r) => r.status === 200)!.body.status).toBe("cancelled")
    expect(await active()).toHaveLength(4)
    // The others are cancelled too, so no thread keeps playing them.
    for (const { id } of await active())
      expect((await api.delete(`/v1/simulations/${id}`, a.key)).status).toBe(200)
    expect(server.logged).toEqual([])
  }, 90_000)

  it("raid create, join and command: 40 creates make 40 raids; 40 joins of one seat, or commands at one version: one stored, the rest 409", async () => {
    const a = await playerWith(client(server.url), "Raider", "refuge")
    const b = await playerWith(client(server.url), "Joiner", "refuge")
    const made = await burst(N, () =>
      api.post("/v1/raids", { sides: [{ refuge: a.refuge }, { player: b.id }], seed: 11 }, a.key),
    )
    expect(tally(made)).toEqual({ 201: N })
    const raids = await store.db.selectFrom("raids").select("id").where("owner_id", "=", a.id).execute()
    expect(raids.map((r) => r.id).sort()).toEqual(made.map((r) => r.body.id).sort())

    const id = made[0]!.body.id
    const joined = await burst(N, () => api.post(`/v1/raids/${id}/join`, { refuge: b.refuge }, b.key))
    expect(tally(joined)).toEqual({ 200: 1, 409: N - 1 })
    const raid = (await api.get(`/v1/raids/${id}`, a.key)).body
    expect(raid.status).toBe("playing")
    const { events, version } = await allEvents(client(server.url), id, a.key)
    expect(version).toBe(raid.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))

    // 40 commands at the version read: one is stored, the rest are stale (a legal command the rules
    // then refuse is a 400 for all, nothing stored: the next one is tried).
    const seat = raid.seats.find((s: { side: string }) => s.side === raid.decider)
    const key = seat?.player === b.id ? b.key : a.key
    const legal = (await api.get(`/v1/raids/${id}/legal`, key)).body
    let sent: Record<number, number> | undefined
    for (const command of legal.commands.slice(0, 10)) {
      const answers = await burst(N, () =>
        api.post(`/v1/raids/${id}/commands`, { version: raid.version, command }, key),
      )
      sent = tally(answers)
      if (sent[400] !== N) break
    }
    expect(sent).toEqual({ 201: 1, 409: N - 1 })
    const after = await allEvents(client(server.url), id, a.key)
    expect(after.version).toBe((await api.get(`/v1/raids/${id}`, a.key)).body.version)
    expect(after.events.map((e) => e.seq)).toEqual(Array.from({ length: after.version }, (_, i) => i + 1))
    expect(server.logged).toEqual([])
  }, 90_000)

  it("campaign create and join: 40 creates make 40 campaigns; 40 joins of one place: one 200, 39 × 409, begun once", async () => {
    const a = await playerWith(client(server.url), "Organiser", "refuge")
    const b = await playerWith(client(server.url), "Member", "congregation")
    const made = await burst(N, () =>
      api.post("/v1/campaigns", { members: [{ refuge: a.refuge }, { player: b.id }], seed: 7 }, a.key),
    )
    expect(tally(made)).toEqual({ 201: N })
    const campaigns = await store.db
      .selectFrom("campaigns")
      .select("id")
      .where("owner_id", "=", a.id)
      .execute()
    expect(campaigns).toHaveLength(N)

    const id = made[0]!.body.id
    const joined = await burst(N, () => api.post(`/v1/campaigns/${id}/join`, { refuge: b.refuge }, b.key))
    expect(tally(joined)).toEqual({ 200: 1, 409: N - 1 })
    const campaign = (await api.get(`/v1/campaigns/${id}`, a.key)).body
    expect(campaign.status).not.toBe("waiting")
    const { events, version } = await allEvents(client(server.url), id, a.key, 97, "/v1/campaigns")
    expect(version).toBe(campaign.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    expect(server.logged).toEqual([])
  }, 90_000)

  it("B-AFTERMATH-01 a campaign's raid start and commands, 40 at one version: one stored (201), 39 × 409; one raid or none", async () => {
    const a = await playerWith(client(server.url), "Organiser", "refuge")
    const b = await playerWith(client(server.url), "Member", "congregation")
    const made = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }], seed: 5 },
      a.key,
    )
    const c = (await api.post(`/v1/campaigns/${made.body.id}/join`, { refuge: b.refuge }, b.key)).body
    const path = `/v1/campaigns/${c.id}`
    // Half start its raid, half send a member's pass: every one decided at the same version.
    const answers = await burst(N, (i) =>
      i % 2 === 0
        ? api.post(`${path}/raids`, { version: c.version }, a.key)
        : api.post(
            `${path}/commands`,
            { version: c.version, command: { type: "pass", refuge: i % 4 === 1 ? 0 : 1 } },
            i % 4 === 1 ? a.key : b.key,
          ),
    )
    const counts = tally(answers)
    expect(counts[201] ?? 0).toBe(1)
    expect((counts[201] ?? 0) + (counts[409] ?? 0) + (counts[400] ?? 0) + (counts[422] ?? 0)).toBe(N)
    const after = (await api.get(path, a.key)).body
    const { events, version } = await allEvents(client(server.url), c.id, a.key, 97, "/v1/campaigns")
    expect(version).toBe(after.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    const raids = await store.db.selectFrom("raids").select("id").where("owner_id", "=", a.id).execute()
    expect(raids).toHaveLength(after.status === "raiding" ? 1 : 0)
    expect(after.raids).toHaveLength(raids.length)
    expect(server.logged).toEqual([])
  }, 90_000)

  it("a Refuge's Market trips: 40 at one version store one trip (201, then 409); the Refuge is at version 2", async () => {
    const p = await register("Trader")
    const founded = await api.post(
      "/v1/refuges",
      { roster: { ...exampleRoster(), reloads: 0 }, seed: 3 },
      p.key,
    )
    expect(founded.status).toBe(201)
    const path = `/v1/refuges/${founded.body.id}`
    const trip = { version: 1, orders: [{ buy: { kind: "kit", id: "flare" } }], seed: 3 }
    const answers = await burst(N, () => api.post(`${path}/market-trips`, trip, p.key))
    expect(tally(answers)).toEqual({ 201: 1, 409: N - 1 })
    expect((await api.get(path, p.key)).body.version).toBe(2)
    expect(await count("market_trips", "refuge_id", founded.body.id)).toBe(1)
    expect(server.logged).toEqual([])
  }, 60_000)
})
