/**
 * Nightsong games over GraphQL on the real server, on every database available: a Referee and two
 * players with three keys make a game, take their seats and play a fight to its end with
 * `nightsongGame`, `nightsongLegal` and `commandNightsongGame` (commands typed by the generated
 * `NightsongCommand` input), while a `nightsongGameEvents` subscription over SSE receives every
 * event in order; the log replays to the game's hash; and who may do what.
 */
import type { Game } from "@blight/nightsong"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { schema } from "../src/graphql/schema/index.js"
import { graphql, plain, selectAll, seqsOf, subscribe } from "./support/graphql.js"
import { characters, fightOver, goblins, replayedHash } from "./support/nightsong.js"
import { unlimited } from "./support/raids.js"
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

const GAME = `query Game($id: ID!) { nightsongGame(id: $id) { id version hash you pending { kind by options dice } state ${selectAll(schema, "NightsongGameState")} } }`
const LEGAL = `query Legal($id: ID!) { nightsongLegal(id: $id) { version by commands ${selectAll(schema, "NightsongLegalCommandsCommands")} } }`
const COMMAND = `mutation Command($id: ID!, $version: Int!, $command: NightsongCommandInput!) {
  commandNightsongGame(id: $id, version: $version, command: $command) { version hash events { seq type } }
}`

/** A command as the generated `@oneOf` input: one field named by its type (`{endTurn: true}` for a bare one). */
const asInput = (c: Game.Command) => {
  const { type, ...rest } = c
  return { [type]: Object.keys(rest).length > 0 ? rest : true }
}

