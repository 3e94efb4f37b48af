/**
 * The HTTP service under load (`npm run bench -w @blight/api`, after a build): the real service
 * (SQLite in a temp dir, rate limit raised out of the way) against a bare `node:http` server that
 * answers the very same bytes, on loopback, with autocannon at 50 connections for a bounded time
 * per endpoint. Also the same bytes through @whatwg-node/server's adapter alone (what the service
 * is built on), to tell the adapter's cost from the service's. Prints requests/s and p99 latency
 * for each, the ratio to the bare server, and whether the targets hold: REST ≥ 0.5× bare,
 * GraphQL ≥ 0.3× bare, p99 < 10 ms. Also the servers' CPU time per answer, which a machine shared
 * with other work disturbs less than requests/s (bare's CPU ÷ the service's is the ratio the
 * machine would give if the servers had it to themselves).
 *
 * The servers run in a child process and the load generator in this one, so they don't share an
 * event loop (on a 2-core machine, each gets a core). Everything stops by itself: each run is
 * bounded in time, and the child exits when this process goes away or after 10 minutes at most.
 *
 * Settings (environment): BENCH_SECONDS per measured run (default 5), BENCH_CONNECTIONS (default 50),
 * BENCH_ONLY (see below; `BENCH_ONLY="with a key"` measures the authenticated reads of a raid and a Refuge).
 */
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Response as AdapterResponse, createServerAdapter } from "@whatwg-node/server"
import autocannon from "autocannon"

const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50)
// BENCH_ONLY=raid measures only the endpoints whose name contains it (and skips the commands).
const ONLY = process.env.BENCH_ONLY
const WARMUP_SECONDS = 1
// Where the bare server tells the CPU time its process (all three servers) has used.
const CPU_PATH = "/__cpu"

/** What is measured: the same content over REST and GraphQL, and an odds computation. */
const ENDPOINTS = [
  { name: "REST GET /v1/content/backgrounds", api: "rest", method: "GET", path: "/v1/content/backgrounds" },
  {
    name: "REST POST /v1/odds/shoot",
    api: "rest",
    method: "POST",
    path: "/v1/odds/shoot",
    body: JSON.stringify({ dice: 6, armour: 2, helmet: true, damage: 1 }),
  },
  {
    name: "GraphQL listContent(backgrounds)",
    api: "graphql",
    method: "POST",
    path: "/graphql",
    body: JSON.stringify({
      query:
        "query Backgrounds { listContent(kind: backgrounds) { kind total offset limit items { pack replaces entry } } }",
    }),
  },
]
const TARGETS = { rest: 0.5, graphql: 0.3, p99Ms: 10 }

// ── raids ───────────────────────────────────────────────────────────────────

