/**
 * Every shell block of README.md and docs/README.md runs as written, in a temp directory laid out as
 * a fresh clone (the checkout's top-level folders linked in, no `.env`, no `data/`), or is listed
 * in PLAN with the reason it is not run here. A block that fails is a docs bug: fix the doc.
 *
 * `npx blight` is the built binary and `npx tsc` the checkout's own, as npm's `npx` finds them after
 * `npm install`; `npm start` is the built service (`npm start` builds first: the test's build step
 * did). The service listens on a free loopback port instead of 4000 (another may hold 4000 on a
 * shared machine): `127.0.0.1:4000` in a block is read as that port, as the docs' own
 * `PORT=4100 npm start` advises.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, describe, expect, it } from "vitest"
import { BIN } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const dirs: string[] = []
const servers: ChildProcess[] = []
afterAll(() => {
  for (const s of servers) if (s.exitCode === null && s.pid) process.kill(-s.pid, "SIGKILL")
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** How a block is run, found by a text only it holds. */
type Plan =
  | { readonly holds: string; readonly run: "shell" }
  /** Starts the service and never returns: started, asked on loopback, stopped. */
  | { readonly holds: string; readonly run: "server" }
  | { readonly holds: string; readonly run: "elsewhere" | "not here"; readonly why: string }

const PLAN: Record<string, ReadonlyArray<Plan>> = {
  "README.md": [
    { holds: "npm install && npm start", run: "server" },
    { holds: "npx blight roll pool 5 --blight 2", run: "shell" },
    {
      holds: "> cache-raid.json",
      run: "elsewhere",
      why: "readme-walkthrough.test.ts runs it as written and checks the story it tells",
    },
    { holds: "--board random --seed 7 > board-raid.json", run: "shell" },
    { holds: "--scenario the-sluice-gates", run: "shell" },
    { holds: "> campaign.json", run: "shell" },
    { holds: "npx blight sim --scenario night-raid", run: "shell" },
    {
      holds: "db.internal",
      run: "not here",
      why: "it needs a PostgreSQL server at db.internal (its password elided); docs/deploy.md's settings are checked by services/api/test/deploy.test.ts",
    },
  ],
  "docs/README.md": [
    { holds: "npx blight found my-refuge.json", run: "shell" },
    { holds: "> table-raid.json", run: "shell" },
    { holds: "npx blight raid auto table-raid.json", run: "shell" },
    { holds: "> league.json", run: "shell" },
    { holds: "npm start", run: "server" },
    { holds: "KEY=$(curl", run: "shell" },
    { holds: "openapi-typescript http://127.0.0.1:4000", run: "shell" },
    { holds: "> tithe-barn.json", run: "shell" },
    { holds: "npx blight pack validate tithe-barn.json", run: "shell" },
    { holds: "> barn-raid.json", run: "shell" },
  ],
}

// What the quick start's block does but the test does not: `npm install` needs the registry (the
// test runs in this checkout, installed and built), and `npm test` is the whole suite, this test
// included (the block never reaches it here: `npm start` before it never returns).
const NOT_RUN_IN_QUICK_START = ["npm install", "npm test"]

