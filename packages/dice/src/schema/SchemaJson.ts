/**
 * JSON Schema from the SDK's schemas, in the shape the SDK has always published (draft-07 root,
 * shared definitions under `$defs`, checks as `minimum`/`pattern`/…), so the files homebrew
 * authors and HTTP clients read don't change with the effect version underneath.
 *
 * This is effect 3's `JSONSchema.make`/`fromAST` (3.22), run over effect 4's AST through an effect
 * 3-shaped view of it (`SchemaJsonAst.ts`): the same keywords, titles, descriptions, `$defs` names
 * and key order. A check's `toJsonSchema` hook stands in for effect 3's `jsonSchema` annotation: a
 * fragment with a `type`, `anyOf` or `$ref` replaces the schema, any other adds its keywords.
 *
 * @since 0.2.0
 */
import { type JsonSchema, Schema } from "effect"
import { type Annotations, encodedAst, type Json, keywordDefaults, type Node, view } from "./SchemaJsonAst.js"

export type { Json }

/** A whole document for one schema: `$schema`, the schema, and its `$defs` (effect 3's `make`). */
export const document = (schema: Schema.Top): Json => {
  const definitions: Record<string, Json> = {}
  const jsonSchema = fromNode(view(schema.ast), { definitions, target: "jsonSchema7" })
  const out: Json = { $schema: "http://json-schema.org/draft-07/schema#", $defs: {}, ...jsonSchema }
  if (Object.keys(definitions).length === 0) delete out.$defs
  else out.$defs = definitions
  return out
}

export interface FragmentOptions {
  /** Where named (identifier-annotated) schemas are collected; shared across calls. */
  readonly definitions: Record<string, Json>
  /** The prefix of `$ref`s to them, e.g. "#/components/schemas/". */
  readonly definitionPath: string
  readonly target: "jsonSchema7" | "jsonSchema2019-09" | "openApi3.1"
}

/** One schema as a fragment whose named parts land in `options.definitions` (effect 3's `fromAST`). */
export const fragment = (schema: Schema.Top, options: FragmentOptions): Json =>
  fromNode(view(schema.ast), options)

/**
 * effect 3's `Schema.encodedSchema`, whose JSON Schema differs from effect 4's `Schema.toEncoded`:
 * checks are left out, and what is rebuilt (a struct with a defaulted key, say) loses its
 * identifier and description. For validating only: it decodes nothing.
 */
export const encodedSchema = (schema: Schema.Top): Schema.Top => Schema.make(encodedAst(schema.ast))

export type { JsonSchema }

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Effect writes a refined reference as `{ "$ref": "#/$defs/Int", "maximum": 6 }`. Draft-07 ignores
 * keywords beside `$ref`, and Ajv's strict mode wants a `type` beside `maximum`, so such a node is
 * rewritten as the definition it names (always a plain one: `Int`, a trimmed string) plus its own
 * keywords, which then apply.
 */
const inlineRefinedRefs = (node: unknown, defs: Json): unknown => {
  if (Array.isArray(node)) return node.map((x) => inlineRefinedRefs(x, defs))
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) out[k] = inlineRefinedRefs(v, defs)
  const { $ref, ...rest } = out
  const extra = Object.keys(rest).filter((k) => k !== "description" && k !== "title" && k !== "$defs")
  if (typeof $ref !== "string" || extra.length === 0) return out
  const def = defs[$ref.replace("#/$defs/", "")]
  if (!isObject(def) || JSON.stringify(def).includes('"$ref"')) return { allOf: [{ $ref }], ...rest }
  return { ...def, ...rest }
}

/**
 * A schema as a published file: {@link document} with its `$id` (where it is published) and
 * title, refined references inlined so editors and Ajv's strict mode read every keyword.
 */
export const published = (schema: Schema.Top, id: string, title: string): Json => {
  const { $schema, ...rest } = document(schema)
  const defs = (rest as Json).$defs
  const body = inlineRefinedRefs(rest, isObject(defs) ? defs : {}) as Json
  return { $schema, $id: id, title, ...body }
}

// -------------------------------------------------------------------------------------------------

interface Options {
  readonly definitions: Record<string, Json>
  readonly definitionPath?: string
  readonly target: FragmentOptions["target"]
}
interface Go {
  readonly getRef: (id: string) => string
  readonly target: FragmentOptions["target"]
}
type Path = ReadonlyArray<PropertyKey>

