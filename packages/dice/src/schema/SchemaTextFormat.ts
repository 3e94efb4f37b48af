/**
 * The effect 3 issue model (`ParseResult.ParseIssue`, reduced to what its formatters read) and
 * ports of effect 3's `ArrayFormatter` and `TreeFormatter` over it. `SchemaTextRebuild` builds
 * this model from an effect 4 issue; nothing here knows about effect 4's issues.
 *
 * @internal
 */
import { Formatter } from "effect"

/** One problem: where in the input, what kind, and what is wrong there. */
export interface Problem {
  readonly _tag:
    | "Pointer"
    | "Unexpected"
    | "Missing"
    | "Composite"
    | "Refinement"
    | "Transformation"
    | "Type"
    | "Forbidden"
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

export type Path = ReadonlyArray<PropertyKey>

/** Decode options that keep the rejected values in the issue, so messages can say "actual …". */
export const REPORT_INPUT = { reportInput: true } as const

// v3's `formatUnknown`, which v4 kept (v4 marks only true cycles "[Circular]").
export const formatUnknown = (u: unknown): string => Formatter.format(u)
const formatPath = (path: Path): string =>
  path.map((k) => `[${typeof k === "string" ? JSON.stringify(k) : String(k)}]`).join("")

/** An annotation's value when it is a string (v4 annotations are `unknown`). */
export const text = (u: unknown): string | undefined => (typeof u === "string" ? u : undefined)

/** The rejected value, when known (boxed: `undefined` is a legitimate value). */
export type Actual = { readonly value: unknown } | undefined
export const NONE: Actual = undefined

/** `ann`: the schema's `message` annotation; `message`: the issue's own text (e.g. a filter's). */
export type V3 = TypeIssue | Leaf | Pointer | Composite | Wrap
export type TypeIssue = {
  readonly _tag: "Type"
  expected: string
  actual: Actual
  message?: string
  ann?: string
}
type Leaf = { readonly _tag: "Missing" | "Unexpected" | "Forbidden"; readonly message: string }
type Pointer = { readonly _tag: "Pointer"; readonly path: Path; readonly issue: V3 }
type Composite = { readonly _tag: "Composite"; title: string; issues: ReadonlyArray<V3>; message?: string }
/** A v3 Refinement (kind From/Predicate) or Transformation (kind Encoded/Transformation/Type). */
type Wrap = { _tag: "Refinement" | "Transformation"; title: string; kind: Kind; issue: V3; ann?: string }
export type Kind = "From" | "Predicate" | "Encoded" | "Transformation" | "Type"

/** v3 `getMessage`: a node's `message` annotation, except where v3 defers to the inner issue. */
const getMessage = (i: V3): string | undefined => {
  switch (i._tag) {
    case "Type":
      return i.ann
    case "Refinement":
    case "Transformation":
      // A failure on the inner side keeps the inner message (v3 `useInnerMessage`).
      if (i.ann === undefined) return undefined
      return i.kind === "Predicate" || i.kind === "Transformation" ? i.ann : getMessage(i.issue)
    default:
      return undefined
  }
}

const typeMessage = (i: TypeIssue): string => {
  const actual = i.actual === undefined ? "" : `, actual ${formatUnknown(i.actual.value)}`
  return getMessage(i) ?? i.message ?? `Expected ${i.expected}${actual}`
}

/** Port of v3 `getArrayFormatterIssues`. */
export const flatten = (i: V3, tag: Problem["_tag"] | undefined, path: Path): Array<Problem> => {
  switch (i._tag) {
    case "Type":
      return [{ _tag: tag ?? "Type", path, message: typeMessage(i) }]
    case "Forbidden":
    case "Unexpected":
    case "Missing":
      return [{ _tag: i._tag, path, message: i.message }]
    case "Pointer":
      return flatten(i.issue, undefined, [...path, ...i.path])
    case "Composite":
      if (i.message !== undefined) return [{ _tag: "Composite", path, message: i.message }]
      return i.issues.flatMap((x) => flatten(x, undefined, path))
    case "Refinement":
    case "Transformation": {
      const message = getMessage(i)
      if (message !== undefined) return [{ _tag: i._tag, path, message }]
      const own = i.kind === "Predicate" || i.kind === "Transformation"
      return flatten(i.issue, own ? i._tag : undefined, path)
    }
  }
}

type Tree = { readonly value: string; readonly forest: ReadonlyArray<Tree> }
const leaf = (value: string, forest: ReadonlyArray<Tree> = []): Tree => ({ value, forest })

const KINDS: Record<Kind, string> = {
  From: "From side refinement failure",
  Predicate: "Predicate refinement failure",
  Encoded: "Encoded side transformation failure",
  Transformation: "Transformation process failure",
  Type: "Type side transformation failure",
}

/** Port of v3 `formatTree`. */
const toTree = (i: V3): Tree => {
  switch (i._tag) {
    case "Type":
      return leaf(typeMessage(i))
    case "Forbidden":
    case "Unexpected":
    case "Missing":
      return leaf(i.message)
    case "Pointer":
      return leaf(formatPath(i.path), [toTree(i.issue)])
    case "Composite":
      return i.message !== undefined ? leaf(i.message) : leaf(i.title, i.issues.map(toTree))
    case "Refinement":
    case "Transformation": {
      const message = getMessage(i)
      if (message !== undefined) return leaf(message)
      return leaf(i.title, [leaf(KINDS[i.kind], [toTree(i.issue)])])
    }
  }
}

const draw = (indentation: string, forest: ReadonlyArray<Tree>): string => {
  let r = ""
  forest.forEach((t, i) => {
    const isLast = i === forest.length - 1
    r += `${indentation}${isLast ? "└" : "├"}─ ${t.value}`
    r += draw(indentation + (forest.length > 1 && !isLast ? "│  " : "   "), t.forest)
  })
  return r
}

/** Port of v3 `TreeFormatter.formatIssue`: the root's title, then its forest indented below it. */
export const drawTree = (i: V3): string => {
  const t = toTree(i)
  return t.value + draw("\n", t.forest)
}
