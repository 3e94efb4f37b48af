#!/usr/bin/env node
// Writes docs/homebrew-reference.md and docs/homebrew-reference-nightsong.md: every field of every
// content kind, from the published JSON Schemas (packages/rules/schemas/ and
// packages/nightsong/schemas/, themselves generated from the libraries' schemas), with its type,
// whether it is required, its limits and an example taken from the core pack (or, for a Nightsong
// kind the core pack leaves empty, the example pack). `--check` exits 1 when a page is stale.
import { readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const { coreRegistry, Ids } = await import("@blight/rules")
const { Packs } = await import("@blight/nightsong")
const core = coreRegistry()
// Nightsong's core pack has no Spells or creatures (the rules publish none): the example pack shows them.
const nightsongExample = JSON.parse(
  readFileSync(join(root, "examples/nightsong-pack/barrow-lights.json"), "utf8"),
)

const reader = (dir) => (file) => JSON.parse(readFileSync(join(root, dir, file), "utf8"))

/** A type in words: resolves local refs, unions, arrays and enums. */
const typeOf = (s, defs, depth = 0) => {
  if (!s || depth > 6) return "any"
  if (s.$ref) {
    const name = s.$ref.split("/").pop()
    const d = defs[name]
    if (d && (d.type === "object" || d.anyOf || d.oneOf)) return `\`${name}\``
    return typeOf(d, defs, depth + 1)
  }
  // A described field of a named type: `{allOf: [{$ref}], description}`.
  if (s.allOf?.length === 1) return typeOf(s.allOf[0], defs, depth + 1)
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" | ")
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``
  const alts = s.anyOf ?? s.oneOf
  if (alts) return alts.map((a) => typeOf(a, defs, depth + 1)).join(" or ")
  if (s.type === "array") return `list of ${typeOf(s.items, defs, depth + 1)}`
  if (s.type === "integer") return "whole number"
  if (Array.isArray(s.type)) return s.type.join(" or ")
  return s.type ?? "any"
}

const limits = (s, defs) => {
  const r = s.$ref ? { ...defs[s.$ref.split("/").pop()], ...s } : s
  const parts = []
  if (r.minimum !== undefined && r.maximum !== undefined) parts.push(`${r.minimum}–${r.maximum}`)
  else if (r.minimum !== undefined) parts.push(`≥ ${r.minimum}`)
  else if (r.maximum !== undefined) parts.push(`≤ ${r.maximum}`)
  if (r.minLength !== undefined || r.maxLength !== undefined)
    parts.push(`length ${r.minLength ?? 0}–${r.maxLength ?? "∞"}`)
  if (r.minItems !== undefined || r.maxItems !== undefined)
    parts.push(`${r.minItems ?? 0}–${r.maxItems ?? "∞"} items`)
  if (r.pattern === "^\\S[\\s\\S]*\\S$|^\\S$|^$") parts.push("no spaces at either end")
  else if (r.pattern && !r.enum) parts.push(`pattern \`${r.pattern}\``)
  return parts.join("; ")
}

const cell = (t) =>
  String(t ?? "")
    .replaceAll("\n", " ")
    .replaceAll("|", "\\|")
const exampleIn = (list, field) => {
  for (const e of list) {
    const v = e[field]
    if (v === undefined) continue
    const text = JSON.stringify(v)
    return text.length > 60 ? `${text.slice(0, 57)}…` : text
  }
  return ""
}
const blightExample = (kind, field) => exampleIn(core.list(kind), field)
const nightsongEntries = (kind) => {
  const own = Packs.corePack[kind] ?? []
  return own.length > 0 ? own : (nightsongExample[kind] ?? [])
}
const nightsongExampleOf = (kind, field) => exampleIn(nightsongEntries(kind), field)