const fromNode = (node: Node, options: Options): Json => {
  const definitionPath = options.definitionPath ?? "#/$defs/"
  const go: Go = { getRef: (id) => definitionPath + id, target: options.target }
  return gen(node, options.definitions, true, [], go, true)
}

const constNever = { $id: "/schemas/never", not: {} }
const constAny = { $id: "/schemas/any" }
const constUnknown = { $id: "/schemas/unknown" }
const constVoid = { $id: "/schemas/void" }
const constObject = { $id: "/schemas/object", anyOf: [{ type: "object" }, { type: "array" }] }
const constEmptyStruct = { $id: "/schemas/%7B%7D", anyOf: [{ type: "object" }, { type: "array" }] }

const isJsonValue = (value: unknown, visited = new Set<unknown>()): boolean => {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true
  if (typeof value !== "object" || visited.has(value)) return false
  visited.add(value)
  try {
    if (Array.isArray(value)) return value.every((v) => isJsonValue(v, visited))
    const proto = Object.getPrototypeOf(value)
    if (proto !== null && proto !== Object.prototype) return false
    if (Object.getOwnPropertySymbols(value).length > 0) return false
    return Object.values(value).every((v) => isJsonValue(v, visited))
  } finally {
    visited.delete(value)
  }
}

/** effect 3 wrote defaults and examples in their encoded form, dropping those that fail to encode. */
const encode = (node: Node, value: unknown): { value: unknown } | undefined => {
  try {
    const codec = Schema.make(node.source) as unknown as Schema.Codec<unknown, unknown>
    return { value: Schema.encodeUnknownSync(codec)(value) }
  } catch {
    return undefined
  }
}

const prune = (node: Node, a: Annotations): Json | undefined => {
  const out: Json = {}
  if (a.description !== undefined) out.description = a.description
  if (a.title !== undefined) out.title = a.title
  if (Object.hasOwn(a, "default")) {
    const o = encode(node, a.default)
    if (o !== undefined && isJsonValue(o.value)) out.default = o.value
  }
  if (a.examples !== undefined) {
    const examples = a.examples.flatMap((e) => {
      const o = encode(node, e)
      return o !== undefined && isJsonValue(o.value) ? [o.value] : []
    })
    if (examples.length > 0) out.examples = examples
  }
  return Object.keys(out).length === 0 ? undefined : out
}

/** A node's own title and description, less effect 3's keyword defaults (string, "a string", …). */
const nodeAnnotations = (node: Node): Json | undefined => {
  const a = node.annotations
  const builtIn = ["StringKeyword", "NumberKeyword", "BooleanKeyword"].includes(node._tag)
    ? keywordDefaults(node._tag)
    : undefined
  const { description, title, ...rest } = a
  return prune(node, {
    ...(description !== builtIn?.description && description !== undefined && { description }),
    ...(title !== builtIn?.title && title !== undefined && { title }),
    ...rest,
  })
}

const addAnnotations = (jsonSchema: Json, annotations: Json | undefined): Json => {
  if (annotations === undefined || Object.keys(annotations).length === 0) return jsonSchema
  if ("$ref" in jsonSchema) return { allOf: [jsonSchema], ...annotations }
  return { ...jsonSchema, ...annotations }
}
const addNodeAnnotations = (jsonSchema: Json, node: Node): Json =>
  addAnnotations(jsonSchema, nodeAnnotations(node))

const isOverride = (node: Node, jsonSchema: Json): boolean => {
  if (node._tag === "Refinement" && node.isInt) return "type" in jsonSchema && jsonSchema.type !== "integer"
  return "type" in jsonSchema || "oneOf" in jsonSchema || "anyOf" in jsonSchema || "$ref" in jsonSchema
}

