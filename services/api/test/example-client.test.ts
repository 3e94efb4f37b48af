/**
 * The example clients in examples/http-client run, as child processes, against a real server on a
 * random loopback port, and do what their README says.
 */
import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fromEnv } from "../src/index.js"
import { unlimited } from "./support/raids.js"
import {
  client,
  REPO_ROOT,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

const run = (script: string, baseUrl: string) =>
  promisify(execFile)(process.execPath, [join(REPO_ROOT, "examples/http-client", script)], {
    env: { ...process.env, BLIGHT_API: baseUrl },
    timeout: 150_000,
    encoding: "utf8",
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? -1,
      stdout: e.stdout ?? "",
      stderr: e.stderr ?? "",
    }),
  )

describe("examples/http-client", () => {
  let db: TestDatabase
  let server: Running
  beforeAll(async () => {
    db = sqliteDatabase()
    // The budget `npm start` gives a server on 127.0.0.1 (RATE_LIMIT_REQUESTS unset): the two
    // scripts, run one after the other below as a reader of the README runs them, must not wait.
    server = await startTestServer(db.url, { rateLimit: fromEnv({ HOST: "127.0.0.1" }).rateLimit })
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it.each(["rest.mjs", "graphql.mjs"])(
    "%s registers, founds the example Refuge, reads its Ledger, buys Reloads at the Market, plays a raid with a second player, then a campaign, then a Nightsong fight with three keys, without waiting",
    async (script) => {
      const r = await run(script, server.url)
      expect(r.stderr).toBe("")
      expect(r.code, r.stdout).toBe(0)
      // never answered 429 (the script says so each time it waits), though run right after the other
      expect(r.stdout).not.toContain("the server asks to wait")
      expect(r.stdout).toContain(`Blight Rules API at ${server.url}`)
      expect(r.stdout).toMatch(/1\. Registered Example client/)
      expect(r.stdout).toMatch(
        /2\. Founded Wharfside at the corner-shop with 5 survivors \(id [0-9a-f-]{36}, version 1/,
      )
      expect(r.stdout).toMatch(/3\. Ledger: \d+ entries; stores: salvage 9,/)
      expect(r.stdout).toContain("150 salvage  founding budget (B-FOUNDING-01)")
      expect(r.stdout).toMatch(/4\. Market trip \(seed \d+\); the Refuge is now at version 2/)
      expect(r.stdout).toContain("- buy 2 Reload(s): done")
      expect(r.stdout).toContain("stores: salvage 1, reloads 2,")
      // Then a raid between two players, each with their own key, played to its end.
      expect(r.stdout).toMatch(
        /5\. Raid [0-9a-f-]{36}: wharfside against the-gardeners-of-carrow-fields \(cache\)/,
      )
      expect(r.stdout).toMatch(/6\. The raid is over after \d+ commands and \d+ events/)
      expect(r.stdout).toMatch(/- wharfside: (win|draw|loss)/)
      expect(r.stdout).toMatch(
        /7\. Campaign [0-9a-f-]{36}: raid [0-9a-f-]{36} folded in, \d+ Aftermath choices made; [a-z-]+, between/,
      )
      expect(r.stdout).toMatch(/ {3}Wharfside: [013] points \([01]-[01]-[01]\), \d+ XP/)
      // Then a Nightsong session: a Referee and two players, three keys, to a fight's end, followed.
      const ns =
        /8\. Nightsong game [0-9a-f-]{36}: the fight is over after (\d+) commands, (\d+) events \(hash [0-9a-f]+\); (?:the stream|the subscription) heard (\d+)/.exec(
          r.stdout,
        )
      expect(ns, r.stdout).not.toBeNull()
      expect(Number(ns![1])).toBeGreaterThan(6)
      expect(Number(ns![3])).toBe(Number(ns![2]))
      expect(r.stdout).toMatch(/ {3}- g1 \(Goblin\): (takenOut|routed|deserted|active)/)
      // nothing went wrong on the server's side either
      expect(server.logged).toEqual([])
    },
    180_000,
  )

  it("both exit 1 and say so when no server is listening", async () => {
    const gone = sqliteDatabase()
    const closed = await startTestServer(gone.url)
    const url = closed.url
    await closed.close()
    await gone.drop()
    for (const script of ["rest.mjs", "graphql.mjs"]) {
      const r = await run(script, url)
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(`cannot reach the Blight API at ${url} (ECONNREFUSED)`)
    }
    // the server under test is untouched
    expect((await client(server.url).get("/health")).status).toBe(200)
  })

  it.each(["rest.mjs", "graphql.mjs"])(
    "%s waits as long as a 429's Retry-After asks, and carries on",
    async (script) => {
      // A budget the run spends many times over, in a one-second window: every 429 says
      // Retry-After: 1, and the script must wait it out and go on to the end. 30 a second: a
      // loaded machine's client (under 50 a second) still meets the limit.
      const db = sqliteDatabase()
      const tight = await startTestServer(db.url, {
        rateLimit: { ...unlimited.rateLimit, requests: 30, windowMs: 1000 },
      })
      try {
        const r = await run(script, tight.url)
        expect(r.stderr).toBe("")
        expect(r.code, r.stdout).toBe(0)
        expect(r.stdout).toContain("(the server asks to wait 1s: too many requests)")
        expect(r.stdout).toMatch(/7\. Campaign [0-9a-f-]{36}: raid/)
      } finally {
        await tight.close()
        await db.drop()
      }
    },
    180_000,
  )
})
