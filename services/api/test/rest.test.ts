import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaults, startServer } from "../src/index.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const readJson = (p: string) => JSON.parse(readFileSync(join(repo, p), "utf8"))
const refugeRoster = readJson("examples/rosters/refuge.json")
const congregationRoster = readJson("examples/rosters/congregation.json")
const flooded = readJson("examples/homebrew-pack/flooded-quarter.json")

let server: Awaited<ReturnType<typeof startServer>>
const logs: string[] = []

type Res = { status: number; body: any; headers: Headers }
const call = async (
  method: string,
  path: string,
  body?: unknown,
  key?: string,
  headers: Record<string, string> = {},
): Promise<Res> => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers }
}
const register = async (name: string) => (await call("POST", "/v1/players", { name })).body.apiKey as string

/** Every error answer has the one shape. */
const expectError = (r: Res, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
  expect(JSON.stringify(r.body)).not.toMatch(/at .*\.(js|ts):\d+/) // never a stack trace
}

let ann: string
let bob: string

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "blight-rest-"))
  server = await startServer(
    { ...defaults, port: 0, databaseUrl: `file:${join(dir, "api.db")}` },
    { log: (m) => logs.push(m) },
  )
  ann = await register("Ann")
  bob = await register("Bob")
})
afterAll(async () => {
  await server.close()
})

describe("players and keys", () => {
  it("POST /v1/players gives a player and a key shown once", async () => {
    const r = await call("POST", "/v1/players", { name: "Cat" })
    expect(r.status).toBe(201)
    expect(r.body.player).toMatchObject({ name: "Cat" })
    expect(r.body.apiKey).toMatch(/^blt_[A-Za-z0-9_-]{20,}$/)
  })

  it("a malformed body is a 400 naming the problem, not a 500", async () => {
    const r = await call("POST", "/v1/players", { name: "" })
    expectError(r, 400, "bad_request")
    expect(r.body.error.details[0].path).toBe("name")
    expectError(await call("POST", "/v1/players", { name: "X", admin: true }), 400, "bad_request")
    expectError(await call("POST", "/v1/players", "{ not json"), 400, "bad_request")
    expectError(
      await call("POST", "/v1/players", "name=X", undefined, { "content-type": "text/plain" }),
      415,
      "unsupported_media_type",
    )
  })

  it("writes need a valid key: none or a bad one is a 401", async () => {
    expectError(await call("POST", "/v1/refuges", { roster: refugeRoster }), 401, "unauthorized")
    expectError(
      await call("POST", "/v1/refuges", { roster: refugeRoster }, "blt_not-a-real-key"),
      401,
      "unauthorized",
    )
    expectError(
      await call("GET", "/v1/refuges", undefined, undefined, { authorization: "Basic abc" }),
      401,
      "unauthorized",
    )
  })
})

describe("content", () => {
  it("B-PROFILE-08 GET /v1/content/backgrounds lists the core pack's 20 backgrounds", async () => {
    const r = await call("GET", "/v1/content/backgrounds")
    expect(r.status).toBe(200)
    expect(r.body.total).toBe(20)
    expect(r.body.items[0]).toMatchObject({
      pack: "the-blight",
      entry: { id: expect.any(String), provenance: expect.any(String) },
    })
  })

  it("filters and pagination", async () => {
    const page = await call("GET", "/v1/content/weapons?limit=3&offset=2")
    expect(page.body).toMatchObject({ limit: 3, offset: 2 })
    expect(page.body.items).toHaveLength(3)
    const rules = await call("GET", "/v1/content/behaviours?provenance=rules")
    expect(rules.body.total).toBe(7)
    const q = await call("GET", "/v1/content/weapons?q=shot")
    expect(q.body.items.map((i: any) => i.entry.id)).toContain("shotgun")
    expectError(await call("GET", "/v1/content/weapons?limit=0"), 400, "bad_request")
  })

  it("one entry, and 404s for unknown kinds and ids", async () => {
    const r = await call("GET", "/v1/content/homes/corner-shop")
    expect(r.status).toBe(200)
    expect(r.body.entry.capacity).toBeGreaterThanOrEqual(4)
    expectError(await call("GET", "/v1/content/dragons"), 404, "not_found")
    expectError(await call("GET", "/v1/content/homes/castle"), 404, "not_found")
  })
})

