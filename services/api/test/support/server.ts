/**
 * Test helpers: the real service on a loopback port over a throw-away database, and a small JSON
 * client for it. SQLite always (a file in a new temp dir); PostgreSQL too when TEST_DATABASE_URL
 * names a server, on a database made for this run and dropped after it.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { type Config, defaults, startServer } from "../../src/index.js"

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url))

/** The example roster every server test founds a Refuge from. */
export const exampleRoster = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(REPO_ROOT, "examples/rosters/refuge.json"), "utf8"))

/** The example roster as GraphQL's RosterInput takes it: the file's fields without `$schema`. */
export const exampleRosterInput = (): Record<string, unknown> => {
  const { $schema: _, ...roster } = exampleRoster()
  return roster
}

/** A database for one test file: its URL and how to throw it away. */
export interface TestDatabase {
  readonly name: "sqlite" | "postgres"
  readonly url: string
  readonly drop: () => Promise<void>
}

/** A SQLite file in a new temp dir. */
export const sqliteDatabase = (): TestDatabase => {
  const dir = mkdtempSync(join(tmpdir(), "blight-api-test-"))
  return {
    name: "sqlite",
    url: `file:${join(dir, "blight.db")}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** Where TEST_DATABASE_URL points, or undefined when it isn't set. */
export const postgresServer = (): string | undefined => process.env.TEST_DATABASE_URL || undefined

/** A new, uniquely named database on the TEST_DATABASE_URL server, dropped by `drop`. */
export const postgresDatabase = async (serverUrl: string): Promise<TestDatabase> => {
  const name = `blight_test_${process.pid}_${randomBytes(4).toString("hex")}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name: "postgres",
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await c.end()
      }
    },
  }
}

/** Which databases the persistence tests run on (the names, for `describe.each`). */
export const databaseKinds = (): Array<TestDatabase["name"]> =>
  postgresServer() ? ["sqlite", "postgres"] : ["sqlite"]

/** Makes a fresh database of the kind named. */
export const makeDatabase = async (kind: TestDatabase["name"]): Promise<TestDatabase> => {
  if (kind === "sqlite") return sqliteDatabase()
  const server = postgresServer()
  if (!server) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server to test against")
  return postgresDatabase(server)
}

export type Running = Awaited<ReturnType<typeof startServer>>

/**
 * The real service on 127.0.0.1 with a port the OS picks; server-side errors (`logged`) and info
 * lines (`informed`: a client gone mid-request) are kept, not printed.
 */
export const startTestServer = async (databaseUrl: string, overrides: Partial<Config> = {}) => {
  const logged: string[] = []
  const informed: string[] = []
  const server = await startServer(
    { ...defaults, port: 0, host: "127.0.0.1", databaseUrl, ...overrides },
    { log: (m) => logged.push(m), info: (m) => informed.push(m) },
  )
  return { ...server, logged, informed }
}

/** An answer: status and parsed JSON body (or the text when it is not JSON). */
export interface Answer<T = unknown> {
  readonly status: number
  readonly body: T
}

/**
 * What a test reads an answer's body as, unless it says: any JSON, so a test can reach into it and
 * let the assertion say what it expected.
 */
// biome-ignore lint/suspicious/noExplicitAny: the tests' expectations are the checks on these bodies
type Json = any

/** A JSON client for one server; `key` adds `Authorization: Bearer <key>`. */
export const client = (baseUrl: string) => {
  const call = async <T = Json>(method: string, path: string, body?: unknown, key?: string) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: res.status, body: parsed as T } satisfies Answer<T>
  }
  return {
    get: <T = Json>(path: string, key?: string) => call<T>("GET", path, undefined, key),
    post: <T = Json>(path: string, body: unknown, key?: string) => call<T>("POST", path, body, key),
    delete: <T = Json>(path: string, key?: string) => call<T>("DELETE", path, undefined, key),
  }
}

/** One request's status alone (its body is not read): for the authorisation matrices. */
export const statusOf =
  (baseUrl: string) =>
  async (method: string, path: string, body: unknown, key?: string): Promise<number> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    await res.body?.cancel()
    return res.status
  }
