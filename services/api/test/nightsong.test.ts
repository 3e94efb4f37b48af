import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Character } from "@blight/nightsong"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaults, startServer } from "../src/index.js"

let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer({
    ...defaults,
    port: 0,
    databaseUrl: `file:${join(mkdtempSync(join(tmpdir(), "blight-ns-")), "api.db")}`,
  })
})
afterAll(async () => server.close())

const post = (path: string, body: unknown, accept = "application/json") =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept },
    body: JSON.stringify(body),
  })

describe("Nightsong over HTTP", () => {
  it("N-CREATE-01 N-HP-01 N-SLOTS-01 POST /v1/nightsong/characters gives a valid, replayable character", async () => {
    const a = await (await post("/v1/nightsong/characters", { seed: 7 })).json()
    const b = await (await post("/v1/nightsong/characters", { seed: 7 })).json()
    expect(a).toEqual(b)
    expect(a.seed).toBe(7)
    const c = a.character
    expect(c.maxHp).toBe(c.abilities.CON + 6)
    expect(Character.validateCharacter(c)).toMatchObject({ _tag: "Success" })
    const rolled = await (await post("/v1/nightsong/characters", { seed: 7, method: "roll" })).json()
    const scores = Object.values(rolled.character.abilities) as number[]
    expect(scores.every((x) => x >= -3 && x <= 3)).toBe(true)
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(1) // N-ABILITY-05: reroll all when none is +1 or higher
  })

  it("N-DETAILS-01 a picked detail is kept; one not on its table is a 400 naming it", async () => {
    const r = await (
      await post("/v1/nightsong/characters", { seed: 7, details: { face: "Scarred", drive: "duty" } })
    ).json()
    expect(r.character.details).toMatchObject({ face: "Scarred", drive: "Duty" })
    const bad = await post("/v1/nightsong/characters", { seed: 7, details: { eyes: "Purple" } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toMatch(/options\.details\.eyes/)
  })

  it("bad character options are a 400 naming them", async () => {
    const r = await post("/v1/nightsong/characters", { method: "dice" })
    expect(r.status).toBe(400)
    expect((await r.json()).error.code).toBe("bad_request")
    const bg = await post("/v1/nightsong/characters", { seed: 1, background: "Astronaut" })
    expect(bg.status).toBe(400)
  })

  it("N-WORLD-01 N-REGION-01 POST /v1/nightsong/worlds: JSON by default, the SVG map with Accept: image/svg+xml", async () => {
    const j = await post("/v1/nightsong/worlds", { seed: 7 })
    expect(j.headers.get("content-type")).toMatch(/application\/json/)
    const w = await j.json()
    expect(w.seed).toBe(7)
    expect(
      w.world.hexes.every((h: { region?: unknown }) => h.region !== undefined && h.region !== null),
    ).toBe(true)
    const svg = await post("/v1/nightsong/worlds", { seed: 7 }, "image/svg+xml")
    expect(svg.headers.get("content-type")).toMatch(/image\/svg\+xml/)
    const text = await svg.text()
    expect(text).toMatch(/^<\?xml|^<svg/)
    expect((text.match(/<polygon/g) ?? []).length).toBeGreaterThanOrEqual(w.world.hexes.length)
  })

  it("N-FACTION-01 sessions advance the Factions' Goal dice, and the same seed replays", async () => {
    const a = await (await post("/v1/nightsong/worlds", { seed: 11, sessions: 3 })).json()
    const b = await (await post("/v1/nightsong/worlds", { seed: 11, sessions: 3 })).json()
    expect(a).toEqual(b)
    expect(a.world.session).toBe(3)
    expect((await post("/v1/nightsong/worlds", { sessions: 101 })).status).toBe(400)
  })
})

describe("Nightsong over GraphQL", () => {
  const gql = async (query: string) =>
    (await (
      await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      })
    ).json()) as { data?: any; errors?: any[] }

  it("N-CREATE-01 nightsongCharacter gives the same character as REST for the same seed", async () => {
    const g = await gql(
      `mutation { nightsongCharacter(seed: 7) { seed character { name hp maxHp coins advancements background { name table } } } }`,
    )
    expect(g.errors).toBeUndefined()
    const r = await (await post("/v1/nightsong/characters", { seed: 7 })).json()
    const { name, hp, maxHp, coins, advancements, background } = r.character
    expect(g.data.nightsongCharacter).toEqual({
      seed: r.seed,
      character: { name, hp, maxHp, coins, advancements, background },
    })
    const bad = await gql(`mutation { nightsongCharacter(seed: 1, background: "Astronaut") { seed } }`)
    expect(bad.errors?.[0].extensions.code).toBe("bad_request")
  })

  it("N-DETAILS-01 N-ABILITY-04 nightsongCharacter takes picked details and a placed array, as REST does", async () => {
    const g = await gql(
      `mutation { nightsongCharacter(seed: 7, array: {STR: -1, DEX: 2, PRE: 1, CON: 0}, details: {face: "Scarred", drive: "duty"}) { character { abilities { STR DEX PRE CON } details { face drive } } } }`,
    )
    expect(g.errors).toBeUndefined()
    const r = await (
      await post("/v1/nightsong/characters", {
        seed: 7,
        array: { STR: -1, DEX: 2, PRE: 1, CON: 0 },
        details: { face: "Scarred", drive: "duty" },
      })
    ).json()
    expect(g.data.nightsongCharacter.character.details).toEqual({ face: "Scarred", drive: "Duty" })
    expect(g.data.nightsongCharacter.character.abilities).toEqual({ STR: -1, DEX: 2, PRE: 1, CON: 0 })
    expect(r.character.abilities).toMatchObject(g.data.nightsongCharacter.character.abilities)
    const bad = await gql(`mutation { nightsongCharacter(seed: 7, details: {eyes: "Purple"}) { seed } }`)
    expect(bad.errors?.[0].extensions.code).toBe("bad_request")
    expect(JSON.stringify(bad.errors)).toMatch(/options\.details\.eyes/)
    expect(bad.errors?.[0].message).toMatch(
      /^options\.details\.eyes: eyes is picked from the Eyes table \(one of: /,
    )
    // A value its schema refuses: GraphQL's words ("the arguments"), not REST's ("the request body").
    const seed = await gql(`mutation { nightsongCharacter(seed: -1) { seed } }`)
    expect(seed.errors?.[0].message).toBe("the arguments do not match the schema")
    expect(seed.errors?.[0].extensions.details[0].path).toBe("seed")
  })

  it("N-WORLD-01 nightsongWorld gives the Land and, when asked, its SVG map", async () => {
    const g = await gql(`mutation { nightsongWorld(seed: 7, sessions: 2) { seed world svg } }`)
    expect(g.errors).toBeUndefined()
    const r = await (await post("/v1/nightsong/worlds", { seed: 7, sessions: 2 })).json()
    expect(g.data.nightsongWorld.world).toEqual(r.world)
    expect(g.data.nightsongWorld.svg).toMatch(/<svg/)
  })
})
