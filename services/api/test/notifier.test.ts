/**
 * The notices that wake live streams on every instance (services/api/src/live/Notifier.ts): on
 * PostgreSQL through LISTEN/NOTIFY between two instances' notifiers, surviving a dropped listening
 * connection; on SQLite in-process plus a poll.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHANNEL, localNotifier, type Notifier, noticeOf, postgresNotifier } from "../src/live/Notifier.js"
import { makeDatabase, postgresServer, type TestDatabase } from "./support/server.js"

/** Resolves with the wakes a listener has seen once `n` have arrived (or rejects after 5 s). */
const collect = (notifier: Notifier, stream: string) => {
  const seen: Array<number | undefined> = []
  let waiting: { n: number; resolve: () => void } | undefined
  const off = notifier.listen(stream, (s) => {
    seen.push(s)
    if (waiting && seen.length >= waiting.n) waiting.resolve()
  })
  return {
    seen,
    off,
    until: (n: number) =>
      new Promise<void>((resolve, reject) => {
        if (seen.length >= n) return resolve()
        const t = setTimeout(() => reject(new Error(`saw ${JSON.stringify(seen)}, wanted ${n}`)), 5000)
        waiting = {
          n,
          resolve: () => {
            clearTimeout(t)
            resolve()
          },
        }
      }),
  }
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms))

describe.runIf(postgresServer())("live notices on PostgreSQL (LISTEN/NOTIFY)", () => {
  let db: TestDatabase
  let sql: pg.Client
  let a: Notifier
  let b: Notifier
  beforeAll(async () => {
    db = await makeDatabase("postgres")
    sql = new pg.Client({ connectionString: db.url })
    await sql.connect()
    a = postgresNotifier(db.url)
    b = postgresNotifier(db.url)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await sql?.end()
    await db?.drop()
  })
  const notify = (stream: string, seq: number) =>
    sql.query("select pg_notify($1, $2)", [CHANNEL, noticeOf(stream, seq)])

  it("a notice committed through one connection wakes the listeners of that stream on every instance, no other", async () => {
    const onA = collect(a, "raid-1")
    const onB = collect(b, "raid-1")
    const other = collect(b, "raid-2")
    await onA.until(1) // the first LISTEN connection asks everyone to catch up
    await onB.until(1)
    onA.seen.length = 0
    onB.seen.length = 0
    other.seen.length = 0
    await sql.query("begin")
    await notify("raid-1", 4)
    await settle()
    expect(onB.seen).toEqual([]) // not before the commit
    await sql.query("commit")
    await onA.until(1)
    await onB.until(1)
    expect(onA.seen).toEqual([4])
    expect(onB.seen).toEqual([4])
    expect(other.seen).toEqual([])
    // A rolled-back append notifies no one.
    await sql.query("begin")
    await notify("raid-1", 5)
    await sql.query("rollback")
    await settle()
    expect(onB.seen).toEqual([4])
    for (const l of [onA, onB, other]) l.off()
  })

  it("a listening connection the server ends is reopened, and its listeners are told to catch up", async () => {
    const onB = collect(b, "raid-3")
    await settle()
    onB.seen.length = 0
    await sql.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'blight-live' and datname = current_database()",
    )
    await onB.until(1)
    expect(onB.seen[0]).toBeUndefined() // catch up: notices sent while away are gone
    await notify("raid-3", 9)
    await onB.until(2)
    expect(onB.seen.at(-1)).toBe(9)
    onB.off()
  })
})

describe("live notices on SQLite (in-process, polled)", () => {
  it("wakes this process's listeners at once, and polls while anyone listens", async () => {
    const n = localNotifier(50)
    const l = collect(n, "raid-1")
    n.committed("raid-1", 2)
    expect(l.seen[0]).toBe(2)
    await l.until(3) // the poll wakes it with no sequence: another process may have appended
    expect(l.seen.slice(1).every((s) => s === undefined)).toBe(true)
    l.off()
    await n.close()
  })
})
