/**
 * The user docs lead somewhere: every relative Markdown link in README.md, docs/, examples/ and the
 * packages' READMEs names a file of this repository (and, into a Markdown file, one of its
 * headings), no doc sends a reader to files a clone doesn't have, and no user doc names an issue by
 * number.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")

const markdownUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : markdownUnder(path)
    return entry.name.endsWith(".md") ? [path] : []
  })

const docs: readonly string[] = [
  "README.md",
  ...markdownUnder("docs"),
  ...markdownUnder("examples"),
  ...readdirSync(join(root, "packages"))
    .map((name) => join("packages", name, "README.md"))
    .filter((path) => existsSync(join(root, path))),
]

/** The text outside fenced code blocks. */
const unfenced = (text: string): string => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "")

/** The text outside fenced code blocks and inline code, where a link is a link. */
const prose = (text: string): string => unfenced(text).replace(/``[^`\n]+``|`[^`\n]+`/g, "")

/** Targets of inline links `[text](target "title")` and reference definitions `[name]: target`. */
const linkTargets = (text: string): string[] => {
  const body = prose(text)
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!)
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!)
  return [...inline, ...references]
}

const external = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target)

/**
 * GitHub's heading anchors (lower case, punctuation dropped, spaces to hyphens, repeats numbered),
 * and the explicit `<a id="…">` anchors a generated page puts on list items.
 */
const anchorsOf = (text: string): Set<string> => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const m of unfenced(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const words = m[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .toLowerCase()
    const base = words
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .trim()
      .replace(/\s/g, "-")
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  for (const m of unfenced(text).matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(m[1]!.toLowerCase())
  return anchors
}

const read = (path: string): string => readFileSync(join(root, path), "utf8")

describe("the docs' links", () => {
  it("finds the documents it checks", () => {
    expect(docs).toContain("README.md")
    expect(docs).toContain(join("docs", "homebrew.md"))
    expect(docs.length).toBeGreaterThan(20)
  })

  it("every relative link names a file of the repository, and a heading of a Markdown file", () => {
    const broken: string[] = []
    for (const doc of docs) {
      for (const target of linkTargets(read(doc))) {
        if (external(target)) continue
        const [pathPart = "", anchor] = target.split("#", 2)
        const path = decodeURIComponent(pathPart)
        const file = path === "" ? join(root, doc) : resolve(root, dirname(doc), path)
        const inside = relative(root, file)
        if (inside.startsWith(`..${sep}`) || inside === "..") {
          broken.push(`${doc}: ${target} leaves the repository`)
          continue
        }
        if (!existsSync(file)) {
          broken.push(`${doc}: ${target} names no file`)
          continue
        }
        if (anchor !== undefined && anchor !== "" && file.endsWith(".md") && statSync(file).isFile()) {
          if (!anchorsOf(readFileSync(file, "utf8")).has(anchor.toLowerCase()))
            broken.push(`${doc}: ${target} names no heading of ${inside}`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it("no doc sends a reader to files outside the repository (../shared, its design notes)", () => {
    const mentions = docs.flatMap((doc) =>
      read(doc)
        .split("\n")
        .flatMap((line, i) =>
          /\.\.\/shared|\/work\/shared|\bDESIGN\.md|\bSTACK\.md|design-effects\.md/.test(line)
            ? [`${doc}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    )
    expect(mentions).toEqual([])
  })

  it("no user doc names an issue by number (the dated performance notebook may)", () => {
    const numbered = docs
      .filter((doc) => doc !== join("docs", "performance-history.md"))
      .flatMap((doc) =>
        read(doc)
          .split("\n")
          .flatMap((line, i) => (/\bissues? #?\d+\b/i.test(line) ? [`${doc}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(numbered).toEqual([])
  })

  it("checks what it claims: a broken link and a missing heading are caught", () => {
    expect(linkTargets("see [a](b.md#c), `[not](a link)`\n[d]: ../e.md\n```\n[x](y)\n```")).toEqual([
      "b.md#c",
      "../e.md",
    ])
    expect(anchorsOf("# Quick start\n## Lists, a page at a time\n## Quick start")).toEqual(
      new Set(["quick-start", "lists-a-page-at-a-time", "quick-start-1"]),
    )
  })
})
