/**
 * Campaigns over REST on the real server, on every database available (SQLite; PostgreSQL too when
 * TEST_DATABASE_URL is set): a league of two players with two keys, its raid started by the
 * organiser and played to its end, the record folded in, the Aftermath's choices made as commands
 * by the member whose Refuge it is, Errands, standings; concurrent commands on one version (one
 * stored, the rest 409, no gap in the log); the SSE stream; who may do what on every campaign
 * route; and a restart losing no acknowledged command.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { campaignById, fillMember } from "../src/db/campaigns.js"
import { connect } from "../src/db/connect.js"
import { refugeById } from "../src/db/repositories.js"
import { answerAll } from "./support/campaigns.js"
import { allEvents, listen, playerWith, playToEnd, type Seated, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  type Running,
  startTestServer,
  statusOf,
  type TestDatabase,
} from "./support/server.js"

type Api = ReturnType<typeof client>

/** A campaign `a` organises with their Refuge and a place `b` fills with theirs; the view after joining. */
const campaignBetween = async (api: Api, a: Seated, b: Seated, seed = 7) => {
  const made = await api.post(
    "/v1/campaigns",
    { members: [{ refuge: a.refuge }, { player: b.id }], seed },
    a.key,
  )
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  expect(made.body.status).toBe("waiting")
  expect(made.body.version).toBe(0)
  const joined = await api.post(`/v1/campaigns/${made.body.id}/join`, { refuge: b.refuge }, b.key)
  expect(joined.status, JSON.stringify(joined.body)).toBe(200)
  return joined.body
}