const KEYWORD_ORDER: ReadonlyArray<readonly [string, (i: Json, j: Json) => boolean]> = [
  ["minLength", (i, j) => (i.minLength as number) > (j.minLength as number)],
  ["maxLength", (i, j) => (i.maxLength as number) < (j.maxLength as number)],
  ["pattern", (i, j) => i.pattern !== j.pattern],
  ["minItems", (i, j) => (i.minItems as number) > (j.minItems as number)],
  ["maxItems", (i, j) => (i.maxItems as number) < (j.maxItems as number)],
  ["minimum", (i, j) => (i.minimum as number) > (j.minimum as number)],
  ["maximum", (i, j) => (i.maximum as number) < (j.maximum as number)],
  ["exclusiveMinimum", (i, j) => (i.exclusiveMinimum as number) > (j.exclusiveMinimum as number)],
  ["exclusiveMaximum", (i, j) => (i.exclusiveMaximum as number) < (j.exclusiveMaximum as number)],
  ["multipleOf", (i, j) => i.multipleOf !== j.multipleOf],
]

/** A refinement's keywords over its base's: where both bound the same keyword, both are kept. */
const mergeRefinements = (from: Json, jsonSchema: Json, node: Node): Json => {
  const out: Json = { ...from, ...nodeAnnotations(node), ...jsonSchema }
  let allOf = (out.allOf ?? []) as Array<Json>
  for (const [name, keep] of KEYWORD_ORDER)
    if (name in jsonSchema && name in from)
      allOf = [{ [name]: from[name] }, ...allOf].filter((i) => keep(i, jsonSchema))
  if (allOf.length === 0) delete out.allOf
  else out.allOf = allOf
  return out
}

/** effect 3's identifier lookup: through a suspension, to what it suspends. */
const identifierOf = (node: Node): string | undefined =>
  node.annotations.identifier ?? (node._tag === "Suspend" ? identifierOf(node.f()) : undefined)

const transformationFrom = (node: Node): Node | undefined => {
  switch (node._tag) {
    case "Transformation":
      return node.from
    case "Refinement":
      return transformationFrom(node.from)
    case "Suspend":
      return transformationFrom(node.f())
  }
  return undefined
}

