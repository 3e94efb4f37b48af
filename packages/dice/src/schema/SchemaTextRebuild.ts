/**
 * An effect 4 issue rebuilt into the issue effect 3 would have produced for the same schema and
 * input: a check chain becomes v3's nested refinements, a struct with key transformations v3's
 * one transformation, a union v3's search (`SchemaTextUnion`), and the problems come in v3's
 * order. The result is printed by `SchemaTextFormat`.
 *
 * @internal
 */
import { SchemaAST, SchemaIssue } from "effect"
import {
  type Actual,
  type Kind,
  NONE,
  type Path,
  REPORT_INPUT,
  type TypeIssue,
  text,
  type V3,
} from "./SchemaTextFormat.js"
import {
  baseString,
  checkAnn,
  checkCount,
  ENCODED_SIDE,
  expectedKeys,
  fromString,
  hasSides,
  keyTransformed,
  refinementString,
  transformationString,
  v3String,
} from "./SchemaTextNames.js"
import { union, unionMessage } from "./SchemaTextUnion.js"

type AST = SchemaAST.AST

const own = (issue: SchemaIssue.Issue, inherited: Actual): Actual =>
  SchemaIssue.hasInput(issue) ? { value: issue.input } : inherited

/** The value at `path` below a known value (v4 keeps the input only where the issue begins). */
const dig = (actual: Actual, path: Path): Actual => {
  let v = actual
  for (const k of path) {
    if (v === undefined || typeof v.value !== "object" || v.value === null || !(k in v.value)) return NONE
    v = { value: (v.value as Record<PropertyKey, unknown>)[k] }
  }
  return v
}

/** The v3 issue for a v4 issue; `inherited` is the value the enclosing issue rejected, if known. */
export const toV3 = (issue: SchemaIssue.Issue, inherited: Actual): V3 => {
  const actual = own(issue, inherited)
  switch (issue._tag) {
    case "Pointer":
      return { _tag: "Pointer", path: issue.path, issue: toV3(issue.issue, dig(actual, issue.path)) }
    case "MissingKey":
      return { _tag: "Missing", message: text(issue.annotations?.messageMissingKey) ?? "is missing" }
    case "UnexpectedKey":
      return { _tag: "Unexpected", message: `is unexpected, expected: ${expectedKeys(issue.ast)}` }
    case "InvalidType": {
      // v3 checks the refinements' base type first: each check wraps the failure as "From side".
      const ast = issue.ast
      const type: V3 = hasSides(ast)
        ? { _tag: "Type", expected: ENCODED_SIDE, actual }
        : baseType(ast, actual)
      return fromSide(ast, 0, hasSides(ast) ? structSides(ast, type) : type)
    }
    case "Composite":
      return composite(issue, actual)
    case "Filter": {
      // Normally inside a Composite, which names the node the check is on.
      const expected = text(issue.filter.annotations?.expected) ?? "<filter>"
      return filterInner(issue.issue, expected, expected, actual)
    }
    case "AnyOf":
      return fromSide(issue.ast, 0, unionMessage(issue.ast, union(issue, actual, toV3)))
    case "Encoding":
      return fromSide(issue.ast, 0, encoding(issue, actual))
    case "InvalidValue":
      return invalid(issue, "<value>", actual)
    case "Forbidden":
      return { _tag: "Forbidden", message: text(issue.annotations?.message) ?? "is forbidden" }
    case "OneOf": // v3 had no exclusive unions
      return { _tag: "Type", expected: v3String(issue.ast), actual, message: "Expected exactly one member" }
  }
}

/** A value a check or a decode function rejected, with the message it gave, if any. */
const invalid = (issue: SchemaIssue.InvalidValue, expected: string, actual: Actual): V3 => {
  const message = text(issue.annotations?.message)
  const type: TypeIssue = { _tag: "Type", expected, actual: own(issue, actual) }
  return message === undefined ? type : { ...type, message }
}
const withAnn = <A extends object>(node: A, ann: unknown): A =>
  typeof ann === "string" ? { ...node, ann } : node

