/**
 * GraphQL output types built from the library's effect Schemas, so a client selects the fields of
 * a content entry, a Refuge, a world or an odds report, and no field list is written twice.
 *
 * The wire form is read (a schema's encoded side: a dice expression is its text). Structs become
 * object types named by their `identifier`; unions of structs become GraphQL unions (the member is
 * found by checking the value against each member's schema); unions of string literals become
 * enums when the literals are GraphQL names, else String. What GraphQL cannot express (a union of
 * a number and a string, a record, a list of lists, an unknown) stays the `JSON` scalar.
 */
import type { ObjectRef, SchemaTypes, UnionRef } from "@pothos/core"
import { SchemaAST as AST, Schema } from "effect"
import { builder } from "./builder.js"
import { JSONScalar } from "./schema/json.js"

// biome-ignore lint/suspicious/noExplicitAny: refs are built from data; their types are the schemas'
type Ref = any
/** A field's type: a ref, a list of one, and whether it may be null. */
interface Out {
  readonly type: Ref
  readonly list: boolean
  readonly nullable: boolean
}

export const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/
export const pascal = (s: string) =>
  s
    .split(/[^0-9A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")

const byAst = new Map<AST.AST, Ref>()
const taken = new Map<string, AST.AST>()

const identifierOf = (ast: AST.AST): string | undefined =>
  AST.getIdentifierAnnotation(ast).pipe((o) => (o._tag === "Some" ? o.value : undefined))

/** A type name for `ast`: its identifier, else the hint; made unique by the hint when taken. */
const nameFor = (ast: AST.AST, hint: string): string => {
  const id = identifierOf(ast)
  // A name the hand-written types (or another schema) already use is not reused.
  const free = (n: string) =>
    (!taken.has(n) || taken.get(n) === ast) && !builder.configStore.typeConfigs.has(n)
  let name = id && NAME.test(id) ? id : pascal(hint)
  if (!free(name)) name = pascal(hint)
  for (let i = 2; !free(name); i++) name = `${pascal(hint)}${i}`
  taken.set(name, ast)
  return name
}

/** Whether a refinement chain says the number is whole (Schema.Int, Schema.int()). */
export const isInteger = (ast: AST.AST): boolean => {
  for (let a: AST.AST = ast; AST.isRefinement(a); a = a.from) {
    const js = a.annotations[AST.JSONSchemaAnnotationId] as { type?: string } | undefined
    if (js?.type === "integer") return true
  }
  return false
}

/** The node a value on the wire is checked against: transformations read from their encoded side. */
export const wire = (ast: AST.AST): AST.AST =>
  AST.isTransformation(ast) ? wire(ast.from) : AST.isSuspend(ast) ? wire(ast.f()) : ast

const json: Out = { type: JSONScalar, list: false, nullable: false }
const scalar = (type: string): Out => ({ type, list: false, nullable: false })

/** The GraphQL type of a schema node; `hint` names anonymous structs after where they are. */
const outOf = (ast: AST.AST, hint: string): Out => {
  const node = wire(ast)
  switch (node._tag) {
    case "Refinement":
      return isInteger(node) ? scalar("Int") : outOf(node.from, hint)
    case "StringKeyword":
    case "TemplateLiteral":
      return scalar("String")
    case "NumberKeyword":
      return scalar("Float")
    case "BooleanKeyword":
      return scalar("Boolean")
    case "Literal":
      return typeof node.literal === "string"
        ? scalar("String")
        : typeof node.literal === "number"
          ? scalar(Number.isInteger(node.literal) ? "Int" : "Float")
          : typeof node.literal === "boolean"
            ? scalar("Boolean")
            : json
    case "TypeLiteral":
      return node.indexSignatures.length > 0
        ? json
        : { type: objectOf(node, hint), list: false, nullable: false }
    case "TupleType": {
      const items = [...node.elements.map((e) => e.type), ...node.rest.map((r) => r.type)]
      const first = items[0]
      if (!first || !items.every((i) => i === first)) return json
      const inner = outOf(first, hint)
      return inner.list || inner.nullable ? json : { ...inner, list: true }
    }
    case "Union":
      return unionOf(node, hint)
    default:
      return json
  }
}

const unionOf = (node: AST.Union, hint: string): Out => {
  const present = node.types.filter(
    (t) => !AST.isUndefinedKeyword(t) && !(AST.isLiteral(t) && t.literal === null),
  )
  const nullable = present.length < node.types.length
  if (present.length === 1) return { ...outOf(present[0]!, hint), nullable }
  const members = present.map(wire)
  if (members.every((m) => AST.isLiteral(m) && typeof m.literal === "string")) {
    const values = members.map((m) => (m as AST.Literal).literal as string)
    if (!values.every((v) => NAME.test(v) && !["true", "false", "null"].includes(v)))
      return { ...scalar("String"), nullable }
    const name = nameFor(node, hint)
    const ref = byAst.get(node) ?? builder.enumType(name, { values })
    byAst.set(node, ref)
    return { type: ref, list: false, nullable }
  }
  const structs = members.map((m) => (AST.isRefinement(m) ? wire(m.from) : m))
  if (!structs.every((m) => AST.isTypeLiteral(m) && m.indexSignatures.length === 0))
    return { ...json, nullable }
  return { type: unionRef(node, structs as AST.TypeLiteral[], hint), list: false, nullable }
}

/** A GraphQL union over structs; a value is the first member whose schema it satisfies. */
const unionRef = (node: AST.AST, structs: readonly AST.TypeLiteral[], hint: string): Ref => {
  const cached = byAst.get(node)
  if (cached) return cached
  const name = nameFor(node, hint)
  const members = structs.map((s, i) => ({
    ref: objectOf(s, `${name}${i + 1}`),
    is: Schema.is(Schema.encodedSchema(Schema.make(s)), { onExcessProperty: "error" }),
  }))
  const ref = builder.unionType(name, {
    types: members.map((m) => m.ref),
    resolveType: (value: unknown) => members.find((m) => m.is(value))?.ref ?? members[0]!.ref,
  })
  byAst.set(node, ref)
  return ref
}

/** An object type for a struct, one field per property whose name GraphQL allows. */
const objectOf = (node: AST.TypeLiteral, hint: string): Ref => {
  const cached = byAst.get(node)
  if (cached) return cached
  const name = nameFor(node, hint)
  const ref = builder.objectRef<Record<string, unknown>>(name)
  byAst.set(node, ref)
  const description = AST.getDescriptionAnnotation(node).pipe((o) =>
    o._tag === "Some" ? o.value : undefined,
  )
  const props = node.propertySignatures.filter((p) => typeof p.name === "string" && NAME.test(p.name))
  ref.implement({
    ...(description ? { description } : {}),
    fields: (t) =>
      Object.fromEntries(
        props.map((p) => {
          const key = p.name as string
          // Seeds run to 2^48: past GraphQL's 32-bit Int, so they are Floats (whole numbers).
          const o = key === "seed" ? scalar("Float") : outOf(p.type, `${name}-${key}`)
          const fieldDescription = AST.getDescriptionAnnotation(p).pipe((x) =>
            x._tag === "Some" ? x.value : undefined,
          )
          return [
            key,
            t.field({
              type: o.list ? [o.type] : o.type,
              nullable: o.nullable || p.isOptional,
              ...(fieldDescription ? { description: fieldDescription } : {}),
              resolve: (parent: Record<string, unknown>) => parent[key] ?? null,
            } as never),
          ]
        }),
      ),
  })
  return ref
}

/**
 * The GraphQL output type of a schema (a struct, or a union of structs), built once per schema.
 * `name` is used when the schema has no identifier.
 */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never

export const outputType = (
  schema: Schema.Schema.Any,
  name: string,
): ObjectRef<Types, unknown> | UnionRef<Types, unknown> => {
  const o = outOf(schema.ast, name)
  if (o.list || o.type === JSONScalar || typeof o.type === "string")
    throw new Error(`${name}: not an object or a union of objects`)
  return o.type
}

/** Values a resolver knows the schema of (a content entry of a known kind): no guessing for them. */
const known = new WeakMap<object, Schema.Schema.Any>()
/** Marks `value` as decoded by `schema`, so a union resolves it to that schema's type. */
export const typedAs = <A extends object>(value: A, schema: Schema.Schema.Any): A => {
  known.set(value, schema)
  return value
}

/**
 * A GraphQL union with one object type per struct of the given schemas (a schema that is itself a
 * union of structs gives each of its members). A value resolves to the schema it was marked with
 * (`typedAs`), narrowed to the member it satisfies; unmarked, to the first member it satisfies.
 */
export const unionOver = (
  name: string,
  schemas: ReadonlyArray<Schema.Schema.Any>,
  description: string,
): UnionRef<Types, unknown> => {
  const members = schemas.flatMap((s, i) => {
    const node = wire(s.ast)
    const top = AST.isRefinement(node) ? wire(node.from) : node
    const structs = AST.isUnion(top) ? top.types.map(wire) : [top]
    return structs.map((t, j) => {
      if (!AST.isTypeLiteral(t)) throw new Error(`${name}: member ${i} is not a struct`)
      return {
        schema: s,
        // A refined struct (a weapon) carries its identifier on the refinement: name the type by it.
        ref: objectOf(t, identifierOf(s.ast) ?? `${name}${i + 1}-${j + 1}`),
        is: Schema.is(Schema.encodedSchema(Schema.make(t)), { onExcessProperty: "error" }),
      }
    })
  })
  return builder.unionType(name, {
    description,
    types: members.map((m) => m.ref),
    resolveType: (value: unknown) => {
      const schema = typeof value === "object" && value !== null ? known.get(value) : undefined
      const candidates = schema ? members.filter((m) => m.schema === schema) : members
      return (candidates.find((m) => m.is(value)) ?? candidates[0]!).ref
    },
  })
}
