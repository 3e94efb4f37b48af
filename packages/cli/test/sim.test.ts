import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { SimReport } from "@blight/rules"
import Ajv from "ajv"
import { Result, Schema } from "effect"
import { compile } from "vega-lite"
import { describe, expect, it } from "vitest"
import { main } from "../src/main.js"
import { run, runJson, spawnBlight } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const refuge = join(repo, "examples/rosters/refuge.json")
const congregation = join(repo, "examples/rosters/congregation.json")
const pack = join(repo, "examples/homebrew-pack/harsher-husks.json")
const tmp = mkdtempSync(join(tmpdir(), "blight-sim-"))
const sides = ["--refuge", refuge, "--refuge", congregation]

// Vega-Lite's own JSON schema, as the package ships it.
const vegaLiteSchema = JSON.parse(
  readFileSync(join(repo, "node_modules/vega-lite/build/vega-lite-schema.json"), "utf8"),
) as object
const validVegaLite = new Ajv({ strict: false, logger: false }).compile(vegaLiteSchema)

/**
 * What a reader of the page sees: no NaN or undefined; each chart an SVG with a title and a
 * labelled axis; each embedded spec valid by Vega-Lite's schema and compiled by vega-lite.
 */
const checkPage = (html: string): number => {
  expect(html).not.toMatch(/NaN|undefined|Infinity/)
  const svgs = [...html.matchAll(/<svg[^>]*>[\s\S]*?<\/svg>/g)].map((m) => m[0])
  for (const svg of svgs) {
    expect(svg).toContain("role-title")
    expect(svg).toContain("role-axis-title")
  }
  const specs = [...html.matchAll(/<script type="application\/json" class="vega-lite"[^>]*>(.*?)<\/script>/g)]
  expect(specs.length).toBe(svgs.length)
  for (const [, json] of specs) {
    const spec = JSON.parse(json!)
    expect(spec.$schema).toBe("https://vega.github.io/schema/vega-lite/v6.json")
    expect(validVegaLite(spec), JSON.stringify(validVegaLite.errors?.slice(0, 2))).toBe(true)
    expect(() => compile(spec)).not.toThrow()
  }
  return svgs.length
}