const blightIntro = [
  "# Homebrew field reference",
  "",
  "Every field of every content kind, generated from the published JSON Schemas",
  "(`packages/rules/schemas/`), which are generated from the library's own schemas: what the loader",
  "checks is what this page says. Examples come from the core pack. Regenerate with",
  "`node scripts/homebrew-reference.mjs`; a test fails when this page is stale. The guide is",
  "[homebrew.md](homebrew.md).",
  "",
]
const nightsongIntro = [
  "# Nightsong homebrew field reference",
  "",
  "Every field of every Nightsong content kind, generated from the published JSON Schemas",
  "(`packages/nightsong/schemas/`), which are generated from the library's own schemas. A pack is a",
  'Nightsong pack when its manifest says `"ruleset": "nightsong"`; it loads over the Nightsong core',
  "pack, which holds only the items the rules state and no Spells, Spell tables or creatures, because",
  "the rules publish none. Examples come from the core pack, or from the example pack",
  "(`examples/nightsong-pack/`) for the kinds the core pack leaves empty. Regenerate with",
  "`node scripts/homebrew-reference.mjs`; a test fails when this page is stale. The guide is",
  "[homebrew.md](homebrew.md#nightsong-packs).",
  "",
]

/** The page's lines: one table per kind, then the shapes entries share. */
const reference = (intro, kinds, read, example, sharedNote, exampleHeader) => {
  const lines = [...intro]
  for (const kind of kinds) {
    let doc
    try {
      doc = read(`${kind}.schema.json`)
    } catch {
      continue
    }
    const defs = doc.$defs ?? doc.definitions ?? {}
    const entryRef = doc.items?.$ref ?? doc.$ref ?? doc.properties?.[kind]?.items?.$ref
    const entryName = entryRef
      ? entryRef.split("/").pop()
      : Object.keys(defs).find((k) => defs[k].type === "object")
    const entry = defs[entryName] ?? doc
    const props = entry.properties ?? {}
    const required = new Set(entry.required ?? [])
    lines.push(`## \`${kind}\` (${entryName ?? kind})`, "")
    if (entry.description) lines.push(cell(entry.description), "")
    lines.push(
      `| field | type | required | limits | what it is | ${exampleHeader} |`,
      "|---|---|---|---|---|---|",
    )
    for (const [name, s] of Object.entries(props)) {
      const d = s.$ref ? defs[s.$ref.split("/").pop()] : undefined
      const description = s.description ?? d?.description ?? ""
      lines.push(
        `| \`${name}\` | ${cell(typeOf(s, defs))} | ${required.has(name) ? "yes" : "no"} | ${cell(limits(s, defs))} | ${cell(description)} | ${cell(example(kind, name) ? `\`${example(kind, name)}\`` : "")} |`,
      )
    }
    lines.push("")
  }
  // The shapes entries share (effects, conditions, named rules, …), from the pack schema.
  const pack = read("pack.schema.json")
  const shared = pack.$defs ?? pack.definitions ?? {}
  lines.push("## Shared shapes", "", sharedNote, "")
  for (const [name, d] of Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))) {
    if (d.type !== "object" || !d.properties) continue
    const required = new Set(d.required ?? [])
    lines.push(`### \`${name}\``, "")
    if (d.description) lines.push(cell(d.description), "")
    lines.push("| field | type | required | limits | what it is |", "|---|---|---|---|---|")
    for (const [field, s] of Object.entries(d.properties)) {
      const dd = s.$ref ? shared[s.$ref.split("/").pop()] : undefined
      lines.push(
        `| \`${field}\` | ${cell(typeOf(s, shared))} | ${required.has(field) ? "yes" : "no"} | ${cell(limits(s, shared))} | ${cell(s.description ?? dd?.description ?? "")} |`,
      )
    }
    lines.push("")
  }
  return `${lines.join("\n")}\n`
}

const pages = {
  "docs/homebrew-reference.md": reference(
    blightIntro,
    Ids.KINDS,
    reader("packages/rules/schemas"),
    blightExample,
    "Effects, conditions and the other shapes entries use, by name (`Effect` is any of the `…Effect` shapes).",
    "example (core)",
  ),
  "docs/homebrew-reference-nightsong.md": reference(
    nightsongIntro,
    Packs.KINDS,
    reader("packages/nightsong/schemas"),
    nightsongExampleOf,
    "The manifest, specials and the other shapes entries use, by name.",
    "example (core, or the example pack)",
  ),
}
for (const [page, text] of Object.entries(pages)) {
  const out = join(root, page)
  if (process.argv.includes("--check")) {
    let current = ""
    try {
      current = readFileSync(out, "utf8")
    } catch {}
    if (current !== text) {
      console.error(`${page} is stale: run node scripts/homebrew-reference.mjs`)
      process.exit(1)
    }
  } else writeFileSync(out, text)
}