describe.each(databaseKinds())("campaigns over REST on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let api: Api
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

  it("B-AFTERMATH-01 a league of two players: its raid played to its end is folded in, the Aftermath's choices are the members' commands, standings follow (B-STANDINGS-01)", async () => {
    const c = await campaignBetween(api, a, b)
    expect(c.status).toBe("between")
    expect(c.organiser).toBe(a.id)
    expect(c.members.map((m: { player: string }) => m.player)).toEqual([a.id, b.id])
    expect(c.members.every((m: { joined: boolean }) => m.joined)).toBe(true)
    expect(c.state.dice).toEqual({ mode: "seeded" })
    expect(JSON.stringify(c)).not.toMatch(/"prng"|"seed"/)
    // The organiser may start the raid; a member who does not organise may not.
    expect((await api.get(`/v1/campaigns/${c.id}/legal`, a.key)).body.nextRaid).toBe(true)
    const bLegal = (await api.get(`/v1/campaigns/${c.id}/legal`, b.key)).body
    expect(bLegal.nextRaid).toBe(false)
    expect(bLegal.you).toEqual([1])
    expect(bLegal.commands.every((x: { refuge?: number }) => x.refuge === undefined || x.refuge === 1)).toBe(
      true,
    )
    expect((await api.post(`/v1/campaigns/${c.id}/raids`, { version: c.version }, b.key)).status).toBe(403)
    const raid = await api.post(`/v1/campaigns/${c.id}/raids`, { version: c.version }, a.key)
    expect(raid.status, JSON.stringify(raid.body)).toBe(201)
    expect(raid.body.campaign).toBe(c.id)
    expect(raid.body.status).toBe("playing")
    expect(raid.body.seats.map((s: { player: string }) => s.player)).toEqual([a.id, b.id])
    // A raid in play: no second one, and no campaign command until it is folded in.
    const during = (await api.get(`/v1/campaigns/${c.id}`, b.key)).body
    expect(during.status).toBe("raiding")
    expect(during.raid).toBe(raid.body.id)
    expect((await api.post(`/v1/campaigns/${c.id}/raids`, { version: c.version }, a.key)).status).toBe(409)
    const pass = { type: "pass", refuge: 1 }
    expect(
      (await api.post(`/v1/campaigns/${c.id}/commands`, { version: c.version, command: pass }, b.key)).status,
    ).toBe(409)
    const [, sideB] = raid.body.seats.map((s: { side: string }) => s.side)
    const { raid: end } = await playToEnd(api, raid.body.id, (side) => (side === sideB ? b.key : a.key))
    expect(end.status).toBe("over")
    // Folded in when the raid ended: the record, then the Aftermath up to the first member's choice.
    const keys = [a.key, b.key]
    const { campaign: after, answered } = await answerAll(api, c.id, keys, (k) =>
      k === a.key ? b.key : a.key,
    )
    // Seeded: this raid leaves casualties with Meds in store, so members are asked (B-CASUALTY-05).
    expect(answered.length).toBeGreaterThan(0)
    expect(after.status).toBe("between")
    expect(after.raid).toBeUndefined()
    expect(after.raids).toEqual([raid.body.id])
    expect(after.state.raids).toHaveLength(1)
    expect(after.state.raids[0].hash.length).toBeGreaterThan(0)
    expect(JSON.stringify(after)).not.toMatch(/"prng"|"seed"/)
    const { events, version } = await allEvents(api, c.id, b.key, 50, "/v1/campaigns")
    expect(version).toBe(after.version)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
    expect(events[0]!.event.type).toBe("campaign.created")
    const recorded = events.find(
      (e) => e.event.type === "commanded" && e.event.command?.type === "recordRaid",
    )
    expect(recorded?.event.by).toBe("engine")
    expect(events.some((e) => e.event.type === "raid.recorded")).toBe(true)
    expect(events.some((e) => e.event.type === "aftermath.ended")).toBe(true)
    expect(JSON.stringify(events)).not.toMatch(/"prng"|"seed"/)
    // Standings: both played one raid, 3 points for a win and 1 for a draw (B-STANDINGS-01).
    const table = (await api.get(`/v1/campaigns/${c.id}/standings`, b.key)).body
    expect(table.raids).toBe(1)
    expect(table.rows.map((r: { played: number }) => r.played)).toEqual([1, 1])
    const outcome = end.result.sides.filter((s: { side: string }) =>
      raid.body.seats.some((x: { side: string }) => x.side === s.side),
    )
    const points = outcome.reduce(
      (n: number, s: { outcome: string }) => n + (s.outcome === "win" ? 3 : s.outcome === "draw" ? 1 : 0),
      0,
    )
    expect(table.rows.reduce((n: number, r: { points: number }) => n + r.points, 0)).toBe(points)
    // Errands between raids: a member commands their own Refuge (R-CAMPAIGN-08), not the other's.
    const mine = (await api.get(`/v1/campaigns/${c.id}/legal`, b.key)).body
    const errand = mine.commands.find(
      (x: { type: string; refuge: number }) => x.type === "pass" && x.refuge === 1,
    )
    expect(errand).toBeDefined()
    expect(
      (await api.post(`/v1/campaigns/${c.id}/commands`, { version: after.version, command: errand }, a.key))
        .status,
    ).toBe(403)
    const passed = await api.post(
      `/v1/campaigns/${c.id}/commands`,
      { version: after.version, command: errand },
      b.key,
    )
    expect(passed.status, JSON.stringify(passed.body)).toBe(201)
    expect(passed.body.events.map((e: { event: { type: string } }) => e.event.type)).toContain(
      "errands.passed",
    )
    // Stale: 409; refused by the rules: 400 naming the rule; the server's own command: 400.
    expect(
      (await api.post(`/v1/campaigns/${c.id}/commands`, { version: after.version, command: errand }, b.key))
        .status,
    ).toBe(409)
    const again = await api.post(
      `/v1/campaigns/${c.id}/commands`,
      { version: passed.body.version, command: { type: "forfeit", refuge: 1 } },
      b.key,
    )
    expect(again.status).toBe(400)
    expect(again.body.error.details[0].clause).toBe("R-CAMPAIGN-12")
    const record = await api.post(
      `/v1/campaigns/${c.id}/commands`,
      { version: passed.body.version, command: { type: "recordRaid", battle: end.state } },
      a.key,
    )
    expect(record.status).toBe(400)
    expect(record.body.error.details[0]).toMatchObject({ path: "command.type", clause: "B-AFTERMATH-01" })
    const bad = await api.post(
      `/v1/campaigns/${c.id}/commands`,
      { version: passed.body.version, command: { type: "trade", refuge: "x" } },
      b.key,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.details[0].path).toMatch(/^command\./)
    expect((await api.get(`/v1/campaigns/${c.id}`, a.key)).body.version).toBe(passed.body.version)
  }, 180_000)

  it("R-CAMPAIGN-27 equip: a member sets what their survivor carries, no Errand; another member's is 403; gear nobody has changes nothing", async () => {
    const c = await campaignBetween(api, a, b, 11)
    const command = {
      type: "equip",
      refuge: 0,
      survivor: "survivor-3",
      weapons: ["molotov"],
      armour: ["leather-jacket"],
      kit: [],
    }
    const url = `/v1/campaigns/${c.id}/commands`
    expect((await api.post(url, { version: c.version, command }, b.key)).status).toBe(403)
    const done = await api.post(url, { version: c.version, command }, a.key)
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    const after = (await api.get(`/v1/campaigns/${c.id}`, a.key)).body
    const w = after.state.refuges[0]
    expect(w.refuge.stash.weapons).toEqual(["crowbar"])
    expect(w.errands).toBe(c.state.refuges[0].errands)
    const none = await api.post(
      url,
      { version: after.version, command: { ...command, weapons: ["rifle"] } },
      a.key,
    )
    expect(none.status).toBeGreaterThanOrEqual(400)
    expect(JSON.stringify(none.body)).toMatch(/R-CAMPAIGN-27/)
    expect((await api.get(`/v1/campaigns/${c.id}`, a.key)).body.version).toBe(after.version)
  })

  it("B-AFTERMATH-01 R-CAMPAIGN-08 refused commands name the field under `command` and the rule, and store nothing: an answer with nothing waiting, an unknown survivor, a stale version", async () => {
    const c = await campaignBetween(api, a, b, 13)
    const url = `/v1/campaigns/${c.id}/commands`
    const roll = await api.post(url, { version: c.version, command: { type: "roll", faces: [6] } }, a.key)
    expect(roll.status).toBe(400)
    expect(roll.body.error.details[0]).toMatchObject({ path: "command.type", clause: "B-AFTERMATH-01" })
    expect(roll.body.error.details[0].message).toMatch(/nothing is waiting for an answer/)
    const nobody = await api.post(
      url,
      { version: c.version, command: { type: "errand", refuge: 0, errand: "scavenge", by: "nobody" } },
      a.key,
    )
    expect(nobody.status).toBe(400)
    expect(nobody.body.error.details[0]).toMatchObject({ path: "command.by", clause: "R-CAMPAIGN-08" })
    expect(nobody.body.error.details[0].message).toMatch(/no survivor "nobody"/)
    const stale = await api.post(url, { version: c.version + 3, command: { type: "pass", refuge: 0 } }, a.key)
    expect(stale.status).toBe(409)
    expect(stale.body.error.message).toMatch(/version/)
    const after = (await api.get(`/v1/campaigns/${c.id}`, a.key)).body
    expect(after.version).toBe(c.version)
    expect(after.state).toEqual(c.state)
  })

  it("B-AFTERMATH-01 as documented: a campaign waiting for a member has no standings and takes no command or raid (409); events are paged by limit 1–1000", async () => {
    const made = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }], seed: 5 },
      a.key,
    )
    expect(made.status).toBe(201)
    const id = made.body.id
    const standings = await api.get(`/v1/campaigns/${id}/standings`, a.key)
    expect(standings.status).toBe(409)
    const cmd = await api.post(
      `/v1/campaigns/${id}/commands`,
      { version: 0, command: { type: "pass", refuge: 0 } },
      a.key,
    )
    expect(cmd.status).toBe(409)
    expect((await api.post(`/v1/campaigns/${id}/raids`, { version: 0 }, a.key)).status).toBe(409)
    const joined = await api.post(`/v1/campaigns/${id}/join`, { refuge: b.refuge }, b.key)
    expect(joined.status).toBe(200)
    const page = await api.get(`/v1/campaigns/${id}/events?after=0&limit=1`, a.key)
    expect(page.status).toBe(200)
    expect(page.body.events).toHaveLength(1)
    expect(page.body.version).toBeGreaterThanOrEqual(1)
    // `next` while there are more.
    expect(page.body.next).toBe(page.body.version > 1 ? 1 : undefined)
    for (const limit of [0, 1001]) {
      const bad = await api.get(`/v1/campaigns/${id}/events?limit=${limit}`, a.key)
      expect(bad.status, JSON.stringify(bad.body)).toBe(400)
      expect(JSON.stringify(bad.body)).toMatch(/limit/)
    }
  })

  it("B-AFTERMATH-01 100 concurrent commands on one version: one is stored, 99 get 409, the log has no gap or repeat", async () => {
    const c = await campaignBetween(api, a, b, 9)
    const legal = (await api.get(`/v1/campaigns/${c.id}/legal`, a.key)).body
    const command = legal.commands.find((x: { type: string }) => x.type === "pass")
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        api.post(`/v1/campaigns/${c.id}/commands`, { version: c.version, command }, a.key),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    const won = answers.find((r) => r.status === 201)!.body
    const { events, version } = await allEvents(api, c.id, a.key, 1000, "/v1/campaigns")
    expect(version).toBe(won.version)
    expect(version).toBe(c.version + won.events.length)
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
  }, 60_000)

  it("the SSE stream delivers the campaign's events in order, and resumes after Last-Event-ID", async () => {
    const c = await campaignBetween(api, a, b, 5)
    const url = `${server.url}/v1/campaigns/${c.id}/stream`
    const legal = (await api.get(`/v1/campaigns/${c.id}/legal`, b.key)).body
    const command = legal.commands.find((x: { type: string }) => x.type === "pass")
    let final = Number.POSITIVE_INFINITY
    const heard = listen(url, a.key, (es) => es.length > 0 && es.at(-1)!.id >= final)
    const r = await api.post(`/v1/campaigns/${c.id}/commands`, { version: c.version, command }, b.key)
    expect(r.status).toBe(201)
    final = r.body.version
    const got = await heard
    const logged = (await allEvents(api, c.id, a.key, 1000, "/v1/campaigns")).events
    expect(got.map((e) => e.id)).toEqual(logged.map((e) => e.seq))
    expect(got.map((e) => e.data)).toEqual(logged)
    const resumed = await listen(url, b.key, (es) => es.at(-1)?.id === final, {
      "last-event-id": String(final - 1),
    })
    expect(resumed.map((e) => e.id)).toEqual([final])
  }, 60_000)

  it("who may do what: 401 without a key, 403 for a player outside the league, 404 for no campaign, organiser-only raids", async () => {
    const c = await campaignBetween(api, a, b, 3)
    const id = c.id
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/v1/campaigns/${id}`],
      ["GET", `/v1/campaigns/${id}/legal`],
      ["GET", `/v1/campaigns/${id}/events`],
      ["GET", `/v1/campaigns/${id}/standings`],
      ["GET", `/v1/campaigns/${id}/stream`],
      ["POST", `/v1/campaigns/${id}/join`, { refuge: outsider.refuge }],
      ["POST", `/v1/campaigns/${id}/commands`, { version: c.version, command: { type: "pass", refuge: 0 } }],
      ["POST", `/v1/campaigns/${id}/raids`, { version: c.version }],
    ]
    const call = statusOf(server.url)
    for (const [method, path, body] of routes) {
      expect([method, path, await call(method, path, body)]).toEqual([method, path, 401])
      expect([method, path, await call(method, path, body, "blt_not-a-key")]).toEqual([method, path, 401])
      expect([method, path, await call(method, path, body, outsider.key)]).toEqual([method, path, 403])
      const none = path.replace(id, "no-such-campaign")
      expect([method, none, await call(method, none, body, a.key)]).toEqual([method, none, 404])
    }
    expect(await call("GET", "/v1/campaigns", undefined)).toBe(401)
    expect(await call("POST", "/v1/campaigns", { members: [] })).toBe(401)
    // Members: reads are theirs; another member's Refuge and the organiser's raids are not.
    for (const path of [`/v1/campaigns/${id}`, `/v1/campaigns/${id}/legal`, `/v1/campaigns/${id}/standings`])
      expect(await call("GET", path, undefined, b.key)).toBe(200)
    expect(
      await call(
        "POST",
        `/v1/campaigns/${id}/commands`,
        { version: c.version, command: { type: "pass", refuge: 0 } },
        b.key,
      ),
    ).toBe(403)
    expect(await call("POST", `/v1/campaigns/${id}/raids`, { version: c.version }, b.key)).toBe(403)
    expect(await call("POST", `/v1/campaigns/${id}/join`, { refuge: b.refuge }, b.key)).toBe(409)
    // Listed for its organiser and members, not for others.
    expect((await api.get("/v1/campaigns", b.key)).body.items.some((x: { id: string }) => x.id === id)).toBe(
      true,
    )
    expect(
      (await api.get("/v1/campaigns", outsider.key)).body.items.some((x: { id: string }) => x.id === id),
    ).toBe(false)
  })

  it("B-AFTERMATH-01 R-CAMPAIGN-41 bad requests change nothing: too few members, another's Refuge, a clashing name, unbounded input", async () => {
    const one = await api.post("/v1/campaigns", { members: [{ refuge: a.refuge }] }, a.key)
    expect(one.status).toBe(400)
    expect(one.body.error.details[0].path).toBe("members")
    const theirs = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { refuge: b.refuge }] },
      a.key,
    )
    expect(theirs.status).toBe(403)
    // The same Refuge twice: two Refuges of one name (422 with the clause), and nothing stored.
    const before = (await api.get("/v1/campaigns", a.key)).body.total
    const twice = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { refuge: a.refuge }] },
      a.key,
    )
    expect(twice.status).toBe(422)
    expect(twice.body.error.details[0]).toMatchObject({ path: "members", clause: "B-AFTERMATH-01" })
    expect((await api.get("/v1/campaigns", a.key)).body.total).toBe(before)
    const mine = await api.post("/v1/campaigns", { members: [{ refuge: a.refuge }, { player: a.id }] }, a.key)
    expect(mine.status).toBe(400)
    expect(mine.body.error.details[0].path).toBe("members.1.refuge")
    // R-CAMPAIGN-41: a league holds at most 16 Refuges, and its schedule is one the library knows.
    const pair = [{ refuge: a.refuge }, { player: b.id }]
    for (const [body, path] of [
      [{ members: Array.from({ length: 17 }, () => ({ refuge: a.refuge })) }, "members"],
      [{ members: pair, options: { schedule: "swiss" } }, "options.schedule"],
    ] as const) {
      const r = await api.post("/v1/campaigns", body, a.key)
      expect([r.status, r.body.error.details[0].path]).toEqual([400, path])
    }
    const extra = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }], x: 1 },
      a.key,
    )
    expect(extra.status).toBe(400)
  })

  it("R-BATTLE-01 the organiser may give a campaign's raid its ruling options; a bad one is refused and starts nothing", async () => {
    const c = await campaignBetween(api, a, b, 11)
    const bad = await api.post(
      `/v1/campaigns/${c.id}/raids`,
      { version: c.version, options: { critsInFight: "sometimes" } },
      a.key,
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body.error.details)).toContain("options.critsInFight")
    expect((await api.get(`/v1/campaigns/${c.id}`, a.key)).body.status).toBe("between")
    const raid = await api.post(
      `/v1/campaigns/${c.id}/raids`,
      { version: c.version, options: { critsInFight: "cancelledFirst" } },
      a.key,
    )
    expect(raid.status, JSON.stringify(raid.body)).toBe(201)
    expect(raid.body.state.options.critsInFight).toBe("cancelledFirst")
    expect(raid.body.state.options.spores).toBe("endPhase")
  })
})

describe.each(databaseKinds())("a campaign across a restart on %s", (kind) => {
  let db: TestDatabase
  afterAll(async () => db?.drop())

  it("B-AFTERMATH-01 closing the server and opening another on the same database loses no acknowledged command, and finishes a join left half done", async () => {
    db = await makeDatabase(kind)
    let server = await startTestServer(db.url, unlimited)
    let api = client(server.url)
    const a = await playerWith(api, "Ada", "refuge")
    const b = await playerWith(api, "Bea", "congregation")
    const c = await campaignBetween(api, a, b, 13)
    const legal = (await api.get(`/v1/campaigns/${c.id}/legal`, a.key)).body
    const pass = legal.commands.find((x: { type: string }) => x.type === "pass")
    const acked = await api.post(
      `/v1/campaigns/${c.id}/commands`,
      { version: c.version, command: pass },
      a.key,
    )
    expect(acked.status).toBe(201)
    const before = (await api.get(`/v1/campaigns/${c.id}`, b.key)).body
    await server.close()
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    const after = (await api.get(`/v1/campaigns/${c.id}`, b.key)).body
    expect(after).toEqual(before)
    expect(after.version).toBe(acked.body.version)
    // A last join stored by a process that stopped before the campaign began: begun when next read.
    const waiting = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }] },
      a.key,
    )
    await server.close()
    const stored = await connect(db.url)
    const row = (await campaignById(stored.db, waiting.body.id))!
    const theirs = (await refugeById(stored.db, b.refuge))!
    const setup = row.setup as { refuges: unknown[] }
    const filled = { ...setup, refuges: [setup.refuges[0], theirs.body] }
    expect(
      await fillMember(
        stored.db,
        row.id,
        JSON.stringify(setup),
        JSON.stringify(filled),
        new Date().toISOString(),
      ),
    ).toBe(true)
    await stored.close()
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    const begun = (await api.get(`/v1/campaigns/${waiting.body.id}`, b.key)).body
    expect(begun.status).toBe("between")
    expect(begun.version).toBeGreaterThan(0)
    expect(begun.members.map((m: { joined: boolean }) => m.joined)).toEqual([true, true])
    // It goes on from there: the organiser starts the raid on the new server.
    const raid = await api.post(`/v1/campaigns/${c.id}/raids`, { version: after.version }, a.key)
    expect(raid.status, JSON.stringify(raid.body)).toBe(201)
    await server.close()
  }, 60_000)
})