describe("packs", () => {
  it("uploading a homebrew pack: validated, then merged into content with ?packs=", async () => {
    const up = await call("POST", "/v1/packs", flooded, ann)
    expect(up.status, JSON.stringify(up.body)).toBe(201)
    expect(up.body).toMatchObject({ id: "flooded-quarter", owner: expect.any(String), version: "1.0.0" })
    const list = await call("GET", "/v1/packs")
    expect(list.body.items.map((p: any) => p.id)).toContain("flooded-quarter")
    const one = await call("GET", "/v1/packs/flooded-quarter")
    expect(one.body.body.manifest.id).toBe("flooded-quarter")
    const homes = await call("GET", "/v1/content/homes?packs=flooded-quarter&pack=flooded-quarter")
    expect(homes.body.total).toBeGreaterThan(0)
    expect(homes.body.items.every((i: any) => i.pack === "flooded-quarter")).toBe(true)
    expectError(await call("GET", "/v1/content/homes?packs=nope"), 404, "not_found")
    // Filtering by a pack that is not merged in would be an empty page: a 400 that says what to add.
    const unmerged = await call("GET", "/v1/content/homes?pack=flooded-quarter")
    expectError(unmerged, 400, "bad_request")
    expect(unmerged.body.error.message).toMatch(/packs=flooded-quarter/)
  })

  it("the owner publishes new versions; the same version twice is a 409; someone else is a 403", async () => {
    expectError(await call("POST", "/v1/packs", flooded, ann), 409, "conflict")
    expectError(
      await call(
        "POST",
        "/v1/packs",
        { ...flooded, manifest: { ...flooded.manifest, version: "1.1.0" } },
        bob,
      ),
      403,
      "forbidden",
    )
    const v2 = await call(
      "POST",
      "/v1/packs",
      { ...flooded, manifest: { ...flooded.manifest, version: "1.1.0" } },
      ann,
    )
    expect(v2.status).toBe(201)
    expect(v2.body.versions.map((v: any) => v.version)).toEqual(["1.0.0", "1.1.0"])
  })

  it("an invalid pack is a 422 listing every problem with its path", async () => {
    const bad = structuredClone(flooded)
    bad.manifest.id = "broken-pack"
    bad.homes[0].capacity = 99
    bad.creatures[0].behaviour = "teleporter"
    const r = await call("POST", "/v1/packs", bad, ann)
    expectError(r, 422, "rules_violated")
    expect(r.body.error.details.length).toBeGreaterThanOrEqual(2)
    // The pack is its own field (issue 16), not folded into the path.
    for (const d of r.body.error.details) {
      expect(d.pack).toBe("broken-pack")
      expect(d.path).not.toMatch(/broken-pack/)
    }
    expectError(await call("GET", "/v1/packs/broken-pack"), 404, "not_found")
    expectError(await call("POST", "/v1/packs", { hello: 1 }, ann), 400, "bad_request")
  })
})

