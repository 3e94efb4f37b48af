/**
 * Finds every typed reference in a decoded entry by walking its schema: a reference is a string
 * schema annotated with the kind it points to (see `Ids.ts`), and hook effects are found by
 * shape. Written once here so a new reference field is checked without any loader change.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as AST from "effect/SchemaAST"
import { type Kind, RefKind } from "../terms/Ids.js"
import { joinPath } from "./Problem.js"

/** A reference found in an entry. */
export interface Reference {
  readonly path: string
  readonly kind: Kind
  readonly id: string
}

/** A hook use found in an entry. */
export interface HookUse {
  readonly path: string
  readonly hook: string
  readonly params: unknown
}

const matchers = new WeakMap<AST.AST, (u: unknown) => boolean>()
const matches = (ast: AST.AST, value: unknown): boolean => {
  let is = matchers.get(ast)
  if (is === undefined) {
    is = Schema.is(Schema.make<Schema.Top>(AST.toType(ast)))
    matchers.set(ast, is)
  }
  return is(value)
}

/** False only when the value clearly can't be of this type (by JSON type, literal or key). */
const mayFit = (ast: AST.AST, value: unknown): boolean => {
  switch (ast._tag) {
    case "Suspend":
      return mayFit(ast.thunk(), value)
    case "Union":
      return ast.types.some((m) => mayFit(m, value))
    case "Literal":
      return value === ast.literal
    case "String":
    case "TemplateLiteral":
      return typeof value === "string"
    case "Number":
      return typeof value === "number"
    case "Boolean":
      return typeof value === "boolean"
    case "Undefined":
      return value === undefined
    case "Arrays":
      return Array.isArray(value)
    case "Objects": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return false
      const o = value as Record<PropertyKey, unknown>
      return ast.propertySignatures.every((ps) =>
        !(ps.name in o)
          ? AST.isOptional(ps.type)
          : ps.type._tag === "Literal"
            ? o[ps.name] === ps.type.literal
            : true,
      )
    }
    default:
      return true
  }
}

/** The kind a reference points to: `Ids.ts` annotates the id's checks (effect 4 keeps no refinement node). */
const refKind = (ast: AST.AST): Kind | undefined =>
  ast.checks === undefined
    ? undefined
    : ((AST.resolve(ast) as Record<PropertyKey, unknown> | undefined)?.[RefKind] as Kind | undefined)

const walk = (ast: AST.AST, value: unknown, path: string, out: Reference[]): void => {
  const kind = refKind(ast)
  if (kind !== undefined && typeof value === "string") {
    out.push({ path, kind, id: value })
    return
  }
  switch (ast._tag) {
    case "Suspend":
      walk(ast.thunk(), value, path, out)
      return
    case "Objects": {
      if (typeof value !== "object" || value === null) return
      for (const ps of ast.propertySignatures) {
        const v = (value as Record<PropertyKey, unknown>)[ps.name]
        if (v !== undefined && Object.hasOwn(value, ps.name)) walk(ps.type, v, joinPath(path, ps.name), out)
      }
      return
    }
    case "Arrays": {
      if (!Array.isArray(value)) return
      value.forEach((v, i) => {
        const type = ast.elements[i] ?? ast.rest[0]
        if (type !== undefined) walk(type, v, joinPath(path, i), out)
      })
      return
    }
    case "Union": {
      // The value decoded, so a member fits: if a cheap look leaves one candidate, it is that one.
      const candidates = ast.types.filter((m) => mayFit(m, value))
      const member = candidates.length === 1 ? candidates[0] : candidates.find((m) => matches(m, value))
      if (member !== undefined) walk(member, value, path, out)
      return
    }
    default:
      return
  }
}

/** Every reference in a decoded value of `schema`, with paths below `prefix`. */
export const referencesOf = <A, I, R>(
  schema: Schema.Codec<A, I, R, R>,
  value: A,
  prefix: string,
): Reference[] => {
  const out: Reference[] = []
  walk(schema.ast, value, prefix, out)
  return out
}

/** Every hook effect (`{ "kind": "hook", "hook": … }`) in a decoded value. */
export const hookUsesOf = (value: unknown, prefix: string): HookUse[] => {
  const out: HookUse[] = []
  const visit = (v: unknown, path: string): void => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        visit(x, joinPath(path, i))
      })
      return
    }
    if (typeof v !== "object" || v === null) return
    const o = v as Record<string, unknown>
    if (o.kind === "hook" && typeof o.hook === "string") out.push({ path, hook: o.hook, params: o.params })
    for (const [k, x] of Object.entries(o)) visit(x, joinPath(path, k))
  }
  visit(value, prefix)
  return out
}
