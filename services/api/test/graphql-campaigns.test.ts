/**
 * Campaigns over GraphQL on the real server, on every database available: the same league as over
 * REST (two players, two keys), its state selected field by field from the types built from the
 * library's schemas and equal to what REST answers; commands typed by the generated
 * `CampaignPlayerCommandInput` (a Market order too); the organiser's raid; a `campaignEvents`
 * subscription over SSE receiving the log in order; and who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { schema } from "../src/graphql/schema/index.js"
import { graphql, plain, selectAll, seqsOf, subscribe } from "./support/graphql.js"
import { playerWith, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const open = {
  ...unlimited,
  graphqlMaxDepth: 50,
  graphqlMaxCost: 100_000_000,
  graphqlMaxQueryLength: 1_000_000,
}

const CAMPAIGN = `query Campaign($id: ID!) { campaign(id: $id) { id version status organiser you raid raids members { player refuge name joined } pending ${selectAll(schema, "CampaignPrompt")} state ${selectAll(schema, "CampaignStateView")} } }`
const LEGAL = `query Legal($id: ID!) { campaignLegal(id: $id) { version you nextRaid commands ${selectAll(schema, "CampaignPlayerCommand")} } }`
const COMMAND = `mutation Command($id: ID!, $version: Int!, $command: CampaignPlayerCommandInput!) {
  commandCampaign(id: $id, version: $version, command: $command) { version status events { seq event { __typename } } }
}`

/** A command as the generated `@oneOf` input: one field named by its type. */
const asInput = ({ type, ...rest }: { type: string }) => ({ [type]: rest })

describe.each(databaseKinds())("campaigns over GraphQL on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let gql: ReturnType<typeof graphql>
  let api: ReturnType<typeof client>

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, open)
    gql = graphql(server.url)
    api = client(server.url)
  })
  const streams: AbortController[] = []
  afterAll(async () => {
    for (const s of streams) s.abort()
    await server?.close()
    await db?.drop()
  })

  it("B-AFTERMATH-01 a league made, joined and commanded over GraphQL; its state typed field by field equals REST's; a subscription receives its log in order", async () => {
    const a = await playerWith(api, "Ada", "refuge")
    const b = await playerWith(api, "Bea", "congregation")
    const outsider = await playerWith(api, "Oz", "refuge")
    const made = await gql(
      `mutation($members: [CampaignMemberInput!]!) { createCampaign(members: $members, seed: 17) { id status version } }`,
      { members: [{ refuge: a.refuge }, { player: b.id }] },
      a.key,
    )
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined()
    const id: string = made.data.createCampaign.id
    expect(made.data.createCampaign.status).toBe("waiting")
    const joined = await gql(
      `mutation($id: ID!, $refuge: ID!) { joinCampaign(id: $id, refuge: $refuge) { status version you } }`,
      { id, refuge: b.refuge },
      b.key,
    )
    expect(joined.errors, JSON.stringify(joined.errors)).toBeUndefined()
    expect(joined.data.joinCampaign).toMatchObject({ status: "between", you: [1] })

    const ac = new AbortController()
    streams.push(ac)
    const sse = await subscribe(
      server.url,
      a.key,
      "subscription($id: ID!) { campaignEvents(id: $id) { seq event { __typename } } }",
      { id },
      ac.signal,
    )
    expect(sse.status).toBe(200)
    const { received, reading } = seqsOf(sse, "campaignEvents")

    // The state, every field selected, is the library's value: the same as REST answers.
    const read = await gql(CAMPAIGN, { id }, b.key)
    expect(read.errors, JSON.stringify(read.errors)).toBeUndefined()
    const rest = (await api.get(`/v1/campaigns/${id}`, b.key)).body
    expect(plain(read.data.campaign.state, schema)).toEqual(rest.state)
    expect(JSON.stringify(read.data)).not.toMatch(/"prng"|"seed"/)

    // Another member's Refuge: forbidden; an outsider: forbidden; no key: unauthorized.
    const legal = await gql(LEGAL, { id }, b.key)
    expect(legal.errors, JSON.stringify(legal.errors)).toBeUndefined()
    const commands = plain(legal.data.campaignLegal.commands, schema)
    const pass = commands.find((c: { type: string }) => c.type === "pass")
    expect(pass).toEqual({ type: "pass", refuge: 1 })
    const version = legal.data.campaignLegal.version
    const wrong = await gql(COMMAND, { id, version, command: asInput(pass) }, a.key)
    expect(wrong.errors?.[0]?.extensions?.code).toBe("forbidden")
    expect((await gql(CAMPAIGN, { id }, outsider.key)).errors?.[0]?.extensions?.code).toBe("forbidden")
    expect((await gql(CAMPAIGN, { id })).errors?.[0]?.extensions?.code).toBe("unauthorized")

    // A Market trip as a typed input reaches the rules (stored, or refused by them with the rule).
    const survivor = rest.state.refuges[1].refuge.survivors[0].id
    const trade = await gql(
      COMMAND,
      { id, version, command: { trade: { refuge: 1, by: survivor, orders: [{ buyReloads: 1 }] } } },
      b.key,
    )
    expect(trade.errors?.[0]?.extensions?.code ?? "stored", JSON.stringify(trade.errors)).toMatch(
      /^(stored|bad_request)$/,
    )
    const now = (await gql(LEGAL, { id }, b.key)).data.campaignLegal.version
    const done = await gql(COMMAND, { id, version: now, command: asInput(pass) }, b.key)
    expect(done.errors, JSON.stringify(done.errors)).toBeUndefined()
    const stale = await gql(COMMAND, { id, version: now, command: asInput(pass) }, b.key)
    expect(stale.errors?.[0]?.extensions?.code).toBe("conflict")

    const table = await gql(
      "query($id: ID!) { campaignStandings(id: $id) { raids rows { refuge name played points xp } } }",
      { id },
      a.key,
    )
    expect(table.data.campaignStandings.rows).toHaveLength(2)
    const START =
      "mutation($id: ID!, $version: Int!) { startCampaignRaid(id: $id, version: $version) { id campaign status } }"
    const notOrganiser = await gql(START, { id, version: done.data.commandCampaign.version }, b.key)
    expect(notOrganiser.errors?.[0]?.extensions?.code).toBe("forbidden")
    const raid = await gql(START, { id, version: done.data.commandCampaign.version }, a.key)
    expect(raid.errors, JSON.stringify(raid.errors)).toBeUndefined()
    expect(raid.data.startCampaignRaid).toMatchObject({ campaign: id, status: "playing" })

    const page = (
      await gql(
        "query($id: ID!) { campaignEvents(id: $id, limit: 1000) { version events { seq } } }",
        { id },
        b.key,
      )
    ).data.campaignEvents
    const seqs = page.events.map((e: { seq: number }) => e.seq)
    expect(seqs).toEqual(Array.from({ length: page.version }, (_, i) => i + 1))
    for (let i = 0; i < 100 && received.length < seqs.length; i++) await new Promise((r) => setTimeout(r, 50))
    ac.abort()
    await reading
    expect(received).toEqual(seqs)
  }, 120_000)
})
