import { sql } from "kysely"
import pg from "pg"
import { describe, expect, it } from "vitest"
import { connect } from "../src/db/connect.js"
import { postgresDatabase, postgresServer } from "./support/server.js"

const server = postgresServer()

describe.skipIf(!server)("the PostgreSQL pool", () => {
  it("survives the server ending its idle connections: the next query opens a new one", async () => {
    const database = await postgresDatabase(server!)
    const db = await connect(database.url)
    try {
      await sql`select 1`.execute(db.db)
      // What a restart or an administrator does to idle connections.
      const admin = new pg.Client({ connectionString: server })
      await admin.connect()
      try {
        const name = new URL(database.url).pathname.slice(1)
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [name],
        )
      } finally {
        await admin.end()
      }
      await new Promise((r) => setTimeout(r, 100))
      const r = await sql<{ n: number }>`select 2 as n`.execute(db.db)
      expect(r.rows[0]?.n).toBe(2)
    } finally {
      await db.close()
      await database.drop()
    }
  })
})