const baseType = (ast: AST, actual: Actual): V3 =>
  withAnn({ _tag: "Type", expected: baseString(ast), actual }, ast.annotations?.message)

/**
 * v3 made one Refinement per filter, each the `from` of the next: a failure below check `from`
 * reads, from the outside in, as a "From side" failure of every later check.
 */
const fromSide = (ast: AST, from: number, inner: V3): V3 => {
  let out = inner
  for (let i = from; i < checkCount(ast); i++) {
    const title = refinementString(ast, i)
    out = withAnn({ _tag: "Refinement", title, kind: "From", issue: out }, checkAnn(ast, i).message)
  }
  return out
}

const composite = (issue: SchemaIssue.Composite, actual: Actual): V3 => {
  const ast = issue.ast
  // v3 template literals were plain string patterns; v4 parses them through a transformation.
  if (ast._tag === "TemplateLiteral") return baseType(ast, actual)
  // v3 stops at the first failing refinement of a chain; v4 with errors: "all" may report several.
  const filter = issue.issues.find((i): i is SchemaIssue.Filter => i._tag === "Filter")
  if (filter) return predicate(ast, filter, actual)
  const children =
    ast._tag === "Objects"
      ? excessFirst(issue.issues)
      : ast._tag === "Arrays"
        ? tupleIssues(ast, issue.issues, actual)
        : issue.issues
  if (!hasSides(ast)) {
    const issues = children.map((i) => toV3(i, actual))
    return fromSide(ast, 0, { _tag: "Composite", title: baseString(ast), issues })
  }
  // The fields' own key transformations were part of the struct's in v3: drop them.
  const unwrap = (i: SchemaIssue.Issue) =>
    i._tag === "Pointer" && i.issue._tag === "Encoding" && keyTransformed(i.issue.ast)
      ? new SchemaIssue.Pointer(i.path, i.issue.issue)
      : i
  const issues = children.map((i) => toV3(unwrap(i), actual))
  return fromSide(ast, 0, structSides(ast, { _tag: "Composite", title: ENCODED_SIDE, issues }))
}

const structSides = (ast: AST, inner: V3): V3 =>
  withAnn<V3>(
    { _tag: "Transformation", title: baseString(ast), kind: "Encoded", issue: inner },
    ast.annotations?.message,
  )

/** Whether `i` is a key-level issue of one tag (`Pointer` to a `MissingKey`, …) at `index`, if given. */
const keyIssue =
  (tag: "MissingKey" | "UnexpectedKey", index?: number) =>
  (i: SchemaIssue.Issue): boolean =>
    i._tag === "Pointer" && i.issue._tag === tag && (index === undefined || i.path[0] === index)

/** v3 reports a struct's excess keys before the properties' own issues. */
const excessFirst = (issues: ReadonlyArray<SchemaIssue.Issue>): ReadonlyArray<SchemaIssue.Issue> => {
  const rank = (i: SchemaIssue.Issue) => (keyIssue("UnexpectedKey")(i) ? 0 : 1)
  return [...issues].sort((a, b) => rank(a) - rank(b))
}

/**
 * v3 checked a tuple's length before its elements: the missing indexes, then (without a rest
 * element) the excess ones, then each element in turn. v4 goes index by index, so the order
 * differs, and with errors "first" v4 may stop at an element v3 never reached: the length
 * problem v3 reported instead is then rebuilt from the input.
 */
const tupleIssues = (
  ast: SchemaAST.Arrays,
  issues: ReadonlyArray<SchemaIssue.Issue>,
  actual: Actual,
): ReadonlyArray<SchemaIssue.Issue> => {
  const rank = (i: SchemaIssue.Issue) =>
    keyIssue("MissingKey")(i) ? 0 : keyIssue("UnexpectedKey")(i) ? 1 : 2
  const ordered = [...issues].sort((a, b) => rank(a) - rank(b))
  if (!Array.isArray(actual?.value)) return ordered
  const first = lengthIssues(ast, actual.value)
  // Every length problem reported (errors "all"), or none to report: the order was all that differed.
  if (first.every(([tag, k]) => issues.some(keyIssue(tag, k)))) return ordered
  const [tag, k, rebuilt] = first[0]!
  return [issues.find(keyIssue(tag, k)) ?? rebuilt]
}

