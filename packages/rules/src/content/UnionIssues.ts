/**
 * What each member of a union says about a value the union refused, in the order and shape
 * effect 3 reported them: a wrong or missing discriminator (a literal-valued key such as `kind`)
 * first, then every member the discriminators leave (or that has none), each decoded on its own.
 * Effect 4 tries only the members its own index picks and reports nothing for a discriminator
 * that names no member, so `Issues.ts` asks here to judge "the member the author meant" as before.
 *
 * @since 0.4.0
 */
import { Result, Schema, SchemaIssue } from "effect"
import * as AST from "effect/SchemaAST"

/** How packs decode (`Loader.ts`, hook params): every member is decoded the same way. */
const parseOptions = { errors: "all", onExcessProperty: "error", reportInput: true } as const

/** The members' problems, or the one problem when the union fails as a whole. */
export type MemberIssues =
  | { readonly _tag: "Members"; readonly issues: ReadonlyArray<SchemaIssue.Issue> }
  | { readonly _tag: "Single"; readonly issue: SchemaIssue.Issue }

const decoders = new WeakMap<AST.AST, (u: unknown) => Result.Result<unknown, Schema.SchemaError>>()
const decodeMember = (ast: AST.AST, input: unknown): SchemaIssue.Issue | undefined => {
  let decode = decoders.get(ast)
  if (decode === undefined) {
    decode = Schema.decodeUnknownResult(Schema.make<Schema.Codec<unknown>>(ast), parseOptions)
    decoders.set(ast, decode)
  }
  const r = decode(input)
  return Result.isFailure(r) ? r.failure.issue : undefined
}

/** A member's encoded form (a literal key is looked up on the input, as decoding sees it). */
const encodedOf = (ast: AST.AST): AST.AST =>
  ast._tag === "Suspend" ? encodedOf(ast.thunk()) : AST.toEncoded(ast)

/** The member's required literal-valued keys (object keys or tuple indexes). */
const literalsOf = (member: AST.AST): Array<readonly [PropertyKey, AST.Literal]> => {
  const ast = encodedOf(member)
  if (ast._tag === "Objects")
    return ast.propertySignatures.flatMap((ps) =>
      ps.type._tag === "Literal" && !AST.isOptional(ps.type) ? [[ps.name, ps.type] as const] : [],
    )
  if (ast._tag === "Arrays")
    return ast.elements.flatMap((e, i) =>
      e._tag === "Literal" && !AST.isOptional(e) ? [[i, e] as const] : [],
    )
  return []
}

interface KeyBuckets {
  readonly buckets: Record<string, AST.AST[]>
  readonly literals: AST.Literal[]
  readonly candidates: AST.AST[]
}

/** Members by discriminator key and value; members without one are `otherwise`. */
const searchTree = (members: ReadonlyArray<AST.AST>) => {
  const keys: Record<PropertyKey, KeyBuckets> = {}
  const otherwise: AST.AST[] = []
  const candidates: AST.AST[] = []
  for (const member of members) {
    const tags = literalsOf(member)
    if (tags.length === 0) {
      otherwise.push(member)
      continue
    }
    candidates.push(member)
    for (let j = 0; j < tags.length; j++) {
      const [key, literal] = tags[j]!
      const hash = String(literal.literal)
      keys[key] ??= { buckets: {}, literals: [], candidates: [] }
      const k = keys[key]
      if (Object.hasOwn(k.buckets, hash)) {
        if (j < tags.length - 1) continue
        k.buckets[hash]!.push(member)
      } else k.buckets[hash] = [member]
      k.literals.push(literal)
      k.candidates.push(member)
      break
    }
  }
  return { keys, otherwise, candidates }
}

const unionOf = (types: ReadonlyArray<AST.AST>): AST.AST =>
  types.length === 1 ? types[0]! : new AST.Union(types)

/** A member that fails as a bare type mismatch (no checks or encoding wrapped around it). */
const isPlain = (ast: AST.AST): boolean =>
  ast._tag === "Suspend" ? isPlain(ast.thunk()) : ast.checks === undefined && ast.encoding === undefined

/**
 * The union's problems with `input`, member by member; `undefined` when a member accepts it
 * (effect 4 refused what effect 3 would not: the caller keeps effect 4's own issues).
 */
export const memberIssues = (union: AST.Union, input: unknown): MemberIssues | undefined => {
  const tree = searchTree(union.types)
  const issues: Array<{ issue: SchemaIssue.Issue; plain: boolean }> = []
  let candidates: AST.AST[] = []
  const keyNames = Reflect.ownKeys(tree.keys)
  if (keyNames.length > 0) {
    if (typeof input === "object" && input !== null) {
      const o = input as Record<PropertyKey, unknown>
      for (const name of keyNames) {
        const { buckets, literals } = tree.keys[name]!
        const literal = String(o[name])
        if (Object.hasOwn(o, name) && Object.hasOwn(buckets, literal))
          candidates = candidates.concat(buckets[literal]!)
        else {
          const inner = Object.hasOwn(o, name)
            ? new SchemaIssue.InvalidType(unionOf(literals), o[name], parseOptions)
            : new SchemaIssue.MissingKey(undefined)
          issues.push({ issue: new SchemaIssue.Pointer([name], inner), plain: false })
        }
      }
    } else {
      const all = tree.candidates.length === union.types.length
      const ast = all ? union : unionOf(tree.candidates)
      issues.push({ issue: new SchemaIssue.InvalidType(ast, input, parseOptions), plain: true })
    }
  }
  for (const member of candidates.concat(tree.otherwise)) {
    const issue = decodeMember(member, input)
    if (issue === undefined) return undefined
    issues.push({ issue, plain: issue._tag === "InvalidType" && isPlain(member) })
  }
  const [first] = issues
  if (first === undefined) return undefined
  return issues.length === 1 && first.plain
    ? { _tag: "Single", issue: first.issue }
    : { _tag: "Members", issues: issues.map((i) => i.issue) }
}
