/**
 * Nightsong packs over HTTP, on every database available (SQLite; PostgreSQL too when
 * TEST_DATABASE_URL is set): the example pack uploaded over REST and GraphQL, listed and read
 * back; a bad pack refused with each problem's path and rule, nothing stored; and games set up
 * with the stored pack, whose Referee brings on its creature and fights it with its specials, and
 * whose Shards are rolled on its Spell table.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { graphql } from "./support/graphql.js"
import { characters } from "./support/nightsong.js"
import { unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  REPO_ROOT,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const packs = "/v1/nightsong/packs"
const games = "/v1/nightsong/games"
// biome-ignore lint/suspicious/noExplicitAny: a pack file as parsed JSON
const example = (): any =>
  JSON.parse(readFileSync(join(REPO_ROOT, "examples/nightsong-pack/barrow-lights.json"), "utf8"))

/** A pack as GraphQL's typed input spells it: effects and row keys are `@oneOf` inputs. */
// biome-ignore lint/suspicious/noExplicitAny: a pack file as parsed JSON
const asInput = (pack: any) => {
  const { $schema: _, ...rest } = pack
  const key = (k: unknown) => (Array.isArray(k) ? { range: k } : { number: k })
  const rows = (t: { rows: Array<{ key: unknown }> }) => ({
    ...t,
    rows: t.rows.map((r) => ({ ...r, key: key(r.key) })),
  })
  return {
    ...rest,
    spellTables: rest.spellTables?.map(rows),
    tables: rest.tables?.map(rows),
    creatures: rest.creatures?.map((c: { specials?: Array<{ effects: Array<{ kind: string }> }> }) => ({
      ...c,
      specials: c.specials?.map((s) => ({
        ...s,
        effects: s.effects.map(({ kind, ...e }) => ({ [kind]: Object.keys(e).length > 0 ? e : true })),
      })),
    })),
  }
}

