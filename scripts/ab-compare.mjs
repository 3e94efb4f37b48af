#!/usr/bin/env node
/**
 * An A/B of two built checkouts on the same inputs: every probe below runs in A and in B, and the
 * outputs must be the same bytes (HTTP answers with their ids, keys and times replaced by
 * placeholders, numbered in order of appearance). For a change that must not change behaviour,
 * such as a platform move: A is a git worktree of the commit before, built, B the new tree.
 *
 *   git worktree add ../before HEAD~1 && (cd ../before && npm ci)
 *   node scripts/ab-compare.mjs --a ../before --a-node /path/to/node20 --b . [--b-node …] [--only NAME]
 *
 * Inputs (rosters, the example raid) are read from B's tree for both sides. Exits 1 when any
 * probe differs, printing the first differing line of each; `--keep DIR` writes every output.
 */
import { execFile, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs, promisify } from "node:util"

const run = promisify(execFile)
const { values: opt } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: "." },
    "a-node": { type: "string", default: process.execPath },
    "b-node": { type: "string", default: process.execPath },
    only: { type: "string", multiple: true },
    keep: { type: "string" },
  },
})
if (!opt.a) {
  console.error(
    "usage: node scripts/ab-compare.mjs --a DIR [--a-node NODE] --b DIR [--b-node NODE] [--only PROBE] [--keep DIR]",
  )
  process.exit(2)
}
const sides = {
  A: { dir: resolve(opt.a), node: opt["a-node"] },
  B: { dir: resolve(opt.b), node: opt["b-node"] },
}
const inputs = sides.B.dir
const input = (p) => join(inputs, p)
const ROSTERS = [
  "--refuge",
  input("examples/rosters/refuge.json"),
  "--refuge",
  input("examples/rosters/congregation.json"),
]

const exec = async (side, args, cwd = side.dir, env = {}) => {
  try {
    const { stdout } = await run(side.node, args, {
      cwd,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      timeout: 600_000,
      env: { ...process.env, NO_COLOR: "1", ...env },
    })
    return stdout
  } catch (e) {
    // A failing command is an output too: its exit code and what it said.
    return `exit ${e.code}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`
  }
}
const blight = (side, ...args) => exec(side, [join(side.dir, "packages/cli/bin/blight.js"), ...args])
/** A snippet run as an ES module inside the checkout (so it resolves that checkout's packages). */
const snippet = (side, where, code) => exec(side, ["--input-type=module", "-e", code], join(side.dir, where))

/** Same ids, keys and times get the same placeholder, in order of appearance. */
const normalise = (text) => {
  const seen = new Map()
  const mark = (kind) => (m) => {
    if (!seen.has(m)) seen.set(m, `<${kind}${seen.size + 1}>`)
    return seen.get(m)
  }
  return text
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, "<base>")
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\b/g, "<time>")
    .replace(/\bblt_[A-Za-z0-9_-]+/g, mark("key"))
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, mark("uuid"))
    .replace(
      /"(id|playerId|raidId|campaignId|refugeId|congregationId|keyId|jobId)":"[^"]+"/g,
      (m, k) => `"${k}":"${mark("id")(m.slice(k.length + 4, -1))}"`,
    )
    .replace(/"(ms|elapsedMs|durationMs|took)":\d+/g, '"$1":<ms>')
}

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer()
    s.on("error", fail)
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address()
      s.close(() => ok(port))
    })
  })