const ROSTERS = ["refuge", "congregation"].map((n) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../examples/rosters/${n}.json`, import.meta.url)), "utf8"),
  ),
)
const RAID_SEED = 17

const post = async (url, path, body, key) => {
  const res = await fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

/**
 * The commands of one raid, as the engine's bot plays it with the library (both sides by the
 * sensible policy), each with the version it is decided against: the same raid set up on the
 * service (same rosters, seed, content) takes the very same commands at the very same versions.
 */
const raidScript = async () => {
  const { seeded } = await import("@blight/dice")
  const { Auto, Battle, Founding, coreRegistry } = await import("@blight/rules")
  const content = coreRegistry()
  const refuges = ROSTERS.map((r) => {
    const f = Founding.found(r, content, { source: seeded(RAID_SEED) })
    if (f._tag === "Failure") throw new Error("the example rosters do not found")
    return f.success
  })
  const env = Battle.envOf(content)
  const made = Battle.create(
    { refuges, scenario: "cache", options: {}, dice: { seed: RAID_SEED }, packs: ["the-blight"] },
    env,
  )
  const script = []
  let version = made.success.events.length
  Auto.play(made.success, env, undefined, {
    onCommand: (command, _by, battle) => {
      script.push({ version, command })
      version = battle.events.length
    },
  })
  return script
}

const newRaid = async (url, key) => {
  const r = await post(
    url,
    "/v1/raids",
    { sides: ROSTERS.map((roster) => ({ roster })), seed: RAID_SEED },
    key,
  )
  if (r.status !== 201) throw new Error(`could not set a raid up: ${JSON.stringify(r.body).slice(0, 300)}`)
  return r.body.id
}

/**
 * A raid stored on the service, its first commands played, and a Refuge founded: their
 * authenticated reads, to measure.
 */
const storedReads = async (url) => {
  const { apiKey } = await (
    await fetch(`${url}/v1/players`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"bench"}',
    })
  ).json()
  const id = await newRaid(url, apiKey)
  let last
  for (const { version, command } of (await raidScript()).slice(0, 60)) {
    const r = await post(url, `/v1/raids/${id}/commands`, { version, command }, apiKey)
    if (r.status !== 201) throw new Error(`the script was refused: ${JSON.stringify(r.body).slice(0, 300)}`)
    last = r.body
  }
  const refuge = await post(url, "/v1/refuges", { roster: ROSTERS[0], seed: RAID_SEED }, apiKey)
  if (refuge.status !== 201)
    throw new Error(`could not found a Refuge: ${JSON.stringify(refuge.body).slice(0, 300)}`)
  const read = (name, path) => ({
    name,
    api: "rest",
    method: "GET",
    path,
    headers: { authorization: `Bearer ${apiKey}` },
  })
  return {
    raidRead: {
      ...read("REST GET /v1/raids/{id} (with a key)", `/v1/raids/${id}`),
      commandAnswer: JSON.stringify(last),
    },
    refugeRead: read("REST GET /v1/refuges/{id} (with a key)", `/v1/refuges/${refuge.body.id}`),
  }
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]) : 0
}

/**
 * Commands per second: CONNECTIONS players at once, each playing its own raid by the script (one
 * request per command, each waiting for the one before, as at a table), for SECONDS; then the
 * same requests against the bare server, which answers each with the bytes of a real answer.
 */
const commandsPerSecond = async (real, bare) => {
  const script = await raidScript()
  const { apiKey } = await (
    await fetch(`${real}/v1/players`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"bench"}',
    })
  ).json()
  const workers = CONNECTIONS
  const run = async (url, raids) => {
    const latencies = []
    let done = 0
    let refused = 0
    const until = performance.now() + SECONDS * 1000
    await Promise.all(
      raids.map(async (id) => {
        for (const { version, command } of script) {
          if (performance.now() > until) return
          const t = performance.now()
          const r = await post(url, `/v1/raids/${id}/commands`, { version, command }, apiKey)
          latencies.push(performance.now() - t)
          if (r.status === 201) done++
          else refused++
        }
      }),
    )
    return { rate: done / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), refused }
  }
  const raids = []
  for (let i = 0; i < workers; i++) raids.push(await newRaid(real, apiKey))
  const service = await run(real, raids)
  const bareRun = await run(bare, raids)
  return { workers, service, bare: bareRun, refused: service.refused }
}

// ── the child: the real service and the bare server ─────────────────────────

const serve = async () => {
  const { defaults, startServer } = await import("../dist/index.js")
  const dir = mkdtempSync(join(tmpdir(), "blight-api-bench-"))
  const logged = []
  const real = await startServer(
    {
      ...defaults,
      port: 0,
      host: "127.0.0.1",
      databaseUrl: `file:${join(dir, "bench.db")}`,
      rateLimit: { ...defaults.rateLimit, requests: 100_000_000 },
    },
    { log: (m) => logged.push(m) },
  )
  // a stored raid, played some way in, and a Refuge, to read with a key (nothing about them is
  // cached as an answer: each read checks the key and the row's version)
  const { raidRead, refugeRead } = await storedReads(real.url)
  const endpoints = [...ENDPOINTS, raidRead, refugeRead]
  // the bytes the real service answers, once
  const answers = new Map()
  for (const e of endpoints) {
    const res = await fetch(real.url + e.path, {
      method: e.method,
      headers: { ...(e.body ? { "content-type": "application/json" } : {}), ...e.headers },
      body: e.body,
    })
    const bytes = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200) throw new Error(`${e.name}: the service answered ${res.status}: ${bytes}`)
    if (e.api === "graphql" && JSON.parse(bytes.toString()).errors)
      throw new Error(`${e.name}: the query failed: ${bytes}`)
    answers.set(`${e.method} ${e.path}`, { type: res.headers.get("content-type"), bytes })
  }
  // a command's answer (the service's own, for the last command played above), for the bare
  // server to give every command
  const commandAnswer = {
    status: 201,
    type: "application/json; charset=utf-8",
    bytes: Buffer.from(raidRead.commandAnswer),
  }
  const bare = createServer((req, res) => {
    if (req.url === CPU_PATH) {
      // The servers' process's CPU time so far (µs): the parent reads it around each run.
      const used = process.cpuUsage()
      res.end(String(used.user + used.system))
      return
    }
    const answer = /^\/v1\/raids\/[^/]+\/commands$/.test(req.url ?? "")
      ? commandAnswer
      : answers.get(`${req.method} ${req.url}`)
    req.resume() // read the request body, as the real service does
    req.on("end", () => {
      if (!answer) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(answer.status ?? 200, {
        "content-type": answer.type,
        "content-length": answer.bytes.length,
      })
      res.end(answer.bytes)
    })
  })
  // the same bytes through the Fetch-API adapter the service is built on, answered with the adapter's
  // own Response (which it writes out directly; a global Response goes through a web stream): the
  // most the service could do on this design
  const adapter = createServer(
    createServerAdapter(async (request) => {
      const answer = answers.get(`${request.method} ${new URL(request.url).pathname}`)
      await request.arrayBuffer()
      return answer
        ? new AdapterResponse(answer.bytes, { headers: { "content-type": answer.type } })
        : new AdapterResponse(null, { status: 404 })
    }),
  )
  await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve))
  await new Promise((resolve) => adapter.listen(0, "127.0.0.1", resolve))
  const stop = async () => {
    for (const s of [bare, adapter]) {
      s.close()
      s.closeAllConnections()
    }
    await real.close()
    rmSync(dir, { recursive: true, force: true })
    if (logged.length) console.error(`the service logged:\n${logged.slice(0, 5).join("\n")}`)
    process.exit(0)
  }
  process.stdin.on("end", stop) // the parent went away
  process.stdin.resume()
  process.once("SIGTERM", stop)
  setTimeout(stop, 10 * 60_000).unref()
  process.stdout.write(
    `${JSON.stringify({
      raidRead,
      refugeRead,
      real: real.url,
      bare: `http://127.0.0.1:${bare.address().port}`,
      adapter: `http://127.0.0.1:${adapter.address().port}`,
      bodies: Object.fromEntries([...answers].map(([k, v]) => [k, v.bytes.toString()])),
    })}\n`,
  )
}

// ── the parent: load and report ─────────────────────────────────────────────

const startChild = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--serve"], {
      stdio: ["pipe", "pipe", "inherit"],
    })
    let out = ""
    child.stdout.on("data", (d) => {
      out += d
      const nl = out.indexOf("\n")
      if (nl >= 0) resolve({ child, ...JSON.parse(out.slice(0, nl)) })
    })
    child.once("exit", (code) =>
      reject(new Error(`the servers' process exited (${code}) before it was ready`)),
    )
  })

