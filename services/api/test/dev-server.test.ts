/**
 * The dev server's first hour: the fixed answers (the GraphiQL page, /openapi.json, /docs and its
 * assets) are sent compressed as Accept-Encoding asks, marked Vary: Accept-Encoding, and decompress
 * to the bytes sent uncompressed; and `.env` is read at start, a real environment variable winning.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadDotEnv } from "../src/dotenv.js"
import { encodingFor } from "../src/http/compressed.js"
import { type Running, sqliteDatabase, startTestServer, type TestDatabase } from "./support/server.js"

/** The raw answer (fetch would decompress it itself). */
const get = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on("error", reject)
    })
      .on("error", reject)
      .end()
  })

describe("encodingFor", () => {
  it("takes brotli, then gzip, as the client weighs them, else nothing", () => {
    expect(encodingFor("gzip, deflate, br")).toBe("br")
    expect(encodingFor("gzip")).toBe("gzip")
    expect(encodingFor("br;q=0.5, gzip")).toBe("gzip")
    expect(encodingFor("deflate")).toBe("identity")
    expect(encodingFor(undefined)).toBe("identity")
    expect(encodingFor("br;q=0, gzip;q=0")).toBe("identity")
    expect(encodingFor(`${"x, ".repeat(10_000)}gzip`)).toBe("identity") // bounded: the tail is not read
  })
})

describe("fixed answers, compressed", () => {
  let db: TestDatabase
  let s: Running
  beforeAll(async () => {
    db = sqliteDatabase()
    s = await startTestServer(db.url)
  })
  afterAll(async () => {
    await s.close()
    await db.drop()
  })

  const pages = [
    ["the GraphiQL page", "/graphql", "text/html"],
    ["the OpenAPI document", "/openapi.json", "application/json"],
    ["the docs page", "/docs", "text/html"],
    ["a docs asset", "/docs/swagger-ui-bundle.js", "*/*"],
  ] as const
  for (const [what, path, accept] of pages)
    it(`sends ${what} as brotli or gzip when asked, the same bytes`, async () => {
      const plain = await get(`${s.url}${path}`, { accept })
      expect(plain.status).toBe(200)
      expect(plain.headers["content-encoding"]).toBeUndefined()
      expect(plain.headers.vary).toBe("Accept-Encoding")
      const br = await get(`${s.url}${path}`, { accept, "accept-encoding": "gzip, deflate, br" })
      expect(br.headers["content-encoding"]).toBe("br")
      expect(br.headers.vary).toBe("Accept-Encoding")
      expect(br.body.byteLength).toBeLessThan(plain.body.byteLength)
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      const gz = await get(`${s.url}${path}`, { accept, "accept-encoding": "gzip" })
      expect(gz.headers["content-encoding"]).toBe("gzip")
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
      expect(Number(gz.headers["content-length"])).toBe(gz.body.byteLength)
    })

  it("leaves the API's own answers as they were", async () => {
    const health = await get(`${s.url}/health`, { "accept-encoding": "br" })
    expect(health.headers["content-encoding"]).toBeUndefined()
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: "ok" })
  })
})

describe(".env", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "blight-dotenv-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("sets what the environment does not, and nothing it does", () => {
    const file = join(dir, "set.env")
    writeFileSync(file, "# a comment\nPORT=4100\nHOST=0.0.0.0\nMETRICS_TOKEN='quoted secret'\n")
    const env: NodeJS.ProcessEnv = { PORT: "5000" }
    expect(loadDotEnv(file, env)).toEqual(["HOST", "METRICS_TOKEN"])
    expect(env).toEqual({ PORT: "5000", HOST: "0.0.0.0", METRICS_TOKEN: "quoted secret" })
  })

  it("is optional, and bounded", () => {
    expect(loadDotEnv(join(dir, "none.env"), {})).toBeUndefined()
    const big = join(dir, "big.env")
    writeFileSync(big, `A=${"x".repeat(70_000)}\n`)
    expect(() => loadDotEnv(big, {})).toThrow(/big\.env: larger than 65536 bytes/)
  })

  it("is read by `npm start` from the working directory, before the settings are checked", async () => {
    // A bad setting in the file stops the server at start, naming it; the same setting given in
    // the environment wins over the file (and RATE_LIMIT_WINDOW_MS, bad too, still stops it).
    writeFileSync(join(dir, ".env"), "MAX_BODY_BYTES=lots\nRATE_LIMIT_WINDOW_MS=soon\n")
    const main = join(import.meta.dirname, "../dist/main.js")
    const run = (env: NodeJS.ProcessEnv) =>
      promisify(execFile)(process.execPath, [main], { cwd: dir, env, timeout: 60_000 }).then(
        () => expect.fail("the server started"),
        (e: { code: number; stderr: string }) => e,
      )
    const fromFile = await run({ PATH: process.env.PATH })
    expect(fromFile.code).toBe(2)
    expect(fromFile.stderr).toContain("MAX_BODY_BYTES")
    expect(fromFile.stderr).toContain("RATE_LIMIT_WINDOW_MS")
    const envWins = await run({ PATH: process.env.PATH, MAX_BODY_BYTES: "2000" })
    expect(envWins.code).toBe(2)
    expect(envWins.stderr).not.toContain("MAX_BODY_BYTES")
    expect(envWins.stderr).toContain("RATE_LIMIT_WINDOW_MS")
  })
})
