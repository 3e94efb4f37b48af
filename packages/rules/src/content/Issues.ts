/**
 * Turns a schema decode failure into problems with JSON paths. Unions get one readable answer:
 * the member the value most nearly matches, or (when it matches none) the forms it could take,
 * instead of one complaint per member.
 *
 * @since 0.1.0
 */
import { SchemaText } from "@blight/dice"
import { type Schema, SchemaIssue } from "effect"
import * as AST from "effect/SchemaAST"
import { joinPath, type Problem } from "./Problem.js"
import { memberIssues } from "./UnionIssues.js"

/** What kind of problem, for judging which union member the author meant. */
type Shape = "key" | "type" | "literal" | "nomatch" | "value"

interface Found {
  readonly path: string
  readonly message: string
  /** How many keys below the top the problem is. */
  readonly depth: number
  readonly shape: Shape
}

const isLiteral = (ast: AST.AST): boolean =>
  ast._tag === "Literal" || (ast._tag === "Union" && ast.types.every((t) => t._tag === "Literal"))

const show = (u: unknown): string => JSON.stringify(u) ?? String(u)

/** A bound check's limits, as JSON Schema names them (items for arrays, characters for strings). */
const limitsOf = (filter: AST.Filter<unknown>, items: boolean): Record<string, unknown> | undefined => {
  const representation = filter.annotations?.representation as
    | { readonly id?: unknown; readonly payload?: Record<string, unknown> | null }
    | undefined
  const p = representation?.payload ?? {}
  switch (representation?.id) {
    case "effect/schema/isBetween":
      return {
        minimum: p.exclusiveMinimum ? undefined : p.minimum,
        maximum: p.exclusiveMaximum ? undefined : p.maximum,
      }
    case "effect/schema/isGreaterThanOrEqualTo":
      return { minimum: p.minimum }
    case "effect/schema/isLessThanOrEqualTo":
      return { maximum: p.maximum }
    case "effect/schema/isMinLength":
      return items ? { minItems: p.minLength } : { minLength: p.minLength }
    case "effect/schema/isMaxLength":
      return items ? { maxItems: p.maxLength } : { maxLength: p.maxLength }
    case "effect/schema/isBetweenLength":
      return items
        ? { minItems: p.minimum, maxItems: p.maximum }
        : { minLength: p.minimum, maxLength: p.maximum }
    default:
      return undefined
  }
}

/**
 * A bound broken, said with its numbers: a field's description replaces effect's default
 * "a number between 4 and 30" in the message, so the range is read back from the check.
 */
const boundMessage = (issue: SchemaIssue.Issue): string | undefined => {
  // The check that failed: effect 3 stopped at the first failing refinement of a chain.
  const failed = issue._tag === "Composite" ? issue.issues.find((i) => i._tag === "Filter") : issue
  if (failed?._tag !== "Filter" || failed.filter.annotations?.message !== undefined) return undefined
  const input = SchemaIssue.hasInput(failed) ? failed.input : undefined
  const items = issue._tag === "Composite" ? issue.ast._tag === "Arrays" : Array.isArray(input)
  const js = limitsOf(failed.filter, items)
  if (js === undefined) return undefined
  const about = failed.filter.annotations?.description
  const { minimum: lo, maximum: hi, minItems, maxItems, minLength, maxLength } = js
  const what =
    typeof lo === "number" && typeof hi === "number"
      ? `${lo} to ${hi}`
      : typeof lo === "number"
        ? `at least ${lo}`
        : typeof hi === "number"
          ? `at most ${hi}`
          : typeof minItems === "number"
            ? `at least ${minItems} item${minItems === 1 ? "" : "s"}`
            : typeof maxItems === "number"
              ? `at most ${maxItems} items`
              : typeof minLength === "number"
                ? `at least ${minLength} character${minLength === 1 ? "" : "s"}`
                : typeof maxLength === "number"
                  ? `at most ${maxLength} characters`
                  : undefined
  if (what === undefined) return undefined
  const extra = about !== undefined && !/^an? /.test(about) ? ` (${about})` : ""
  return `expected ${what}${extra}, got ${show(input)}`
}

