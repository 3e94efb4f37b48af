import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import autocannon from "autocannon"
import { admin, instance } from "./instance.mjs"

const SECONDS = Number(process.env.BENCH_SECONDS || 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50)
const SERVER = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
// A rate budget no run reaches: the limiter is measured, never refusing.
const RATE_BUDGET = 10_000_000
// Targets (docs/performance.md): reads on PostgreSQL at 0.25× bare or better.
const TARGET = 0.25

// ── the parent ──────────────────────────────────────────────────────────────

const load = (url, path, key, expectBody) =>
  autocannon({
    url: url + path,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    ...(expectBody ? { expectBody } : {}),
  })

const measure = async (url, path, key, expectBody) => {
  await load(url, path, key) // warm-up
  const r = await load(url, path, key, expectBody)
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts + r.mismatches }
}

/** A player, a Refuge, and the bytes of the two reads, from the service at `url`. */
const prepare = async (url) => {
  const roster = JSON.parse(readFileSync(new URL("../../../examples/rosters/refuge.json", import.meta.url)))
  const post = async (path, body, key) =>
    (
      await fetch(url + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()
  const { apiKey } = await post("/v1/players", { name: "Bench" })
  const { id } = await post("/v1/refuges", { roster }, apiKey)
  const reads = [
    { name: "GET /v1/content/weapons", path: "/v1/content/weapons" },
    { name: "GET /v1/refuges/{id} (with a key)", path: `/v1/refuges/${id}`, key: apiKey },
  ]
  for (const r of reads) {
    const res = await fetch(url + r.path, { headers: r.key ? { authorization: `Bearer ${r.key}` } : {} })
    r.bytes = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200) throw new Error(`${r.name} answered ${res.status}: ${r.bytes}`)
  }
  return reads
}

/** The bare server: the same bytes for the same path, nothing else. */
const bareServer = async (reads) => {
  const byPath = new Map(reads.map((r) => [r.path, r.bytes]))
  const bare = createServer((req, res) => {
    const bytes = byPath.get(req.url)
    if (!bytes) return void res.writeHead(404).end()
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": bytes.length })
    res.end(bytes)
  })
  await new Promise((r) => bare.listen(0, "127.0.0.1", r))
  return { bare, url: `http://127.0.0.1:${bare.address().port}` }
}

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), "blight-reads-bench-"))
  const name = `blight_bench_${randomBytes(4).toString("hex")}`
  const databases = [["SQLite", `file:${join(dir, "bench.db")}`]]
  if (SERVER) {
    await admin(SERVER, `CREATE DATABASE "${name}"`)
    const url = new URL(SERVER)
    url.pathname = `/${name}`
    databases.push(["PostgreSQL", url.toString()])
  }
  const children = []
  const bares = []
  const rows = []
  try {
    for (const [label, databaseUrl] of databases) {
      const { child, url } = await instance(databaseUrl, RATE_BUDGET)
      children.push(child)
      const reads = await prepare(url)
      const { bare, url: bareUrl } = await bareServer(reads)
      bares.push(bare)
      for (const r of reads) {
        const expected = r.bytes.toString()
        // The bare server before and after the service, averaged: the machine's load moves in between.
        const before = await measure(bareUrl, r.path, r.key, expected)
        const service = await measure(url, r.path, r.key, expected)
        const after = await measure(bareUrl, r.path, r.key, expected)
        const baseline = {
          rps: (before.rps + after.rps) / 2,
          p99: Math.max(before.p99, after.p99),
          bad: before.bad + after.bad,
        }
        rows.push({ label, read: r.name, service, baseline, ratio: service.rps / baseline.rps })
      }
      child.kill("SIGTERM")
    }
  } finally {
    for (const c of children) c.kill("SIGTERM")
    for (const b of bares) b.close()
    await new Promise((r) => setTimeout(r, 500))
    rmSync(dir, { recursive: true, force: true })
    if (SERVER) await admin(SERVER, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  }
  console.log(
    `\nReads, service vs a bare node:http server with the same bytes (same run), ${CONNECTIONS} connections, ` +
      `${SECONDS} s each, loopback, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}` +
      (SERVER ? "" : "\n(PostgreSQL not measured: set BENCH_DATABASE_URL)"),
  )
  console.log("\n| Read | Database | service req/s (p99 ms) | bare req/s (p99 ms) | ÷ bare |")
  console.log("|---|---|---:|---:|---:|")
  for (const r of rows)
    console.log(
      `| ${r.read} | ${r.label} | ${r.service.rps.toFixed(0)} (${r.service.p99}) | ` +
        `${r.baseline.rps.toFixed(0)} (${r.baseline.p99}) | ${r.ratio.toFixed(2)}× |`,
    )
  const missed = rows.filter((r) => r.label === "PostgreSQL" && r.ratio < TARGET)
  for (const r of missed)
    console.log(`target missed: ${r.read} on PostgreSQL at ${r.ratio.toFixed(2)}× (≥ ${TARGET}×)`)
  if (rows.some((r) => r.service.bad + r.baseline.bad > 0)) {
    console.log("bad answers (non-2xx, errors, timeouts or bodies that differ) in some run")
    process.exitCode = 1
  }
}

await main()
