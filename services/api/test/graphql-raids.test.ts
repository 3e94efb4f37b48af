/**
 * Raids over GraphQL on the real server, on every database available: two players with two keys
 * play a raid to its end with `raid`, `raidLegal` and `commandRaid` (commands typed by the
 * generated `BattleCommandInput`), while a `raidEvents` subscription over SSE (graphql-yoga's)
 * receives every event in order; and who may do what.
 */
import { type BattleCommand, Policy } from "@blight/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { schema } from "../src/graphql/schema/index.js"
import { graphql, plain, selectAll, seqsOf, subscribe } from "./support/graphql.js"
import { coreEnv, roster, unlimited } from "./support/raids.js"
import {
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

const RAID = `query Raid($id: ID!) { raid(id: $id) { id version status decider seats { player side joined } state ${selectAll(schema, "RaidState")} } }`
const LEGAL = `query Legal($id: ID!) { raidLegal(id: $id) { version by commands ${selectAll(schema, "BattleCommand")} } }`
const COMMAND = `mutation Command($id: ID!, $version: Int!, $command: BattleCommandInput!) {
  commandRaid(id: $id, version: $version, command: $command) { version over events { seq event { __typename } } }
}`

/** A command as the generated `@oneOf` input: one field named by its type (`{undo: true}` for a bare one). */
const tagged = <T extends Record<string, unknown>>(value: T, tag: keyof T) => {
  const { [tag]: name, ...rest } = value
  return { [String(name)]: Object.keys(rest).length > 0 ? rest : true }
}
/** A fact's value as the generated `FactValueInput`: `{flag}` or `{text}` (already so when read from GraphQL). */
const valueInput = (v: unknown) =>
  typeof v === "boolean" ? { flag: v } : typeof v === "string" ? { text: v } : v
const asInput = (c: BattleCommand.Command) => {
  // A fact's query is a tagged union too (`{within: {a, b, inches}}`).
  const withFacts =
    "facts" in c && c.facts
      ? { ...c, facts: c.facts.map((f) => ({ query: tagged(f.query, "q"), value: valueInput(f.value) })) }
      : c
  return tagged(withFacts, "type")
}
/** A roster as the generated `RosterInput`: its file's fields but `$schema`. */
const rosterInput = (name: "refuge" | "congregation") => {
  const { $schema: _, ...fields } = roster(name)
  return fields
}

describe.each(databaseKinds())("raids over GraphQL on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let gql: ReturnType<typeof graphql>

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, open)
    gql = graphql(server.url)
  })
  const streams: AbortController[] = []
  afterAll(async () => {
    for (const s of streams) s.abort()
    await server?.close()
    await db?.drop()
  })

  const player = async (name: string, rosterName: "refuge" | "congregation") => {
    const reg = await gql(
      `mutation($name: String!) { registerPlayer(name: $name) { apiKey player { id } } }`,
      { name },
    )
    const key: string = reg.data.registerPlayer.apiKey
    const mutation = rosterName === "refuge" ? "foundRefuge" : "foundCongregation"
    const founded = await gql(
      `mutation($roster: RosterInput!) { ${mutation}(roster: $roster, seed: 3) { record { id } } }`,
      { roster: rosterInput(rosterName) },
      key,
    )
    expect(founded.errors).toBeUndefined()
    return {
      key,
      id: reg.data.registerPlayer.player.id as string,
      refuge: founded.data[mutation].record.id as string,
    }
  }

  it("two players with two keys play a raid to its end; a subscription over SSE receives every event in order", async () => {
    const a = await player("Ada", "refuge")
    const b = await player("Bea", "congregation")
    const outsider = await player("Oz", "refuge")
    const made = await gql(
      `mutation($sides: [RaidSideInput!]!) { createRaid(sides: $sides, seed: 21) { id status version } }`,
      { sides: [{ refuge: a.refuge }, { player: b.id }] },
      a.key,
    )
    expect(made.errors).toBeUndefined()
    const id: string = made.data.createRaid.id
    expect(made.data.createRaid.status).toBe("waiting")
    const joined = await gql(
      `mutation($id: ID!, $refuge: ID!) { joinRaid(id: $id, refuge: $refuge) { status seats { side } } }`,
      { id, refuge: b.refuge },
      b.key,
    )
    expect(joined.data.joinRaid.status).toBe("playing")
    const [, sideB] = joined.data.joinRaid.seats.map((s: { side: string }) => s.side)
    const keyFor = (side: string) => (side === sideB ? b.key : a.key)

    // The subscription, opened before play: graphql-yoga's SSE (one `next` event per raid event).
    const ac = new AbortController()
    streams.push(ac)
    const sse = await subscribe(
      server.url,
      b.key,
      "subscription($id: ID!) { raidEvents(id: $id) { seq event { __typename } } }",
      { id },
      ac.signal,
    )
    expect(sse.status).toBe(200)
    expect(sse.headers.get("content-type")).toMatch(/^text\/event-stream/)
    const { received, reading } = seqsOf(sse, "raidEvents")

    // The other side's key may not command this side, nor an outsider read the raid.
    const peek = await gql(RAID, { id }, outsider.key)
    expect(peek.errors?.[0]?.extensions?.code, JSON.stringify(peek.errors)).toBe("forbidden")
    const anon = await gql(RAID, { id })
    expect(anon.errors?.[0]?.extensions?.code).toBe("unauthorized")

    let sent = 0
    let forbiddenSeen = false
    for (;;) {
      const r = await gql(RAID, { id }, a.key)
      expect(r.errors).toBeUndefined()
      const raid = plain(r.data.raid, schema)
      if (raid.status === "over") break
      const key = keyFor(raid.decider)
      const asked = await gql(LEGAL, { id }, key)
      expect(asked.errors, JSON.stringify(asked.errors)).toBeUndefined()
      const legal = plain(asked.data.raidLegal, schema)
      expect(legal.version).toBe(raid.version)
      let options: BattleCommand.Command[] = legal.commands
      const activation = options.find((c) => c.type === "activate")
      if (!forbiddenSeen && raid.decider === sideB && activation) {
        const wrong = await gql(COMMAND, { id, version: raid.version, command: asInput(activation) }, a.key)
        expect(wrong.errors?.[0]?.extensions?.code).toBe("forbidden")
        forbiddenSeen = true
      }
      for (;;) {
        const command = Policy.sensible(coreEnv)(raid.state, options)
        const done = await gql(COMMAND, { id, version: raid.version, command: asInput(command) }, key)
        if (!done.errors) break
        expect(done.errors[0]!.extensions.code, JSON.stringify([command, done.errors])).toBe("bad_request")
        options = options.filter((c) => c !== command)
        expect(
          options.length,
          JSON.stringify([sent, command, asInput(command), done.errors]),
        ).toBeGreaterThan(0)
      }
      sent++
      expect(sent).toBeLessThan(3000)
    }
    expect(forbiddenSeen).toBe(true)
    const pages: number[] = []
    let after = 0
    for (;;) {
      const page = (
        await gql(
          "query($id: ID!, $after: Int) { raidEvents(id: $id, after: $after, limit: 250) { version next events { seq } } }",
          { id, after },
          b.key,
        )
      ).data.raidEvents
      pages.push(...page.events.map((e: { seq: number }) => e.seq))
      if (page.next == null) break
      after = page.next
    }
    expect(pages).toEqual(Array.from({ length: pages.length }, (_, i) => i + 1))
    for (let i = 0; i < 100 && received.length < pages.length; i++)
      await new Promise((r) => setTimeout(r, 50))
    ac.abort()
    await reading
    expect(received).toEqual(pages)
  }, 180_000)

  it("createRaid takes typed options and a RosterInput side; undoRaid says the rule when there is nothing to undo; a subscription is refused without a seat", async () => {
    const a = await player("Cy", "refuge")
    const outsider = await player("Di", "refuge")
    const made = await gql(
      `mutation($sides: [RaidSideInput!]!, $options: BattleOptionsInput) {
        createRaid(sides: $sides, seed: 8, randomBoard: true, options: $options) {
          id version state { options { giftsAtOnce doubleRout } sides { id used { key value } } }
        }
      }`,
      {
        sides: [{ refuge: a.refuge }, { roster: rosterInput("congregation") }],
        options: { giftsAtOnce: true, doubleRout: "draw" },
      },
      a.key,
    )
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined()
    // The typed options reach the engine; a side's uses are a list of entries (none yet).
    expect(made.data.createRaid.state.options).toEqual({ giftsAtOnce: true, doubleRout: "draw" })
    expect(made.data.createRaid.state.sides.map((s: { used: unknown }) => s.used)).toEqual([[], []])
    const id: string = made.data.createRaid.id
    const nothing = await gql(
      "mutation($id: ID!, $v: Int!) { undoRaid(id: $id, version: $v) { version } }",
      { id, v: made.data.createRaid.version },
      a.key,
    )
    expect(nothing.errors?.[0]?.extensions?.code).toBe("bad_request")
    expect(nothing.errors?.[0]?.extensions?.details?.[0]?.clause).toBe("R-BATTLE-15")
    const refused = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${outsider.key}`,
      },
      body: JSON.stringify({
        query: "subscription($id: ID!) { raidEvents(id: $id) { seq } }",
        variables: { id },
      }),
    })
    const text = await refused.text()
    expect(text, `${text} ${server.logged.join("\n")}`).toMatch(/forbidden/)
  })
})
