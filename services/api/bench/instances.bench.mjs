import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { cpus } from "node:os"
import autocannon from "autocannon"
import { admin, instance } from "./instance.mjs"

const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50)
const SERVER = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
// A rate budget no run reaches: the limiter is measured, never refusing.
const RATE_BUDGET = 100_000_000

// ── the parent ──────────────────────────────────────────────────────────────

const load = (url, path, key, connections, expectBody) =>
  autocannon({
    url: url + path,
    headers: { authorization: `Bearer ${key}` },
    connections,
    duration: SECONDS,
    timeout: 10,
    ...(expectBody ? { expectBody } : {}),
  })

/** Runs the same load over the URLs at once (connections split evenly) and sums what they did. */
const over = async (urls, path, key, expectBody) => {
  const runs = await Promise.all(
    urls.map((u) => load(u, path, key, Math.max(1, Math.floor(CONNECTIONS / urls.length)), expectBody)),
  )
  return {
    rps: runs.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    bad: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts + r.mismatches, 0),
  }
}

const main = async () => {
  if (!SERVER) {
    console.log("instances: no BENCH_DATABASE_URL or TEST_DATABASE_URL: one vs two instances not measured")
    return
  }
  const name = `blight_bench_${randomBytes(4).toString("hex")}`
  await admin(SERVER, `CREATE DATABASE "${name}"`)
  const url = new URL(SERVER)
  url.pathname = `/${name}`
  const children = []
  let bare
  try {
    const [a, b] = await Promise.all([
      instance(url.toString(), RATE_BUDGET),
      instance(url.toString(), RATE_BUDGET),
    ])
    children.push(a.child, b.child)
    const roster = JSON.parse(readFileSync(new URL("../../../examples/rosters/refuge.json", import.meta.url)))
    const post = async (path, body, key) =>
      (
        await fetch(a.url + path, {
          method: "POST",
          headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json()
    const { apiKey } = await post("/v1/players", { name: "Bench" })
    const { id } = await post("/v1/refuges", { roster }, apiKey)
    const path = `/v1/refuges/${id}`
    const answer = await fetch(b.url + path, { headers: { authorization: `Bearer ${apiKey}` } })
    const bytes = Buffer.from(await answer.arrayBuffer())
    if (answer.status !== 200) throw new Error(`reading the Refuge answered ${answer.status}`)
    // The same bytes from a server that does nothing else: the ceiling on this machine.
    bare = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length })
      res.end(bytes)
    })
    await new Promise((r) => bare.listen(0, "127.0.0.1", r))
    const bareUrl = `http://127.0.0.1:${bare.address().port}`
    const expected = bytes.toString()

    await over([a.url, b.url], path, apiKey) // warm-up, both
    const rows = [
      ["bare node:http, same bytes", await over([bareUrl], path, apiKey, expected)],
      ["one instance", await over([a.url], path, apiKey, expected)],
      ["two instances, one database", await over([a.url, b.url], path, apiKey, expected)],
    ]
    const base = rows[0][1].rps
    const one = rows[1][1].rps
    console.log(
      `\nAuthenticated read of a stored Refuge, PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s, ` +
        `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}`,
    )
    console.log("\n| Setup | req/s | p99 ms | ÷ bare | ÷ one instance | bad answers |")
    console.log("|---|---:|---:|---:|---:|---:|")
    for (const [label, r] of rows)
      console.log(
        `| ${label} | ${r.rps.toFixed(0)} | ${r.p99} | ${(r.rps / base).toFixed(2)}× | ${(r.rps / one).toFixed(2)}× | ${r.bad} |`,
      )
    if (rows.some(([, r]) => r.bad > 0)) process.exitCode = 1
  } finally {
    for (const c of children) c.kill("SIGTERM")
    bare?.close()
    await new Promise((r) => setTimeout(r, 500))
    await admin(SERVER, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  }
}

await main()
