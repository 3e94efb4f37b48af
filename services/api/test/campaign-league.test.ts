/**
 * An 8-Refuge league over REST (R-CAMPAIGN-41..43): 8 players with 8 keys, a campaign made with a
 * round-robin schedule, two raids of different pairs in play at once (each member seated at their
 * own Refuge's side), each folded in with its Aftermath answered by its own members, the others
 * commanding meanwhile, and the standings after the round.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { answerAll } from "./support/campaigns.js"
import { graphql } from "./support/graphql.js"
import { playToEnd, roster, type Seated, unlimited } from "./support/raids.js"
import * as Server from "./support/server.js"

type Api = ReturnType<typeof Server.client>

const NAMES = ["Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Hazel"]

/** A player with a key and a stored Refuge of their own name (the example rosters in turn). */
const member = async (api: Api, name: string, i: number): Promise<Seated> => {
  const kind = i % 2 === 0 ? "refuge" : "congregation"
  const reg = await api.post("/v1/players", { name: `${name} player` })
  const founded = await api.post(
    `/v1/${kind}s`,
    { roster: { ...roster(kind), name }, seed: 3 },
    reg.body.apiKey,
  )
  expect(founded.status, JSON.stringify(founded.body)).toBe(201)
  return { key: reg.body.apiKey, id: reg.body.player.id, refuge: founded.body.id }
}

