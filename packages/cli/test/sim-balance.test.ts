import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SimBalance } from "@blight/rules"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { run, spawnBlight } from "./helpers.js"

const tmp = mkdtempSync(join(tmpdir(), "blight-balance-"))
// The table part alone, one raid a cell: 7 scenarios × 2 tables × 2 policies.
const quick = [
  "sim",
  "--balance",
  "--balance-parts",
  "table",
  "--raids",
  "1",
  "--board-raids",
  "1",
  "--seed",
  "3",
]

describe("blight sim --balance", () => {
  it("R-SIM-07 the same bytes with 1 and with 2 worker threads; a row per cell with ✓ or ✗, and the tally", async () => {
    const one = await spawnBlight(...quick, "--workers", "1")
    const two = await spawnBlight(...quick, "--workers", "2")
    expect(one.code, one.err).toBe(0)
    expect(two.code, two.err).toBe(0)
    expect(two.out).toBe(one.out)
    // No progress line when stderr is not a terminal.
    expect(two.err).toBe("")
    const rows = one.out.split("\n").filter((l) => /^ {2}[✓✗] /.test(l))
    expect(rows.length).toBe(28)
    expect(rows.filter((l) => l.includes(" · board · ")).length).toBe(14)
    const met = rows.filter((l) => l.startsWith("  ✓")).length
    expect(one.out).toContain(`targets met: ${met} of 28`)
    expect(one.out).not.toMatch(/^field:|^items:/m)
  }, 240_000)

  it("R-SIM-07 --json is a balance report by its schema, --html a page with a chart per part run", async () => {
    const page = join(tmp, "balance.html")
    const r = await run(...quick, "--json", "--html", page)
    expect(r.code, r.err).toBe(0)
    const report = Schema.decodeUnknownSync(SimBalance.BalanceReport)(JSON.parse(r.out))
    expect(report.parts).toEqual(["table"])
    expect(report.counts).toMatchObject({ raids: 1, boardRaids: 1 })
    expect(report.table.length).toBe(28)
    expect(report.total).toBe(28)
    for (const row of report.table) {
      expect(row.raids).toBe(1)
      expect(row.sides.map((s) => s.kind)).toEqual(["refuge", "congregation"])
    }
    const html = readFileSync(page, "utf8")
    expect(html).toContain(`targets met ${report.met} of 28`)
    expect(html).toContain('data-chart="balance-table"')
    expect(html).not.toMatch(/NaN|undefined/)
  }, 240_000)

  it("R-SIM-07 flags it does not take, a part that is not one, a count out of range: exit 2, one line", async () => {
    for (const [args, msg] of [
      [["--balance", "--scenario", "cache"], /--scenario: not with --balance/],
      [["--balance", "--balance-parts", "table,bogus"], /--balance-parts: "bogus" is not a part/],
      [["--balance", "--balance-parts", "table,table"], /named twice/],
      [["--board-raids", "3"], /--board-raids: only with --balance/],
      [["--balance", "--field-raids", "0"], /--field-raids: expected 1 to/],
    ] as const) {
      const r = await run("sim", ...args)
      expect(r.code, args.join(" ")).toBe(2)
      expect(r.err).toMatch(msg)
      expect(r.out).toBe("")
    }
  })
})
