#!/usr/bin/env node
// Writes docs/rules-reference.md: every clause ID (B-… The Blight, N-… Nightsong), and every gap,
// ambiguity and table of the catalogue (GAP-…, AMB-…, TBL-N-…), with its one-line summary from
// docs/rules-reference/summaries.tsv, the source files that mention it, the test files
// whose titles name it, and the rulings (docs/rulings/*.md) that cite it; then every ruling with its
// file. `npm run rules:reference` regenerates it; `node scripts/rules-reference.mjs --check` exits 1
// when the committed page is stale. `render()` is exported for the test that compares it in memory.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const defaultRoot = fileURLToPath(new URL("..", import.meta.url))

/** A clause ID standing on its own (not the tail of a ruling such as R-N-CHAR-01). */
export const CLAUSE_ID = /(?<![A-Z0-9-])[BN]-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d{2,3}\b/g
/** A gap, ambiguity or table of the catalogue, which rulings settle (GAP-B-07, AMB-N-28, TBL-N-24). */
export const CATALOGUE_NOTE = /(?<![A-Z0-9-])(?:GAP|AMB|TBL)-[BN]-\d{2,3}\b/g
/** A ruling ID. */
export const RULING_ID = /(?<![A-Z0-9-])R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d{2,3}\b/g
/** A test's title: it/test/describe (with .effect, .prop, .skip, .each(…) and the like). */
export const TEST_TITLE =
  /\b(?:it|test|describe)(?:\.(?:effect|prop|skip|only|concurrent|live|scoped|skipIf\([^)]*\)|runIf\([^)]*\)))*(?:\.each\([^)]*\))?\(\s*(["'`])((?:(?!\1).)*)\1/g

/** The GitHub anchor of a heading. */
export const anchor = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-")

/** The summaries file: sections ("## …") and `ID<TAB>summary` lines; "#" lines are comments. */
export const readSummaries = (root = defaultRoot) => {
  const sections = []
  for (const [n, line] of readFileSync(join(root, "docs/rules-reference/summaries.tsv"), "utf8")
    .split("\n")
    .entries()) {
    if (line.trim() === "" || /^# /.test(line)) continue
    const h = /^## (.+)$/.exec(line)
    if (h) {
      sections.push({ title: h[1].trim(), entries: [] })
      continue
    }
    const [id, summary, ...rest] = line.split("\t")
    if (sections.length === 0 || rest.length > 0 || summary === undefined)
      throw new Error(`summaries.tsv:${n + 1}: expected "ID<TAB>summary" under a "## " section`)
    sections.at(-1).entries.push({ id: id.trim(), summary: summary.trim() })
  }
  return sections
}

const posix = (p) => p.split(sep).join("/")

const walk = (dir, keep, out = []) => {
  let names
  try {
    names = readdirSync(dir)
  } catch {
    return out
  }
  for (const name of names.sort()) {
    if (["node_modules", "dist", ".git", ".turbo"].includes(name)) continue
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, keep, out)
    else if (keep(name)) out.push(p)
  }
  return out
}

const srcDirs = (root) => [
  ...readdirSync(join(root, "packages"))
    .sort()
    .map((p) => join(root, "packages", p, "src")),
  join(root, "services/api/src"),
]

/** Source files (packages/*\/src, services/api/src) by the clause and ruling IDs they mention. */
export const sourceMentions = (root = defaultRoot) => {
  const by = new Map()
  for (const dir of srcDirs(root))
    for (const f of walk(dir, (n) => /\.(?:ts|tsx|json)$/.test(n) && !/\.d\.ts$/.test(n))) {
      const text = readFileSync(f, "utf8")
      const ids = new Set([CLAUSE_ID, CATALOGUE_NOTE, RULING_ID].flatMap((re) => text.match(re) ?? []))
      for (const id of ids) {
        if (!by.has(id)) by.set(id, [])
        by.get(id).push(posix(relative(root, f)))
      }
    }
  return by
}

/** Test files by the clause and ruling IDs their test titles name, with how many titles. */
export const testMentions = (root = defaultRoot) => {
  const by = new Map()
  const files = ["packages", "services"].flatMap((top) =>
    walk(join(root, top), (n) => /\.test\.tsx?$/.test(n)),
  )
  for (const f of files) {
    const counts = new Map()
    for (const m of readFileSync(f, "utf8").matchAll(TEST_TITLE))
      for (const id of new Set([CLAUSE_ID, CATALOGUE_NOTE, RULING_ID].flatMap((re) => m[2].match(re) ?? [])))
        counts.set(id, (counts.get(id) ?? 0) + 1)
    for (const [id, n] of counts) {
      if (!by.has(id)) by.set(id, [])
      by.get(id).push({ file: posix(relative(root, f)), titles: n })
    }
  }
  return by
}

/**
 * The rulings: each R-… ID with the file that records it (where a line starts with it, as a list
 * item or a table row) and the clause IDs its entry cites.
 */
export const readRulings = (root = defaultRoot) => {
  const rulings = new Map()
  const dir = join(root, "docs/rulings")
  const title = (text, file) => /^#+ (.+)$/m.exec(text)?.[1].replace(/`/g, "") ?? file
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()) {
    const text = readFileSync(join(dir, file), "utf8")
    let current
    for (const line of text.split("\n")) {
      const def = /^(?:- \*\*|\| ?\*{0,2})(R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d{2,3})\b/.exec(line)
      if (def) {
        current = rulings.get(def[1])
        if (!current) {
          current = {
            id: def[1],
            file: `rulings/${file}`,
            fileTitle: title(text, file),
            cites: new Set(),
            settles: new Set(),
            // A list-style ruling may carry a short title in bold after its ID ("R-CONTENT-02 Replacing an entry.").
            name: /^- \*\*R-[A-Z0-9-]+-\d{2,3} ([^*]+?)\.?\*\*/.exec(line)?.[1],
          }
          rulings.set(def[1], current)
        } else if (current.file !== `rulings/${file}`) current = undefined
      } else if (/^#/.test(line) || (line.trim() === "" && !/^\|/.test(line))) current = undefined
      if (current) {
        for (const id of line.match(CLAUSE_ID) ?? []) current.cites.add(id)
        for (const id of line.match(CATALOGUE_NOTE) ?? []) current.settles.add(id)
      }
    }
  }
  return rulings
}

const link = (path) => `[${path}](../${path})`

/** Words wrapped into lines of at most `width` characters, continuation lines indented. */
const wrap = (first, words, width = 160, indent = "  ") => {
  const lines = []
  let line = first
  for (const w of words) {
    if (line.length + 1 + w.length > width && line.trim() !== "") {
      lines.push(line)
      line = indent + w
    } else line = line.endsWith(" ") || line === "" ? line + w : `${line} ${w}`
  }
  lines.push(line)
  return lines
}

/** The page, as a string. */
export const render = (root = defaultRoot) => {
  const sections = readSummaries(root)
  const code = sourceMentions(root)
  const tests = testMentions(root)
  const rulings = readRulings(root)
  const known = new Set(sections.flatMap((s) => s.entries.map((e) => e.id)))
  const citedBy = new Map()
  for (const r of rulings.values())
    for (const id of [...r.cites, ...r.settles]) {
      if (!citedBy.has(id)) citedBy.set(id, [])
      citedBy.get(id).push(r.id)
    }

  const all = sections.flatMap((s) => s.entries)
  const count = (p, f) => all.filter((e) => e.id.startsWith(p) && f(e.id)).length
  const line = (p, name) =>
    `- ${name}: ${count(p, () => true)} clauses; ${count(p, (id) => code.has(id))} mentioned in the source, ` +
    `${count(p, (id) => tests.has(id))} named by a test title, ${count(p, (id) => citedBy.has(id))} cited by a ruling`
  const out = [
    "# Rules reference",
    "",
    "Every clause ID the software prints (in an error's `clause`, a violation, a test title or a content",
    "entry's `clauses`) has an entry here: the rule in one line of our own, the source files that mention",
    "the ID, the test files whose titles name it, and the rulings that cite it. So do the rules catalogue's",
    "gaps (GAP-…: what the text leaves out), ambiguities (AMB-…: where it reads two ways) and Nightsong's",
    "tables (TBL-N-…), which the rulings settle and the data cites. Rulings (R-…) are listed at the end",
    "with the file that records each. Link to an entry as `docs/rules-reference.md#b-fight-01` (the ID in",
    "lower case).",
    "",
    "Generated by `npm run rules:reference` from `docs/rules-reference/summaries.tsv` (the summaries),",
    "the sources, the tests and `docs/rulings/`. Do not edit by hand: edit the summaries file.",
    "",
    line("B-", "The Blight"),
    line("N-", "Nightsong"),
    `- The catalogue's gaps, ambiguities and tables (GAP-…, AMB-…, TBL-N-…): ${all.filter((e) => /^(?:GAP|AMB|TBL)-/.test(e.id)).length}, ` +
      `${all.filter((e) => /^(?:GAP|AMB|TBL)-/.test(e.id) && citedBy.has(e.id)).length} settled by a ruling`,
    `- Rulings: ${rulings.size}`,
    "",
    "## Contents",
    "",
    ...sections.map((s) => `- [${s.title}](#${anchor(s.title)}) (${s.entries.length})`),
    "- [Rulings](#rulings)",
    "",
  ]
  for (const s of sections) {
    out.push(`## ${s.title}`, "")
    for (const e of s.entries) {
      out.push(`### ${e.id}`, "", e.summary, "")
      const src = code.get(e.id) ?? []
      const tst = tests.get(e.id) ?? []
      const rul = citedBy.get(e.id) ?? []
      if (src.length > 0) out.push("- Source:", ...src.map((f) => `  - ${link(f)}`))
      else {
        // No file names the clause itself: the files that name a ruling citing it enforce it.
        const via = new Map()
        for (const r of rul) for (const f of code.get(r) ?? []) if (!via.has(f)) via.set(f, r)
        if (via.size > 0)
          out.push(
            "- Source (through its rulings):",
            ...[...via].sort(([a], [b]) => a.localeCompare(b)).map(([f, r]) => `  - ${link(f)} (${r})`),
          )
        else out.push("- Source: no file names it")
      }
      if (tst.length > 0)
        out.push(
          "- Tests:",
          ...tst.map((t) => `  - ${link(t.file)}${t.titles > 1 ? ` (${t.titles} titles)` : ""}`),
        )
      else out.push("- Tests: no title names it")
      if (rul.length > 0)
        out.push(
          ...wrap(
            "- Rulings:",
            rul.map((r, i) => `[${r}](#${r.toLowerCase()})${i < rul.length - 1 ? "," : ""}`),
          ),
        )
      out.push("")
    }
  }
  out.push(
    "## Rulings",
    "",
    "Each ruling, the file that records it, and the clauses, gaps and ambiguities its entry names.",
    "",
  )
  const byFile = new Map()
  for (const r of rulings.values()) {
    if (!byFile.has(r.file)) byFile.set(r.file, [])
    byFile.get(r.file).push(r)
  }
  for (const [file, list] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`### ${list[0].fileTitle}`, "", `In [docs/${file}](${file}).`, "")
    for (const r of list) {
      const refs = [
        ...[...r.cites]
          .filter((id) => known.has(id))
          .sort()
          .map((id) => `[${id}](#${id.toLowerCase()})`),
        ...[...r.settles].sort().map((id) => (known.has(id) ? `[${id}](#${id.toLowerCase()})` : `\`${id}\``)),
      ]
      out.push(
        ...wrap(
          `- <a id="${r.id.toLowerCase()}"></a>**${r.id}**${r.name ? ` (${r.name})` : ""}${refs.length > 0 ? ":" : ""}`,
          refs.map((x, i) => `${x}${i < refs.length - 1 ? "," : ""}`),
        ),
      )
    }
    out.push("")
  }
  const stray = [...new Set([...code.keys(), ...tests.keys()])]
    .filter((id) => !id.startsWith("R-") && !known.has(id))
    .sort()
  if (stray.length > 0)
    out.push(
      "## IDs with no summary",
      "",
      "Named in the source or the tests but missing from the summaries file:",
      "",
      ...stray.map((id) => `- ${id}`),
      "",
    )
  return out.join("\n")
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = join(defaultRoot, "docs/rules-reference.md")
  const page = render()
  if (process.argv.includes("--check")) {
    let current = ""
    try {
      current = readFileSync(file, "utf8")
    } catch {}
    if (current !== page) {
      console.error("docs/rules-reference.md is stale: run npm run rules:reference")
      process.exit(1)
    }
  } else {
    writeFileSync(file, page)
    console.log(`docs/rules-reference.md: ${page.split("\n").length} lines`)
  }
}