describe("dice and odds (the CLI's JSON shapes)", () => {
  it("B-DICE-01 a seeded roll replays; manual dice are checked", async () => {
    const a = await call("POST", "/v1/dice/roll", { kind: "pool", dice: 5, seed: 7 })
    const b = await call("POST", "/v1/dice/roll", { kind: "pool", dice: 5, seed: 7 })
    expect(a.status).toBe(200)
    expect(a.body).toEqual(b.body)
    expect(a.body.dice).toHaveLength(5)
    const m = await call("POST", "/v1/dice/roll", { kind: "dice", expression: "d66", manual: [4, 2] })
    expect(m.body).toMatchObject({ key: "3·4/2", halfRow: 8, manual: true })
    expectError(
      await call("POST", "/v1/dice/roll", { kind: "pool", dice: 2, manual: [4, 9] }),
      400,
      "bad_request",
    )
    expectError(await call("POST", "/v1/dice/roll", { kind: "dice", expression: "2x6" }), 400, "bad_request")
  })

  it("B-TEST-01 B-SHOOT-08 B-FIGHT-07 exact odds over HTTP", async () => {
    expect((await call("POST", "/v1/odds/test", { dice: 3, target: 2 })).body).toEqual({ probability: 0.5 })
    const shoot = await call("POST", "/v1/odds/shoot", { dice: 6, armour: 2, helmet: true, damage: 1 })
    expect(shoot.body.damage.reduce((a: number, x: any) => a + x.probability, 0)).toBeCloseTo(1, 12)
    const fight = await call("POST", "/v1/odds/fight", { attacker: 3, defender: 2 })
    expect(fight.body.margin[0].value).toBe(-2)
    expect((await call("POST", "/v1/odds/pool", { dice: 5 })).body.mean.successes).toBeCloseTo(2.5, 12)
    expectError(await call("POST", "/v1/odds/magic", { dice: 3 }), 404, "not_found")
    expectError(await call("POST", "/v1/odds/shoot", { dice: 3 }), 400, "bad_request")
  })
})

