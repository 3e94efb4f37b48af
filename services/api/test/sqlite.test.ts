/**
 * The embedded SQLite connection (better-sqlite3 13, one Node-API build for every supported Node):
 * what kysely reads from a statement: reader or not, rows as plain objects, changes and row ids.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { openSqlite } from "../src/db/sqlite.js"

const dir = mkdtempSync(join(tmpdir(), "blight-sqlite-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("the SQLite connection", () => {
  it("opens the file with better-sqlite3 on every supported Node", () => {
    const db = openSqlite(join(dir, "driver.db"))
    expect(db.driver).toBe("better-sqlite3")
    expect(db.idle()).toBe(true)
    db.exec("BEGIN")
    expect(db.idle()).toBe(false)
    db.exec("COMMIT")
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