const leaf = (issue: SchemaIssue.Issue, path: string, depth: number): Found[] =>
  SchemaText.problems(issue).map((i) => ({
    path: i.path.reduce<string>(joinPath, path),
    message: (i.path.length === 0 ? boundMessage(issue) : undefined) ?? i.message,
    depth: depth + i.path.length,
    shape:
      i._tag === "Missing" || i._tag === "Unexpected"
        ? "key"
        : i._tag === "Type" && i.path.length === 0
          ? issue._tag === "InvalidType" && isLiteral(issue.ast)
            ? "literal"
            : "type"
          : "value",
  }))

/**
 * How badly a member misses the value at `depth`: its type doesn't fit at all (100), a
 * discriminator such as `kind` differs (50), a key is missing or unexpected, or a nested value
 * matches no form (1 each). Problems deeper down don't count: the member fits this far.
 */
const weight = (f: Found, depth: number): number => {
  if (f.depth === depth && (f.shape === "type" || f.shape === "literal")) return 100
  if (f.depth > depth + 1) return 0
  // Below the top, a wrong discriminator means another member; a wrong value type means this one.
  return f.shape === "literal" ? 50 : f.shape === "type" ? 0.5 : f.shape === "value" ? 0 : 1
}

/** The form a member takes as written (its encoded side: effect 3 read a transformation's `from`). */
const writtenOf = (ast: AST.AST): AST.AST =>
  ast._tag === "Suspend" ? writtenOf(ast.thunk()) : AST.toEncoded(ast)

const keysOf = (ast: AST.AST): string | undefined => {
  const a = writtenOf(ast)
  switch (a._tag) {
    case "Objects":
      return `{ ${a.propertySignatures
        .filter((p) => !AST.isOptional(p.type))
        .map((p) => String(p.name))
        .join(", ")} }`
    case "Literal":
      return JSON.stringify(a.literal)
    default:
      return undefined
  }
}

/**
 * A type as effect 3 printed it (`String(ast)`), in `SchemaText`'s words: a one-member union is
 * named by its member's full name, refinement included.
 */
const typeName = (ast: AST.AST): string => {
  const [p] = SchemaText.problems(
    new SchemaIssue.InvalidType(new AST.Union([ast]), undefined, { reportInput: true }),
  )
  return (p?.message ?? "").replace(/^Expected /, "").replace(/, actual undefined$/, "")
}

const forms = (ast: AST.AST): string[] => {
  if (ast._tag === "Union") return ast.types.flatMap(forms)
  if (ast._tag === "Suspend") return forms(ast.thunk())
  if (ast._tag === "Undefined") return []
  const k = keysOf(ast)
  return k === undefined ? [typeName(ast)] : [k]
}

/** The one key (if any) on which every member failed with a wrong literal. */
const discriminator = (
  founds: ReadonlyArray<ReadonlyArray<Found>>,
  depth: number,
): { name: string; path: string; actual: unknown } | undefined => {
  const keys = founds.map((found) => found.find((f) => f.shape === "literal" && f.depth === depth + 1))
  const first = keys[0]
  if (first === undefined || keys.some((k) => k?.path !== first.path)) return undefined
  const name = /\.([A-Za-z_$][\w$]*)$/.exec(first.path)?.[1]
  const actual = /actual (.*)$/.exec(first.message)?.[1]
  return name === undefined
    ? undefined
    : { name, path: first.path, actual: actual === undefined ? undefined : JSON.parse(actual) }
}

/** When every member misses the same key and that key tells members apart, say so. */
const missingDiscriminator = (
  ast: AST.AST,
  founds: ReadonlyArray<ReadonlyArray<Found>>,
  depth: number,
): Found | undefined => {
  const first = founds[0]?.find(
    (f) => f.shape === "key" && f.depth === depth + 1 && f.message === "is missing",
  )
  if (first === undefined) return undefined
  if (!founds.every((found) => found.some((f) => f.path === first.path && f.message === "is missing")))
    return undefined
  const name = /\.([A-Za-z_$][\w$]*)$/.exec(first.path)?.[1] ?? first.path
  const values = literalsAt(ast, name)
  return values.length < 2 ? undefined : { ...first, message: `is missing; one of: ${values.join(" | ")}` }
}

/** The literal values a union's members allow for a key. */
const literalsAt = (ast: AST.AST, key: string): string[] => {
  const out: string[] = []
  const visit = (a: AST.AST): void => {
    if (a._tag === "Union") a.types.forEach(visit)
    else if (a._tag === "Suspend") visit(a.thunk())
    else if (a.encoding !== undefined) visit(writtenOf(a))
    else if (a._tag === "Objects") {
      const ps = a.propertySignatures.find((p) => p.name === key)
      if (ps?.type._tag === "Literal") out.push(show(ps.type.literal))
    }
  }
  visit(ast)
  return [...new Set(out)]
}