describe("Refuges", () => {
  let id: string

  it("B-FOUNDING-01 POST /v1/refuges founds the caller's Refuge with its Ledger", async () => {
    const r = await call("POST", "/v1/refuges", { roster: { ...refugeRoster, reloads: 0 } }, ann)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({
      version: 1,
      refuge: { name: "Wharfside", kind: "refuge", stores: { salvage: 9 } },
    })
    expect(r.body.refuge.stores.meds).toBe(1)
    id = r.body.id
  })

  it("B-FOUNDING-03 B-FOUNDING-06 B-FOUNDING-08 a roster breaking rules is a 422 with every violation, as the CLI prints them", async () => {
    const roster = structuredClone(refugeRoster)
    roster.survivors[0].weapons = ["knife", "crowbar", "baseball-bat"]
    roster.survivors[1].weapons = ["chainsaw"]
    roster.survivors.push({ name: "D2", background: "doctor" }, { name: "D3", background: "doctor" })
    const r = await call("POST", "/v1/refuges", { roster }, ann)
    expectError(r, 422, "rules_violated")
    const got = r.body.error.details.map((d: any) => `${d.clause} ${d.path}`)
    expect(got).toEqual(
      expect.arrayContaining([
        "B-FOUNDING-06 roster.survivors[0].weapons",
        "B-FOUNDING-08 roster.survivors[1].weapons[0]",
        "B-FOUNDING-03 roster.survivors[6].background",
      ]),
    )
    // nothing was written
    expect((await call("GET", "/v1/refuges", undefined, ann)).body.items).toHaveLength(1)
  })

  it("R-BUILDER-07 R-BUILDER-08 every 422 detail names a clause, and omitted counts all the rest; nothing is written", async () => {
    const shape = await call("POST", "/v1/refuges", { roster: { ...refugeRoster, reloads: -1 } }, ann)
    expectError(shape, 422, "rules_violated")
    expect(shape.body.error.details).toEqual([
      {
        path: "roster.reloads",
        message: "Expected a number between 0 and 100, actual -1",
        clause: "B-FOUNDING-09",
      },
    ])
    const survivors = Array.from({ length: 1000 }, (_, i) => ({ name: `X${i}`, background: "nobody" }))
    const huge = await call(
      "POST",
      "/v1/refuges",
      { roster: { name: "Huge", home: "church", survivors } },
      ann,
    )
    expectError(huge, 422, "rules_violated")
    expect(huge.body.error.details).toHaveLength(20)
    for (const d of huge.body.error.details) expect(d.clause).toMatch(/^(B|R)-[A-Z]+-\d+$/)
    // 1,000 unknown backgrounds and 3 roster-wide rules: 20 listed, 983 counted
    expect(huge.body.error.omitted).toBe(1003 - 20)
    expect((await call("GET", "/v1/refuges", undefined, ann)).body.items).toHaveLength(1)
  })

  it("B-CONGREGATION-01 R-BUILDER-11 a roster saying it is a Congregation is not founded as a Refuge, nor the reverse", async () => {
    const wrong = await call("POST", "/v1/refuges", { roster: congregationRoster }, ann)
    expectError(wrong, 422, "rules_violated")
    expect(wrong.body.error.details).toEqual([
      {
        path: "roster.kind",
        message:
          'this roster is a congregation: found it as one (POST /v1/congregations, GraphQL foundCongregation), or drop "kind"',
        clause: "B-CONGREGATION-01",
      },
    ])
    const reverse = await call(
      "POST",
      "/v1/congregations",
      { roster: { ...refugeRoster, kind: "refuge" } },
      ann,
    )
    expect(reverse.body.error.details.map((d: any) => d.path)).toEqual(["roster.kind"])
    expect((await call("GET", "/v1/refuges", undefined, ann)).body.items).toHaveLength(1)
  })

  it("GET /v1/refuges lists only the caller's; another player's Refuge is a 403, an unknown one a 404", async () => {
    expect((await call("GET", "/v1/refuges", undefined, ann)).body.items.map((r: any) => r.id)).toEqual([id])
    expect((await call("GET", "/v1/refuges", undefined, bob)).body.items).toEqual([])
    expect((await call("GET", `/v1/refuges/${id}`, undefined, ann)).status).toBe(200)
    expectError(await call("GET", `/v1/refuges/${id}`, undefined, bob), 403, "forbidden")
    expectError(await call("GET", `/v1/refuges/${id}/ledger`, undefined, bob), 403, "forbidden")
    expectError(
      await call("POST", `/v1/refuges/${id}/market-trips`, { version: 1, orders: [] }, bob),
      403,
      "forbidden",
    )
    expectError(await call("GET", "/v1/refuges/no-such-id", undefined, ann), 404, "not_found")
  })

  it("B-FOUNDING-10 the Ledger: every entry, and the stores it folds to", async () => {
    const r = await call("GET", `/v1/refuges/${id}/ledger`, undefined, ann)
    expect(r.status).toBe(200)
    const salvage = r.body.entries
      .filter((e: any) => e.store === "salvage")
      .reduce((a: number, e: any) => a + e.amount, 0)
    expect(salvage).toBe(r.body.stores.salvage)
  })

  it("B-MARKET-04 B-ERRAND-03 a Market trip, all or nothing, versioned: a stale version is a 409", async () => {
    // Wharfside kept 9 Salvage: 3 Reloads (12) are too dear, and the whole trip is refused
    const broke = await call(
      "POST",
      `/v1/refuges/${id}/market-trips`,
      { version: 1, orders: [{ buy: { kind: "kit", id: "flare" } }, { buyReloads: 3 }] },
      ann,
    )
    expectError(broke, 422, "rules_violated")
    expect(broke.body.error.details[0]).toEqual({
      path: "orders[1]",
      message: 'not enough salvage for "bought 3 Reload(s) at the Market": 7 in the stores, 12 needed',
      clause: "B-MARKET-01",
    })
    expect((await call("GET", `/v1/refuges/${id}`, undefined, ann)).body.version).toBe(1)
    const ok = await call(
      "POST",
      `/v1/refuges/${id}/market-trips`,
      { version: 1, orders: [{ buy: { kind: "kit", id: "flare" } }], seed: 3 },
      ann,
    )
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body.version).toBe(2)
    expect(ok.body.refuge.stash.kit).toEqual(["flare"])
    expect(ok.body.trip.lines[0]).toMatchObject({ done: true })
    expectError(
      await call("POST", `/v1/refuges/${id}/market-trips`, { version: 1, orders: [] }, ann),
      409,
      "conflict",
    )
    expectError(
      await call("POST", `/v1/refuges/${id}/market-trips`, { version: 2, orders: [{ fly: true }] }, ann),
      400,
      "bad_request",
    )
  })

  it("B-CONGREGATION-03 the Congregation endpoints: founded with every member at 3 Blight", async () => {
    const r = await call("POST", "/v1/congregations", { roster: congregationRoster, seed: 5 }, ann)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.refuge.kind).toBe("congregation")
    for (const m of r.body.refuge.survivors) expect(m.blight).toBe(3)
    expect((await call("GET", "/v1/congregations", undefined, ann)).body.items).toHaveLength(1)
    expect((await call("GET", "/v1/refuges", undefined, ann)).body.items).toHaveLength(1)
    expectError(await call("GET", `/v1/refuges/${r.body.id}`, undefined, ann), 404, "not_found")
    expect((await call("GET", `/v1/congregations/${r.body.id}/ledger`, undefined, ann)).status).toBe(200)
    const reloads = await call(
      "POST",
      `/v1/congregations/${r.body.id}/market-trips`,
      { version: 1, orders: [{ buyReloads: 1 }] },
      ann,
    )
    expectError(reloads, 422, "rules_violated")
    expect(reloads.body.error.details[0].clause).toBe("B-CONGREGATION-08")
  })
})