type LengthIssue = readonly [tag: "MissingKey" | "UnexpectedKey", index: number, issue: SchemaIssue.Pointer]

/** v3's tuple length checks: the required indexes past the input's end, then the excess indexes. */
const lengthIssues = (ast: SchemaAST.Arrays, input: ReadonlyArray<unknown>): Array<LengthIssue> => {
  const required = [...ast.elements.filter((e) => !SchemaAST.isOptional(e)), ...ast.rest.slice(1)]
  const out: Array<LengthIssue> = []
  for (let i = input.length; i < required.length; i++) {
    const missing = new SchemaIssue.MissingKey(ast.elements[i]?.context?.annotations)
    out.push(["MissingKey", i, new SchemaIssue.Pointer([i], missing)])
  }
  for (let i = ast.elements.length; ast.rest.length === 0 && i < input.length; i++) {
    const unexpected = new SchemaIssue.UnexpectedKey(ast, input[i], REPORT_INPUT)
    out.push(["UnexpectedKey", i, new SchemaIssue.Pointer([i], unexpected)])
  }
  return out
}

/** A failed check `k` of `ast`: "Predicate" at k, wrapped as "From side" by the checks after it. */
const predicate = (ast: AST, issue: SchemaIssue.Filter, actual: Actual): V3 => {
  const f = issue.filter
  const k = ast.checks?.findIndex((c) => c === f || (c._tag === "FilterGroup" && c.checks.includes(f))) ?? -1
  if (k < 0) return toV3(issue, actual)
  const a = checkAnn(ast, k)
  const title = refinementString(ast, k)
  // v3 getRefinementExpected: the description first, unlike the title.
  const expected = a.description ?? a.title ?? a.identifier ?? `{ ${fromString(ast, k)} | filter }`
  const inner = filterInner(issue.issue, expected, title, own(issue, actual))
  const node: V3 = { _tag: "Refinement", title, kind: "Predicate", issue: inner }
  return fromSide(ast, k + 1, withAnn(node, a.message))
}

/** What a v3 filter returned: false, a message, a `{ path, message }`, or several of these. */
const filterInner = (issue: SchemaIssue.Issue, expected: string, title: string, actual: Actual): V3 => {
  const a = own(issue, actual)
  switch (issue._tag) {
    case "InvalidValue":
      return invalid(issue, expected, a)
    case "Pointer": {
      const inner = filterInner(issue.issue, expected, title, dig(a, issue.path))
      return { _tag: "Pointer", path: issue.path, issue: inner }
    }
    case "Composite":
      return { _tag: "Composite", title, issues: issue.issues.map((i) => filterInner(i, expected, title, a)) }
    default:
      return toV3(issue, a)
  }
}

/** A failed transformation: its from side ("Encoded"), the decode function itself, or its to side. */
const encoding = (issue: SchemaIssue.Encoding, actual: Actual): V3 => {
  const ast = issue.ast
  const from = ast.encoding?.[ast.encoding.length - 1]?.to
  const inner = issue.issue
  const innerAst = "ast" in inner ? inner.ast : undefined
  const kind: Kind =
    innerAst === undefined ? "Transformation" : from && sameNode(innerAst, from) ? "Encoded" : "Type"
  const title = transformationString(ast)
  const v3 = inner._tag === "InvalidValue" ? invalid(inner, title, actual) : toV3(inner, actual)
  return withAnn<V3>({ _tag: "Transformation", title, kind, issue: v3 }, ast.annotations?.message)
}

const sameNode = (a: AST, b: AST): boolean =>
  a === b || (a._tag === b._tag && SchemaAST.toType(a) === SchemaAST.toType(b))
