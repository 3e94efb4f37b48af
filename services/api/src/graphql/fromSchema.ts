/**
 * GraphQL output types built from the library's effect Schemas, so a client selects the fields of
 * a content entry, a Refuge, a world or an odds report, and no field list is written twice.
 *
 * The wire form is read (a schema's encoded side: a dice expression is its text). Structs become
 * object types named by their `identifier`; unions of structs become GraphQL unions (the member is
 * found by checking the value against each member's schema; nested unions are flattened, so the
 * recursive Effect and Condition unions are one GraphQL union each); unions of string literals
 * become enums, one per set of words (enums.ts: a word GraphQL cannot name is named in camelCase
 * and maps back to the word); a union with members that are
 * not structs (a number or a dice expression) gets a field per member (see valueObject); a record
 * (a map keyed by runtime ids) is a list of `{key, value}` entries when its values have a type; a
 * list of lists is one. What GraphQL cannot express (an unknown, a record of unknowns) stays the
 * `JSON` scalar. A field the library declares wider than what it holds (an `unknown` that is always
 * a command) is typed by the schema it holds (`typeFieldAs`).
 */
import { ListRef, type ObjectRef, type SchemaTypes, type UnionRef } from "@pothos/core"
import { SchemaAST as AST, type Schema } from "effect"
import {
  baseDescriptionOf,
  baseIdentifierOf,
  canon,
  fieldDescriptionOf,
  identifierOf,
  isNothing,
  isOptionalKey,
  leafScalar,
  matcher,
  NAME,
  pascal,
  type Ref,
  wire,
} from "./ast.js"
import { builder } from "./builder.js"
import { enumFor, libraryName, wordsEnum } from "./enums.js"
import { JSONScalar } from "./schema/json.js"

/** A field's type: a ref, a list of one, and whether it may be null. */
interface Out {
  readonly type: Ref
  readonly list: boolean
  readonly nullable: boolean
  /** How a value becomes what the type answers (a record becomes its entries). */
  readonly convert?: (v: unknown) => unknown
}

export { NAME, pascal, scalarNameOf, wire } from "./ast.js"

const byAst = new Map<AST.AST, Ref>()
const taken = new Map<string, AST.AST>()

/** A type name for `ast`: its identifier, else the hint; made unique by the hint when taken. */
const nameFor = (ast: AST.AST, hint: string): string => {
  const id = baseIdentifierOf(ast)
  // A name the hand-written types (or another schema) already use is not reused.
  const free = (n: string) =>
    (!taken.has(n) || taken.get(n) === ast) && !builder.configStore.typeConfigs.has(n)
  let name = id && NAME.test(id) ? id : pascal(hint)
  if (!free(name)) name = pascal(hint)
  for (let i = 2; !free(name); i++) name = `${pascal(hint)}${i}`
  taken.set(name, ast)
  return name
}

const json: Out = { type: JSONScalar, list: false, nullable: false }
const scalar = (type: string): Out => ({ type, list: false, nullable: false })

/** The GraphQL type of a schema node; `hint` names anonymous structs after where they are. */
export const outOf = (ast: AST.AST, hint: string): Out => {
  const leaf = leafScalar(ast)
  if (leaf !== undefined) return leaf === "JSON" ? json : scalar(leaf)
  const node = wire(ast)
  switch (node._tag) {
    case "Objects":
      return node.indexSignatures.length > 0
        ? entriesOf(node, hint)
        : { type: objectOf(node, hint), list: false, nullable: false }
    case "Arrays": {
      const items = [...node.elements, ...node.rest]
      // Items of one GraphQL type (two faces, each its own refined Int) are a list of it.
      const outs = items.map((i) => outOf(i, hint))
      const inner = outs[0]
      if (
        !inner ||
        inner.type === JSONScalar ||
        !outs.every((o) => o.type === inner.type && o.list === inner.list && !o.nullable)
      )
        return json
      const convert = inner.convert
      const each = convert ? (v: unknown) => (Array.isArray(v) ? v.map(convert) : v) : undefined
      // A list of lists (the rolloffs of each tie) is a list of a list type.
      return inner.list
        ? {
            type: new ListRef(inner.type, false),
            list: true,
            nullable: false,
            ...(each ? { convert: each } : {}),
          }
        : { ...inner, list: true, ...(each ? { convert: each } : {}) }
    }
    case "Union":
      return unionOf(node, hint)
    default:
      return json
  }
}

/**
 * A record keyed by runtime ids (a side's uses by ability, scores by side): a list of entries
 * `{key, value}` typed by the record's value; a record of values with no type stays JSON.
 */