describe.each(Server.databaseKinds())("a league of 8 Refuges over REST on %s", (kind) => {
  let db: Server.TestDatabase
  let server: Server.Running
  let api: Api
  let players: Seated[]

  beforeAll(async () => {
    db = await Server.makeDatabase(kind)
    server = await Server.startTestServer(db.url, unlimited)
    api = Server.client(server.url)
    players = []
    for (const [i, name] of NAMES.entries()) players.push(await member(api, name, i))
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  /** Starts a league raid as the organiser: its view (201). */
  const start = async (id: string, body: Record<string, unknown>) => {
    const c = (await api.get(`/v1/campaigns/${id}`, players[0]!.key)).body
    const r = await api.post(`/v1/campaigns/${id}/raids`, { version: c.version, ...body }, players[0]!.key)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return r.body
  }

  /** Plays a raid to its end, each side by its seated member's key. */
  const play = async (raid: { id: string; seats: Array<{ side: string; player: string }> }) => {
    const keyOf = new Map(raid.seats.map((s) => [s.side, players.find((p) => p.id === s.player)!.key]))
    // What any seated player may answer: the first seat's member.
    const { raid: end } = await playToEnd(
      api,
      raid.id,
      (side) => keyOf.get(side) ?? keyOf.get(raid.seats[0]!.side)!,
    )
    expect(end.status).toBe("over")
  }

  const keys = () => players.map((p) => p.key)
  const another = (k: string) => (k === players[0]!.key ? players[1]!.key : players[0]!.key)

  it("B-AFTERMATH-01 B-STANDINGS-01 R-CAMPAIGN-41 R-CAMPAIGN-42 R-CAMPAIGN-43 8 players, 8 keys: a generated schedule, two raids in play at once, each Aftermath its members', standings after the round", async () => {
    const [organiser, ...others] = players
    const made = await api.post(
      "/v1/campaigns",
      {
        members: [{ refuge: organiser!.refuge }, ...others.map((p) => ({ player: p.id }))],
        seed: 34,
        options: { schedule: "round-robin" },
      },
      organiser!.key,
    )
    expect(made.status, server.logged.join("\n")).toBe(201)
    const id = made.body.id
    for (const p of others) {
      const joined = await api.post(`/v1/campaigns/${id}/join`, { refuge: p.refuge }, p.key)
      expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    }
    // An unknown field, or a raid of five, is refused and starts nothing.
    const c0 = (await api.get(`/v1/campaigns/${id}`, organiser!.key)).body
    expect(c0.state.options).toEqual({ stranger: "winner", schedule: "round-robin" })
    for (const bad of [{ refuges: [0, 1, 2, 3, 4] }, { who: [0, 1] }])
      expect(
        (await api.post(`/v1/campaigns/${id}/raids`, { version: c0.version, ...bad }, organiser!.key)).status,
      ).toBe(400)
    expect((await api.get(`/v1/campaigns/${id}/legal`, organiser!.key)).body.nextRaid).toBe(true)
    expect((await api.get(`/v1/campaigns/${id}/legal`, players[4]!.key)).body.nextRaid).toBe(false)
    const first = await start(id, { next: true })
    const second = await start(id, { refuges: [1, 6] })
    // Each member is seated at their own Refuge's side.
    expect(first.seats.map((s: { player: string }) => s.player)).toEqual([players[0]!.id, players[7]!.id])
    expect(second.seats.map((s: { player: string }) => s.player)).toEqual([players[1]!.id, players[6]!.id])
    let c = (await api.get(`/v1/campaigns/${id}`, players[3]!.key)).body
    expect(c.status).toBe("between")
    expect(c.state.open).toEqual([{ refuges: [0, 7] }, { refuges: [1, 6] }])
    // Birch is in a raid: no other; Hazel commands nothing meanwhile; Cedar, in none, passes.
    expect(
      (await api.post(`/v1/campaigns/${id}/raids`, { version: c.version, refuges: [1, 2] }, organiser!.key))
        .status,
    ).toBe(422)
    const busy = await api.post(
      `/v1/campaigns/${id}/commands`,
      { version: c.version, command: { type: "pass", refuge: 7 } },
      players[7]!.key,
    )
    expect([busy.status, JSON.stringify(busy.body)]).toEqual([400, expect.stringContaining("R-CAMPAIGN-42")])
    const pass = await api.post(
      `/v1/campaigns/${id}/commands`,
      { version: c.version, command: { type: "pass", refuge: 2 } },
      players[2]!.key,
    )
    expect(pass.status, JSON.stringify(pass.body)).toBe(201)
    // The second raid ends first: folded in, its Aftermath its own members'.
    await play(second)
    c = (await answerAll(api, id, keys(), another)).campaign
    expect(
      c.state.raids.map((r: { sides: Array<{ refuge: number }> }) => r.sides.map((s) => s.refuge)),
    ).toEqual([[1, 6]])
    expect(c.state.open).toEqual([{ refuges: [0, 7] }])
    await play(first)
    c = (await answerAll(api, id, keys(), another)).campaign
    expect(c.state.open).toBeUndefined()
    expect(c.state.round.played).toEqual([0, 1, 6, 7])
    // The round's other two pairings, in play at once.
    const rest = [await start(id, { next: true }), await start(id, { next: true })]
    for (const raid of rest) await play(raid)
    c = (await answerAll(api, id, keys(), another)).campaign
    expect(c.state.rounds).toBe(1)
    expect(c.state.seasonRaids).toBe(1)
    const table = (await api.get(`/v1/campaigns/${id}/standings`, players[5]!.key)).body
    expect(table.rows.map((r: { played: number }) => r.played)).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
    for (const r of table.rows) expect(r.points).toBe(3 * r.wins + r.draws)
    expect(c.raids).toHaveLength(4)
  }, 600_000)

  it("R-CAMPAIGN-41 R-CAMPAIGN-42 over GraphQL: createCampaign takes the options, startCampaignRaid the raid's Refuges, two in play at once", async () => {
    const gql = graphql(server.url)
    const [organiser, ...others] = players
    const made = await gql(
      `mutation($members: [CampaignMemberInput!]!) { createCampaign(members: $members, seed: 9, options: { schedule: standings }) { id version } }`,
      { members: [{ refuge: organiser!.refuge }, ...others.map((p) => ({ player: p.id }))] },
      organiser!.key,
    )
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined()
    const id = made.data.createCampaign.id
    for (const p of others)
      expect((await api.post(`/v1/campaigns/${id}/join`, { refuge: p.refuge }, p.key)).status).toBe(200)
    const START = `mutation($id: ID!, $version: Int!, $refuges: [Int!], $next: Boolean) {
      startCampaignRaid(id: $id, version: $version, refuges: $refuges, next: $next) { id campaign seats { player } } }`
    const version = async () => (await api.get(`/v1/campaigns/${id}`, organiser!.key)).body.version
    const first = await gql(START, { id, version: await version(), next: true }, organiser!.key)
    expect(first.errors, JSON.stringify(first.errors)).toBeUndefined()
    const c = (await api.get(`/v1/campaigns/${id}`, organiser!.key)).body
    expect(c.state.options.schedule).toBe("standings")
    const [pair] = c.state.open
    const other = c.state.round.pairings.find((p: number[]) => p.join() !== pair.refuges.join())
    const second = await gql(START, { id, version: c.version, refuges: other }, organiser!.key)
    expect(second.errors, JSON.stringify(second.errors)).toBeUndefined()
    expect(second.data.startCampaignRaid.seats.map((s: { player: string }) => s.player)).toEqual(
      other.map((i: number) => players[i]!.id),
    )
    const clash = await gql(START, { id, version: await version(), refuges: pair.refuges }, organiser!.key)
    expect(JSON.stringify(clash.errors)).toContain("R-CAMPAIGN-42")
  }, 120_000)
})
