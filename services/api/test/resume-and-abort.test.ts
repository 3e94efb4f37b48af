/**
 * Two edges of a request, on every database available: a live stream's Last-Event-ID is held to
 * the same rule as its `?after=` (a junk value is the same 400, naming the header, never a replay
 * of the whole log), and a client that closes its connection mid-request is logged as a client
 * abort at info level, never as an internal error.
 */
import { connect as connectSocket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openApiDocument } from "../src/index.js"
import { playerWith, raidBetween, type Seated, unlimited } from "./support/raids.js"
import {
  client,
  databaseKinds,
  makeDatabase,
  type Running,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

/** Values a Last-Event-ID (or ?after=) must not pass with: not a whole number from 0 to 10,000,000. */
const JUNK = ["abc", "-1", "1e309", "1.5", "10000001", ""]

describe.each(databaseKinds())("Last-Event-ID and client aborts on %s", (kind) => {
  let db: TestDatabase
  let server: Running
  let a: Seated
  let streams: string[]

  /** Opens a stream and reads only its status and body when refused (a 200 is cancelled at once). */
  const open = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${a.key}`, ...headers } })
    if (res.status === 200) {
      await res.body?.cancel()
      return { status: 200, body: undefined }
    }
    // biome-ignore lint/suspicious/noExplicitAny: the assertions are the checks on these bodies
    return { status: res.status, body: (await res.json()) as any }
  }

  beforeAll(async () => {
    db = await makeDatabase(kind)
    server = await startTestServer(db.url, unlimited)
    const api = client(server.url)
    a = await playerWith(api, "Ada", "refuge")
    const b = await playerWith(api, "Bea", "congregation")
    const raid = await raidBetween(api, a, b)
    const campaign = await api.post(
      "/v1/campaigns",
      { members: [{ refuge: a.refuge }, { player: b.id }] },
      a.key,
    )
    expect(campaign.status).toBe(201)
    streams = [`/v1/raids/${raid.id}/stream`, `/v1/campaigns/${campaign.body.id}/stream`]
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("a junk Last-Event-ID is the same 400 as the same ?after=, naming the header", async () => {
    for (const path of streams)
      for (const junk of JUNK) {
        const viaQuery = await open(`${path}?after=${encodeURIComponent(junk)}`)
        const viaHeader = await open(path, { "last-event-id": junk })
        expect(viaQuery.status, `${path} ?after=${junk}`).toBe(400)
        expect(viaHeader.status, `${path} Last-Event-ID: ${junk}`).toBe(400)
        expect(viaHeader.body.error.code).toBe(viaQuery.body.error.code)
        expect(viaQuery.body.error.details.map((d: { path: string }) => d.path)).toEqual(["after"])
        expect(viaHeader.body.error.details.map((d: { path: string }) => d.path)).toEqual(["Last-Event-ID"])
        expect(viaHeader.body.error.message).toBe("the Last-Event-ID header does not match the schema")
      }
    // A long one is refused too, not cut down to a number that passes.
    const long = await open(streams[0]!, { "last-event-id": `1${"0".repeat(60)}` })
    expect(long.status).toBe(400)
    expect(server.logged).toEqual([])
  }, 60_000)

  it("a valid Last-Event-ID still resumes, and wins over ?after=", async () => {
    for (const path of streams) {
      expect((await open(path, { "last-event-id": "1" })).status).toBe(200)
      expect((await open(`${path}?after=abc`, {})).status).toBe(400)
      expect((await open(`${path}?after=0`, { "last-event-id": "0" })).status).toBe(200)
    }
  })

  it("the document declares Last-Event-ID on both streams, with ?after='s schema", () => {
    const doc = openApiDocument()
    for (const path of ["/v1/raids/{id}/stream", "/v1/campaigns/{id}/stream"]) {
      // biome-ignore lint/suspicious/noExplicitAny: reading the parameters the document lists
      const params = (doc.paths?.[path]?.get?.parameters ?? []) as any[]
      const header = params.find((p) => p.in === "header" && p.name === "Last-Event-ID")
      const after = params.find((p) => p.in === "query" && p.name === "after")
      expect(header, path).toBeDefined()
      expect(header.required).toBe(false)
      expect(header.schema).toEqual(after.schema)
    }
  })

  it("a client that closes the connection mid-request is an info line, not an internal error", async () => {
    const before = server.informed.length
    const cut = (path: string, head: string, part: string) =>
      new Promise<void>((resolve, reject) => {
        const socket = connectSocket(server.port, "127.0.0.1", () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${head}\r\n${part}`,
          )
          // Long enough for the server to start reading the body; then the client is gone.
          setTimeout(() => {
            socket.destroy()
            resolve()
          }, 300)
        })
        socket.on("error", reject)
      })
    await cut("/v1/players", "content-length: 100\r\n", '{"name":')
    await cut("/graphql", "content-length: 100\r\n", '{"query":')
    await cut("/v1/players", "transfer-encoding: chunked\r\n", '5\r\n{"nam\r\n')
    // Bounded: the server hears of each close within a moment.
    for (let i = 0; i < 50 && server.informed.length < before + 3; i++)
      await new Promise((r) => setTimeout(r, 100))
    const lines = server.informed.slice(before)
    expect(lines).toHaveLength(3)
    for (const line of lines)
      expect(line).toMatch(/^\[[0-9a-f-]{36}\] client aborted: POST \/(v1\/players|graphql): /)
    expect(server.logged).toEqual([])
    // And the server goes on answering.
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
  }, 30_000)
})
