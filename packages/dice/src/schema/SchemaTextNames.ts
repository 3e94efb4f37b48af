/**
 * Schemas named as effect 3 printed them (`SchemaAST` `toString`), for the "Expected …" part and
 * the tree's titles: effect 4 keeps checks on a node where effect 3 had one `Refinement` per
 * filter, names nothing the way effect 3 did, and leaves no trace of a brand. Each check gets
 * back the title and description of the effect 3 filter it replaces (`between(0, 100)`, "an
 * integer", …), each built-in schema its identifier (`Int`, `NonEmptyTrimmedString`, …), and a
 * `brand` annotation its ` & Brand<"…">` suffix.
 *
 * @internal
 */
import { Schema, SchemaAST } from "effect"
import { formatUnknown, text } from "./SchemaTextFormat.js"

type AST = SchemaAST.AST
type Ann = { readonly [key: string]: unknown } | undefined

/**
 * v3 `getBrands`: `Schema.brand` recorded its brands on the node, and a node named by its title or
 * description carried them as ` & Brand<"GiftId">`. v4's `Schema.brand` changes only the type, so
 * the schema says it with a `brand` annotation ("GiftId", or a list for several brands), set next
 * to the brand: on the last check when there are checks (where `annotate` puts it), else the node.
 */
const brands = (a: Ann): string => {
  const b = a?.brand
  const list: ReadonlyArray<unknown> = typeof b === "string" ? [b] : Array.isArray(b) ? b : []
  return list.map((x) => ` & Brand<${formatUnknown(x)}>`).join("")
}

/** v3 `getExpected`: the identifier as it is, else the title or description with the brands. */
const named = (a: Ann): string | undefined => {
  const expected = text(a?.title) ?? text(a?.description)
  return text(a?.identifier) ?? (expected === undefined ? undefined : expected + brands(a))
}

/** v3 keywords carried a title ("string", …) that a description could not override. */
const KEYWORDS: Record<string, string> = Object.fromEntries(
  ["String", "Number", "Boolean", "BigInt", "Symbol", "Undefined", "Void", "Never", "Unknown", "Any", "Null"]
    .map((k) => [k, k.toLowerCase()])
    .concat([["ObjectKeyword", "object"]]),
)

export const checkCount = (ast: AST): number => ast.checks?.length ?? 0

// ASTs are immutable and their texts can be long (every struct title names all its fields): cache them.
const strings = new WeakMap<AST, string>()
/** v3 `String(ast)`: the outermost refinement if there are checks, else the node itself. */
export const v3String = (ast: AST): string => {
  let out = strings.get(ast)
  if (out === undefined) {
    const n = checkCount(ast)
    out = n > 0 ? refinementString(ast, n - 1) : baseString(ast)
    strings.set(ast, out)
  }
  return out
}

export const unionString = (asts: ReadonlyArray<AST>): string =>
  asts.length === 0 ? "never" : asts.map(v3String).join(" | ")

/**
 * The schema without its checks: a transformation, or a plain node. `optional(X).annotate(…)`
 * lands on v4's `X | undefined` node; in v3 it annotated the property, not its type.
 */
export const baseString = (ast: AST): string =>
  ast.encoding && ast._tag !== "TemplateLiteral"
    ? transformationString(ast)
    : hasSides(ast)
      ? (named(ast.annotations) ?? `(${ENCODED_SIDE} <-> Struct (Type side))`)
      : plainString(ast, ast._tag === "Union" && SchemaAST.isOptional(ast) ? undefined : ast.annotations)

const plainString = (ast: AST, a: Ann): string => {
  const keyword = KEYWORDS[ast._tag]
  if (keyword !== undefined) return text(a?.identifier) ?? (text(a?.title) ?? keyword) + brands(a)
  const name = named(a)
  if (name !== undefined) return name
  switch (ast._tag) {
    case "Literal":
      return formatUnknown(ast.literal)
    case "UniqueSymbol":
      return String(ast.symbol)
    case "Enum":
      return `<enum ${ast.enums.length} value(s): ${ast.enums.map(([, v]) => JSON.stringify(v)).join(" | ")}>`
    case "Objects":
      return objectsString(ast)
    case "Arrays":
      return arraysString(ast)
    case "Union":
      return ast.types.map(v3String).join(" | ")
    case "Suspend":
      return expectedOf(ast.thunk()) ?? "<suspended schema>"
    case "Declaration":
      return "<declaration schema>"
    case "TemplateLiteral": {
      const parts = ast.parts.map((p) => (p._tag === "Literal" ? String(p.literal) : `\${${v3String(p)}}`))
      return `\`${parts.join("")}\``
    }
    default:
      return ast._tag
  }
}

