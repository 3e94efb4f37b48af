/**
 * The embedded SQLite connection behaves the same whichever driver this runtime gets (node:sqlite on
 * Node 24, better-sqlite3 on Node 20; .ci/run runs this file on both): what kysely reads from a
 * statement: reader or not, rows as plain objects, changes and row ids. Which driver is chosen is
 * tested too: better-sqlite3 12 on Node 24 aborts the process when the garbage collector frees a
 * statement (src/db/sqlite.ts), at a moment no test can force, so Node 24 must never load it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { openSqlite } from "../src/db/sqlite.js"

const dir = mkdtempSync(join(tmpdir(), "blight-sqlite-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("the SQLite connection", () => {
  it("uses node:sqlite where the runtime has it, better-sqlite3 otherwise", () => {
    const db = openSqlite(join(dir, "driver.db"))
    const builtin = typeof process.getBuiltinModule?.("node:sqlite") === "object"
    expect(db.driver).toBe(builtin ? "node:sqlite" : "better-sqlite3")
    db.close()
  })

  it("answers kysely's questions alike: reader, rows, changes, row ids", () => {
    const db = openSqlite(join(dir, "alike.db"))
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL)")
    const insert = db.prepare("INSERT INTO t (name, score) VALUES (?, ?)")
    expect(insert.reader).toBe(false)
    expect(insert.run(["a", 1.5])).toEqual({ changes: 1, lastInsertRowid: 1 })
    const returning = db.prepare("INSERT INTO t (name, score) VALUES (?, ?) RETURNING id")
    expect(returning.reader).toBe(true)
    expect(returning.all(["b", null])).toStrictEqual([{ id: 2 }])
    const select = db.prepare("SELECT id, name, score FROM t WHERE id >= ? ORDER BY id")
    expect(select.reader).toBe(true)
    const rows = [
      { id: 1, name: "a", score: 1.5 },
      { id: 2, name: "b", score: null },
    ]
    expect(select.all([1])).toStrictEqual(rows)
    expect([...select.iterate([1])]).toStrictEqual(rows)
    expect(db.prepare("UPDATE t SET score = 0").run([])).toEqual({ changes: 2, lastInsertRowid: 2 })
    db.close()
  })
})
