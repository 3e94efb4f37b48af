/**
 * Raids over REST on the real server, on every database available (SQLite; PostgreSQL too when
 * TEST_DATABASE_URL is set): a raid played to its end by two players with two keys; 100
 * concurrent commands on one version (one stored, 99 refused with 409, the log without gap or
 * repeat); a restart mid-raid losing no acknowledged command (resumed from a snapshot); the SSE
 * stream delivering every event in order to two listeners; undo, adjust and refusals storing
 * nothing; the SVG board; and who may do what on every raid route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect } from "../src/db/connect.js"
import {
  allEvents,
  listen,
  playerWith,
  playToEnd,
  raidBetween,
  roster,
  type Seated,
  step,
  unlimited,
  untilActivation,
} from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  type Running,
  startTestServer,
  statusOf,
  type TestDatabase,
} from "./support/server.js"

describe.each(databaseKinds())("raids over REST on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let api: ReturnType<typeof client>
  let a: Seated
  let b: Seated
  let outsider: Seated

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    a = await playerWith(api, "Ada", "refuge")
    b = await playerWith(api, "Bea", "congregation")
    outsider = await playerWith(api, "Oz", "refuge")
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("two players with two keys play a raid to its end; the log pages without gap, the dice state never shows", async () => {
    const raid = await raidBetween(api, a, b)
    expect(raid.status).toBe("playing")
    expect(raid.seats.map((s: { player: string }) => s.player)).toEqual([a.id, b.id])
    const [sideA, sideB] = raid.seats.map((s: { side: string }) => s.side)
    expect(raid.state.sides.map((s: { id: string }) => s.id).slice(0, 2)).toEqual([sideA, sideB])
    expect(raid.state.dice).toEqual({ mode: "seeded" })
    const keyFor = (side: string) => (side === sideB ? b.key : a.key)
    const { sent, raid: end } = await playToEnd(api, raid.id, keyFor)
    expect(sent).toBeGreaterThan(10)
    expect(end.status).toBe("over")
    expect(end.result).toBeDefined()
    const { events, version } = await allEvents(api, raid.id, b.key)
    expect(version).toBe(end.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    expect(events[0]!.event.type).toBe("battle.setup")
    expect(JSON.stringify(events)).not.toMatch(/"prng"|"seed"/)
    expect(JSON.stringify(end)).not.toMatch(/"prng"|"seed"/)
    // Over: every command is refused with the rule, and nothing is stored.
    const late = await api.post(
      `/v1/raids/${raid.id}/commands`,
      { version, command: { type: "undo" } },
      a.key,
    )
    expect([400, 403]).toContain(late.status)
    expect((await api.get(`/v1/raids/${raid.id}`, a.key)).body.version).toBe(version)
  }, 120_000)

  it("100 concurrent commands on one version: one is stored, 99 get 409, the log has no gap or repeat", async () => {
    const raid = await raidBetween(api, a, b)
    const key = raid.decider === raid.seats[1].side ? b.key : a.key
    const legal = (await api.get(`/v1/raids/${raid.id}/legal`, key)).body
    const command = legal.commands.find((c: { type: string }) => c.type === "activate") ?? legal.commands[0]
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        api.post(`/v1/raids/${raid.id}/commands`, { version: raid.version, command }, key),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s >= 200 && s < 300)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe("conflict")
    const won = answers.find((r) => r.status === 201)!.body
    const { events, version } = await allEvents(api, raid.id, a.key, 1000)
    expect(version).toBe(won.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    // The winner's events, and nothing from the 99 others.
    expect(version).toBe(raid.version + won.events.length)
  }, 60_000)

  it("the SSE stream delivers every event in order to two listeners, and resumes after Last-Event-ID", async () => {
    const raid = await raidBetween(api, a, b)
    const [, sideB] = raid.seats.map((s: { side: string }) => s.side)
    const url = `${server.url}/v1/raids/${raid.id}/stream`
    let final = Number.POSITIVE_INFINITY
    const done = (es: Array<{ id: number }>) => es.length > 0 && es.at(-1)!.id >= final
    const one = listen(url, a.key, done)
    const two = listen(url, b.key, done)
    const { raid: end } = await playToEnd(api, raid.id, (side) => (side === sideB ? b.key : a.key))
    final = end.version
    const [first, second] = await Promise.race([
      Promise.all([one, two]),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("streams stalled")), 30_000)),
    ])
    const logged = (await allEvents(api, raid.id, a.key, 1000)).events
    for (const got of [first, second]) {
      expect(got.map((e) => e.id)).toEqual(logged.map((e) => e.seq))
      expect(got.map((e) => e.data)).toEqual(logged)
    }
    const resumed = await listen(url, a.key, (es) => es.at(-1)?.id === final, {
      "last-event-id": String(final - 5),
    })
    expect(resumed.map((e) => e.id)).toEqual([final - 4, final - 3, final - 2, final - 1, final])
  }, 120_000)

  it("R-BATTLE-52 a refused command stores nothing and says the rule and its path; undo and adjust as the engine allows", async () => {
    const made = await raidBetween(api, a, b)
    const [sideA, sideB] = made.seats.map((s: { side: string }) => s.side)
    const raid = await untilActivation(api, made.id, (side) => (side === sideB ? b.key : a.key))
    const onTurn = raid.decider === sideB ? b : a
    const other = onTurn === a ? b : a
    const mySide = onTurn === a ? sideA : sideB
    const theirModel = raid.state.models.find(
      (m: { side: string }) => m.side !== mySide && m.side === (onTurn === a ? sideB : sideA),
    ).id
    const legal = (await api.get(`/v1/raids/${raid.id}/legal`, onTurn.key)).body
    const myModel = legal.commands.find((c: { type: string }) => c.type === "activate").model
    // Malformed: 400 naming the path.
    const bad = await api.post(
      `/v1/raids/${raid.id}/commands`,
      { version: raid.version, command: { type: "fly" } },
      onTurn.key,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.details[0].path).toMatch(/^command/)
    // The other side's model: 403.
    const theirs = await api.post(
      `/v1/raids/${raid.id}/commands`,
      { version: raid.version, command: { type: "activate", model: theirModel } },
      onTurn.key,
    )
    expect(theirs.status).toBe(403)
    // Not on turn: the other player cannot activate their own model either (400, the engine's reason).
    const early = await api.post(
      `/v1/raids/${raid.id}/commands`,
      { version: raid.version, command: { type: "activate", model: theirModel } },
      other.key,
    )
    expect(early.status).toBe(400)
    expect(early.body.error.details[0].message.length).toBeGreaterThan(0)
    expect(early.body.error.details[0].path).toBe("command.model")
    // R-BATTLE-52: a fact stated unasked about a model the raid lacks: its path and the ruling.
    const ghost = await api.post(
      `/v1/raids/${raid.id}/commands`,
      {
        version: raid.version,
        command: { type: "state", facts: [{ query: { q: "sees", a: myModel, b: "c99" }, value: true }] },
      },
      onTurn.key,
    )
    expect(ghost.status).toBe(400)
    expect(ghost.body.error.details[0]).toMatchObject({
      path: "command.facts.0.query.b",
      clause: "R-BATTLE-52",
    })
    // Undo with nothing to undo: 400 with R-BATTLE-15.
    const nothing = await api.post(`/v1/raids/${raid.id}/undo`, { version: raid.version }, onTurn.key)
    expect(nothing.status).toBe(400)
    expect(nothing.body.error.details[0].clause).toBe("R-BATTLE-15")
    expect((await api.get(`/v1/raids/${raid.id}`, a.key)).body.version).toBe(raid.version)
    // Activate, then undo it: back to the state before.
    const act = await api.post(
      `/v1/raids/${raid.id}/commands`,
      { version: raid.version, command: { type: "activate", model: myModel } },
      onTurn.key,
    )
    expect(act.status, JSON.stringify([raid.decider, raid.pending, act.body])).toBe(201)
    const otherUndo = await api.post(`/v1/raids/${raid.id}/undo`, { version: act.body.version }, other.key)
    expect(otherUndo.status).toBe(403)
    const undone = await api.post(`/v1/raids/${raid.id}/undo`, { version: act.body.version }, onTurn.key)
    expect(undone.status).toBe(201)
    expect(undone.body.events.map((e: { event: { type: string } }) => e.event.type)).toEqual([
      "commanded",
      "undone",
    ])
    const after = (await api.get(`/v1/raids/${raid.id}`, a.key)).body
    expect(after.state.activation).toBeUndefined()
    // Adjust: one's own model, with a reason; the other side's is 403.
    const adj = await api.post(
      `/v1/raids/${raid.id}/adjust`,
      { version: after.version, model: myModel, reason: "the table agrees", shaken: true },
      onTurn.key,
    )
    expect(adj.status).toBe(201)
    expect(adj.body.events[1].event).toMatchObject({
      type: "adjusted",
      model: myModel,
      changes: { shaken: true },
    })
    const adjTheirs = await api.post(
      `/v1/raids/${raid.id}/adjust`,
      { version: adj.body.version, model: myModel, reason: "no", shaken: false },
      other.key,
    )
    expect(adjTheirs.status).toBe(403)
    // Stale: 409.
    const stale = await api.post(`/v1/raids/${raid.id}/undo`, { version: after.version }, onTurn.key)
    expect(stale.status).toBe(409)
  })

  it("B-SETUP-05 R-BOARD-01 R-BOARD-18 a table's own board with Loot in a deployment zone or a crossed outline is refused, naming each path and rule", async () => {
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
    const bad = await api.post(
      "/v1/raids",
      { sides: [{ roster: roster("refuge") }, { roster: roster("congregation") }], board, seed: 4 },
      a.key,
    )
    expect(bad.status).toBe(422)
    const details = bad.body.error.details.map((d: { path: string; clause?: string }) => [d.path, d.clause])
    expect(details).toEqual([
      ["board.terrain.0.polygon", "R-BOARD-01"],
      ["board.loot.0", "B-SETUP-05"],
    ])
  })

  it("a raid with inline rosters played by one player; on a random board the SVG is served by Accept", async () => {
    const made = await api.post(
      "/v1/raids",
      { sides: [{ roster: roster("refuge") }, { roster: roster("congregation") }], board: "random", seed: 4 },
      a.key,
    )
    expect(made.status).toBe(201)
    expect(made.body.you).toHaveLength(2)
    expect(made.body.state.board).toBeDefined()
    const legal = (await api.get(`/v1/raids/${made.body.id}/legal`, a.key)).body
    expect(legal.by).toBe("any")
    const svg = await fetch(`${server.url}/v1/raids/${made.body.id}`, {
      headers: { authorization: `Bearer ${a.key}`, accept: "image/svg+xml" },
    })
    expect(svg.status).toBe(200)
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
    expect(await svg.text()).toMatch(/^<svg/)
    const bad = await api.post(
      "/v1/raids",
      { sides: [{ roster: { name: "x" } }, { roster: roster("refuge") }] },
      a.key,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.error.details[0].path).toMatch(/^sides\.0\.roster/)
    const tooMany = await api.post(
      "/v1/raids",
      { sides: Array.from({ length: 5 }, () => ({ refuge: a.refuge })) },
      a.key,
    )
    expect(tooMany.status).toBe(400)
    const notMine = await api.post(
      "/v1/raids",
      { sides: [{ refuge: b.refuge }, { refuge: a.refuge }] },
      a.key,
    )
    expect(notMine.status).toBe(403)
    expect((await api.get("/v1/raids", a.key)).body.total).toBeGreaterThan(0)
  })

  it("who may do what: no key and a wrong key get 401, a player without a seat 403, the other side 403 on commands", async () => {
    const raid = await raidBetween(api, a, b)
    const id = raid.id
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/v1/raids/${id}`],
      ["GET", `/v1/raids/${id}/legal`],
      ["GET", `/v1/raids/${id}/events`],
      ["GET", `/v1/raids/${id}/stream`],
      ["POST", `/v1/raids/${id}/join`, { refuge: outsider.refuge }],
      ["POST", `/v1/raids/${id}/commands`, { version: raid.version, command: { type: "undo" } }],
      ["POST", `/v1/raids/${id}/undo`, { version: raid.version }],
      [
        "POST",
        `/v1/raids/${id}/adjust`,
        { version: raid.version, model: raid.state.models[0].id, reason: "r", shaken: true },
      ],
    ]
    const call = statusOf(server.url)
    for (const [method, path, body] of routes) {
      expect([method, path, await call(method, path, body)]).toEqual([method, path, 401])
      expect([method, path, await call(method, path, body, "blt_not-a-key")]).toEqual([method, path, 401])
      expect([method, path, await call(method, path, body, outsider.key)]).toEqual([method, path, 403])
    }
    for (const path of ["/v1/raids"]) {
      expect(await call("GET", path, undefined)).toBe(401)
      expect(await call("POST", path, { sides: [] })).toBe(401)
    }
    // The other side's key: commands on a model of the side on turn are 403; reads are theirs too.
    const [sideA, sideB] = raid.seats.map((s: { side: string }) => s.side)
    const onTurnSide = raid.decider
    const offKey = onTurnSide === sideA ? b.key : a.key
    const model = raid.state.models.find((m: { side: string }) => m.side === onTurnSide).id
    expect(
      await call(
        "POST",
        `/v1/raids/${id}/commands`,
        { version: raid.version, command: { type: "activate", model } },
        offKey,
      ),
    ).toBe(403)
    expect(
      await call(
        "POST",
        `/v1/raids/${id}/adjust`,
        { version: raid.version, model, reason: "r", shaken: true },
        offKey,
      ),
    ).toBe(403)
    expect(await call("GET", `/v1/raids/${id}`, undefined, offKey)).toBe(200)
    expect(await call("POST", `/v1/raids/${id}/join`, { refuge: b.refuge }, b.key)).toBe(409)
    expect([sideA, sideB]).toContain(onTurnSide)
  })
})

describe.each(databaseKinds())("a raid across a restart on %s", (kind) => {
  let db: TestDatabase
  afterAll(async () => db?.drop())

  it("closing the server mid-raid and opening another on the same database loses no acknowledged command (resumed from a snapshot)", async () => {
    db = await makeDatabase(kind)
    let server = await startTestServer(db.url, unlimited)
    let api = client(server.url)
    const a = await playerWith(api, "Ada", "refuge")
    const b = await playerWith(api, "Bea", "congregation")
    const raid = await raidBetween(api, a, b)
    const [, sideB] = raid.seats.map((s: { side: string }) => s.side)
    const keyFor = (side: string) => (side === sideB ? b.key : a.key)
    // Play past a snapshot (every 100 events, at a dice roll) but not to the end.
    let view = raid
    while (view.version < 260 && view.status !== "over") {
      await step(api, raid.id, keyFor)
      view = (await api.get(`/v1/raids/${raid.id}`, a.key)).body
    }
    expect(view.status).toBe("playing")
    const before = (await api.get(`/v1/raids/${raid.id}`, b.key)).body
    // A listener still connected does not hold the server open: its stream ends.
    const listening = await fetch(`${server.url}/v1/raids/${raid.id}/stream`, {
      headers: { authorization: `Bearer ${a.key}` },
    })
    const heard = listening.text()
    await server.close()
    expect((await heard).match(/^id: /gm)).toHaveLength(before.version)
    // A snapshot was saved on the way (so the new server resumes from it, not from the set-up).
    const stored = await connect(db.url)
    const saved = await stored.db
      .selectFrom("snapshots")
      .select("seq")
      .where("stream", "=", raid.id)
      .execute()
    const row = await stored.db
      .selectFrom("raids")
      .select("snapshot_seq")
      .where("id", "=", raid.id)
      .executeTakeFirstOrThrow()
    await stored.close()
    expect(saved.length).toBeGreaterThan(0)
    expect(row.snapshot_seq).toBe(Math.max(...saved.map((r) => r.seq)))
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    const after = (await api.get(`/v1/raids/${raid.id}`, b.key)).body
    expect(after).toEqual(before)
    const { raid: end } = await playToEnd(api, raid.id, keyFor)
    expect(end.status).toBe("over")
    const { events } = await allEvents(api, raid.id, a.key, 1000)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: end.version }, (_, i) => i + 1))
    await server.close()
  }, 180_000)
})