const describe = (actual: unknown): string =>
  typeof actual === "object" && actual !== null && !Array.isArray(actual)
    ? `an object with keys { ${Object.keys(actual).join(", ")} }`
    : (JSON.stringify(actual) ?? String(actual))

/** Effect 3 reported missing elements, then unexpected keys or elements, then the values' problems. */
const inV3Order = (issue: SchemaIssue.Composite): ReadonlyArray<SchemaIssue.Issue> => {
  const rank = (i: SchemaIssue.Issue): number =>
    i._tag !== "Pointer"
      ? 2
      : i.issue._tag === "MissingKey" && issue.ast._tag === "Arrays"
        ? 0
        : i.issue._tag === "UnexpectedKey"
          ? 1
          : 2
  return [...issue.issues].sort((a, b) => rank(a) - rank(b))
}

const walk = (issue: SchemaIssue.Issue, path: string, depth: number): Found[] => {
  switch (issue._tag) {
    case "Pointer":
      return walk(issue.issue, issue.path.reduce<string>(joinPath, path), depth + issue.path.length)
    case "Encoding":
      // The decode function itself failed (its issue names no schema): effect 3 reported it whole.
      return "ast" in issue.issue ? walk(issue.issue, path, depth) : leaf(issue, path, depth)
    case "Composite":
      // A check failed: its refinement chain is one problem, worded from the schema it belongs to.
      return issue.issues.some((i) => i._tag === "Filter")
        ? leaf(issue, path, depth)
        : inV3Order(issue).flatMap((s) => walk(s, path, depth))
    case "AnyOf": {
      // Without the input (decoded without `reportInput`) the members can't be tried again.
      const members = SchemaIssue.hasInput(issue) ? memberIssues(issue.ast, issue.input) : undefined
      if (members === undefined)
        return issue.issues.length === 0
          ? leaf(issue, path, depth)
          : issue.issues.flatMap((s) => walk(s, path, depth))
      if (members._tag === "Single") return walk(members.issue, path, depth)
      return union(issue.ast, issue.input, members.issues, path, depth)
    }
    default:
      return leaf(issue, path, depth)
  }
}

const union = (
  ast: AST.Union,
  actual: unknown,
  subs: ReadonlyArray<SchemaIssue.Issue>,
  path: string,
  depth: number,
): Found[] => {
  // The member that misses the value least is what the author meant; on a tie, list the forms.
  const tried = subs.map((s) => {
    const found = walk(s, path, depth)
    const score = found.reduce((sum, f) => sum + weight(f, depth), 0)
    return { found, score }
  })
  const best = Math.min(...tried.map((t) => t.score))
  const winners = tried.filter((t) => t.score === best)
  const same = winners.every((w) => JSON.stringify(w.found) === JSON.stringify(winners[0]!.found))
  // Every member misses or rejects the same discriminator ("kind"): say which values it may take.
  const missing = missingDiscriminator(
    ast,
    winners.map((w) => w.found),
    depth,
  )
  if (missing !== undefined) return [missing]
  const chosen = winners[0]!.found
  // A nested union that matched nothing: say so with this union's fuller list of forms.
  const nested = chosen.length === 1 && chosen[0]!.shape === "nomatch" && chosen[0]!.path === path
  if (!nested && (winners.length === 1 || same || best === 0)) return chosen
  const key = discriminator(
    winners.map((w) => w.found),
    depth,
  )
  if (key !== undefined) {
    const values = literalsAt(ast, key.name)
    if (values.length > 0)
      return [
        {
          path: key.path,
          message: `expected one of: ${values.join(" | ")}; got ${show(key.actual)}`,
          depth: depth + 1,
          shape: "literal",
        },
      ]
  }
  const list = [...new Set(forms(ast))]
  return [
    {
      path,
      message: `expected one of: ${list.join(" | ")}; got ${describe(actual)}`,
      depth,
      shape: "nomatch",
    },
  ]
}

/**
 * Every problem in a decode failure, with paths below `prefix`. Decode with `reportInput: true`
 * (as the loader does): effect 4 keeps the rejected values, which the messages name, only then.
 */
export const problemsOf = (error: Schema.SchemaError, prefix = "", pack?: string): Problem[] => {
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