/** v3 `getExpected`: only the naming annotations, no structural fallback. */
const expectedOf = (ast: AST): string | undefined => {
  const n = checkCount(ast)
  if (n > 0) return named(checkAnn(ast, n - 1))
  return KEYWORDS[ast._tag] !== undefined ? plainString(ast, ast.annotations) : named(ast.annotations)
}

const objectsString = (ast: SchemaAST.Objects): string => {
  const parts = [
    ...ast.propertySignatures.map(
      (ps) =>
        `${ps.type.context?.isMutable ? "" : "readonly "}${String(ps.name)}${SchemaAST.isOptional(ps.type) ? "?" : ""}: ${v3String(ps.type)}`,
    ),
    ...ast.indexSignatures.map((is) => `readonly [x: ${v3String(is.parameter)}]: ${v3String(is.type)}`),
  ]
  return parts.length === 0 ? "{}" : `{ ${parts.join("; ")} }`
}

const arraysString = (ast: SchemaAST.Arrays): string => {
  const elements = ast.elements.map((e) => v3String(e) + (SchemaAST.isOptional(e) ? "?" : "")).join(", ")
  const [head, ...tail] = ast.rest
  if (head === undefined) return `readonly [${elements}]`
  const h = v3String(head)
  const wrapped = h.includes(" | ") ? `(${h})` : h
  const lead = ast.elements.length > 0 ? `${elements}, ` : ""
  if (tail.length > 0) return `readonly [${lead}...${wrapped}[], ${tail.map(v3String).join(", ")}]`
  return ast.elements.length > 0 ? `readonly [${lead}...${wrapped}[]]` : `ReadonlyArray<${h}>`
}

/** v3 Transformation toString; v4 has no name for NumberFromString, v3 had an identifier. */
export const transformationString = (ast: AST): string => {
  const name = named(ast.annotations)
  if (name !== undefined) return name
  if (ast.encoding?.[0]?.transformation === Schema.NumberFromString.ast.encoding?.[0]?.transformation)
    return "NumberFromString"
  const from = ast.encoding?.[ast.encoding.length - 1]?.to
  return `(${from ? v3String(from) : "unknown"} <-> ${plainString(ast, undefined)})`
}

/** v3 Refinement toString for the refinement made by check `i` (checks before it are its `from`). */
export const refinementString = (ast: AST, i: number): string => {
  const a = checkAnn(ast, i)
  if (a.identifier !== undefined) return a.identifier
  const expected = a.title ?? a.description
  if (expected === undefined) return `{ ${fromString(ast, i)} | filter }`
  const own = expected + brands(a)
  return i > 0 ? `${refinementString(ast, i - 1)} & ${own}` : own
}

export const fromString = (ast: AST, i: number): string =>
  i > 0 ? refinementString(ast, i - 1) : baseString(ast)

/**
 * v3 turned a struct with key-level transformations (`optionalWith({ default })`, …) into one
 * transformation from "Struct (Encoded side)" to "Struct (Type side)"; v4 keeps them on the fields.
 */
export const ENCODED_SIDE = "Struct (Encoded side)"
export const keyTransformed = (t: AST): boolean =>
  !SchemaAST.isOptional(t) &&
  t.encoding !== undefined &&
  SchemaAST.isOptional(t.encoding[t.encoding.length - 1]!.to)
export const hasSides = (ast: AST): boolean =>
  ast._tag === "Objects" && !ast.encoding && ast.propertySignatures.some((ps) => keyTransformed(ps.type))

// --- Checks as v3 filters: v3's titles and descriptions, from v4's representation payloads

/** A v3 refinement's annotations; `brand` as set beside `Schema.brand` (see {@link brands}). */
export type V3Ann = {
  readonly identifier?: string
  title?: string
  description?: string
  message?: string
  brand?: unknown
}

type Payload = Record<string, unknown>
type Pair = readonly [title: string | undefined, description: string]

/**
 * v3's title and description of each built-in filter (`items`: the check is on an array). Checks
 * not listed (startsWith, …) fall back to v4's `expected`, which for most is v3's description.
 */