const load = (url, e, seconds, expectBody) =>
  autocannon({
    url: url + e.path,
    method: e.method,
    headers: { ...(e.body ? { "content-type": "application/json" } : {}), ...e.headers },
    body: e.body,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    ...(expectBody ? { expectBody } : {}),
  })

const main = async () => {
  const { child, real, bare, adapter, bodies, raidRead, refugeRead } = await startChild()
  const cpuUsed = async () => Number(await (await fetch(bare + CPU_PATH)).text())
  const rows = []
  let commands
  try {
    console.log(
      `HTTP service vs a bare node:http server with the same bytes — ${CONNECTIONS} connections, ${SECONDS} s each ` +
        `(after ${WARMUP_SECONDS} s warm-up), loopback, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}`,
    )
    for (const e of [...ENDPOINTS, raidRead, refugeRead].filter((x) => !ONLY || x.name.includes(ONLY))) {
      const expected = bodies[`${e.method} ${e.path}`]
      const measured = {}
      for (const [which, url] of [
        ["service", real],
        ["adapter", adapter],
        ["bare", bare],
      ]) {
        await load(url, e, WARMUP_SECONDS)
        const before = await cpuUsed()
        const r = await load(url, e, SECONDS, expected)
        const cpu = (await cpuUsed()) - before
        measured[which] = {
          // The servers' CPU per answer: steadier than requests/s on a machine shared with other work.
          cpuUs: cpu / Math.max(1, r.requests.total),
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          total: r.requests.total,
          bad: r.non2xx + r.errors + r.timeouts + r.mismatches,
        }
      }
      const ratio = measured.service.rps / measured.bare.rps
      const target = TARGETS[e.api]
      rows.push({ e, ...measured, ratio, target })
      const { service: s, adapter: a, bare: b } = measured
      const bad = s.bad + a.bad + b.bad
      console.log(
        `${e.name.padEnd(34)} service ${s.rps.toFixed(0).padStart(6)} req/s p99 ${String(s.p99).padStart(3)} ms | ` +
          `adapter only ${a.rps.toFixed(0).padStart(6)} req/s p99 ${String(a.p99).padStart(3)} ms | ` +
          `bare ${b.rps.toFixed(0).padStart(6)} req/s p99 ${String(b.p99).padStart(3)} ms | ` +
          `${ratio.toFixed(2)}× bare (target ≥ ${target}×) | CPU per answer ${s.cpuUs.toFixed(0)} / ` +
          `${a.cpuUs.toFixed(0)} / ${b.cpuUs.toFixed(0)} µs (${(b.cpuUs / s.cpuUs).toFixed(2)}× bare's)` +
          `${bad ? ` | ${bad} bad answers` : ""}`,
      )
    }
    if (!ONLY) commands = await commandsPerSecond(real, bare)
  } finally {
    child.kill("SIGTERM")
  }

  console.log(
    "\n| Endpoint | Service req/s | Service p50 / p99 | Adapter only req/s (p99) | Bare req/s (p99) | Service ÷ bare | CPU per answer: service / bare | Target | Met? |",
  )
  console.log("|---|---:|---:|---:|---:|---:|---:|---|---|")
  const misses = []
  for (const r of rows) {
    const ratioOk = r.ratio >= r.target
    const p99Ok = r.service.p99 < TARGETS.p99Ms
    if (!ratioOk) misses.push(`${r.e.name}: ${r.ratio.toFixed(2)}× bare, below ${r.target}×`)
    if (!p99Ok) misses.push(`${r.e.name}: p99 ${r.service.p99} ms, not under ${TARGETS.p99Ms} ms`)
    if (r.service.bad || r.adapter.bad || r.bare.bad)
      misses.push(
        `${r.e.name}: bad answers (non-2xx, errors, timeouts or bodies that differ): ${r.service.bad} from the service, ` +
          `${r.adapter.bad} from the adapter, ${r.bare.bad} from the bare server`,
      )
    console.log(
      `| ${r.e.name} | ${r.service.rps.toFixed(0)} | ${r.service.p50} / ${r.service.p99} ms | ` +
        `${r.adapter.rps.toFixed(0)} (${r.adapter.p99} ms) | ${r.bare.rps.toFixed(0)} (${r.bare.p99} ms) | ` +
        `${r.ratio.toFixed(2)}× | ${r.service.cpuUs.toFixed(0)} / ${r.bare.cpuUs.toFixed(0)} µs | ≥ ${r.target}×, p99 < ${TARGETS.p99Ms} ms | ${ratioOk && p99Ok ? "yes" : "no"} |`,
    )
  }
  const c = commands ?? { workers: 0, service: { rate: 0 }, bare: { rate: 1 } }
  if (commands)
    console.log(
      `\nRaid commands over REST (${c.workers} players at once, each on its own raid, each command sent with the version ` +
        `it was decided against, ${SECONDS} s): service ${c.service.rate.toFixed(0)} commands/s (p50 ${c.service.p50} ms, ` +
        `p99 ${c.service.p99} ms); bare node:http, the same requests answered with a stored answer's bytes: ` +
        `${c.bare.rate.toFixed(0)}/s (p99 ${c.bare.p99} ms) — ${(c.service.rate / c.bare.rate).toFixed(2)}× bare` +
        `${c.refused ? `; ${c.refused} commands not accepted (a bug: the script is the engine's own)` : ""}`,
    )
  if (c?.refused) misses.push(`${c.refused} raid commands were not accepted`)
  console.log(misses.length ? `\nTargets missed:\n- ${misses.join("\n- ")}` : "\nEvery target met.")
}

if (process.argv.includes("--serve")) await serve()
else await main()
