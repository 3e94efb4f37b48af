/**
 * Every list a page at a time (app/paging.ts), on every database available: REST's `?limit=` and
 * `?cursor=` and GraphQL's `limit` and `cursor` walk each list covering every row exactly once,
 * `total` counts the whole list on every page, rows inserted during a walk neither repeat nor hide
 * the others, and a bad limit or cursor is a 400 naming the parameter, on REST and GraphQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { playerWith, raidBetween, roster, type Seated, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

// biome-ignore lint/suspicious/noExplicitAny: parsed answers the assertions reach into
type Json = any

/** Walks a REST list `limit` rows at a time: the ids in order, and every page's `total`. */
const walk = async (api: ReturnType<typeof client>, path: string, limit: number, key?: string) => {
  const ids: string[] = []
  const totals: number[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages++) {
    const sep = path.includes("?") ? "&" : "?"
    const r = await api.get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      key,
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.limit).toBe(limit)
    expect(r.body.items.length).toBeLessThanOrEqual(limit)
    ids.push(...r.body.items.map((i: Json) => i.id))
    totals.push(r.body.total)
    cursor = r.body.next
    if (cursor === null) return { ids, totals, pages: pages + 1 }
    expect(r.body.items).toHaveLength(limit)
  }
  throw new Error(`${path}: more than 50 pages`)
}

const pack = (id: string) => ({
  manifest: {
    id,
    name: id,
    version: "0.1.0",
    ruleset: "the-blight@0.3.0",
    licence: "CC0-1.0",
    author: "the paging test",
  },
})

