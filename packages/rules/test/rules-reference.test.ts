import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
// @ts-expect-error: a plain .mjs script, no types
import { render } from "../../../scripts/rules-reference.mjs"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const read = (p: string) => readFileSync(join(root, p), "utf8")

// Independent of the generator: what a reader sees in the code, the tests and the data file.
const CLAUSE = /(?<![A-Z0-9-])[BN]-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d{2,3}\b/g
const NOTE = /(?<![A-Z0-9-])(?:GAP|AMB|TBL)-[BN]-\d{2,3}\b/g
const RULING = /(?<![A-Z0-9-])R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d{2,3}\b/g
const TITLE = /\b(?:it|test|describe)(?:\.[a-zA-Z]+(?:\([^)]*\))?)*\(\s*(["'`])((?:(?!\1).)*)\1/g

const files = (dir: string, keep: RegExp): string[] => {
  const out: string[] = []
  const go = (d: string) => {
    for (const n of readdirSync(d)) {
      if (["node_modules", "dist", ".turbo"].includes(n)) continue
      const p = join(d, n)
      if (statSync(p).isDirectory()) go(p)
      else if (keep.test(n)) out.push(p)
    }
  }
  go(dir)
  return out
}

const sources = [
  ...readdirSync(join(root, "packages")).map((p) => join(root, "packages", p, "src")),
  join(root, "services/api/src"),
].flatMap((d) => files(d, /\.(?:ts|tsx|json)$/))
const tests = ["packages", "services"].flatMap((d) => files(join(root, d), /\.test\.tsx?$/))

const inSources = (re: RegExp) => new Set(sources.flatMap((f) => readFileSync(f, "utf8").match(re) ?? []))
const inTitles = (re: RegExp) =>
  new Set(
    tests.flatMap((f) => [...readFileSync(f, "utf8").matchAll(TITLE)].flatMap((m) => m[2]!.match(re) ?? [])),
  )

const summaries = new Map<string, string>()
const duplicates: string[] = []
for (const line of read("docs/rules-reference/summaries.tsv").split("\n")) {
  if (line === "" || line.startsWith("#")) continue
  const [id, summary] = line.split("\t")
  if (summaries.has(id!)) duplicates.push(id!)
  summaries.set(id!, summary ?? "")
}

describe("docs/rules-reference.md", () => {
  it("has one summary line per clause, each an ID of the catalogue's form with words of its own", () => {
    expect(duplicates).toEqual([])
    expect([...summaries.keys()].filter((id) => /^[BN]-/.test(id))).toHaveLength(423)
    const bad = [...summaries].filter(
      ([id, s]) =>
        !/^(?:[BN]-[A-Z0-9]+(?:-[A-Z0-9]+)*|GAP-[BN]|AMB-[BN]|TBL-N)-\d{2}$/.test(id) ||
        s.trim().length < 10 ||
        s.length > 140,
    )
    expect(bad).toEqual([])
  })

  it("has every gap, ambiguity and table of the catalogue, numbered from 01 without a hole", () => {
    const sizes = { "GAP-B": 33, "AMB-B": 63, "GAP-N": 16, "AMB-N": 29, "TBL-N": 55 }
    for (const [prefix, n] of Object.entries(sizes)) {
      const ids = [...summaries.keys()].filter((id) => id.startsWith(`${prefix}-`))
      const expected = Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(2, "0")}`)
      expect(ids, prefix).toEqual(expected)
    }
  })

  it("summarises every gap, ambiguity and table the source, a test title or a ruling names", () => {
    const rulings = readdirSync(join(root, "docs/rulings")).flatMap(
      (f) => read(`docs/rulings/${f}`).match(NOTE) ?? [],
    )
    const named = new Set([...inSources(NOTE), ...inTitles(NOTE), ...rulings])
    expect([...named].filter((id) => !summaries.has(id)).sort()).toEqual([])
  })

  it("summarises every clause ID the source code mentions", () => {
    expect([...inSources(CLAUSE)].filter((id) => !summaries.has(id)).sort()).toEqual([])
  })

  it("summarises every clause ID a test title names", () => {
    expect([...inTitles(CLAUSE)].filter((id) => !summaries.has(id)).sort()).toEqual([])
  })

  it("has no entry that neither the code nor a test title names (every entry is a real, cited clause)", () => {
    const cited = new Set([...inSources(CLAUSE), ...inTitles(CLAUSE)])
    expect([...summaries.keys()].filter((id) => /^[BN]-/.test(id) && !cited.has(id))).toEqual([])
  })

  it("resolves every ruling the code or a test title cites to a file under docs/rulings/", () => {
    const recorded = new Set(
      readdirSync(join(root, "docs/rulings")).flatMap((f) =>
        [...read(`docs/rulings/${f}`).matchAll(/^(?:- \*\*|\| ?\*{0,2})(R-[A-Z0-9-]+-\d{2,3})\b/gm)].map(
          (m) => m[1]!,
        ),
      ),
    )
    const cited = new Set([...inSources(RULING), ...inTitles(RULING)])
    expect([...cited].filter((id) => !recorded.has(id)).sort()).toEqual([])
  })

  it("is the generator's output for the current summaries, sources, tests and rulings", () => {
    const page = read("docs/rules-reference.md")
    expect(page === render(root), "stale: run npm run rules:reference").toBe(true)
    for (const id of summaries.keys()) expect(page).toContain(`\n### ${id}\n`)
    expect(page.split("\n").filter((l) => l.length > 200)).toEqual([])
  })
})