/** The service of one side on a fresh SQLite file: runs `body(base)`, then stops it. */
const withServer = async (side, body) => {
  const dir = mkdtempSync(join(tmpdir(), "blight-ab-"))
  const port = await freePort()
  const child = spawn(side.node, [join(side.dir, "services/api/dist/main.js")], {
    cwd: dir,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${join(dir, "ab.db")}`,
      RATE_LIMIT_REQUESTS: "100000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  })
  let said = ""
  child.stderr.on("data", (d) => (said += d))
  const base = `http://127.0.0.1:${port}`
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/ready`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      if (i > 300 || child.exitCode !== null)
        throw new Error(`the ${side.dir} service did not start: ${said}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    return await body(base)
  } finally {
    child.kill("SIGTERM")
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)))
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A fixed session of requests whose answers are recorded raw (status and body). */
const session = async (base) => {
  const out = []
  const call = async (method, path, body, key) => {
    const res = await fetch(base + path, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    })
    const text = await res.text()
    out.push(`${method} ${path} -> ${res.status}\n${text}`)
    try {
      return JSON.parse(text)
    } catch {
      return undefined
    }
  }
  const refuge = JSON.parse(readFileSync(input("examples/rosters/refuge.json"), "utf8"))
  const congregation = JSON.parse(readFileSync(input("examples/rosters/congregation.json"), "utf8"))
  await call("GET", "/openapi.json")
  for (const kind of ["weapons", "armour", "backgrounds", "creatures", "scenarios", "homes", "gifts", "kit"])
    await call("GET", `/v1/content/${kind}`)
  await call("GET", "/v1/content/nope")
  await call("POST", "/v1/dice/roll", { kind: "pool", dice: 5, blightDice: 2, seed: 7 })
  await call("POST", "/v1/dice/roll", { kind: "pool", dice: -1, seed: 7 })
  await call("POST", "/v1/odds/pool", { dice: 5, blightDice: 2 })
  await call("POST", "/v1/odds/test", { dice: 3, target: 2 })
  await call("POST", "/v1/odds/test", { dice: "three" })
  await call("POST", "/v1/odds/shoot", { dice: 5, armour: 2, helmet: true, damage: 2 })
  await call("POST", "/v1/odds/fight", { attacker: 3, defender: 2 })
  await call("POST", "/v1/nightsong/characters", { seed: 7 })
  await call("POST", "/v1/nightsong/worlds", { seed: 7 })
  const p1 = await call("POST", "/v1/players", { name: "Alba" })
  const p2 = await call("POST", "/v1/players", { name: "Bram" })
  const k1 = p1?.apiKey
  const k2 = p2?.apiKey
  await call("POST", "/v1/players", "{not json")
  await call("POST", "/v1/refuges", { roster: { ...refuge, survivors: [] }, seed: 7 }, k1)
  await call("POST", "/v1/refuges", { roster: { ...refuge, home: "a-castle" }, seed: 7 }, k1)
  const r = await call("POST", "/v1/refuges", { roster: refuge, seed: 7 }, k1)
  const c = await call("POST", "/v1/congregations", { roster: congregation, seed: 7 }, k2)
  if (!r?.id || !c?.id) return normalise(out.join("\n\n"))
  const ledger = await call("GET", `/v1/refuges/${r.id}/ledger`, undefined, k1)
  await call(
    "POST",
    `/v1/refuges/${r.id}/market-trips`,
    { version: ledger?.version, orders: [{ buyReloads: 1 }] },
    k1,
  )
  await call("GET", `/v1/refuges/${r.id}`, undefined, k1)
  const sides = [{ refuge: r.id }, { player: p2.player.id }]
  await call("POST", "/v1/raids", { sides, seed: 7, scenario: "no-such-scenario" }, k1)
  const raid = await call("POST", "/v1/raids", { sides, seed: 7 }, k1)
  if (raid?.id) {
    await call("POST", `/v1/raids/${raid.id}/join`, { refuge: c.id }, k2)
    // Played to its end (bounded), each player taking the first legal command offered to them.
    for (let i = 0; i < 3000; i++) {
      const view = await call("GET", `/v1/raids/${raid.id}`, undefined, k1)
      if (!view || view.result) break
      let sent = false
      for (const key of [k1, k2]) {
        const legal = await call("GET", `/v1/raids/${raid.id}/legal`, undefined, key)
        const command = legal?.commands?.[0]
        if (command === undefined) continue
        await call(
          "POST",
          `/v1/raids/${raid.id}/commands`,
          { version: legal.version ?? view.version, command },
          key,
        )
        sent = true
        break
      }
      if (!sent) break
    }
    await call("GET", `/v1/raids/${raid.id}/events`, undefined, k1)
  }
  return normalise(out.join("\n\n"))
}