describe.each(databaseKinds())("Nightsong games over GraphQL on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let gql: ReturnType<typeof graphql>
  const streams: AbortController[] = []

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, open)
    gql = graphql(server.url)
  })
  afterAll(async () => {
    for (const s of streams) s.abort()
    await server?.close()
    await db?.drop()
  })

  const register = async (name: string) => {
    const r = await gql("mutation($name: String!) { registerPlayer(name: $name) { apiKey player { id } } }", {
      name,
    })
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined()
    return r.data.registerPlayer.apiKey as string
  }

  it("N-COMBAT-01 N-COMBAT-11 a Referee and two players, three keys, play a fight to its end; a subscription follows it; the log replays to the hash", async () => {
    const keys: Record<string, string> = {
      referee: await register("Rhea"),
      ann: await register("Ann's player"),
      bo: await register("Bo's player"),
    }
    const made = await gql(
      'mutation { createNightsongGame(players: ["ann", "bo"], seed: 9) { id version you seats { seat joined } } }',
      {},
      keys.referee,
    )
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined()
    const id: string = made.data.createNightsongGame.id
    expect(made.data.createNightsongGame.you).toBe("referee")
    for (const seat of ["ann", "bo"]) {
      const joined = await gql(
        "mutation($id: ID!, $seat: String!) { joinNightsongGame(id: $id, seat: $seat) { you } }",
        { id, seat },
        keys[seat],
      )
      expect(joined.data.joinNightsongGame.you).toBe(seat)
    }
    const ac = new AbortController()
    streams.push(ac)
    const sse = await subscribe(
      server.url,
      keys.bo!,
      "subscription($id: ID!) { nightsongGameEvents(id: $id) { seq type } }",
      { id },
      ac.signal,
    )
    expect(sse.status).toBe(200)
    const { received, reading } = seqsOf(sse, "nightsongGameEvents")

    const read = async () => {
      const r = await gql(GAME, { id }, keys.referee)
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined()
      return plain(r.data.nightsongGame, schema)
    }
    const send = async (seat: string, command: Game.Command) => {
      const { version } = await read()
      const r = await gql(COMMAND, { id, version, command: asInput(command) }, keys[seat])
      expect(r.errors, JSON.stringify([command, r.errors])).toBeUndefined()
      return r.data.commandNightsongGame
    }
    await send("ann", characters[0] as unknown as Game.Command)
    await send("bo", characters[1] as unknown as Game.Command)
    await send("referee", { type: "session", action: "start" })
    for (const g of goblins) await send("referee", g)
    // Another seat's character: forbidden, and nothing stored.
    const before = await read()
    const wrong = await gql(
      COMMAND,
      { id, version: before.version, command: { check: { character: "bo", ability: "strength" } } },
      keys.ann,
    )
    expect(wrong.errors?.[0]?.extensions?.code).toBe("forbidden")
    await send("referee", { type: "fight", enemies: ["g1", "g2"], surprise: "none" })
    const steps = await fightOver({
      game: async () => {
        const g = await read()
        return { fight: g.state.fight, pending: g.pending }
      },
      legal: async (seat) => {
        const r = await gql(LEGAL, { id }, keys[seat])
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined()
        return plain(r.data.nightsongLegal, schema).commands
      },
      send,
    })
    expect(steps).toBeGreaterThan(2)
    const end = await read()
    expect(end.state.fight).toBeUndefined()
    const page = await gql(
      `query($id: ID!) { nightsongGameEvents(id: $id, limit: 1000) { version next events { seq type event {
        __typename
        ... on NightsongEventAttacked { type attacker target damage }
        ... on NightsongEventFightEnded { type why }
        ... on NightsongEventCommanded { type by command { __typename } }
        ... on NightsongEventStarted { type state { seq dice { mode } } }
      } } } }`,
      { id },
      keys.ann,
    )
    expect(page.errors, JSON.stringify(page.errors)).toBeUndefined()
    const events = page.data.nightsongGameEvents.events as Array<{
      seq: number
      type: string
      event: { __typename: string; type: string } & Record<string, unknown>
    }>
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: end.version }, (_, i) => i + 1))
    expect(events.map((e) => e.type)).toContain("fightEnded")
    expect(JSON.stringify(events)).not.toMatch(/"prng"/)
    // Each event is typed by its kind (an object per type of the library's event union), its fields as REST has them.
    const rest = await fetch(`${server.url}/v1/nightsong/games/${id}/events?limit=1000`, {
      headers: { authorization: `Bearer ${keys.ann}` },
    })
    const logged = ((await rest.json()) as { events: Array<{ seq: number; event: Record<string, unknown> }> })
      .events
    for (const [i, e] of events.entries()) {
      expect(e.event.__typename).toMatch(/^Nightsong/)
      if (e.event.type !== undefined) expect(e.event.type).toBe(e.type)
      expect(logged[i]?.event.type).toBe(e.type)
    }
    expect(events.filter((e) => e.event.type === "commanded").length).toBeGreaterThan(2)
    const attacked = events.find((e) => e.type === "attacked")!
    const attackedRest = logged.find((e) => e.seq === attacked.seq)!.event
    expect(plain(attacked.event, schema)).toMatchObject({
      attacker: attackedRest.attacker,
      target: attackedRest.target,
      damage: attackedRest.damage,
    })
    expect(replayedHash(logged)).toBe(end.hash)
    for (let i = 0; i < 100 && received.length < events.length; i++)
      await new Promise((r) => setTimeout(r, 50))
    ac.abort()
    await reading
    expect(received).toEqual(events.map((e) => e.seq))
  }, 120_000)

  it("R-N-GAME-03 undo says the rule when there is nothing to undo; a stranger may not read or follow a game", async () => {
    const referee = await register("Rex")
    const stranger = await register("Oz")
    const made = await gql('mutation { createNightsongGame(players: ["ann"]) { id version } }', {}, referee)
    const { id, version } = made.data.createNightsongGame
    const undo = await gql(
      "mutation($id: ID!, $version: Int!) { undoNightsongGame(id: $id, version: $version) { version } }",
      { id, version },
      referee,
    )
    expect(undo.errors?.[0]?.extensions?.code).toBe("bad_request")
    expect(JSON.stringify(undo.errors?.[0]?.extensions)).toMatch(/R-N-GAME-03/)
    const mine = await gql("query { nightsongGames(limit: 5) { total items { id you } } }", {}, referee)
    expect(mine.data.nightsongGames).toEqual({ total: 1, items: [{ id, you: "referee" }] })
    const peek = await gql(GAME, { id }, stranger)
    expect(peek.errors?.[0]?.extensions?.code).toBe("forbidden")
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${stranger}`,
      },
      body: JSON.stringify({
        query: "subscription($id: ID!) { nightsongGameEvents(id: $id) { seq } }",
        variables: { id },
      }),
    })
    expect(await res.text()).toMatch(/forbidden/)
  }, 60_000)

  it("N-FACTION-06 nightsongWorld advances a saved Land sent back as a typed WorldInput", async () => {
    const LAND = selectAll(schema, "World")
    const made = await gql(`mutation { nightsongWorld(seed: 5) { land ${LAND} } }`, {})
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined()
    const land = plain(made.data.nightsongWorld.land, schema)
    const advanced = await gql(
      `mutation($land: WorldInput!) { nightsongWorld(seed: 8, sessions: 2, land: $land) { land ${LAND} } }`,
      { land },
    )
    expect(advanced.errors, JSON.stringify(advanced.errors)).toBeUndefined()
    const after = plain(advanced.data.nightsongWorld.land, schema)
    expect(after.session).toBe(land.session + 2)
    expect(after.hexes).toEqual(land.hexes)
  })
})
