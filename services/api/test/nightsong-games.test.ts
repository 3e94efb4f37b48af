/**
 * Nightsong games over REST on the real server, on every database available (SQLite; PostgreSQL
 * too when TEST_DATABASE_URL is set): a Referee and two players with three keys play a fight to
 * its end, an SSE listener following it; the log pages without gap and replays to the same hash;
 * 100 concurrent commands on one version store one; refusals store nothing (400 with the rule,
 * 403 for another seat's character, 409 when stale); undo; a restart loses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  allGameEvents,
  fightToEnd,
  replayedHash,
  send,
  startFight,
  type Table,
  tableOf,
} from "./support/nightsong.js"
import { listen, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  postgresServer,
  type Running,
  startTestServer,
  statusOf,
  type TestDatabase,
} from "./support/server.js"

const games = "/v1/nightsong/games"

describe.each(databaseKinds())("Nightsong games over REST on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let api: ReturnType<typeof client>

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("N-COMBAT-01 N-COMBAT-11 a Referee and two players, three keys, play a fight to its end; SSE follows it; the log replays to the same hash", async () => {
    const t = await tableOf(api)
    const game = (await api.get(`${games}/${t.id}`, t.keys.ann)).body
    expect(game.seats).toEqual([
      { seat: "referee", referee: true, player: t.ids.referee, joined: true },
      { seat: "ann", referee: false, player: t.ids.ann, joined: true },
      { seat: "bo", referee: false, player: t.ids.bo, joined: true },
    ])
    expect(game.you).toBe("ann")
    expect(Object.keys(game.state.party)).toEqual(["ann", "bo"])
    expect(game.state.dice).toEqual({ mode: "seeded" })
    let final = Number.POSITIVE_INFINITY
    const heard = listen(`${server.url}${games}/${t.id}/stream`, t.keys.bo, (es) => es.at(-1)?.id === final)
    await startFight(api, t)
    const steps = await fightToEnd(api, t)
    expect(steps).toBeGreaterThan(2)
    const end = (await api.get(`${games}/${t.id}`, t.keys.referee)).body
    expect(end.state.fight).toBeUndefined()
    final = end.version
    const { events, version } = await allGameEvents(api, t.id, t.keys.bo)
    expect(version).toBe(end.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    expect(events.map((e) => e.event.type)).toContain("fightEnded")
    expect(JSON.stringify(events)).not.toMatch(/"prng"|"seed"/)
    expect(JSON.stringify(end)).not.toMatch(/"prng"|"seed"/)
    expect(replayedHash(events)).toBe(end.hash)
    const streamed = await Promise.race([
      heard,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("stream stalled")), 30_000)),
    ])
    expect(streamed.map((e) => e.data)).toEqual(events)
    const resumed = await listen(
      `${server.url}${games}/${t.id}/stream`,
      t.keys.ann,
      (es) => es.at(-1)?.id === final,
      {
        "last-event-id": String(final - 3),
      },
    )
    expect(resumed.map((e) => e.id)).toEqual([final - 2, final - 1, final])
  }, 120_000)

  it("100 concurrent commands on one version: one is stored, 99 get 409, the log has no gap or repeat", async () => {
    const t = await tableOf(api)
    const now = (await api.get(`${games}/${t.id}`, t.keys.ann)).body
    const command = { type: "check", character: "ann", ability: "dexterity", advantage: "none", dr: 10 }
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        api.post(`${games}/${t.id}/commands`, { version: now.version, command }, t.keys.ann),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    const won = answers.find((r) => r.status === 201)!.body
    const { events, version } = await allGameEvents(api, t.id, t.keys.ann, 1000)
    expect(version).toBe(won.version)
    expect(version).toBe(now.version + won.events.length)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
  }, 60_000)

  it("R-N-GAME-01 N-COMBAT-01 refusals store nothing: 403 for another seat's character or the Referee's call, 400 with the rule, 409 when stale", async () => {
    const t = await tableOf(api)
    await startFight(api, t)
    const { version } = (await api.get(`${games}/${t.id}`, t.keys.ann)).body
    const post = (key: string, command: unknown, v = version) =>
      api.post(`${games}/${t.id}/commands`, { version: v, command }, key)
    const attack = (attacker: string, target: string) => ({
      type: "attack",
      attacker,
      target,
      advantage: "none",
    })
    const other = await post(t.keys.ann!, attack("bo", "g1"))
    expect(other.status).toBe(403)
    const call = await post(t.keys.bo!, { type: "endFight", why: "bored" })
    expect(call.status).toBe(403)
    const early = await post(t.keys.referee!, attack("g1", "ann"))
    expect(early.status).toBe(400)
    expect(early.body.error.details[0]).toMatchObject({ path: "command", clause: "N-COMBAT-01" })
    const unknown = await post(t.keys.ann!, attack("ann", "nobody"))
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.details[0].path).toMatch(/^command/)
    const malformed = await post(t.keys.ann!, { type: "attack", attacker: 3 })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.details.some((d: { path: string }) => d.path.startsWith("command"))).toBe(
      true,
    )
    const stale = await post(t.keys.ann!, { type: "endTurn" }, version - 1)
    expect(stale.status).toBe(409)
    expect((await api.get(`${games}/${t.id}`, t.keys.ann)).body.version).toBe(version)
  }, 60_000)

  it("R-N-GAME-03 undo takes back the last command, by its seat or the Referee; another player may not", async () => {
    const t = await tableOf(api)
    // A roll first: undo never reaches past it.
    await send(api, t.id, t.keys.ann!, {
      type: "check",
      character: "ann",
      ability: "dexterity",
      advantage: "none",
      dr: 10,
    })
    const before = (await api.get(`${games}/${t.id}`, t.keys.ann)).body
    await send(api, t.id, t.keys.ann!, { type: "drop", character: "ann", item: "mail" })
    const dropped = (await api.get(`${games}/${t.id}`, t.keys.ann)).body
    expect(dropped.state.party.ann.gear.map((g: { name: string }) => g.name)).toEqual(["sword"])
    const bo = await api.post(`${games}/${t.id}/undo`, { version: dropped.version }, t.keys.bo)
    expect(bo.status).toBe(403)
    const undone = await api.post(`${games}/${t.id}/undo`, { version: dropped.version }, t.keys.ann)
    expect(undone.status).toBe(201)
    const after = (await api.get(`${games}/${t.id}`, t.keys.ann)).body
    expect(after.state.party).toEqual(before.state.party)
    expect(undone.body.events.map((e: { event: { type: string } }) => e.event.type)).toEqual([
      "commanded",
      "undone",
    ])
    const nothing = await api.post(`${games}/${t.id}/undo`, { version: undone.body.version }, t.keys.referee)
    expect(nothing.status).toBe(400)
    expect(nothing.body.error.details[0].clause).toBe("R-N-GAME-03")
  }, 60_000)

  it("R-N-GAME-01 who may do what: a stranger reads nothing, a taken seat is refused, the caller's legal commands are their seat's", async () => {
    const t = await tableOf(api)
    const stranger = (await api.post("/v1/players", { name: "Oz" })).body.apiKey as string
    const status = statusOf(server.url)
    expect(await status("GET", `${games}/${t.id}`, undefined, stranger)).toBe(403)
    expect(await status("GET", `${games}/${t.id}/events`, undefined, stranger)).toBe(403)
    expect(await status("GET", `${games}/${t.id}/stream`, undefined, stranger)).toBe(403)
    expect(await status("GET", `${games}/${t.id}`, undefined)).toBe(401)
    expect(await status("POST", `${games}/${t.id}/join`, { seat: "bo" }, stranger)).toBe(409)
    expect(await status("POST", `${games}/${t.id}/join`, { seat: "nobody" }, stranger)).toBe(400)
    expect(await status("GET", `${games}/nope`, undefined, stranger)).toBe(404)
    const listed = (await api.get(`${games}?limit=200`, t.keys.ann)).body
    expect(listed.items.find((g: { id: string }) => g.id === t.id)).toMatchObject({
      you: "ann",
      version: expect.any(Number),
    })
    expect((await api.get(games, stranger)).body).toMatchObject({ items: [], total: 0 })
    const legal = (await api.get(`${games}/${t.id}/legal`, t.keys.bo)).body
    expect(legal.by).toBe("bo")
    expect(legal.commands.length).toBeGreaterThan(0)
    for (const c of legal.commands)
      for (const k of ["character", "attacker", "helper", "who"]) if (k in c) expect(c[k]).toBe("bo")
    expect((await api.post(games, { players: ["ann", "ann"] }, stranger)).body.error.details[0].path).toBe(
      "players",
    )
  }, 60_000)
})

describe.each(databaseKinds())("a Nightsong game across a restart on %s", (kind) => {
  let db: TestDatabase
  afterAll(async () => db?.drop())

  it("closing the server mid-fight and opening another on the same database loses no acknowledged command", async () => {
    db = await makeDatabase(kind)
    let server = await startTestServer(db.url, unlimited)
    let api = client(server.url)
    const t: Table = await tableOf(api)
    await startFight(api, t)
    const before = (await api.get(`${games}/${t.id}`, t.keys.bo)).body
    await server.close()
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    expect((await api.get(`${games}/${t.id}`, t.keys.bo)).body).toEqual(before)
    await fightToEnd(api, t)
    const { events, version } = await allGameEvents(api, t.id, t.keys.ann, 1000)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    expect(replayedHash(events)).toBe((await api.get(`${games}/${t.id}`, t.keys.ann)).body.hash)
    await server.close()
  }, 120_000)
})

describe.runIf(postgresServer())("a live Nightsong game across two instances on one PostgreSQL", () => {
  let db: TestDatabase
  let servers: Running[] = []
  beforeAll(async () => {
    db = await makeDatabase("postgres")
    servers = await Promise.all([0, 1].map(() => startTestServer(db.url, unlimited)))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await db?.drop()
  })

  it("a stream on one instance delivers, in order and at once, the fight played through the other", async () => {
    const [a, b] = servers as [Running, Running]
    const t = await tableOf(client(a.url))
    let final = Number.POSITIVE_INFINITY
    const listening = listen(
      `${b.url}${games}/${t.id}/stream`,
      t.keys.referee!,
      (es) => es.at(-1)?.id === final,
    )
    await startFight(client(a.url), t)
    await fightToEnd(client(a.url), t)
    final = (await client(a.url).get(`${games}/${t.id}`, t.keys.ann)).body.version
    // A follower re-reads the log by itself only every 15 s: within that, only A's NOTIFY woke B's.
    const got = await Promise.race([
      listening,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the stream on B stalled")), 8000)),
    ])
    const { events } = await allGameEvents(client(b.url), t.id, t.keys.bo!, 1000)
    expect(got.map((e) => e.data)).toEqual(events)
    expect((await client(b.url).get(`${games}/${t.id}`, t.keys.bo)).body.version).toBe(final)
  }, 120_000)
})
