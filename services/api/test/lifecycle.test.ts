/**
 * An instance's life behind a load balancer (docs/deploy.md): `/health` (the process is up),
 * `/ready` (it can serve: the database answers and it is not shutting down), and a graceful
 * shutdown that answers the requests in flight before the database is closed.
 */
import { request } from "node:http"
import { describe, expect, it } from "vitest"
import { client, exampleRoster, sqliteDatabase, startTestServer } from "./support/server.js"

describe("health, readiness and graceful shutdown", () => {
  it("/health and /ready answer 200 on a running instance; /ready is 503 once it drains", async () => {
    const db = sqliteDatabase()
    const s = await startTestServer(db.url)
    try {
      expect(await client(s.url).get("/health")).toEqual({
        status: 200,
        body: { status: "ok", database: "sqlite" },
      })
      expect(await client(s.url).get("/ready")).toEqual({
        status: 200,
        body: { status: "ready", database: "sqlite" },
      })
      s.service.drain()
      expect(await client(s.url).get("/ready")).toEqual({
        status: 503,
        body: { status: "draining", database: "sqlite" },
      })
      // Draining changes nothing else: requests are still answered until the instance closes.
      expect((await client(s.url).post("/v1/players", { name: "Late" })).status).toBe(201)
    } finally {
      await s.close()
      await db.drop()
    }
  })

  it("a request in flight when shutdown starts is answered; new connections are refused", async () => {
    const db = sqliteDatabase()
    const s = await startTestServer(db.url)
    try {
      const key = (await client(s.url).post("/v1/players", { name: "Slow" })).body.apiKey
      const body = JSON.stringify({ roster: exampleRoster() })
      // Half a body sent, shutdown begun, then the rest: the answer still comes, and is a success.
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${s.url}/v1/refuges`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${key}`,
          },
        })
        req.on("response", (res) => {
          let text = ""
          res.on("data", (c) => (text += c))
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
        })
        req.on("error", reject)
        req.write(body.slice(0, 100))
        setTimeout(() => req.end(body.slice(100)), 300)
      })
      await new Promise((r) => setTimeout(r, 100))
      const closing = s.close()
      await new Promise((r) => setTimeout(r, 50))
      await expect(fetch(`${s.url}/health`)).rejects.toThrow()
      const done = await answer
      expect(done.status).toBe(201)
      expect(JSON.parse(done.text).id).toEqual(expect.any(String))
      await closing
    } finally {
      await db.drop()
    }
  })

  it("a database that stops answering makes /ready 503 while /health stays 200", async () => {
    const db = sqliteDatabase()
    const s = await startTestServer(db.url)
    try {
      // The service's own handle over a closed database: the process is alive, it cannot serve.
      await s.service.close()
      const ready = await s.service.handle(new Request("http://127.0.0.1/ready"), "127.0.0.1")
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: "database unreachable", database: "sqlite" })
      const health = await s.service.handle(new Request("http://127.0.0.1/health"), "127.0.0.1")
      expect(health.status).toBe(200)
    } finally {
      await new Promise<void>((resolve) => s.server.close(() => resolve()))
      await db.drop()
    }
  })
})