describe("the HTTP edges", () => {
  it("unknown routes are 404, wrong methods 405, and /health answers", async () => {
    expectError(await call("GET", "/v2/anything"), 404, "not_found")
    const m = await call("DELETE", "/v1/players")
    expectError(m, 405, "method_not_allowed")
    expect(m.headers.get("allow")).toBe("POST")
    expect((await call("GET", "/health")).body).toEqual({ status: "ok", database: "sqlite" })
  })

  it("a body over the limit is a 413", async () => {
    const big = JSON.stringify({ name: "x".repeat(1_100_000) })
    expectError(await call("POST", "/v1/players", big), 413, "payload_too_large")
  })

  it("garbage never gives a 500", async () => {
    const bodies = [
      "null",
      "[]",
      "1",
      '"x"',
      '{"roster":null}',
      '{"roster":{"survivors":[null]}}',
      '{"version":"1","orders":{}}',
    ]
    for (const b of bodies) {
      for (const path of [
        "/v1/players",
        "/v1/refuges",
        "/v1/dice/roll",
        "/v1/odds/pool",
        "/v1/packs",
        `/v1/congregations`,
      ]) {
        const r = await call("POST", path, b, ann)
        expect(r.status, `${path} ${b} → ${JSON.stringify(r.body)}`).toBeLessThan(500)
      }
    }
    expect(logs.filter((l) => /internal error/.test(l))).toEqual([])
  })

  it("the rate limit answers 429 with Retry-After", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-rate-"))
    const s = await startServer({
      ...defaults,
      port: 0,
      databaseUrl: `file:${join(dir, "api.db")}`,
      rateLimit: { ...defaults.rateLimit, requests: 3, windowMs: 60_000 },
    })
    try {
      const codes: number[] = []
      let last: Response | undefined
      for (let i = 0; i < 5; i++) {
        last = await fetch(`${s.url}/v1/content/seasons`)
        codes.push(last.status)
      }
      expect(codes).toEqual([200, 200, 200, 429, 429])
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0)
      expect((await last!.json()).error.code).toBe("rate_limited")
      // on /graphql the same refusal comes shaped as a GraphQL answer
      const g = await fetch(`${s.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ health }" }),
      })
      expect(g.status).toBe(429)
      expect((await g.json()).errors[0].extensions).toMatchObject({ code: "rate_limited", status: 429 })
    } finally {
      await s.close()
    }
  })
})
