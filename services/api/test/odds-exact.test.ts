/**
 * The odds and roll routes as an outsider checks them: answers against every face combination
 * (the dice package's brute force), bounds refused naming the field and the rule, GraphQL equal
 * to REST, and a seeded roll giving the dice the library and the CLI give for that seed.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Pool, seeded } from "@blight/dice"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// The brute force of a Fight with Blight dice on either side, and a mean.
import * as Brute from "../../../packages/dice/test/enumerate.js"
import { dist, pool, same, tally, through } from "../../../packages/dice/test/enumerate.js"
import { defaults, startServer } from "../src/index.js"

let server: Awaited<ReturnType<typeof startServer>>

// biome-ignore lint/suspicious/noExplicitAny: the assertions are the type check
const post = async (path: string, body: unknown): Promise<{ status: number; body: any }> => {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "blight-odds-"))
  server = await startServer(
    { ...defaults, port: 0, databaseUrl: `file:${join(dir, "api.db")}` },
    { log: () => {} },
  )
})
afterAll(async () => {
  await server.close()
})

describe("odds routes, exactly", () => {
  it("B-DICE-07 B-BLIGHTDICE-03 R-DICE-01 POST /v1/odds/pool: a desperate pool and an all-Blight pool are every face combination", async () => {
    for (const [d, b] of [
      [-1, 0],
      [0, 3],
      [3, 1],
    ] as const) {
      const r = await post("/v1/odds/pool", { dice: d, blightDice: b })
      expect(r.status).toBe(200)
      const p = pool(d, b)
      same(r.body.successes, dist(tally(p.n, p.successes)), `pool ${d} +${b} successes`)
      same(r.body.crits, dist(tally(p.n, p.crits)), `pool ${d} +${b} crits`)
      if (b > 0) same(r.body.blight, dist(tally(p.n, p.blight)), `pool ${d} +${b} Blight`)
    }
  })

  it("B-SHOOT-08 B-ARMOUR-02 B-ARMOUR-03 R-DICE-04 POST /v1/odds/shoot: Armour above the hits, with a Helmet, and Damage 0", async () => {
    for (const [d, a, helmet, damage] of [
      [3, 4, true, 2],
      [3, 1, false, 0],
    ] as const) {
      const r = await post("/v1/odds/shoot", { dice: d, armour: a, helmet, damage })
      const p = pool(d, 0)
      const hits = tally(p.n + a, (f) =>
        through(p.successes(f.slice(0, d)), p.crits(f.slice(0, d)), f.slice(d), helmet),
      )
      const want = new Map<number, number>()
      for (const [h, q] of hits) want.set(h * damage, (want.get(h * damage) ?? 0) + q)
      same(r.body.damage, dist(want), `shoot ${d} vs ${a}`)
    }
  })

  it("B-FIGHT-01 B-FIGHT-05 B-FIGHT-06 R-DICE-05 POST /v1/odds/fight: a Down defender is Finished for certain; no defender and not Down is refused", async () => {
    const down = await post("/v1/odds/fight", { attacker: 3, defenderDown: true })
    expect(down.status).toBe(200)
    expect([down.body.attackerWins, down.body.tie, down.body.defenderWins]).toEqual([1, 0, 0])
    const missing = await post("/v1/odds/fight", { attacker: 3 })
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toMatch(/B-FIGHT-01/)
    expect(missing.body.error.details[0].path).toBe("defender")
  })

  it.each([
    [2, 1, 1, 2],
    [0, 3, 1, 0],
    [-1, 0, 2, 3],
  ])(
    "B-BLIGHTDICE-01 B-BLIGHTDICE-02 B-BLIGHTDICE-03 POST /v1/odds/fight attacker %i + %i Blight dice vs defender %i + %i: every face combination, and each side's expected Blight",
    async (a, ab, d, db) => {
      const r = await post("/v1/odds/fight", {
        attacker: a,
        attackerBlight: ab,
        defender: d,
        defenderBlight: db,
      })
      expect(r.status).toBe(200)
      Brute.sameFight(r.body, Brute.fight(a, ab, d, db), `fight ${a} +${ab} vs ${d} +${db}`)
    },
  )

  it("B-BLIGHTDICE-03 POST /v1/odds/shoot with Blight dice says the Blight the shooter expects; without, the answer is as before", async () => {
    const r = await post("/v1/odds/shoot", { dice: 1, blightDice: 3, armour: 1 })
    const p = pool(1, 3)
    expect(Math.abs(r.body.meanBlight - Brute.meanOf(tally(p.n, p.blight)))).toBeLessThan(1e-12)
    expect(Object.keys((await post("/v1/odds/shoot", { dice: 1, armour: 1 })).body)).toEqual([
      "damage",
      "mean",
    ])
    expect((await post("/v1/odds/fight", { attacker: 1, defender: 1 })).body.meanBlight).toBeUndefined()
  })

  it("B-FIGHT-05 B-BLIGHTDICE-01 POST /v1/odds/fight: Blight dice for a Down defender are a 400 naming defenderBlight and B-FIGHT-05; the attacker's are rolled", async () => {
    const r = await post("/v1/odds/fight", { attacker: 3, defenderDown: true, defenderBlight: 1 })
    expect(r.status).toBe(400)
    expect(r.body.error.details[0].path).toBe("defenderBlight")
    expect(r.body.error.details[0].message).toMatch(/a Down defender does not roll.*B-FIGHT-05/)
    const ok = await post("/v1/odds/fight", { attacker: 1, attackerBlight: 2, defenderDown: true })
    expect(ok.status).toBe(200)
    same(ok.body.margin, dist(tally(3, pool(1, 2).successes)), "the attacker's successes")
    expect([ok.body.attackerWins, ok.body.meanBlight.defender]).toEqual([1, 0])
  })

  it("B-FIGHT-05 POST /v1/odds/fight: Fight dice for a Down defender are a 400 naming defender, not silently ignored", async () => {
    const r = await post("/v1/odds/fight", { attacker: 3, defender: 2, defenderDown: true })
    expect(r.status).toBe(400)
    expect(r.body.error.details[0].path).toBe("defender")
    expect(r.body.error.details[0].message).toMatch(/a Down defender does not roll.*B-FIGHT-05/)
  })

  it.each([
    ["test", { dice: 3, target: 0 }, "target", /B-TEST-02/],
    ["fight", { attacker: 3, defender: 2, attackerBlight: 4 }, "attackerBlight", /B-BLIGHTDICE-01/],
    ["fight", { attacker: 3, defender: 2, defenderBlight: -1 }, "defenderBlight", /B-BLIGHTDICE-01/],
    ["shoot", { dice: 3, armour: 1, blightDice: 4 }, "blightDice", /B-BLIGHTDICE-01/],
    ["pool", { dice: 3, blightDice: 4 }, "blightDice", /B-BLIGHTDICE-01/],
    ["pool", { dice: 61 }, "dice", /B-DICE-07/],
    ["shoot", { dice: 3, armour: 21 }, "armour", /B-ARMOUR-01/],
    ["check", { ability: 1, dr: 61 }, "dr", /N-CHECK-01/],
  ])(
    "B-DICE-05 bounds: POST /v1/odds/%s %j is a 400 naming %s and the rule",
    async (kind, body, path, rule) => {
      const r = await post(`/v1/odds/${kind}`, body)
      expect(r.status).toBe(400)
      const detail = r.body.error.details.find((x: { path: string }) => x.path === path)
      expect(detail?.message).toMatch(rule)
    },
  )

  it("B-TEST-01 GraphQL oddsFight and oddsShoot answer what REST answers", async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ oddsFight(attacker: 3, defenderDown: true) { attackerWins tie defenderWins }
                  oddsShoot(dice: 3, armour: 1, damage: 0) { damage { value probability } mean } }`,
      }),
    })
    const { data } = (await res.json()) as { data: Record<string, unknown> }
    expect(data.oddsFight).toEqual({ attackerWins: 1, tie: 0, defenderWins: 0 })
    expect(data.oddsShoot).toEqual((await post("/v1/odds/shoot", { dice: 3, armour: 1, damage: 0 })).body)
  })

  it("B-BLIGHTDICE-01 B-BLIGHTDICE-03 GraphQL oddsFight takes each side's Blight dice and answers what REST answers; its bounds and a Down defender's are refused naming the rule", async () => {
    const gql = async (query: string) => {
      const res = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      })
      return (await res.json()) as {
        // biome-ignore lint/suspicious/noExplicitAny: the assertions are the type check
        data: any
        errors?: Array<{ extensions: { details: Array<{ path: string; message: string }> } }>
      }
    }
    const fields =
      "margin { value probability } attackerWins defenderWins tie mean meanBlight { attacker defender }"
    const { data } = await gql(
      `{ oddsFight(attacker: 2, attackerBlight: 1, defender: 1, defenderBlight: 2) { ${fields} } }`,
    )
    expect(data.oddsFight).toEqual(
      (await post("/v1/odds/fight", { attacker: 2, attackerBlight: 1, defender: 1, defenderBlight: 2 })).body,
    )
    const shoot = await gql(`{ oddsShoot(dice: 2, armour: 1, blightDice: 2) { meanBlight } }`)
    expect(shoot.data.oddsShoot.meanBlight).toBe(
      (await post("/v1/odds/shoot", { dice: 2, armour: 1, blightDice: 2 })).body.meanBlight,
    )
    for (const [args, path, rule] of [
      [
        "attacker: 2, defender: 1, attackerBlight: 4",
        "attackerBlight",
        /expected 0 to 3, got 4.*B-BLIGHTDICE-01/,
      ],
      [
        "attacker: 2, defenderDown: true, defenderBlight: 1",
        "defenderBlight",
        /a Down defender does not roll.*B-FIGHT-05/,
      ],
    ] as const) {
      const r = await gql(`{ oddsFight(${args}) { tie } }`)
      expect(r.data.oddsFight, args).toBeNull()
      const detail = r.errors?.[0]?.extensions.details.find((x) => x.path === path)
      expect(detail?.message, args).toMatch(rule)
    }
  })

  it("B-DICE-01 POST /v1/dice/roll with seed 7 rolls what Pool.rollPool(seeded(7), …) and `blight roll … --seed 7` roll", async () => {
    const r = await post("/v1/dice/roll", { kind: "pool", dice: 5, blightDice: 2, seed: 7 })
    expect(r.body).toMatchObject({ seed: 7, ...Pool.rollPool(seeded(7), { dice: 5, blightDice: 2 }) })
    // The faces `npx blight roll pool 5 --blight 2 --seed 7` prints: [2 4 3 2 4 3b 4b].
    expect(r.body.dice.map((d: { face: number }) => d.face)).toEqual([2, 4, 3, 2, 4, 3, 4])
  })
})