describe("blight sim", () => {
  it("B-BATTLE-01 the same bytes with 1 and with 2 worker threads (raid i seeded from --seed and i)", async () => {
    const args = ["sim", ...sides, "--scenario", "night-raid", "--raids", "6", "--seed", "7", "--json"]
    const one = await spawnBlight(...args, "--workers", "1")
    const two = await spawnBlight(...args, "--workers", "2")
    expect(one.code, one.err).toBe(0)
    expect(two.code, two.err).toBe(0)
    expect(two.out).toBe(one.out)
    // No progress bar when stderr is not a terminal.
    expect(two.err).toBe("")
    const report = JSON.parse(one.out)
    expect(report.raids).toBe(6)
    expect(report.spec).toMatchObject({ scenario: "night-raid", seed: 7, table: "declared" })
  }, 120_000)

  it("R-SIM-01 --audited (every raid through the audited engine) prints the same bytes as the fast path", async () => {
    const args = ["sim", ...sides, "--scenario", "bloom-heart", "--raids", "3", "--seed", "11", "--json"]
    const fast = await run(...args)
    const audited = await run(...args, "--audited")
    expect(fast.code, fast.err).toBe(0)
    expect(audited.code, audited.err).toBe(0)
    expect(audited.out).toBe(fast.out)
    expect(JSON.parse(fast.out).raids).toBe(3)
  }, 60_000)

  it("B-BATTLE-01 --json is a report by its schema: every raid counted for every side", async () => {
    const args = [
      "sim",
      ...sides,
      "--raids",
      "4",
      "--seed",
      "3",
      "--policy",
      "aggressive",
      "--policy",
      "odds",
    ]
    const r = await runJson(...args, "--json")
    expect(r.code, r.err).toBe(0)
    expect(Result.isSuccess(Schema.decodeUnknownResult(SimReport.Report)(r.json))).toBe(true)
    expect(r.json.spec.policies).toEqual(["aggressive", "odds"])
    // The shape docs/simulation.md gives.
    expect(Object.keys(r.json)).toEqual([
      "format",
      "spec",
      "raids",
      "unfinished",
      "rounds",
      "sides",
      "blightBySource",
      "byRound",
      "creatures",
    ])
    expect(Object.keys(r.json.sides[0])).toEqual([
      "side",
      "win",
      "draw",
      "loss",
      "rout",
      "down",
      "finished",
      "turned",
      "loot",
      "rich",
      "blight",
      "reloadsSpent",
      "arrowsSpent",
      "boltsSpent",
      "finishedHistogram",
    ])
    expect(Object.keys(r.json.sides[0].win)).toEqual(["k", "n", "rate"])
    expect(Object.keys(r.json.sides[0].win.rate)).toEqual(["estimate", "low", "high"])
    expect(Object.keys(r.json.byRound[0])).toEqual([
      "round",
      "raids",
      "noise",
      "lesser",
      "greater",
      "encounters",
    ])
    for (const s of r.json.sides) expect(s.win.k + s.draw.k + s.loss.k).toBe(4)
    // The same seed: the same report, in the CLI's own thread too.
    const again = await run(...args, "--json")
    expect(JSON.parse(again.out)).toEqual(r.json)
  }, 60_000)

  it("B-BATTLE-01 on a terminal a progress bar with the rate and the time left is drawn on stderr; stdout is the same", async () => {
    let out = ""
    let err = ""
    const args = ["sim", ...sides, "--raids", "3", "--seed", "4"]
    const code = await main(args, {
      stdout: { write: (x: string) => (out += x) },
      stderr: Object.assign({ write: (x: string) => (err += x) }, { isTTY: true }),
    })
    expect(code).toBe(0)
    // The last drawing is the whole bar: every raid done, a rate and an ETA.
    const last = err.split("\r").at(-1)!
    expect(last).toMatch(/^sim \[#{28}\] 3\/3 \d+\.\d raids\/s ETA 0:00/)
    expect(out).toBe((await run(...args)).out)
    expect((await run(...args)).err).toBe("")
  }, 60_000)

  it("R-SIM-05 a raid stopped by --max-commands is counted unfinished, a draw for each side", async () => {
    const r = await runJson("sim", ...sides, "--raids", "2", "--seed", "1", "--max-commands", "1", "--json")
    expect(r.code, r.err).toBe(0)
    expect(r.json.unfinished).toBe(2)
    for (const s of r.json.sides) expect(s.draw.k).toBe(2)
  }, 60_000)

  it("B-BATTLE-01 in words by default; the example rosters when no --refuge is given", async () => {
    const r = await run("sim", "--raids", "2", "--seed", "1")
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/^2 raids of cache \(core rules; declared table; policies sensible; seed 1\)/)
    expect(r.out).toMatch(/wharfside: win \d/)
    expect(r.out).toMatch(/rounds per raid/)
  }, 60_000)

  it("R-SIM-01 --html (or --report) writes a page of SVG charts with each chart's Vega-Lite spec embedded", async () => {
    const file = join(tmp, "report.html")
    const r = await run("sim", ...sides, "--raids", "3", "--seed", "2", "--report", file)
    expect(r.code, r.err).toBe(0)
    const html = readFileSync(file, "utf8")
    expect(html.startsWith("<!doctype html>")).toBe(true)
    const svgs = html.match(/<svg[^>]*>/g) ?? []
    expect(svgs.length).toBeGreaterThanOrEqual(5)
    const specs = [
      ...html.matchAll(/<script type="application\/json" class="vega-lite"[^>]*>(.*?)<\/script>/g),
    ]
    expect(specs.length).toBe(svgs.length)
    for (const [, json] of specs) expect(JSON.parse(json!).$schema).toMatch(/vega-lite/)
    expect(html).toContain("Win, draw, loss and Rout rates")
    expect(checkPage(html)).toBe(6)
  }, 60_000)

  it("R-BATTLE-05 an A/B run of a pack and a ruling option plays the same raids twice and reports each difference with its interval", async () => {
    const r = await runJson(
      "sim",
      ...sides,
      "--raids",
      "3",
      "--seed",
      "5",
      "--b-pack",
      pack,
      "--b-option",
      "dinCounts=onTable",
      "--json",
      "--html",
      join(tmp, "ab.html"),
    )
    expect(r.code, r.err).toBe(0)
    // The comparison's two charts, then A's six and B's six.
    const abPage = readFileSync(join(tmp, "ab.html"), "utf8")
    expect(checkPage(abPage)).toBe(14)
    expect(abPage).toMatch(
      /<title>blight sim: cache, A\/B: pack .+, dinCounts=onTable against core rules<\/title>/,
    )
    expect(r.json.a.spec.label).toBe("core rules")
    expect(r.json.b.spec.label).toMatch(/^pack .+, dinCounts=onTable$/)
    expect(r.json.comparison.sides).toHaveLength(2)
    for (const s of r.json.comparison.sides) {
      expect(s.win.difference.low).toBeLessThanOrEqual(s.win.difference.estimate)
      expect(s.win.difference.high).toBeGreaterThanOrEqual(s.win.difference.estimate)
    }
  }, 60_000)

  it.each([
    [["--raids", "0"], /--raids: expected 1 to 1000000/],
    [["--workers", "two"], /--workers: expected a whole number/],
    [["--policy", "cunning"], /--policy cunning: there is no such policy/],
    [["--scenario", "moon-base"], /--scenario moon-base: no such scenario/],
    [["--table", "hex"], /--table: declared, fair or board/],
    [["--refuge", refuge], /--refuge: a raid needs two or more Refuges/],
    [["--option", "nope=1"], /--option nope: there is no such option/],
    [["--option", "dinCounts=bad"], /--option dinCounts: expected "made" or "onTable", got "bad"/],
    [["--raids", "-1"], /--raids: a value starting with "-" is written --raids=VALUE/],
    [["--raids=-1"], /--raids: expected 1 to 1000000, got -1/],
    [["--pack", join(tmp, "missing.json")], /missing\.json: no such file/],
    [["--policy", "random", "--policy", "odds", "--policy", "aggressive"], /--policy: one for every side/],
    [["--frobnicate"], /frobnicate/],
    [["--html", join(tmp, "no-such-folder", "r.html")], /--html .*: its folder does not exist/],
    [["--campaign", "--max-commands", "9"], /--max-commands: not with --campaign/],
    [["--raids", "abc"], /--raids: expected a whole number, got "abc"/],
    [["--raids", "2", "--raids=3"], /--raids: given more than once; give it once/],
    [["--raids", "99999999999"], /--raids: expected 1 to 1000000, got 99999999999/],
    [["--workers", "0"], /--workers: expected 1 to 64, got 0/],
    [["--workers", "1000"], /--workers: expected 1 to 64, got 1000/],
    [["--max-commands", "0"], /--max-commands: expected 1 to 100000, got 0/],
    [["--campaign", "--raids", "61"], /--raids: expected 1 to 60, got 61/],
    [["--campaign", "--campaigns", "0"], /--campaigns: expected 1 to 100000, got 0/],
    [["--seed", "1.5"], /--seed: expected a whole number/],
    [
      ["--seed", "99999999999999999999"],
      /--seed: expected 0 to 9007199254740991, got 99999999999999999999$/m,
    ],
    [
      ["--refuge", join(tmp, "missing.json"), "--refuge", refuge],
      /^blight sim: --refuge .*missing\.json: no such file/,
    ],
    [["--b-pack", join(tmp, "missing.json")], /^blight sim: --b-pack: .*missing\.json: no such file/],
    [["--b-option", "nope=1"], /^blight sim: --b-option nope: there is no such option/],
    [["--b-option", "dinCounts=bad"], /^blight sim: --b-option dinCounts: expected "made" or "onTable"/],
  ])("B-SETUP-03 bad arguments %j: one line, exit 2", async (args, message) => {
    // The defaults only where the case does not give its own (an option given twice is refused).
    const given = (name: string) => (args as string[]).some((a) => a === name || a.startsWith(`${name}=`))
    const defaults = [
      ...(given("--raids") ? [] : ["--raids", "1"]),
      ...(given("--seed") ? [] : ["--seed", "1"]),
    ]
    const r = await run("sim", ...defaults, ...(args as string[]))
    expect(r.code).toBe(2)
    expect(r.out).toBe("")
    expect(r.err.trim().split("\n")).toHaveLength(1)
    expect(r.err).toMatch(message as RegExp)
  })
})

describe("blight sim --campaign", () => {
  it("B-AFTERMATH-01 survival curves and store trajectories: the same bytes with 1 and 2 workers", async () => {
    const args = ["sim", "--campaign", ...sides, "--campaigns", "2", "--raids", "2", "--seed", "4", "--json"]
    const one = await spawnBlight(...args, "--workers", "1")
    const two = await spawnBlight(...args, "--workers", "2")
    expect(one.code, one.err).toBe(0)
    expect(two.out).toBe(one.out)
    const r = JSON.parse(one.out)
    expect(r.format).toBe("blight-sim-campaign@1")
    expect(Object.keys(r)).toEqual(["format", "spec", "campaigns", "stopped", "refuges", "bySeason"])
    expect(Object.keys(r.refuges[0].byRaid[0])).toEqual([
      "raid",
      "campaigns",
      "survival",
      "roster",
      "win",
      "dead",
      "turned",
      "anyTurned",
      "blight",
      "salvage",
      "rations",
      "reloads",
      "meds",
      "amber",
      "net",
    ])
    expect(r.campaigns).toBe(2)
    for (const f of r.refuges) expect(f.byRaid.map((p: { raid: number }) => p.raid)).toEqual([1, 2])
  }, 180_000)

  it("R-SIM-01 --campaign --audited (every raid through the audited engine) prints the same bytes as the fast path", async () => {
    const args = ["sim", "--campaign", ...sides, "--campaigns", "2", "--raids", "2", "--seed", "6", "--json"]
    const fast = await run(...args)
    const audited = await run(...args, "--audited")
    expect(fast.code, fast.err).toBe(0)
    expect(audited.code, audited.err).toBe(0)
    expect(audited.out).toBe(fast.out)
    expect(JSON.parse(fast.out).campaigns).toBe(2)
  }, 120_000)

  it("B-AFTERMATH-01 --html draws the survival curve, each store's trajectory, the net Salvage and Reloads, the Din by Season", async () => {
    const file = join(tmp, "campaign.html")
    const r = await run(
      "sim",
      "--campaign",
      "--campaigns",
      "1",
      "--raids",
      "1",
      "--seed",
      "2",
      "--html",
      file,
    )
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/^1 campaigns of 1 raids/)
    const html = readFileSync(file, "utf8")
    expect(html).toContain('data-chart="survival"')
    expect(html).toContain('data-chart="store-salvage"')
    expect(html).toContain('data-chart="net-salvage"')
    expect(html).toContain('data-chart="din-season"')
    expect((html.match(/<svg[^>]*>/g) ?? []).length).toBe(12)
    expect(checkPage(html)).toBe(12)
  }, 120_000)

  it.each([
    [["--campaign", "--policy", "odds"], /--policy: not with --campaign/],
    [["--campaign", "--raids", "61"], /--raids: expected 1 to 60/],
    [["--campaigns", "3"], /--campaigns: only with --campaign/],
    [["--campaign", "--campaigns", "0"], /--campaigns: expected 1 to/],
  ])("B-AFTERMATH-01 bad arguments %j: one line, exit 2", async (args, message) => {
    const r = await run("sim", "--seed", "1", ...(args as string[]))
    expect(r.code).toBe(2)
    expect(r.err.trim().split("\n")).toHaveLength(1)
    expect(r.err).toMatch(message as RegExp)
  })
})

describe("blight sim's worker task", () => {
  it("B-BATTLE-01 a worker thread's chunk, a structured clone of the job, reuses the set-up of the chunk before it", async () => {
    const { specOf } = await import("../src/commands/simJob.js")
    const job = {
      refuges: [],
      scenario: "cache",
      options: undefined,
      packFiles: [],
      packs: [],
      table: "declared",
      policies: ["sensible"],
      seed: 1,
      maxCommands: 5000,
      from: 0,
      to: 25,
    } as const
    const first = specOf(job)
    expect(specOf(structuredClone({ ...job, from: 25, to: 50 }))).toBe(first)
    // Any other setting is a new spec.
    const other = structuredClone({ ...job, seed: 2 })
    expect(specOf(other)).toBe(other)
  })
})
