import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaults, startServer } from "../src/index.js"

// The service keeps pure answers (exact odds, content) to serve repeats fast. These tests check
// that nothing it keeps is ever stale or shared where it must not be.
const repo = fileURLToPath(new URL("../../../", import.meta.url))
const flooded = JSON.parse(readFileSync(join(repo, "examples/homebrew-pack/flooded-quarter.json"), "utf8"))
const roster = JSON.parse(readFileSync(join(repo, "examples/rosters/refuge.json"), "utf8"))

let server: Awaited<ReturnType<typeof startServer>>
beforeAll(async () => {
  server = await startServer({
    ...defaults,
    port: 0,
    databaseUrl: `file:${join(mkdtempSync(join(tmpdir(), "blight-cache-")), "api.db")}`,
  })
})
afterAll(async () => server.close())

const gql = async (query: string, variables: Record<string, unknown> = {}, key?: string) => {
  const r = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  })
  return (await r.json()) as { data?: any; errors?: any[] }
}
const rest = async (method: string, path: string, body?: unknown, key?: string) => {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: r.status, body: (await r.json()) as any }
}

describe("cached answers are never stale", () => {
  it("content merged with a pack shows the pack's new version at once (REST and GraphQL)", async () => {
    const key = (await rest("POST", "/v1/players", { name: "Cache" })).body.apiKey
    expect((await rest("POST", "/v1/packs", flooded, key)).status).toBe(201)
    const q =
      'query($p: [String!]) { listContent(kind: homes, packs: $p, pack: "flooded-quarter") { total items { entry } } }'
    const before = await gql(q, { p: ["flooded-quarter"] })
    const names = (d: any) => d.data.listContent.items.map((i: any) => i.entry.name)
    expect(names(before).length).toBeGreaterThan(0)
    await gql(q, { p: ["flooded-quarter"] }) // served from the cache now
    const v2 = structuredClone(flooded)
    v2.manifest.version = "1.1.0"
    v2.homes[0].name = `${v2.homes[0].name} (rebuilt)`
    expect((await rest("POST", "/v1/packs", v2, key)).status).toBe(201)
    expect(names(await gql(q, { p: ["flooded-quarter"] }))).toContain(v2.homes[0].name)
    const viaRest = await rest("GET", "/v1/content/homes?packs=flooded-quarter&pack=flooded-quarter")
    expect(viaRest.body.items.map((i: any) => i.entry.name)).toContain(v2.homes[0].name)
  })

  it("a query that touches a Refuge is never cached: after a trip it shows the new version", async () => {
    const key = (await rest("POST", "/v1/players", { name: "Trader" })).body.apiKey
    const founded = await rest("POST", "/v1/refuges", { roster: { ...roster, reloads: 0 } }, key)
    expect(founded.status).toBe(201)
    const q = `{ refuge(id: "${founded.body.id}") { version } oddsTest(dice: 3, target: 2) { probability } }`
    expect((await gql(q, {}, key)).data.refuge.version).toBe(1)
    expect(
      (
        await rest(
          "POST",
          `/v1/refuges/${founded.body.id}/market-trips`,
          { version: 1, orders: [{ buy: { kind: "kit", id: "flare" } }] },
          key,
        )
      ).status,
    ).toBe(201)
    expect((await gql(q, {}, key)).data.refuge.version).toBe(2)
  })

  it("a Refuge's kept view is the stored version's: after a trip REST shows the new version and stores, and no one else reads it", async () => {
    const key = (await rest("POST", "/v1/players", { name: "Keeper" })).body.apiKey
    const other = (await rest("POST", "/v1/players", { name: "Other" })).body.apiKey
    const founded = await rest("POST", "/v1/refuges", { roster: { ...roster, reloads: 0 } }, key)
    const path = `/v1/refuges/${founded.body.id}`
    const first = await rest("GET", path, undefined, key)
    expect(first.body.version).toBe(1)
    expect((await rest("GET", path, undefined, key)).body).toEqual(first.body) // served as kept
    expect((await rest("GET", path, undefined, other)).status).toBe(403)
    const trip = await rest(
      "POST",
      `${path}/market-trips`,
      { version: 1, orders: [{ buy: { kind: "kit", id: "flare" } }] },
      key,
    )
    expect(trip.status).toBe(201)
    const after = await rest("GET", path, undefined, key)
    expect(after.body.version).toBe(2)
    expect(after.body.refuge.stores).not.toEqual(first.body.refuge.stores)
    expect(after.body.refuge.stash.kit).toContain("flare")
  })

  it("one player's answer is never served to another", async () => {
    const a = (await rest("POST", "/v1/players", { name: "A" })).body.apiKey
    const b = (await rest("POST", "/v1/players", { name: "B" })).body.apiKey
    await rest("POST", "/v1/refuges", { roster }, a)
    const q = "{ refuges { items { name } } oddsTest(dice: 3, target: 2) { probability } }"
    expect((await gql(q, {}, a)).data.refuges.items).toHaveLength(1)
    expect((await gql(q, {}, b)).data.refuges.items).toHaveLength(0)
    expect((await gql(q, {}, a)).data.refuges.items).toHaveLength(1)
  })

  it("B-TEST-01 odds repeat exactly from the cache, over REST and GraphQL", async () => {
    const r1 = await rest("POST", "/v1/odds/test", { dice: 3, target: 2 })
    const r2 = await rest("POST", "/v1/odds/test", { dice: 3, target: 2 })
    expect(r1.body).toEqual({ probability: 0.5 })
    expect(r2.body).toEqual(r1.body)
    const q = "{ oddsTest(dice: 4, target: 2) { probability } }"
    const g1 = await gql(q)
    expect(g1.errors).toBeUndefined()
    expect(g1.data.oddsTest.probability).toBeCloseTo(11 / 16, 12)
    expect(await gql(q)).toEqual(g1)
  })
})
