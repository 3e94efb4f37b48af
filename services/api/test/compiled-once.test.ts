/**
 * Hot queries compiled once (src/db/compiledOnce.ts) answer exactly what the query built anew would,
 * for each call's own parameters, on either database; a query that would bind its parameters in
 * another order is refused the first time, never run with the wrong values.
 */
import { afterAll, describe, expect, it } from "vitest"
import { compiledOnce } from "../src/db/compiledOnce.js"
import { connect } from "../src/db/connect.js"
import { databaseKinds, makeDatabase } from "./support/server.js"

describe.each(databaseKinds())("queries compiled once (%s)", (kind) => {
  const opened: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const close of opened) await close()
  })
  const open = async () => {
    const database = await makeDatabase(kind)
    const db = await connect(database.url)
    opened.push(async () => {
      await db.close()
      await database.drop()
    })
    await db.db
      .insertInto("players")
      .values([
        { id: "p1", name: "Ash", created_at: "2026-01-01" },
        { id: "p2", name: "Birch", created_at: "2026-01-02" },
      ])
      .execute()
    return db.db
  }

  it("binds each call's parameters to the one compiled query", async () => {
    const db = await open()
    const byName = compiledOnce(
      (q: typeof db, name: string) => q.selectFrom("players").select(["id"]).where("name", "=", name),
      ["name"],
    )
    expect(await byName(db, "Birch")).toEqual([{ id: "p2" }])
    expect(await byName(db, "Ash")).toEqual([{ id: "p1" }])
    expect(await byName(db, "nobody")).toEqual([])
  })

  it("refuses a query whose parameters are not its own, in order", async () => {
    const db = await open()
    const swapped = compiledOnce(
      (q: typeof db, a: string, b: string) =>
        q.selectFrom("players").select(["id"]).where("name", "=", b).where("id", "=", a),
      ["a", "b"],
    )
    await expect(swapped(db, "p1", "Ash")).rejects.toThrow(/does not take its parameters in order/)
  })

  it("never sees what an open transaction has written and not committed (SQLite's reads around kysely's queue wait for it)", async () => {
    const db = await open()
    const byName = compiledOnce(
      (q: typeof db, name: string) => q.selectFrom("players").select(["id"]).where("name", "=", name),
      ["name"],
    )
    let committed = false
    let seenBeforeCommit: unknown[] | undefined
    let pending: Promise<unknown[]> | undefined
    await db.transaction().execute(async (tx) => {
      await tx.insertInto("players").values({ id: "p3", name: "Cedar", created_at: "2026-01-03" }).execute()
      pending = byName(db, "Cedar").then((rows) => {
        if (!committed) seenBeforeCommit = rows
        return rows
      })
      // Let a read that went around the transaction finish before it commits.
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    committed = true
    const rows = await pending!
    // Read before the commit: it must not see the row; read after: it must.
    if (seenBeforeCommit !== undefined) expect(seenBeforeCommit).toEqual([])
    else expect(rows).toEqual([{ id: "p3" }])
  })
})