describe.each(databaseKinds())("Nightsong packs over HTTP on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let api: ReturnType<typeof client>
  let gql: ReturnType<typeof graphql>
  const keys: Record<string, string> = {}

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, {
      ...unlimited,
      graphqlMaxDepth: 50,
      graphqlMaxCost: 100_000_000,
      maxBodyBytes: 64_000,
    })
    api = client(server.url)
    gql = graphql(server.url)
    for (const name of ["rhea", "ann", "bo"]) {
      const r = await api.post("/v1/players", { name })
      keys[name] = r.body.apiKey
    }
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  /** Sends a command as a seat; the answer's body (fails the test when refused). */
  const send = async (id: string, key: string, command: unknown) => {
    const now = (await api.get(`${games}/${id}`, key)).body
    const r = await api.post(`${games}/${id}/commands`, { version: now.version, command }, key)
    expect(r.status, JSON.stringify([command, r.body])).toBe(201)
    return r.body
  }

  it("R-N-PACK-01 R-N-PACK-02 the example pack is uploaded, listed and read back; versions are the owner's", async () => {
    const up = await api.post(packs, example(), keys.rhea)
    expect(up.status, JSON.stringify(up.body)).toBe(201)
    expect(up.body).toMatchObject({
      id: "barrow-lights",
      version: "1.0.0",
      manifest: { ruleset: "nightsong" },
    })
    const list = await api.get(packs)
    expect(list.body.items.map((p: { id: string }) => p.id)).toEqual(["barrow-lights"])
    const one = await api.get(`${packs}/barrow-lights`)
    expect(one.body.body.creatures[0].id).toBe("grave-moth")
    expect(one.body.body).toEqual(example())
    expect((await api.post(packs, example(), keys.rhea)).status).toBe(409)
    const v2 = { ...example(), manifest: { ...example().manifest, version: "1.1.0" } }
    expect((await api.post(packs, v2, keys.ann)).status).toBe(403)
    // A Nightsong pack is not one of The Blight's, and its id is taken there too (one namespace).
    expect((await api.get("/v1/packs/barrow-lights")).status).toBe(404)
    expect((await api.get("/v1/packs")).body.items).toEqual([])
    expect(
      (await api.post(packs, v2, keys.rhea)).body.versions.map((v: { version: string }) => v.version),
    ).toEqual(["1.0.0", "1.1.0"])
  })

  it("R-N-PACK-02 N-NPC-05 a bad pack is refused naming each problem's path and rule, and nothing is stored", async () => {
    const bad = example()
    bad.manifest.id = "broken-lights"
    bad.creatures[0].specials[0].effects[1].severity = "deadly"
    bad.spellTables[0].rows[0].spell = "no-such-spell"
    bad.manifest.requires = [{ pack: "nightsong", version: "^9.0.0" }]
    const r = await api.post(packs, bad, keys.rhea)
    expect(r.status).toBe(422)
    expect(r.body.error.code).toBe("rules_violated")
    const paths = r.body.error.details.map((d: { path: string }) => d.path)
    expect(paths).toContain("manifest.requires[0].version")
    expect(paths.some((p: string) => p.startsWith("creatures[0].specials[0].effects[1]"))).toBe(true)
    expect(paths.some((p: string) => p.startsWith("spellTables[0].rows[0]"))).toBe(true)
    expect(
      r.body.error.details.find((d: { path: string }) => d.path === "manifest.requires[0].version"),
    ).toMatchObject({ pack: "broken-lights", clause: "R-N-PACK-02" })
    expect((await api.get(`${packs}/broken-lights`)).status).toBe(404)
    expect((await api.post(packs, { hello: 1 }, keys.rhea)).status).toBe(400)
    // A pack is bounded as every body is: past MAX_BODY_BYTES it is a 413, and nothing is stored.
    const huge = {
      ...example(),
      manifest: { ...example().manifest, id: "huge-lights", description: "x".repeat(70_000) },
    }
    expect((await api.post(packs, huge, keys.rhea)).status).toBe(413)
    expect((await api.get(`${packs}/huge-lights`)).status).toBe(404)
    // The core pack is not replaced by an upload.
    const core = { ...example(), manifest: { ...example().manifest, id: "nightsong", requires: [] } }
    expect((await api.post(packs, core, keys.rhea)).status).toBe(403)
  })

  it("R-N-PACK-06 N-NPC-05 R-N-PACK-03 a game set up with the stored pack: its creature comes on and its bite bypasses Armor and poisons", async () => {
    const made = await api.post(
      games,
      { players: ["ann"], dice: "manual", packs: [{ id: "barrow-lights", version: "1.0.0" }] },
      keys.rhea,
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const id: string = made.body.id
    expect((await api.post(`${games}/${id}/join`, { seat: "ann" }, keys.ann)).status).toBe(200)
    // Ann with a sword and mail (D6 Armor).
    await send(id, keys.ann!, characters[0])
    await send(id, keys.rhea!, { type: "session", action: "start" })
    await send(id, keys.rhea!, { type: "creature", id: "moth", creature: "grave-moth" })
    const game = (await api.get(`${games}/${id}`, keys.rhea)).body
    expect(game.state.npcs.moth).toMatchObject({ name: "Grave Moth", hp: 8, creature: "grave-moth" })
    expect(game.packs).toEqual([
      { id: "nightsong", version: "0.1.0" },
      { id: "barrow-lights", version: "1.0.0" },
    ])
    expect(game.state.content).toBeUndefined()
    await send(id, keys.rhea!, { type: "fight", enemies: ["moth"], surprise: "none" })
    await send(id, keys.ann!, { type: "endTurn" })
    await send(id, keys.rhea!, { type: "attack", attacker: "moth", target: "ann", advantage: "none" })
    // d6 + d6, the highest kept; Ann's mail is never rolled (bypassArmour), and 3 Damage poisons her.
    await send(id, keys.rhea!, { type: "roll", faces: [2] })
    await send(id, keys.rhea!, { type: "roll", faces: [3] })
    const after = (await api.get(`${games}/${id}`, keys.ann)).body
    expect(after.pending).toBeUndefined()
    expect(after.state.party.ann.adventurer.hp).toBe(2)
    expect(after.state.party.ann.adventurer.conditions).toEqual([
      expect.objectContaining({ name: "poisoned", severity: "major" }),
    ])
    // The content is kept in the game's first event: the log replays without the pack store.
    const first = (await api.get(`${games}/${id}/events?limit=1`, keys.ann)).body.events[0]
    expect(first.event.state.content.packs.map((p: { id: string }) => p.id)).toEqual([
      "nightsong",
      "barrow-lights",
    ])
    // A version not stored is a 404; a game with no packs refuses the creature (R-N-PACK-06).
    const missing = await api.post(
      games,
      { players: ["ann"], packs: [{ id: "barrow-lights", version: "3.0.0" }] },
      keys.rhea,
    )
    expect(missing.status).toBe(404)
    const bare = (await api.post(games, { players: ["ann"] }, keys.rhea)).body
    const refused = await api.post(
      `${games}/${bare.id}/commands`,
      { version: bare.version, command: { type: "creature", id: "moth", creature: "grave-moth" } },
      keys.rhea,
    )
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toMatch(/R-N-PACK-06/)
  })

  it("R-N-PACK-05 R-N-PACK-01 over GraphQL: a typed upload, and a game whose found Shard holds a Spell from the pack's table", async () => {
    const pack = asInput({ ...example(), manifest: { ...example().manifest, id: "barrow-lights-gql" } })
    const up = await gql(
      "mutation($pack: NightsongPackInput!) { uploadNightsongPack(pack: $pack) { id version manifest { ruleset } body { creatures { id specials { name } } } } }",
      { pack },
      keys.bo,
    )
    expect(up.errors, JSON.stringify(up.errors)).toBeUndefined()
    expect(up.data!.uploadNightsongPack).toMatchObject({ id: "barrow-lights-gql", version: "1.0.0" })
    expect(up.data!.uploadNightsongPack.body.creatures[0].id).toBe("grave-moth")
    const stored = (await api.get(`${packs}/barrow-lights-gql`)).body.body
    expect(stored.creatures[0].specials[0].effects).toEqual(example().creatures[0].specials[0].effects)
    const list = await gql("{ listNightsongPacks { total items { id } } }", {})
    expect(list.data!.listNightsongPacks.items.map((p: { id: string }) => p.id)).toContain(
      "barrow-lights-gql",
    )
    const bad = structuredClone(pack)
    bad.manifest.id = "broken-gql"
    bad.spellTables[0].rows[0].spell = "no-such-spell"
    const refused = await gql(
      "mutation($pack: NightsongPackInput!) { uploadNightsongPack(pack: $pack) { id } }",
      { pack: bad },
      keys.bo,
    )
    expect(refused.errors?.[0]?.extensions?.code).toBe("rules_violated")
    expect(JSON.stringify(refused.errors)).toMatch(/spellTables\[0\]\.rows\[0\]/)
    const made = await gql(
      'mutation($packs: [NightsongPackRefInput!]) { createNightsongGame(players: ["ann"], manualDice: true, packs: $packs) { id } }',
      { packs: [{ id: "barrow-lights-gql", version: "1.0.0" }] },
      keys.rhea,
    )
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined()
    const id: string = made.data!.createNightsongGame.id
    await api.post(`${games}/${id}/join`, { seat: "ann" }, keys.ann)
    await send(id, keys.ann!, {
      type: "join",
      id: "ann",
      name: "Ann",
      abilities: { strength: 0, dexterity: 0, presence: 2, constitution: 0 },
      gear: [],
    })
    await send(id, keys.rhea!, { type: "shard", character: "ann" })
    // Row 3 of Barrow Spells is Grave Whisper, whose die is a D4.
    await send(id, keys.rhea!, { type: "roll", faces: [3] })
    const game = (await api.get(`${games}/${id}`, keys.ann)).body
    expect(game.state.party.ann.gear).toContainEqual({
      name: "Grave Whisper",
      kind: "shard",
      die: "d4",
      start: "d4",
    })
  })
})