const FILTERS: Record<string, (p: Payload, items: boolean, name?: string) => Pair> = {
  isBetween: (p) => [`between(${p.minimum}, ${p.maximum})`, `a number between ${p.minimum} and ${p.maximum}`],
  isInt: () => ["int", "an integer"],
  isFinite: () => ["finite", "a finite number"],
  isMultipleOf: ({ divisor: n }) => [`multipleOf(${n})`, `a number divisible by ${n}`],
  isMinLength: ({ minLength: n }, items, name) =>
    items
      ? [`minItems(${n})`, `an array of at least ${n} item(s)`]
      : n === 1 && name !== undefined
        ? ["nonEmptyString", "a non empty string"]
        : [`minLength(${n})`, `a string at least ${n} character(s) long`],
  isMaxLength: ({ maxLength: n }, items) =>
    items
      ? [`maxItems(${n})`, `an array of at most ${n} item(s)`]
      : [`maxLength(${n})`, `a string at most ${n} character(s) long`],
  isBetweenLength: ({ minimum: a, maximum: b }, items) =>
    a !== b
      ? [
          `length({ min: ${a}, max: ${b})`,
          `a string at least ${a} character(s) and at most ${b} character(s) long`,
        ]
      : items
        ? [`itemsCount(${a})`, `an array of exactly ${a} item(s)`]
        : [`length(${a})`, a === 1 ? "a single character" : `a string ${a} character(s) long`],
  isPattern: ({ source }) => [undefined, `a string matching the pattern ${source}`],
  isTrimmed: () => ["trimmed", "a string with no leading or trailing whitespace"],
  isLowercased: () => ["lowercased", "a lowercase string"],
  isUppercased: () => ["uppercased", "an uppercase string"],
}
// The comparisons; against 0 v3 used the names of positive(), nonNegative(), negative(), nonPositive().
for (const [id, key, zero, name, what] of [
  ["isGreaterThan", "exclusiveMinimum", "positive", "greaterThan", "greater than"],
  ["isGreaterThanOrEqualTo", "minimum", "nonNegative", "greaterThanOrEqualTo", "greater than or equal to"],
  ["isLessThan", "exclusiveMaximum", "negative", "lessThan", "less than"],
  ["isLessThanOrEqualTo", "maximum", "nonPositive", "lessThanOrEqualTo", "less than or equal to"],
] as const) {
  const adjective = zero.replace(/^non([A-Z])/, (_, c: string) => `non-${c.toLowerCase()}`)
  FILTERS[id] = (p) =>
    p[key] === 0 ? [zero, `a ${adjective} number`] : [`${name}(${p[key]})`, `a number ${what} ${p[key]}`]
}

/** effect 4's own Int, Trimmed, … stand for v3's classes of the same name, which had identifiers. */
let known: Map<unknown, string> | undefined
const knownName = (check: SchemaAST.Check<unknown> | undefined): string | undefined => {
  const runOf = (s: Schema.Top) => (s.ast.checks?.[0] as SchemaAST.Filter<unknown> | undefined)?.run
  const { Int, Finite, Trimmed, NonEmptyString } = Schema
  known ??= new Map(Object.entries({ Int, Finite, Trimmed, NonEmptyString }).map(([k, s]) => [runOf(s), k]))
  return check?._tag === "Filter" ? known.get(check.run) : undefined
}

/** The annotations v3's refinement for check `i` of `ast` had: built-in defaults, then the user's. */
export const checkAnn = (ast: AST, i: number): V3Ann => {
  const check = ast.checks![i]!
  // v3 NonEmptyTrimmedString = Trimmed + nonEmptyString(); the codemod wrote Trimmed.check(isNonEmpty()).
  const afterTrimmed = knownName(ast.checks![i - 1]) === "Trimmed" ? "NonEmptyTrimmedString" : undefined
  return v3Check(ast._tag === "Arrays", check, afterTrimmed)
}

const v3Check = (items: boolean, check: SchemaAST.Check<unknown>, nonEmpty: string | undefined): V3Ann => {
  const a = check.annotations
  const name = knownName(check) ?? nonEmpty
  const rep = a?.representation as { id?: unknown; payload?: Payload } | undefined
  const defaults = rep && FILTERS[String(rep.id).replace("effect/schema/", "")]
  const [title, description] = defaults
    ? defaults(rep.payload ?? {}, items, name)
    : [undefined, text(a?.expected)]
  const out: Record<string, unknown> = { title, description, brand: a?.brand }
  if (name !== undefined && (name !== nonEmpty || title === "nonEmptyString")) out.identifier = name
  for (const k of ["identifier", "title", "description", "message"]) out[k] = text(a?.[k]) ?? out[k]
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as V3Ann
}

/** v3 "is unexpected, expected: …": the index signatures' keys, then the declared keys. */
export const expectedKeys = (ast: AST): string => {
  const keys =
    ast._tag === "Arrays"
      ? ast.elements.map((_, i) => String(i))
      : ast._tag === "Objects"
        ? [
            ...ast.indexSignatures.map((is) => v3String(is.parameter)),
            ...ast.propertySignatures.map((ps) => formatUnknown(ps.name)),
          ]
        : []
  return keys.length === 0 ? "never" : keys.join(" | ")
}
