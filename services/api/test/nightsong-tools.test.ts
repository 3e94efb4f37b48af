/**
 * Nightsong's key-free tools over REST: a creature converted from another system (the library's
 * conversion, as the CLI runs it), a roll on any table by id (seeded: the same seed, the same roll),
 * and a saved Land advanced by sessions (the same answer as advancing it where it was made).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Conversion, Tables } from "@blight/nightsong"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  client,
  REPO_ROOT,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

let db: TestDatabase
let server: Running
let api: ReturnType<typeof client>
beforeAll(async () => {
  db = sqliteDatabase()
  server = await startTestServer(db.url)
  api = client(server.url)
})
afterAll(async () => {
  await server?.close()
  await db?.drop()
})

const block = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, "examples/nightsong", file), "utf8"))

describe("Nightsong's tools over HTTP", () => {
  it("N-CONVERSION-02 N-CONVERSION-03 POST /v1/nightsong/conversions converts as the library does", async () => {
    const goblin = block("mork-borg-goblin.json")
    const r = await api.post("/v1/nightsong/conversions", { from: "mork-borg", block: goblin })
    expect(r.status).toBe(200)
    expect(r.body).toEqual(JSON.parse(JSON.stringify(Conversion.convert("mork-borg", goblin))))
    expect(r.body.resolve).toBe(50)
    expect(r.body.armor).toBe("d4")
    for (const [from, file] of [
      ["cairn", "cairn-wolf.json"],
      ["knave", "knave-ogre.json"],
      ["ose", "ose-hobgoblin.json"],
      ["dcc", "dcc-cultist.json"],
    ])
      expect((await api.post("/v1/nightsong/conversions", { from, block: block(file) })).status).toBe(200)
  })

  it("N-CONVERSION-03 a stat block that cannot be converted is a 400 naming the path; an unknown system too", async () => {
    const bad = await api.post("/v1/nightsong/conversions", {
      from: "mork-borg",
      block: { ...block("mork-borg-goblin.json"), hp: -2 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details[0].path).toMatch(/hp/)
    const system = await api.post("/v1/nightsong/conversions", { from: "gurps", block: {} })
    expect(system.status).toBe(400)
    expect(system.body.error.details[0].path).toBe("from")
  })

  it("N-TABLE-02 POST /v1/nightsong/tables/{id}/rolls rolls any table, seeded; a 1D6 or 1D20 table's row is the face", async () => {
    for (const id of ["spark", "full-name", Tables.rollableIds[0]!]) {
      const a = await api.post(`/v1/nightsong/tables/${id}/rolls`, { seed: 12 })
      expect(a.status).toBe(200)
      expect(a.body).toMatchObject({ seed: 12, id })
      expect((await api.post(`/v1/nightsong/tables/${id}/rolls`, { seed: 12 })).body).toEqual(a.body)
    }
    for (const t of Tables.rollables.filter((r) => r.die === "1d6" || r.die === "1d20").slice(0, 6))
      for (const seed of [1, 2, 3]) {
        const r = (await api.post(`/v1/nightsong/tables/${t.id}/rolls`, { seed })).body
        expect(r.row).toBe(r.roll)
      }
    const fresh = await api.post("/v1/nightsong/tables/spark/rolls", {})
    expect(Number.isInteger(fresh.body.seed)).toBe(true)
    expect((await api.post("/v1/nightsong/tables/no-such-table/rolls", {})).status).toBe(404)
  })

  it("N-FACTION-06 a saved Land sent back is advanced by sessions: the same as advancing it where it was made", async () => {
    const made = (await api.post("/v1/nightsong/worlds", { seed: 5 })).body
    const advanced = await api.post("/v1/nightsong/worlds", { seed: 8, land: made.world, sessions: 3 })
    expect(advanced.status).toBe(200)
    expect(advanced.body.world.session).toBe(made.world.session + 3)
    expect(advanced.body.world.hexes).toEqual(made.world.hexes)
    const again = await api.post("/v1/nightsong/worlds", { seed: 8, land: made.world, sessions: 3 })
    expect(again.body).toEqual(advanced.body)
    const broken = await api.post("/v1/nightsong/worlds", { land: { ...made.world, hexes: [] } })
    expect(broken.status).toBe(400)
    expect(broken.body.error.details[0].path).toMatch(/hexes/)
  })
})