describe.each(databaseKinds())("lists a page at a time on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let api: ReturnType<typeof client>
  let a: Seated
  let b: Seated
  const refuges: string[] = []
  const congregations: string[] = []
  const raids: string[] = []
  const campaigns: string[] = []
  const packs: string[] = []
  const simulations: string[] = []

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, unlimited)
    api = client(server.url)
    a = await playerWith(api, "Ada", "refuge")
    b = await playerWith(api, "Bea", "congregation")
    refuges.push(a.refuge)
    for (let i = 0; i < 6; i++) {
      const r = await api.post("/v1/refuges", { roster: roster("refuge"), seed: i }, a.key)
      expect(r.status).toBe(201)
      refuges.push(r.body.id)
    }
    const c = await api.post("/v1/congregations", { roster: roster("congregation") }, a.key)
    congregations.push(c.body.id)
    for (let i = 0; i < 3; i++) raids.push((await raidBetween(api, a, b)).id)
    for (let i = 0; i < 5; i++) {
      const r = await api.post(
        "/v1/campaigns",
        { members: [{ refuge: a.refuge }, { player: b.id }], seed: i },
        a.key,
      )
      expect(r.status).toBe(201)
      campaigns.push(r.body.id)
    }
    for (const id of ["paging-c", "paging-a", "paging-e", "paging-b", "paging-d"]) {
      expect((await api.post("/v1/packs", pack(id), a.key)).status).toBe(201)
      packs.push(id)
    }
    for (let i = 0; i < 3; i++) {
      const r = await api.post(
        "/v1/simulations",
        { refuges: [{ refuge: a.refuge }, { refuge: c.body.id }], raids: 1, seed: i },
        a.key,
      )
      expect(r.status, JSON.stringify(r.body)).toBe(202)
      simulations.push(r.body.id)
    }
    for (let i = 0; i < 3; i++) expect((await api.post("/v1/players/me/keys", {}, a.key)).status).toBe(201)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("each list, walked 2 rows at a time, gives every row exactly once, in its order, with the total on every page", async () => {
    const cases: Array<[string, string[] | number, boolean]> = [
      ["/v1/refuges", refuges, true],
      ["/v1/congregations", congregations, true],
      ["/v1/raids", raids, true],
      ["/v1/campaigns", campaigns, true],
      ["/v1/packs", [...packs].sort(), false],
      ["/v1/simulations", [...simulations].reverse(), true],
      ["/v1/players/me/keys", 4, true],
    ]
    for (const [path, expected, auth] of cases) {
      const { ids, totals } = await walk(api, path, 2, auth ? a.key : undefined)
      const n = typeof expected === "number" ? expected : expected.length
      expect(new Set(ids).size, path).toBe(ids.length)
      expect(ids, path).toHaveLength(n)
      if (typeof expected !== "number" && path !== "/v1/simulations") expect(ids, path).toEqual(expected)
      if (path === "/v1/simulations") expect(new Set(ids), path).toEqual(new Set(expected as string[]))
      expect(new Set(totals), path).toEqual(new Set([n]))
      // The whole list on one page: no cursor to follow.
      const whole = await api.get(`${path}?limit=200`, auth ? a.key : undefined)
      expect(
        whole.body.items.map((i: Json) => i.id),
        path,
      ).toEqual(ids)
      expect(whole.body.next, path).toBeNull()
    }
    // Another player's lists hold only their own.
    const theirs = await walk(api, "/v1/refuges", 2, b.key)
    expect(theirs.ids).toEqual([])
    expect((await walk(api, "/v1/congregations", 2, b.key)).ids).toEqual([b.refuge])
  })

  it("without a limit a page holds 50 rows; the default and the most are in the document", async () => {
    const r = await api.get("/v1/refuges", a.key)
    expect(r.body).toMatchObject({ limit: 50, total: refuges.length, next: null })
    const doc = (await api.get("/openapi.json")).body
    const params = doc.paths["/v1/refuges"].get.parameters.map((p: Json) => p.name)
    expect(params).toEqual(expect.arrayContaining(["limit", "cursor"]))
    expect(doc.components.schemas.RefugePage.required).toEqual(
      expect.arrayContaining(["items", "total", "next"]),
    )
  })

  it("rows added during a walk neither repeat nor hide the rows there before", async () => {
    const before = new Set(refuges)
    const seen: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 20; page++) {
      const r: { body: Json } = await api.get(
        `/v1/refuges?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        a.key,
      )
      seen.push(...r.body.items.map((i: Json) => i.id))
      if (page < 2) {
        const added = await api.post("/v1/refuges", { roster: roster("refuge"), seed: 100 + page }, a.key)
        refuges.push(added.body.id)
      }
      cursor = r.body.next
      if (!cursor) break
    }
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of before) expect(seen).toContain(id)
  })

  it("a bad limit or cursor is a 400 naming the parameter, and an unknown parameter too", async () => {
    const other = (await api.get("/v1/packs?limit=1")).body.next
    expect(other).toEqual(expect.any(String))
    const cases: Array<[string, string]> = [
      ["limit=0", "limit"],
      ["limit=201", "limit"],
      ["limit=abc", "limit"],
      ["limit=1.5", "limit"],
      ["cursor=%25%25%25", "cursor"],
      ["cursor=bm90IGpzb24", "cursor"],
      // A cursor of another list (the packs sort by one key, the Refuges by two).
      [`cursor=${other}`, "cursor"],
      ["page=2", "page"],
    ]
    for (const [query, path] of cases) {
      const r = await api.get(`/v1/refuges?${query}`, a.key)
      expect(r.status, query).toBe(400)
      expect(r.body.error.code, query).toBe("bad_request")
      expect(
        r.body.error.details.map((d: Json) => d.path),
        query,
      ).toContain(path)
    }
  })

  it("GraphQL pages the same lists with the same limits and cursors", async () => {
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await (
        await fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${a.key}` },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data?: Json; errors?: Json[] }
    const ids: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 20; page++) {
      const r = await gql(
        "query($c: String) { raids(limit: 2, cursor: $c) { total limit next items { id } } }",
        {
          c: cursor,
        },
      )
      expect(r.errors).toBeUndefined()
      expect(r.data.raids.total).toBe(raids.length)
      ids.push(...r.data.raids.items.map((i: Json) => i.id))
      cursor = r.data.raids.next
      if (!cursor) break
    }
    expect(ids).toEqual(raids)
    const all = await gql(
      "{ refuges { total } congregations { total } campaigns(limit: 1) { total } listPacks(limit: 200) { items { id } } simulations { total } myKeys { total } }",
    )
    expect(all.errors).toBeUndefined()
    expect(all.data).toMatchObject({
      refuges: { total: refuges.length },
      congregations: { total: 1 },
      campaigns: { total: campaigns.length },
      simulations: { total: simulations.length },
      myKeys: { total: 4 },
    })
    expect(all.data.listPacks.items.map((p: Json) => p.id)).toEqual([...packs].sort())
    const bad = await gql("{ raids(limit: 0) { total } }")
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "bad_request", status: 400 })
    expect(bad.errors?.[0]?.extensions?.details.map((d: Json) => d.path)).toContain("limit")
    const badCursor = await gql('{ campaigns(cursor: "nope") { total } }')
    expect(badCursor.errors?.[0]?.extensions?.details.map((d: Json) => d.path)).toContain("cursor")
  })
})