/** The sh and bash blocks of a document, in order. */
const blocksOf = (doc: string): string[] =>
  [...readFileSync(join(repo, doc), "utf8").matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```/gm)].map((m) => m[1]!)

/** The one block of `doc` that holds `text`. */
const block = (doc: string, text: string): string => {
  const found = blocksOf(doc).filter((b) => b.includes(text))
  expect(found, `one sh block of ${doc} holds ${text}`).toHaveLength(1)
  return found[0]!
}

/** A temp directory laid out as a fresh clone: the checkout's tracked top-level folders, linked. */
const freshClone = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "blight-docs-"))
  dirs.push(dir)
  for (const name of ["docs", "examples", "packages", "services", "scripts", "node_modules", "package.json"])
    symlinkSync(join(repo, name), join(dir, name))
  return dir
}

const PRELUDE = [
  "set -euo pipefail",
  // `npx NAME`: the checkout's binary, as npx finds it after `npm install` (`blight` is the built CLI).
  `npx() { if [ "$1" = blight ]; then shift; "${process.execPath}" "${BIN}" "$@"; elif [ -x "node_modules/.bin/$1" ]; then local b="$1"; shift; "node_modules/.bin/$b" "$@"; else echo "npx $1: not in node_modules/.bin" >&2; return 1; fi; }`,
  // `npm start` without its build (done); `npm install` and `npm test` are not run (NOT_RUN_IN_QUICK_START).
  `npm() { case "$1" in start) exec "${process.execPath}" services/api/dist/main.js ;; install) echo "npm install: not run here" ;; *) echo "npm $1: not run here" >&2; return 1 ;; esac; }`,
].join("\n")

const env = (port: number) => ({
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
  PORT: String(port),
  // nothing of the checkout's settings: a fresh clone has none
  HOST: "",
  DATABASE_URL: "",
})

/** The block with the service's port read as `port`. */
const onPort = (script: string, port: number) => script.replaceAll("127.0.0.1:4000", `127.0.0.1:${port}`)

/** Runs a block with bash in `dir`; its output, or the failure with what it printed. */
const sh = async (dir: string, script: string, port = 0): Promise<string> => {
  const { stdout } = await promisify(execFile)("bash", ["-c", `${PRELUDE}\n${onPort(script, port)}`], {
    cwd: dir,
    env: env(port),
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 32 * 1024 * 1024,
  })
  return stdout
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.on("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/**
 * Starts a server block in `dir` (its own process group, so it stops whole), waits until it answers
 * on loopback, and answers how to reach and stop it.
 */
const startServerBlock = async (dir: string, script: string) => {
  const port = await freePort()
  const child = spawn("bash", ["-c", `${PRELUDE}\n${onPort(script, port)}`], {
    cwd: dir,
    env: env(port),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  servers.push(child)
  let out = ""
  child.stdout!.on("data", (d) => (out += d))
  child.stderr!.on("data", (d) => (out += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server block exited ${child.exitCode}:\n${out}`)
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`the server block never answered on ${url}:\n${out}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    process.kill(-child.pid!, "SIGTERM")
    return { code: await exited, out }
  }
  return { port, url, stop }
}

// The paths are independent (each its own directory and port): run side by side, they take the
// time of the longest, not the sum.
describe.concurrent("the shell blocks of README.md and docs/README.md", () => {
  it("every sh block is in the plan once: run here, run by another test, or not run and why", () => {
    for (const [doc, plan] of Object.entries(PLAN)) {
      const blocks = blocksOf(doc)
      for (const b of blocks)
        expect(
          plan.filter((p) => b.includes(p.holds)).map((p) => p.holds),
          `${doc}'s block:\n${b}`,
        ).toHaveLength(1)
      for (const p of plan)
        expect(
          blocks.filter((b) => b.includes(p.holds)),
          `${doc}: ${p.holds}`,
        ).toHaveLength(1)
      for (const p of plan)
        if (p.run === "not here" || p.run === "elsewhere") expect(p.why.length).toBeGreaterThan(20)
    }
    // and each block the plan says runs here is taken by a test below
    const source = readFileSync(fileURLToPath(import.meta.url), "utf8")
      .replace(/\(\s+/g, "(")
      .replace(/,\s+/g, ", ")
    for (const [doc, plan] of Object.entries(PLAN))
      for (const p of plan.filter((p) => p.run === "shell" || p.run === "server"))
        expect(source, p.holds).toContain(`block(${JSON.stringify(doc)}, ${JSON.stringify(p.holds)}`)
    const quick = block("README.md", "npm install && npm start")
    for (const cmd of NOT_RUN_IN_QUICK_START) expect(quick).toContain(cmd)
  })

  it("README.md's quick start serves the API reference, GraphiQL and /openapi.json on loopback, and stops on SIGTERM", async () => {
    const dir = freshClone()
    const server = await startServerBlock(dir, block("README.md", "npm install && npm start"))
    for (const path of ["/docs", "/graphql", "/openapi.json"]) {
      const res = await fetch(server.url + path, {
        headers: { accept: path === "/openapi.json" ? "application/json" : "text/html" },
      })
      expect(res.status, path).toBe(200)
      await res.body?.cancel()
    }
    const { code, out } = await server.stop()
    expect(out).toContain("npm install: not run here")
    expect(out).toContain(`Blight Rules API on ${server.url}  (database: file:./data/blight.db)`)
    expect(code, out).toBe(0)
    // the embedded SQLite file where the README says, in the directory it ran in
    expect(existsSync(join(dir, "data/blight.db"))).toBe(true)
  }, 90_000)

  it("README.md's CLI tour runs as written", async () => {
    const dir = freshClone()
    const tour = await sh(dir, block("README.md", "npx blight roll pool 5 --blight 2"))
    expect(tour).toContain('{"probability":0.5}')
    expect(tour).toContain("usage: blight <verb>")
    expect(readFileSync(join(dir, "map.svg"), "utf8")).toMatch(/^<svg|<\?xml/)
  }, 120_000)

  it("README.md's board raid, homebrew raid and campaign run as written", async () => {
    const dir = freshClone()
    const board = await sh(dir, block("README.md", "--board random --seed 7 > board-raid.json"))
    expect(board).toMatch(/\d+ commands played; /)
    expect(board).toContain("phase over")
    expect(readFileSync(join(dir, "board.svg"), "utf8")).toContain("<svg")

    await sh(dir, block("README.md", "--scenario the-sluice-gates"))
    expect(readFileSync(join(dir, "sluice-raid.json"), "utf8")).toContain("the-sluice-gates")

    const campaign = await sh(dir, block("README.md", "> campaign.json"))
    expect(JSON.parse(campaign.trim().split("\n").at(-1)!)).toMatchObject({ raids: 1 })
  }, 120_000)

  it("README.md's simulations run as written, with fewer raids", async () => {
    const dir = freshClone()
    // The simulations as written but a fiftieth of the raids: the same flags and files, in seconds.
    const sims = block("README.md", "npx blight sim --scenario night-raid")
      .replace("--raids 1000", "--raids 20")
      .replaceAll("--raids 500", "--raids 10")
    expect(sims).toContain("--raids 10 --seed 1 --b-pack")
    const simOut = await sh(dir, sims)
    expect(JSON.parse(simOut.trim().split("\n")[0]!)).toBeTruthy()
    for (const report of ["report.html", "ab.html"])
      expect(readFileSync(join(dir, report), "utf8")).toContain("<html")
  }, 120_000)

  it("docs/README.md's player path: the roster written, founded, a raid played at the table and by bots, a campaign", async () => {
    const dir = freshClone()
    const doc = readFileSync(join(repo, "docs/README.md"), "utf8")
    // "Save this as `my-refuge.json`": the json block after those words
    const roster = /Save this as `my-refuge\.json`:\n\n```json\n([\s\S]*?)```/.exec(doc)?.[1]
    expect(roster, "the roster the player path saves").toBeDefined()
    writeFileSync(join(dir, "my-refuge.json"), roster!)
    expect(await sh(dir, block("docs/README.md", "npx blight found my-refuge.json"))).toContain(
      "Canal Street: a refuge at The Local, founded",
    )
    const table = await sh(dir, block("docs/README.md", "> table-raid.json"))
    // what the text after the block says happens
    expect(table).toContain(
      "waiting: How hidden is Husk from Tomasz: none, partial or most? (Canal Street): state none | partial | most",
    )
    expect(table).toContain(
      "1 die [4] — 1 success [−1 long range (B-SHOOT-04); −1 partly hidden (B-SHOOT-05)]",
    )
    expect(table).toContain("Husk (c2) loses 1 Health")
    expect(await sh(dir, block("docs/README.md", "npx blight raid auto table-raid.json"))).toMatch(/\nover: /)
    const league = await sh(dir, block("docs/README.md", "> league.json"))
    expect(league).toContain("Spend 1 Meds to re-roll? (B-CASUALTY-05)")
    expect(league).toMatch(/Canal Street \(refuge, The Local\) — 0 pts, 0W 0D 1L/)
  }, 120_000)

  it("the commands docs/README.md's player path names in its text run too", async () => {
    const dir = freshClone()
    const doc = readFileSync(join(repo, "docs/README.md"), "utf8").replace(/\s+/g, " ")
    // (`npx blight content list weapons`, `armour`, `kit`: the last two in the same form)
    const named = [
      "npx blight content list homes",
      "npx blight content list backgrounds",
      "npx blight content list weapons",
    ]
    for (const c of [...named, "npx blight found --example"]) expect(doc, c).toContain(`\`${c}\``)
    const lists = await sh(
      dir,
      [...named, "npx blight content list armour", "npx blight content list kit"].join("\n"),
    )
    for (const id of ["the-local", "firefighter", "crowbar", "leather-jacket", "med-kit"])
      expect(lists, id).toContain(id)
    // the example roster founds as printed
    expect(await sh(dir, "npx blight found --example > example.json\nnpx blight found example.json")).toMatch(
      /: a refuge at .*, founded/,
    )
  }, 120_000)

  it("docs/README.md's HTTP integrator path: the service started, three curl calls, a typed client generated, checked and run", async () => {
    const dir = freshClone()
    const server = await startServerBlock(dir, block("docs/README.md", "npm start"))
    try {
      const ledger = JSON.parse(await sh(dir, block("docs/README.md", "KEY=$(curl"), server.port))
      expect(ledger.entries[0]).toMatchObject({ store: "salvage", amount: 150, clause: "B-FOUNDING-01" })
      const client = await sh(
        dir,
        block("docs/README.md", "openapi-typescript http://127.0.0.1:4000"),
        server.port,
      )
      expect(client).toContain("a 3-dice test needing 2 successes: 0.5")
      expect(client).toContain("my Refuges: 0")
      expect(readFileSync(join(dir, ".scratch/client/blight-api.d.ts"), "utf8")).toContain('"/v1/odds/test"')
    } finally {
      const { code, out } = await server.stop()
      expect(code, out).toBe(0)
    }
  }, 120_000)

  it("docs/README.md's homebrew path: the worked example taken from homebrew.md, validated, shown and played", async () => {
    const dir = freshClone()
    await sh(dir, block("docs/README.md", "> tithe-barn.json"))
    expect(JSON.parse(readFileSync(join(dir, "tithe-barn.json"), "utf8"))).toBeTruthy()
    expect(await sh(dir, block("docs/README.md", "npx blight pack validate tithe-barn.json"))).toContain(
      "The Tithe Barn",
    )
    const played = await sh(dir, block("docs/README.md", "> barn-raid.json"))
    expect(played).toMatch(/\d+ commands played; /)
    expect(played).toContain("phase over")
    expect(readFileSync(join(dir, "barn-raid.json"), "utf8")).toContain("the-tithe-barn")
  }, 120_000)
})
