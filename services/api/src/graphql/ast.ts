/**
 * What the GraphQL walkers (fromSchema.ts, inputFromSchema.ts) read from an effect 4 SchemaAST,
 * in the terms they were written in: the node a value is on the wire, its checks (effect 3's
 * refinements), the annotations of the node as written and of the struct or union under its
 * checks, a property's own description and optionality, and a guard for a member of a union.
 *
 * effect 4 has no Refinement or Transformation nodes: checks sit on the node they check
 * (`ast.checks`; annotations given after a check are the last check's), and a transformation on
 * the decoded node (`ast.encoding`, whose last link leads to the encoded side). A property is
 * optional by its type's `context`, which also holds the property's own annotations
 * (`annotateKey`).
 */
import { SchemaAST as AST, Exit, Schema } from "effect"
import { wire, wireKey } from "../schemas.js"

export { wire }

export const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/
export const pascal = (s: string) =>
  s
    .split(/[^0-9A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")

type Annotations = { readonly [key: string]: unknown } | undefined
const text = (a: Annotations, key: string): string | undefined => {
  const v = a?.[key]
  return typeof v === "string" ? v : undefined
}

/** The identifier of a node as written last (on its last check if it has checks). */
export const identifierOf = (ast: AST.AST): string | undefined => text(AST.resolve(ast), "identifier")
/** The identifier of the struct or union itself, under any checks. */
export const baseIdentifierOf = (ast: AST.AST): string | undefined => text(ast.annotations, "identifier")
/** The description of the struct or union itself, under any checks. */
export const baseDescriptionOf = (ast: AST.AST): string | undefined => text(ast.annotations, "description")

/**
 * A property's own description: given with `annotateKey`, or to the optional property itself
 * (`Schema.optional(X).annotate(…)`, which lands on the union of X and undefined). A description
 * of the property's type is the type's, not the field's.
 */
export const fieldDescriptionOf = (p: AST.PropertySignature): string | undefined => {
  const t = p.type
  const own = text(t.context?.annotations, "description")
  if (own !== undefined) return own
  return AST.isUnion(t) && AST.isOptional(t) && t.types.some(AST.isUndefined)
    ? text(AST.resolve(t), "description")
    : undefined
}

/** Whether a property may be left out of the value on the wire (a defaulted one may). */
export const isOptionalKey = (p: AST.PropertySignature): boolean => AST.isOptional(wireKey(p.type))

const isIntCheck = (c: AST.Check<never>): boolean =>
  c._tag === "FilterGroup"
    ? c.checks.some(isIntCheck)
    : (c.annotations?.representation as { id?: string } | undefined)?.id === "effect/schema/isInt"

/** Whether a node's checks say the number is whole (Schema.Int, Schema.isInt()). */
export const isInteger = (ast: AST.AST): boolean => ast.checks?.some(isIntCheck) ?? false

/**
 * The GraphQL scalar a leaf node is on the wire (inputs and outputs alike), or undefined for a node
 * that is not a leaf GraphQL can name (a `null`, a struct, a union).
 */
export const scalarNameOf = (node: AST.AST): "String" | "Int" | "Float" | "Boolean" | undefined => {
  switch (node._tag) {
    case "String":
    case "TemplateLiteral":
      return "String"
    case "Number":
      return "Float"
    case "Boolean":
      return "Boolean"
    case "Literal":
      return typeof node.literal === "string"
        ? "String"
        : typeof node.literal === "number"
          ? Number.isInteger(node.literal)
            ? "Int"
            : "Float"
          : typeof node.literal === "boolean"
            ? "Boolean"
            : undefined
    default:
      return undefined
  }
}

/** Whether a union member is absent (undefined) or null: what makes a field nullable. */
export const isNothing = (t: AST.AST): boolean => AST.isUndefined(t) || AST.isNull(t)

const canonical = new WeakMap<object, AST.AST[]>()
/**
 * One node for a struct or union, whatever copies effect made of it: with checks added (a
 * filtered struct), with a property's optionality (`optionalKey`). Annotating it makes another
 * (a struct renamed is another type), as it did when each was its own node.
 */
export const canon = <A extends AST.AST>(node: A): A => {
  const key = AST.isObjects(node) ? node.propertySignatures : AST.isUnion(node) ? node.types : undefined
  if (!key || key.length === 0) return node
  const known = canonical.get(key) ?? []
  const same = known.find(
    (n) =>
      n.annotations === node.annotations &&
      (!AST.isObjects(n) || !AST.isObjects(node) || n.indexSignatures === node.indexSignatures),
  )
  if (same) return same as A
  canonical.set(key, [...known, node])
  return node
}

const copy = <A extends AST.AST>(node: A, patch: Partial<Record<string, unknown>>): A =>
  Object.assign(Object.create(Object.getPrototypeOf(node)), node, patch)

const bares = new WeakMap<AST.AST, AST.AST>()
/**
 * A node's encoded side with no checks anywhere in it (a property keeps its optionality): what
 * effect 3's `encodedSchema` was, the shape a union member is told apart by.
 */
export const bare = (ast: AST.AST): AST.AST => {
  const hit = bares.get(ast)
  if (hit) return hit
  const node = wireKey(ast)
  const plain = { checks: undefined, encoding: undefined, encodingChecks: undefined }
  const out: AST.AST = AST.isObjects(node)
    ? copy(node, {
        ...plain,
        propertySignatures: node.propertySignatures.map(
          (p) => new AST.PropertySignature(p.name, copy(bare(p.type), { context: wireKey(p.type).context })),
        ),
        indexSignatures: node.indexSignatures.map((i) => new AST.IndexSignature(i.parameter, bare(i.type))),
      })
    : AST.isArrays(node)
      ? copy(node, {
          ...plain,
          elements: node.elements.map((e) => copy(bare(e), { context: wireKey(e).context })),
          rest: node.rest.map(bare),
        })
      : AST.isUnion(node)
        ? copy(node, { ...plain, types: node.types.map(bare) })
        : AST.isSuspend(node)
          ? copy(node, { ...plain, thunk: () => bare(node.thunk()) })
          : copy(node, plain)
  bares.set(ast, out)
  return out
}

/**
 * Whether a value is of a node's shape on the wire (checks aside); `exact`: with no key the
 * node does not name, at any depth.
 */
export const matcher = (ast: AST.AST, exact = false): ((u: unknown) => boolean) => {
  const schema = Schema.make<Schema.Top>(bare(ast))
  if (!exact) return Schema.is(schema)
  const decode = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>, {
    onExcessProperty: "error",
  })
  return (u) => Exit.isSuccess(decode(u))
}

// biome-ignore lint/suspicious/noExplicitAny: refs are built from data; their types are the schemas'
export type Ref = any

/** A GraphQL type as the schema builders pass it: a scalar name or a ref, or a list of one. */
export interface Typed {
  readonly type: Ref
  readonly list: boolean
}

/**
 * A leaf's GraphQL scalar: "Int" for a whole number (checked on the value as decoded, a check over a
 * transformation, or on the wire), a scalar's own name, "JSON" for a leaf no scalar fits; undefined
 * for a node that is not a leaf (a struct, a list, a union).
 */
export const leafScalar = (ast: AST.AST): string | undefined => {
  if (isInteger(ast)) return "Int"
  const node = wire(ast)
  if (isInteger(node)) return "Int"
  switch (node._tag) {
    case "String":
    case "TemplateLiteral":
    case "Number":
    case "Boolean":
    case "Literal":
      return scalarNameOf(node) ?? "JSON"
    default:
      return undefined
  }
}