/** Every probe: a name and what it prints on one side. */
const probes = {
  "raid replay (example raid)": (s) =>
    blight(s, "raid", "replay", input("examples/raids/cache.raid.json"), "--json"),
  "sim cache 2000 raids, seed 1": (s) =>
    blight(s, "sim", "--scenario", "cache", ...ROSTERS, "--raids", "2000", "--seed", "1", "--json"),
  "campaign of 12 raids, seed 7": async (s) => {
    const dir = mkdtempSync(join(tmpdir(), "blight-ab-"))
    const file = join(dir, "c.json")
    writeFileSync(file, await blight(s, "campaign", "new", ...ROSTERS, "--seed", "7"))
    for (let i = 0; i < 12; i++) await blight(s, "campaign", "raid", file, "--auto")
    const shown = await blight(s, "campaign", "show", file, "--json")
    rmSync(dir, { recursive: true, force: true })
    return shown
  },
  "cli: rolls, odds, founding, Nightsong": async (s) =>
    [
      await blight(s, "roll", "pool", "5", "--seed", "7", "--json"),
      await blight(s, "odds", "test", "3", "--target", "2", "--json"),
      await blight(s, "odds", "shoot", "--dice", "5", "--armour", "2", "--helmet", "--damage", "2", "--json"),
      await blight(s, "found", input("examples/rosters/refuge.json"), "--seed", "7", "--json"),
      await blight(s, "nightsong", "character", "--seed", "7", "--json"),
      await blight(s, "nightsong", "world", "--seed", "7", "--json"),
      await blight(s, "content", "list", "backgrounds", "--json"),
      await blight(s, "roll", "pool", "five"),
    ].join("\n"),
  "pack JSON Schemas": (s) =>
    snippet(
      s,
      "packages/rules",
      `const { JsonSchemas: m } = await import("./dist/index.js"); const all = m.jsonSchemas(); for (const k of Object.keys(all).sort()) process.stdout.write(k + "\\n" + m.schemaText(all[k]))`,
    ),
  "schema.graphql": (s) =>
    snippet(
      s,
      "services/api",
      `const { lexicographicSortSchema, printSchema } = await import("graphql"); const { schema } = await import("./dist/graphql/schema/index.js"); process.stdout.write(printSchema(lexicographicSortSchema(schema)))`,
    ),
  "HTTP session (REST answers)": (s) => withServer(s, session),
}

const firstDiff = (a, b) => {
  const la = a.split("\n")
  const lb = b.split("\n")
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i])
      return `line ${i + 1}:\n  A: ${(la[i] ?? "<end>").slice(0, 300)}\n  B: ${(lb[i] ?? "<end>").slice(0, 300)}`
  return ""
}

if (opt.keep) mkdirSync(opt.keep, { recursive: true })
let differ = 0
for (const [name, probe] of Object.entries(probes)) {
  if (opt.only && !opt.only.some((o) => name.includes(o))) continue
  const [a, b] = await Promise.all([probe(sides.A), probe(sides.B)])
  if (opt.keep) {
    const slug = name.replace(/[^A-Za-z0-9]+/g, "-")
    writeFileSync(join(opt.keep, `${slug}.A.txt`), a)
    writeFileSync(join(opt.keep, `${slug}.B.txt`), b)
  }
  const same = a === b
  if (!same) differ++
  console.log(
    `${same ? "same     " : "DIFFERENT"} ${name} (${Buffer.byteLength(b)} bytes)${same ? "" : `\n${firstDiff(a, b)}`}`,
  )
}
console.log(differ === 0 ? "A and B agree on every probe" : `${differ} probe(s) differ`)
process.exit(differ === 0 ? 0 : 1)