const entriesOf = (record: AST.Objects, hint: string): Out => {
  const node = canon(record)
  const sig = node.indexSignatures[0]!
  if (node.indexSignatures.length > 1 || node.propertySignatures.length > 0) return json
  const value = outOf(sig.type, `${hint}-value`)
  if (value.type === JSONScalar) return json
  const cached = byAst.get(node)
  const ref = cached ?? builder.objectRef<{ key: string; value: unknown }>(nameFor(node, `${hint}-entry`))
  if (!cached) {
    byAst.set(node, ref)
    const convert = value.convert ?? ((v: unknown) => v)
    ref.implement({
      description: "One entry of a map keyed by ids known only at run time",
      fields: (t: Ref) => ({
        key: t.exposeString("key"),
        value: t.field({
          type: value.list ? [value.type] : value.type,
          nullable: value.nullable,
          resolve: (e: { value: unknown }) => convert(e.value),
        }),
      }),
    })
  }
  return {
    type: ref,
    list: true,
    nullable: false,
    convert: (v) =>
      v !== null && typeof v === "object" ? Object.entries(v).map(([key, value]) => ({ key, value })) : v,
  }
}

/** The members of a union, with nested unions (a union of leaves and nesting kinds) flattened. */
export const flatten = (node: AST.AST): AST.AST[] => {
  const w = AST.isSuspend(node) ? wire(node) : node
  return AST.isUnion(w) ? w.types.flatMap(flatten) : [w]
}

export const isStringLiteral = (m: AST.AST) =>
  AST.isLiteral(wire(m)) && typeof (wire(m) as AST.Literal).literal === "string"
/** The struct a member is, when it is one (a filtered struct is its struct). */
const structOf = (m: AST.AST): AST.Objects | undefined => {
  const s = wire(m)
  return AST.isObjects(s) && s.indexSignatures.length === 0 ? canon(s) : undefined
}

const unionOf = (checked: AST.Union, hint: string): Out => {
  const node = canon(checked)
  const present = node.types.filter((t) => !isNothing(t))
  const nullable = present.length < node.types.length
  if (present.length === 1) return { ...outOf(present[0]!, hint), nullable }
  const members = present.flatMap(flatten)
  if (members.every(isStringLiteral)) {
    const values = members.map((m) => (wire(m) as AST.Literal).literal as string)
    return { type: enumOf(node, values, hint), list: false, nullable }
  }
  const structs = members.flatMap((m) => structOf(m) ?? [])
  const values = members.filter((m) => !structOf(m))
  if (values.some((m) => AST.isUnknown(wire(m)) || AST.isAny(wire(m)))) return { ...json, nullable }
  // `Schema.optional(Condition)` is a new union node of Condition's members (and undefined), the
  // suspended `Condition` inside `not` another: the same named union over the same members is one type.
  const id = baseIdentifierOf(node)
  const same = id
    ? sameUnion
        .get(id)
        ?.find((u) => u.members.length === members.length && u.members.every((m, i) => m === members[i]))
    : undefined
  if (same) return { type: same.ref, list: false, nullable }
  const remember = (ref: Ref) => {
    if (id) sameUnion.set(id, [...(sameUnion.get(id) ?? []), { members, ref }])
  }
  const type =
    structs.length === 0
      ? valueObject(node, values, nameFor(node, hint), remember)
      : unionRef(node, structs, values, hint, remember)
  return { type, list: false, nullable }
}
const sameUnion = new Map<string, { members: readonly AST.AST[]; ref: Ref }[]>()

/** The enum of a union of words: one per set of words (see enums.ts), named after the first union met. */
export const enumOf = (node: AST.AST, words: readonly string[], hint: string, description?: string): Ref => {
  const found = enumFor(words)
  if (found) return found
  const library = libraryName(words)
  const name =
    library && NAME.test(library.name) && !builder.configStore.typeConfigs.has(library.name)
      ? library.name
      : nameFor(node, hint)
  return wordsEnum(name, words, description ?? baseDescriptionOf(node) ?? library?.description)
}

/**
 * The GraphQL enum of a library schema that is a union of words (a bot policy's name), for a
 * hand-written argument: the same enum as wherever else the schema's words appear.
 */
export const enumType = (schema: Schema.Top, name: string, description?: string): Ref => {
  const node = wire(schema.ast)
  const members = AST.isUnion(node) ? node.types.flatMap(flatten) : [node]
  if (members.length < 2 || !members.every(isStringLiteral)) throw new Error(`${name}: not a union of words`)
  return enumOf(
    node,
    members.map((m) => (wire(m) as AST.Literal).literal as string),
    name,
    description,
  )
}

const camel = (s: string) => s[0]!.toLowerCase() + s.slice(1)

