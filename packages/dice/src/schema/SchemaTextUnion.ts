/**
 * A failed union as effect 3 reported it. v3 first split the members by their literal-valued keys
 * ("tags"): a wrong or missing tag was an error of its own, and only the members the tags left
 * (plus those without tags) were tried, each reporting its failure. v4 picks members by its own
 * index and reports only those it tried, so the search is replayed here on the rejected value.
 *
 * @internal
 */
import { Result, Schema, SchemaAST, type SchemaIssue, SchemaParser } from "effect"
import { type Actual, NONE, REPORT_INPUT, text, type V3 } from "./SchemaTextFormat.js"
import { baseString, unionString, v3String } from "./SchemaTextNames.js"

type AST = SchemaAST.AST
/** The issue rebuilder (`toV3`), passed in: it calls back here for nested unions. */
type Recur = (issue: SchemaIssue.Issue, actual: Actual) => V3

type Bucket = { buckets: Map<string, Array<AST>>; literals: Array<SchemaAST.Literal>; candidates: Array<AST> }
type SearchTree = { keys: Record<PropertyKey, Bucket>; otherwise: Array<AST>; candidates: Array<AST> }

/** v3 `getLiterals` (decoding side): required keys whose encoded type is a literal. */
const tags = (member: AST): Array<readonly [PropertyKey, SchemaAST.Literal]> => {
  let ast = SchemaAST.toEncoded(member)
  while (ast._tag === "Suspend") ast = SchemaAST.toEncoded(ast.thunk())
  if (ast._tag === "Objects") {
    return ast.propertySignatures.flatMap((ps) =>
      ps.type._tag === "Literal" && !SchemaAST.isOptional(ps.type) ? [[ps.name, ps.type] as const] : [],
    )
  }
  if (ast._tag === "Arrays") {
    return ast.elements.flatMap((e, i) =>
      e._tag === "Literal" && !SchemaAST.isOptional(e) ? [[i, e] as const] : [],
    )
  }
  return []
}

/** v3 `getSearchTree`. */
const searchTree = (members: ReadonlyArray<AST>): SearchTree => {
  const st: SearchTree = { keys: {}, otherwise: [], candidates: [] }
  for (const member of members) {
    const ts = tags(member)
    ;(ts.length === 0 ? st.otherwise : st.candidates).push(member)
    for (let j = 0; j < ts.length; j++) {
      const [key, literal] = ts[j]!
      const hash = String(literal.literal)
      st.keys[key] ??= { buckets: new Map(), literals: [], candidates: [] }
      const k = st.keys[key]
      const bucket = k.buckets.get(hash)
      if (bucket && j < ts.length - 1) continue
      if (bucket) bucket.push(member)
      else k.buckets.set(hash, [member])
      k.literals.push(literal)
      k.candidates.push(member)
      if (!bucket) break
    }
  }
  return st
}

/** v3's union parser, replayed: discriminator errors first, then each tried member's failure. */
export const union = (issue: SchemaIssue.AnyOf, actual: Actual, recur: Recur): V3 => {
  const ast = issue.ast
  // Without the input v3's choice of members can't be replayed: use the members v4 tried.
  if (actual === undefined)
    return collect(
      ast,
      issue.issues.map((i) => recur(i, NONE)),
    )
  const st = searchTree(ast.types)
  const { es, candidates } = tagErrors(ast, st, actual)
  const used = new Set<number>()
  for (const member of [...candidates, ...st.otherwise]) {
    const failure = memberFailure(issue, member, used, actual, recur)
    if (failure) es.push(failure)
  }
  return collect(ast, es)
}

/** The tags' own errors (a non-object, a wrong or missing tag), and the members the tags pick. */
const tagErrors = (ast: SchemaAST.Union, st: SearchTree, actual: { readonly value: unknown }) => {
  const es: Array<V3> = []
  const candidates: Array<AST> = []
  const input = actual.value
  if (Reflect.ownKeys(st.keys).length > 0 && (typeof input !== "object" || input === null)) {
    const all = st.candidates.length === ast.types.length
    es.push({ _tag: "Type", expected: all ? baseString(ast) : unionString(st.candidates), actual })
  } else if (typeof input === "object" && input !== null) {
    for (const name of Reflect.ownKeys(st.keys)) {
      const k = st.keys[name]!
      const literals = unionString(k.literals)
      const title =
        k.candidates.length === ast.types.length
          ? `{ readonly ${String(name)}: ${literals} }`
          : unionString(k.candidates)
      const has = Object.hasOwn(input, name)
      const value = has ? (input as Record<PropertyKey, unknown>)[name] : undefined
      const bucket = has ? k.buckets.get(String(value)) : undefined
      if (bucket) candidates.push(...bucket)
      else {
        const at: V3 = has
          ? { _tag: "Type", expected: literals, actual: { value } }
          : { _tag: "Missing", message: "is missing" }
        es.push({ _tag: "Composite", title, issues: [{ _tag: "Pointer", path: [name], issue: at }] })
      }
    }
  }
  return { es, candidates }
}

/**
 * A union's `message`: v3 used it for a whole union only with `override: true`, which is how this
 * repository wrote it; v4 has no override, so a union's message always stands for the union.
 */
export const unionMessage = (ast: SchemaAST.Union, v3: V3): V3 => {
  const message = text(ast.annotations?.message)
  if (message === undefined) return v3
  return v3._tag === "Composite" ? { ...v3, message } : v3._tag === "Type" ? { ...v3, ann: message } : v3
}

const collect = (ast: SchemaAST.Union, es: ReadonlyArray<V3>): V3 =>
  es.length === 1 && es[0]!._tag === "Type"
    ? es[0]!
    : es.length === 0
      ? { _tag: "Type", expected: baseString(ast), actual: NONE }
      : { _tag: "Composite", title: baseString(ast), issues: es }

/** A member's failure: the one v4 reported for it, else decode the member alone (v4 skipped it). */
const memberFailure = (
  issue: SchemaIssue.AnyOf,
  member: AST,
  used: Set<number>,
  actual: Actual,
  recur: Recur,
): V3 | undefined => {
  const target = member._tag === "Suspend" ? member.thunk() : member
  const j = issue.issues.findIndex(
    (i, n) => !used.has(n) && "ast" in i && (i.ast === member || i.ast === target),
  )
  if (j >= 0) {
    used.add(j)
    return recur(issue.issues[j]!, actual)
  }
  try {
    const decode = SchemaParser.decodeUnknownResult(Schema.make<Schema.Codec<unknown>>(member))
    const r = decode(actual?.value, REPORT_INPUT)
    return Result.isFailure(r) ? recur(r.failure, actual) : undefined
  } catch {
    return { _tag: "Type", expected: v3String(member), actual }
  }
}
