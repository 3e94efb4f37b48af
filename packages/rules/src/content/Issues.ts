/**
 * Turns a schema decode failure into problems with JSON paths. Unions get one readable answer:
 * the member the value most nearly matches, or (when it matches none) the forms it could take,
 * instead of one complaint per member.
 *
 * @since 0.1.0
 */
import { ParseResult } from "effect"
import type * as AST from "effect/SchemaAST"
import { type Problem, joinPath } from "./Problem.js"

interface Found {
  readonly path: string
  readonly message: string
  /** How far below the union being judged the problem is (0: at it). */
  readonly depth: number
  readonly shape: boolean
}

const leaf = (issue: ParseResult.ParseIssue, path: string, depth: number): Found[] =>
  ParseResult.ArrayFormatter.formatIssueSync(issue).map((i) => ({
    path: i.path.reduce<string>(joinPath, path),
    message: i.message,
    depth: depth + i.path.length,
    shape: i._tag === "Missing" || i._tag === "Unexpected" || (i._tag === "Type" && i.path.length === 0),
  }))

const keysOf = (ast: AST.AST): string | undefined => {
  switch (ast._tag) {
    case "TypeLiteral":
      return `{ ${ast.propertySignatures
        .filter((p) => !p.isOptional)
        .map((p) => String(p.name))
        .join(", ")} }`
    case "Refinement":
      return keysOf(ast.from)
    case "Transformation":
      return keysOf(ast.from)
    case "Suspend":
      return keysOf(ast.f())
    case "Literal":
      return JSON.stringify(ast.literal)
    default:
      return undefined
  }
}

const forms = (ast: AST.AST): string[] => {
  if (ast._tag === "Union") return ast.types.flatMap(forms)
  if (ast._tag === "Suspend") return forms(ast.f())
  const k = keysOf(ast)
  return k === undefined ? [String(ast)] : [k]
}

const describe = (actual: unknown): string =>
  typeof actual === "object" && actual !== null && !Array.isArray(actual)
    ? `an object with keys { ${Object.keys(actual).join(", ")} }`
    : (JSON.stringify(actual) ?? String(actual))

const walk = (issue: ParseResult.ParseIssue, path: string, depth: number): Found[] => {
  switch (issue._tag) {
    case "Pointer": {
      const keys: ReadonlyArray<PropertyKey> = Array.isArray(issue.path)
        ? issue.path
        : [issue.path as PropertyKey]
      return walk(issue.issue, keys.reduce<string>(joinPath, path), depth + keys.length)
    }
    case "Refinement":
      return issue.kind === "From" ? walk(issue.issue, path, depth) : leaf(issue, path, depth)
    case "Transformation":
      return issue.kind === "Transformation" ? leaf(issue, path, depth) : walk(issue.issue, path, depth)
    case "Composite": {
      const subs = Array.isArray(issue.issues) ? issue.issues : [issue.issues as ParseResult.ParseIssue]
      if (issue.ast._tag !== "Union") return subs.flatMap((s) => walk(s, path, depth))
      return union(issue, subs, path, depth)
    }
    default:
      return leaf(issue, path, depth)
  }
}

const union = (
  issue: ParseResult.Composite,
  subs: ReadonlyArray<ParseResult.ParseIssue>,
  path: string,
  depth: number,
): Found[] => {
  // Score each member tried by how many of its problems are about the value's shape right here
  // (missing or unexpected keys, wrong type): the member with fewest is what the author meant.
  const tried = subs.map((s) => {
    const found = walk(s, path, depth)
    const score = found.filter((f) => f.shape && f.depth <= depth + 1).length
    return { found, score }
  })
  const best = Math.min(...tried.map((t) => t.score))
  const winners = tried.filter((t) => t.score === best)
  const same = winners.every((w) => JSON.stringify(w.found) === JSON.stringify(winners[0]!.found))
  if (winners.length === 1 || same || best === 0) return winners[0]!.found
  const list = [...new Set(forms(issue.ast))]
  return [
    {
      path,
      message: `expected one of: ${list.join(" | ")}; got ${describe(issue.actual)}`,
      depth,
      shape: true,
    },
  ]
}

/** Every problem in a decode failure, with paths below `prefix`. */
export const problemsOf = (error: ParseResult.ParseError, prefix = "", pack?: string): Problem[] => {
  const seen = new Set<string>()
  const out: Problem[] = []
  for (const f of walk(error.issue, prefix, 0)) {
    const key = `${f.path}\u0000${f.message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(
      pack === undefined ? { path: f.path, message: f.message } : { pack, path: f.path, message: f.message },
    )
  }
  return out
}