/** A field name for a value member of a union: what kind of value it is. */
export const labelOf = (m: AST.AST): string => {
  const w = wire(m)
  if (AST.isNumber(w) || (AST.isLiteral(w) && typeof w.literal === "number")) return "number"
  if (AST.isBoolean(w)) return "flag"
  if (AST.isArrays(w)) return w.elements.length === 2 && w.rest.length === 0 ? "range" : "list"
  // A named text (a dice expression, a 1D66 key) is called by its name.
  const id = identifierOf(m) ?? identifierOf(w)
  return id && NAME.test(id) ? camel(id) : "text"
}

/**
 * A union with members that are not structs (a number or a dice expression; a face, a range or a
 * 1D66 key; a word or a distance): one object type with a nullable field per member, named by
 * what the member is (`number`, `range`, `diceExpression`, `choice`, …); the member the value is
 * has it, the others are null. A GraphQL union cannot hold scalars, and one field per member
 * keeps each field's type fixed, so a client selects `{ number range }` with no fragments.
 */
const valueObject = (
  node: AST.AST,
  values: readonly AST.AST[],
  name: string,
  remember: (ref: Ref) => void = () => undefined,
): Ref => {
  const cached = byValue.get(node)?.get(name)
  if (cached) return cached
  const ref = builder.objectRef<unknown>(name)
  byValue.set(node, (byValue.get(node) ?? new Map()).set(name, ref))
  remember(ref)
  const words = values.filter(isStringLiteral)
  const fields: { label: string; out: () => Out; is: (u: unknown) => boolean }[] = []
  if (words.length > 0) {
    const literals = words.map((w) => (wire(w) as AST.Literal).literal as string)
    fields.push({
      label: "choice",
      out: () => (words.length === 1 ? scalar("String") : outOf(new AST.Union(words), `${name}-choice`)),
      is: (u) => typeof u === "string" && literals.includes(u),
    })
  }
  for (const m of values.filter((v) => !isStringLiteral(v))) {
    let label = labelOf(m)
    for (let i = 2; fields.some((f) => f.label === label); i++) label = `${labelOf(m)}${i}`
    fields.push({
      label,
      out: () => outOf(m, `${name}-${label}`),
      is: matcher(m),
    })
  }
  ref.implement({
    description: "Exactly one of these fields is set: the one naming what the value is",
    fields: (t) =>
      Object.fromEntries(
        fields.map((f) => {
          const o = f.out()
          return [
            f.label,
            t.field({
              type: o.list ? [o.type] : o.type,
              nullable: true,
              resolve: (parent: unknown) => (f.is(parent) ? parent : null),
            } as never),
          ]
        }),
      ),
  })
  return ref
}
const byValue = new Map<AST.AST, Map<string, Ref>>()

/**
 * A GraphQL union over structs; a value is the first member whose schema it satisfies. Members
 * that are not structs (a bare word among objects) are one more member, `<Union>Value`.
 */
const unionRef = (
  node: AST.AST,
  structs: readonly AST.Objects[],
  values: readonly AST.AST[],
  hint: string,
  remember: (ref: Ref) => void,
): Ref => {
  const cached = byAst.get(node)
  if (cached) return cached
  const name = nameFor(node, hint)
  const members: { ref: Ref; is: (u: unknown) => boolean }[] = []
  const ref = builder.unionType(name, {
    types: [],
    resolveType: (value: unknown) => (members.find((m) => m.is(value)) ?? members[0]!).ref,
  })
  // Known before its members are made: a recursive union (a condition's `not`, a trigger's `do`)
  // meets itself while they are, and a union made while the schema builds gets them at once.
  byAst.set(node, ref)
  remember(ref)
  members.push(
    ...structs.map((s, i) => ({
      ref: objectOf(s, `${name}${memberTag(s, structs) ?? i + 1}`),
      is: matcher(s, true),
    })),
  )
  if (values.length > 0)
    members.push({
      ref: valueObject(node, values, `${name}Value`),
      is: (u: unknown) => typeof u !== "object" || u === null || Array.isArray(u),
    })
  ref.addTypes(() => members.map((m) => m.ref))
  return ref
}

/** The keys a union's members are told apart by, most telling first. */
const TAG_KEYS = ["type", "kind", "_tag", "q", "fact", "on", "is"]

/**
 * A name for a union member from what tells it apart (`BattleEventMoved`, not `BattleEvent7`):
 * the first of {@link TAG_KEYS} every member holds as a distinct literal, this member's literal
 * word in PascalCase; else the first required key no other member has (`MarketOrderSell`). None:
 * `undefined`, and the member keeps its position.
 */
