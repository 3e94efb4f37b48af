/**
 * What the service's benchmarks share: one instance of the built service in a child process (this
 * file run as `node instance.mjs DATABASE_URL REQUESTS`, so the measuring process and the measured
 * one don't share a CPU's JIT or event loop), and a statement on the PostgreSQL server itself
 * (making and dropping a bench's own database).
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import pg from "pg"

/** The child: starts an instance on a free loopback port with a rate budget of `requests`, prints its URL. */
const serve = async (databaseUrl, requests) => {
  const { defaults, startServer } = await import("../dist/index.js")
  const s = await startServer(
    {
      ...defaults,
      port: 0,
      host: "127.0.0.1",
      databaseUrl,
      rateLimit: { ...defaults.rateLimit, requests },
    },
    { log: () => undefined },
  )
  const stop = async () => {
    await s.close()
    process.exit(0)
  }
  process.stdin.on("end", stop)
  process.stdin.resume()
  process.once("SIGTERM", stop)
  setTimeout(stop, 10 * 60_000).unref()
  process.stdout.write(`${s.url}\n`)
}

/** An instance on `databaseUrl` in a child process: `{ child, url }` once it listens. */
export const instance = (databaseUrl, requests) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), databaseUrl, String(requests)], {
      stdio: ["pipe", "pipe", "inherit"],
    })
    let out = ""
    child.stdout.on("data", (d) => {
      out += d
      if (out.includes("\n")) resolve({ child, url: out.trim() })
    })
    child.once("exit", (code) => reject(new Error(`an instance exited (${code}) before it was ready`)))
  })

/** One statement on the server `serverUrl` names (CREATE / DROP DATABASE). */
export const admin = async (serverUrl, sql) => {
  const c = new pg.Client({ connectionString: serverUrl })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2], Number(process.argv[3]))