const gen = (
  node: Node,
  defs: Record<string, Json>,
  identifier: boolean,
  path: Path,
  go: Go,
  errors: boolean,
): Json => {
  if (identifier) {
    const id = identifierOf(node)
    if (id !== undefined) {
      const out = { $ref: go.getRef(id.replace(/~/gi, "~0").replace(/\//gi, "~1")) }
      if (!Object.hasOwn(defs, id)) {
        defs[id] = out
        defs[id] = gen(node, defs, false, path, go, errors)
      }
      return out
    }
  }
  if (node._tag === "Refinement" && node.jsonSchema !== undefined) {
    const handler = node.jsonSchema
    if (isOverride(node, handler)) return handler
    const t = transformationFrom(node.from)
    if (t !== undefined) return gen(t, defs, identifier, path, go, errors)
    return mergeRefinements(gen(node.from, defs, identifier, path, go, errors), handler, node)
  }
  return structural(node, defs, identifier, path, go, errors)
}

const unsupported = (node: Node, path: Path, message: string, errors: boolean): Json => {
  if (!errors) return addNodeAnnotations(constAny, node)
  const at = path.length > 0 ? `\nat path: ${path.map((k) => `[${JSON.stringify(String(k))}]`).join("")}` : ""
  throw new Error(
    `Missing annotation${at}\ndetails: ${message}\nschema (${node._tag}): ${String(node.source)}`,
  )
}

const structural = (
  node: Node,
  defs: Record<string, Json>,
  identifier: boolean,
  path: Path,
  go: Go,
  errors: boolean,
): Json => {
  const recur = (n: Node, p: Path = path) => gen(n, defs, true, p, go, errors)
  switch (node._tag) {
    case "Declaration":
    case "UndefinedKeyword":
    case "BigIntKeyword":
    case "UniqueSymbol":
    case "SymbolKeyword":
    case "TemplateLiteral":
      return unsupported(
        node,
        path,
        'Generating a JSON Schema for this schema requires a "jsonSchema" annotation',
        errors,
      )
    case "Suspend":
      if (identifier)
        return unsupported(
          node,
          path,
          'Generating a JSON Schema for this schema requires an "identifier" annotation',
          errors,
        )
      return gen(node.f(), defs, false, path, go, errors)
    case "NeverKeyword":
      return addNodeAnnotations(constNever, node)
    case "VoidKeyword":
      return addNodeAnnotations(constVoid, node)
    case "UnknownKeyword":
      return addNodeAnnotations(constUnknown, node)
    case "AnyKeyword":
      return addNodeAnnotations(constAny, node)
    case "ObjectKeyword":
      return addNodeAnnotations(constObject, node)
    case "StringKeyword":
      return addNodeAnnotations({ type: "string" }, node)
    case "NumberKeyword":
      return addNodeAnnotations({ type: "number" }, node)
    case "BooleanKeyword":
      return addNodeAnnotations({ type: "boolean" }, node)
    case "Literal": {
      const literal = node.literal
      if (literal === null) return addNodeAnnotations({ type: "null" }, node)
      const type = typeof literal
      if (type === "string" || type === "number" || type === "boolean")
        return addNodeAnnotations({ type, enum: [literal] }, node)
      return unsupported(
        node,
        path,
        'Generating a JSON Schema for this schema requires a "jsonSchema" annotation',
        errors,
      )
    }
    case "Enums": {
      const anyOf = node.enums.map(([title, value]) => ({
        type: typeof value === "number" ? "number" : "string",
        title,
        enum: [value],
      }))
      return anyOf.length >= 1
        ? addNodeAnnotations({ $comment: "/schemas/enums", anyOf }, node)
        : addNodeAnnotations(constNever, node)
    }
    case "TupleType":
      return tuple(node, path, go, errors, recur)
    case "TypeLiteral":
      return typeLiteral(node, path, go, errors, recur)
    case "Union": {
      const anyOf = compactUnion(node.types.map((t) => recur(t)))
      switch (anyOf.length) {
        case 0:
          return constNever
        case 1:
          return addNodeAnnotations(anyOf[0]!, node)
        default:
          return addNodeAnnotations({ anyOf }, node)
      }
    }
    case "Refinement":
      return gen(node.from, defs, identifier, path, go, errors)
    case "Transformation":
      return addNodeAnnotations(gen(node.from, defs, identifier, path, go, errors), node)
  }
}

type Recur = (n: Node, p?: Path) => Json
type Of<T extends Node["_tag"]> = Extract<Node, { _tag: T }>

const withKeyAnnotations = (json: Json, type: Node, a: Annotations): Json =>
  addAnnotations(json, prune(type, a))

const tuple = (node: Of<"TupleType">, path: Path, go: Go, errors: boolean, recur: Recur): Json => {
  const elements = node.elements.map((e, i) =>
    withKeyAnnotations(recur(e.type, [...path, i]), e.type, e.annotations),
  )
  const rest = node.rest.map((r) => withKeyAnnotations(recur(r.type), r.type, r.annotations))
  const output: Json = { type: "array" }
  const len = node.elements.length
  const json7 = go.target === "jsonSchema7"
  if (len > 0) {
    output.minItems = len - node.elements.filter((e) => e.isOptional).length
    if (json7) output.items = elements
    else output.prefixItems = elements
  }
  if (rest.length > 0) {
    const head = rest[0]
    const homogeneous = rest.length === 1 && node.elements.every((e) => e.type === node.rest[0]!.type)
    if (homogeneous) {
      output.items = head
      if (!json7) delete output.prefixItems
    } else if (json7) output.additionalItems = head
    else output.items = head
    if (rest.length > 1) {
      if (!errors) return addNodeAnnotations(constAny, node)
      throw new Error(
        "Generating a JSON Schema for post-rest elements is not currently supported. You're welcome to contribute by submitting a Pull Request",
      )
    }
  } else if (len > 0) {
    if (json7) output.additionalItems = false
    else output.items = false
  } else output.maxItems = 0
  return addNodeAnnotations(output, node)
}

/** effect 3 left `undefined` out of an optional key's type (it is the key that is optional). */
const pruneUndefined = (node: Node): Node | undefined => {
  switch (node._tag) {
    case "UndefinedKeyword":
      return { _tag: "NeverKeyword", annotations: { title: "never" }, source: node.source }
    case "Union": {
      const types: Array<Node> = []
      let hasUndefined = false
      for (const type of node.types) {
        const pruned = pruneUndefined(type)
        if (pruned === undefined) types.push(type)
        else {
          hasUndefined = true
          if (pruned._tag !== "NeverKeyword") types.push(pruned)
        }
      }
      if (!hasUndefined) return undefined
      if (types.length === 1) return types[0]
      if (types.length === 0)
        return { _tag: "NeverKeyword", annotations: { title: "never" }, source: node.source }
      return { _tag: "Union", types, annotations: {}, source: node.source }
    }
    case "Suspend":
      return pruneUndefined(node.f())
    case "Transformation":
      return pruneUndefined(node.from)
  }
  return undefined
}

const indexSignatures = (node: Of<"TypeLiteral">, output: Json, path: Path, recur: Recur) => {
  let patternProperties: Json | undefined
  let propertyNames: Json | undefined
  for (const is of node.indexSignatures) {
    const type = pruneUndefined(is.type) ?? is.type
    switch (is.parameter._tag) {
      case "StringKeyword": {
        const additional = recur(type)
        output.additionalProperties = isNeverWithoutCustomAnnotations(additional) ? false : additional
        break
      }
      case "Refinement":
        patternProperties = recur(type)
        propertyNames = recur(is.parameter)
        break
      case "SymbolKeyword":
        output.additionalProperties = recur(type, [...path, "[symbol]"])
        propertyNames = recur(is.parameter, [...path, "[symbol]"])
        break
      case "TemplateLiteral":
        throw new Error("Generating a JSON Schema for a template literal key is not supported")
    }
  }
  return { patternProperties, propertyNames }
}

const typeLiteral = (node: Of<"TypeLiteral">, path: Path, go: Go, errors: boolean, recur: Recur): Json => {
  if (node.propertySignatures.length === 0 && node.indexSignatures.length === 0)
    return addNodeAnnotations(constEmptyStruct, node)
  const required: Array<string> = []
  const properties: Json = {}
  const output: Json = { type: "object", required, properties, additionalProperties: false }
  const { patternProperties, propertyNames } = indexSignatures(node, output, path, recur)
  for (const ps of node.propertySignatures) {
    const name = ps.name
    if (typeof name !== "string") {
      if (!errors) return addNodeAnnotations(constAny, node)
      throw new Error(`Unsupported key\ndetails: Cannot encode ${String(name)} key to JSON Schema`)
    }
    const pruned = pruneUndefined(ps.type)
    const type = pruned ?? ps.type
    properties[name] = withKeyAnnotations(recur(type, [...path, name]), type, ps.annotations)
    if (!ps.isOptional && pruned === undefined) required.push(name)
    if (ps.decoded !== undefined)
      properties[name] = withDecodedAnnotations(properties[name] as Json, ps.decoded, go)
  }
  if (patternProperties !== undefined) {
    delete output.additionalProperties
    output.patternProperties = { "": patternProperties }
  }
  if (propertyNames !== undefined) output.propertyNames = propertyNames
  return addNodeAnnotations(output, node)
}

/** effect 3 copied a defaulted key's title, description, examples and default from its type side. */
const withDecodedAnnotations = (json: Json, decoded: Node, go: Go): Json => {
  const to = gen(decoded, {}, true, [], go, false)
  const annotations: Json = {}
  if (typeof to.title === "string") annotations.title = to.title
  if (typeof to.description === "string") annotations.description = to.description
  if (Array.isArray(to.examples)) annotations.examples = to.examples
  if (Object.hasOwn(to, "default") && to.default !== undefined) annotations.default = to.default
  return addAnnotations(json, annotations)
}

const isNeverWithoutCustomAnnotations = (json: Json): boolean =>
  json === constNever ||
  (json.$id === constNever.$id && Object.keys(json).length === 3 && json.title === "never")

const isCompactableLiteral = (json: Json | undefined): json is Json & { enum: Array<unknown> } =>
  json !== undefined && "enum" in json && "type" in json && Object.keys(json).length === 2

const compactUnion = (members: ReadonlyArray<Json>): Array<Json> => {
  const out: Array<Json> = []
  for (const m of members) {
    if (isNeverWithoutCustomAnnotations(m)) continue
    if ([constAny.$id, constUnknown.$id, constVoid.$id].includes(m.$id as string)) return [m]
    const last = out[out.length - 1]
    if (isCompactableLiteral(m) && isCompactableLiteral(last) && last.type === m.type) {
      out[out.length - 1] = { type: last.type, enum: [...last.enum, ...m.enum] }
      continue
    }
    out.push(m)
  }
  return out
}