const memberTag = (s: AST.Objects, structs: readonly AST.Objects[]): string | undefined => {
  const literalAt = (t: AST.Objects, key: string): string | undefined => {
    const p = t.propertySignatures.find((ps) => ps.name === key)
    const w = p && wire(p.type)
    return w && AST.isLiteral(w) && typeof w.literal === "string" ? w.literal : undefined
  }
  for (const key of TAG_KEYS) {
    const words = structs.map((t) => literalAt(t, key))
    if (words.some((w) => w === undefined) || new Set(words).size !== words.length) continue
    const word = pascal(literalAt(s, key)!)
    return NAME.test(word) ? word : undefined
  }
  const own = s.propertySignatures.find(
    (p) =>
      !isOptionalKey(p) &&
      typeof p.name === "string" &&
      structs.every((t) => t === s || !t.propertySignatures.some((q) => q.name === p.name)),
  )
  const word = own && pascal(own.name as string)
  return word && NAME.test(word) ? word : undefined
}

/** An object type for a struct, one field per property whose name GraphQL allows. */
const objectOf = (struct: AST.Objects, hint: string): Ref => {
  const node = canon(struct)
  const cached = byAst.get(node)
  if (cached) return cached
  const name = nameFor(node, hint)
  const ref = builder.objectRef<Record<string, unknown>>(name)
  byAst.set(node, ref)
  const description = baseDescriptionOf(node)
  const props = node.propertySignatures.filter((p) => typeof p.name === "string" && NAME.test(p.name))
  ref.implement({
    ...(description ? { description } : {}),
    fields: (t) =>
      Object.fromEntries(
        props.map((p) => {
          const key = p.name as string
          // Seeds run to 2^48: past GraphQL's 32-bit Int, so they are Floats (whole numbers).
          const held = fieldSchemas.get(node)?.get(key)
          const own = fieldScalars.get(node)?.get(key)
          const o =
            own !== undefined
              ? { type: own, list: false, nullable: false }
              : key === "seed"
                ? scalar("Float")
                : outOf(held ? held.ast : p.type, `${name}-${key}`)
          const convert = o.convert ?? ((v: unknown) => v)
          const fieldDescription = fieldDescriptionOf(p)
          return [
            key,
            t.field({
              type: o.list ? [o.type] : o.type,
              nullable: o.nullable || isOptionalKey(p),
              ...(fieldDescription ? { description: fieldDescription } : {}),
              resolve: (parent: Record<string, unknown>) => convert(parent[key] ?? null),
            } as never),
          ]
        }),
      ),
  })
  return ref
}

const fieldSchemas = new Map<AST.AST, Map<string, Schema.Top>>()
/**
 * Types `struct`'s field `key` by `schema`: for a field the library declares wider than what it
 * holds (a logged command is `unknown` in the event, to keep the event schema free of the command
 * union). Called before the struct's type is built.
 */
export const typeFieldAs = (struct: AST.AST, key: string, schema: Schema.Top): void => {
  const node = structOf(struct)
  if (!node) throw new Error(`typeFieldAs(${key}): not a struct`)
  fieldSchemas.set(node, (fieldSchemas.get(node) ?? new Map()).set(key, schema))
}

const fieldScalars = new Map<AST.AST, Map<string, Ref>>()

/** A field held as one value of a named scalar specified elsewhere (a Vega-Lite spec). */
export const typeFieldAsScalar = (struct: AST.AST, key: string, type: Ref): void => {
  const node = structOf(struct)
  if (!node) throw new Error(`typeFieldAsScalar(${key}): not a struct`)
  fieldScalars.set(node, (fieldScalars.get(node) ?? new Map()).set(key, type))
}

/**
 * The GraphQL output type of a schema (a struct, or a union of structs), built once per schema.
 * `name` is used when the schema has no identifier.
 */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never

export const outputType = (
  schema: Schema.Top,
  name: string,
): ObjectRef<Types, unknown> | UnionRef<Types, unknown> => {
  const o = outOf(schema.ast, name)
  if (o.list || o.type === JSONScalar || typeof o.type === "string")
    throw new Error(`${name}: not an object or a union of objects`)
  return o.type
}

/** Values a resolver knows the schema of (a content entry of a known kind): no guessing for them. */
const known = new WeakMap<object, Schema.Top>()
/** Marks `value` as decoded by `schema`, so a union resolves it to that schema's type. */
export const typedAs = <A extends object>(value: A, schema: Schema.Top): A => {
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
  schemas: ReadonlyArray<Schema.Top>,
  description: string,
): UnionRef<Types, unknown> => {
  const members = schemas.flatMap((s, i) => {
    const top = wire(s.ast)
    const structs = AST.isUnion(top) ? top.types.map(wire) : [top]
    return structs.map((t, j) => {
      if (!AST.isObjects(t)) throw new Error(`${name}: member ${i} is not a struct`)
      return {
        schema: s,
        // A refined struct (a weapon) carries its identifier on its last check: name the type by it.
        ref: objectOf(t, identifierOf(s.ast) ?? `${name}${i + 1}-${j + 1}`),
        is: matcher(t, true),
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
