/**
 * effect 4's schema AST seen as effect 3's, for {@link ./SchemaJson.ts}: effect 4 keeps checks on a
 * node (`ast.checks`) and the encoded side on `ast.encoding`, where effect 3 had `Refinement` and
 * `Transformation` nodes. This view rebuilds those layers, and gives effect 4's checks the titles,
 * descriptions and JSON Schema keywords effect 3's filters had (`between(0, 100)`, "an integer", …)
 * and effect 3's built-in schemas their identifiers (`Int`, `NonEmptyTrimmedString`, …), so the
 * JSON Schema written from the view is the one effect 3 wrote.
 *
 * @internal
 */
import { SchemaAST as AST, Schema } from "effect"

/** A JSON Schema object. */
export type Json = { [key: string]: unknown }

/** The annotations effect 3's JSON Schema generator reads. */
export interface Annotations {
  readonly identifier?: string
  readonly title?: string
  readonly description?: string
  readonly default?: unknown
  readonly examples?: ReadonlyArray<unknown>
}

interface Base {
  readonly annotations: Annotations
  /** The effect 4 node this layer was read from. */
  readonly source: AST.AST
}
export interface Element {
  readonly type: Node
  readonly isOptional: boolean
  readonly annotations: Annotations
}
export interface Property extends Element {
  readonly name: PropertyKey
  /** For a property whose decoding fills in a missing key (v3's `optionalWith` default): its type side. */
  readonly decoded?: Node
}
export interface Index {
  readonly parameter: Node
  readonly type: Node
}
type Keyword =
  | "Declaration"
  | "UndefinedKeyword"
  | "VoidKeyword"
  | "NeverKeyword"
  | "UnknownKeyword"
  | "AnyKeyword"
  | "StringKeyword"
  | "NumberKeyword"
  | "BooleanKeyword"
  | "BigIntKeyword"
  | "SymbolKeyword"
  | "ObjectKeyword"
  | "UniqueSymbol"
  | "TemplateLiteral"

/** An effect 3-shaped node. */
export type Node =
  | (Base & { readonly _tag: Keyword })
  | (Base & { readonly _tag: "Literal"; readonly literal: unknown })
  | (Base & { readonly _tag: "Enums"; readonly enums: ReadonlyArray<readonly [string, string | number]> })
  | (Base & {
      readonly _tag: "TupleType"
      readonly elements: ReadonlyArray<Element>
      readonly rest: ReadonlyArray<Element>
    })
  | (Base & {
      readonly _tag: "TypeLiteral"
      readonly propertySignatures: ReadonlyArray<Property>
      readonly indexSignatures: ReadonlyArray<Index>
    })
  | (Base & { readonly _tag: "Union"; readonly types: ReadonlyArray<Node> })
  | (Base & { readonly _tag: "Suspend"; readonly f: () => Node })
  | (Base & {
      readonly _tag: "Refinement"
      readonly from: Node
      readonly jsonSchema: Json | undefined
      readonly isInt: boolean
    })
  | (Base & { readonly _tag: "Transformation"; readonly from: Node })

// -------------------------------------------------------------------------------------------------
// effect 3's filters: title, description and JSON Schema keywords, by effect 4 check
// -------------------------------------------------------------------------------------------------

interface Filter {
  readonly title?: string
  readonly description?: string
  readonly identifier?: string | undefined
  readonly jsonSchema: Json | undefined
  /** effect 3's `int()`, whose `{ type: "integer" }` refines rather than replaces. */
  readonly int?: true
}

const lengthFilter = (n: number, bound: "min" | "max", onArray: boolean): Filter =>
  onArray
    ? {
        title: `${bound}Items(${n})`,
        description: `an array of at ${bound === "min" ? "least" : "most"} ${n} item(s)`,
        jsonSchema: { [`${bound}Items`]: n },
      }
    : {
        title: `${bound}Length(${n})`,
        description: `a string at ${bound === "min" ? "least" : "most"} ${n} character(s) long`,
        jsonSchema: { [`${bound}Length`]: n },
      }

const INT: Filter = { title: "int", description: "an integer", jsonSchema: { type: "integer" }, int: true }
const NON_EMPTY: Filter = {
  title: "nonEmptyString",
  description: "a non empty string",
  jsonSchema: { minLength: 1 },
}
const TRIMMED: Filter = {
  title: "trimmed",
  description: "a string with no leading or trailing whitespace",
  jsonSchema: { pattern: "^\\S[\\s\\S]*\\S$|^\\S$|^$" },
}
const FINITE: Filter = { title: "finite", description: "a finite number", jsonSchema: {} }

const bound = (n: number, zero: string, title: string, description: string, key: string): Filter => ({
  title: n === 0 ? zero : `${title}(${n})`,
  description,
  jsonSchema: { [key]: n },
})

/** effect 3's filter for an effect 4 built-in check (by its `representation`), if it had one. */
const builtInFilter = (id: string, p: Record<string, number>, onArray: boolean): Filter | undefined => {
  switch (id) {
    case "effect/schema/isInt":
      return INT
    case "effect/schema/isFinite":
      return FINITE
    case "effect/schema/isTrimmed":
      return TRIMMED
    case "effect/schema/isPattern":
      return { description: `a string matching the pattern ${p.source}`, jsonSchema: { pattern: p.source } }
    case "effect/schema/isMinLength":
      return lengthFilter(p.minLength!, "min", onArray)
    case "effect/schema/isMaxLength":
      return lengthFilter(p.maxLength!, "max", onArray)
    case "effect/schema/isBetween": {
      const { minimum, maximum } = p
      return {
        title: `between(${minimum}, ${maximum})`,
        description: `a number between ${minimum} and ${maximum}`,
        jsonSchema: { minimum, maximum },
      }
    }
    case "effect/schema/isGreaterThan": {
      const n = p.exclusiveMinimum!
      const d = n === 0 ? "a positive number" : `a number greater than ${n}`
      return bound(n, "positive", "greaterThan", d, "exclusiveMinimum")
    }
    case "effect/schema/isGreaterThanOrEqualTo": {
      const n = p.minimum!
      const d = n === 0 ? "a non-negative number" : `a number greater than or equal to ${n}`
      return bound(n, "nonNegative", "greaterThanOrEqualTo", d, "minimum")
    }
    case "effect/schema/isLessThan": {
      const n = p.exclusiveMaximum!
      const d = n === 0 ? "a negative number" : `a number less than ${n}`
      return bound(n, "negative", "lessThan", d, "exclusiveMaximum")
    }
    case "effect/schema/isLessThanOrEqualTo": {
      const n = p.maximum!
      const d = n === 0 ? "a non-positive number" : `a number less than or equal to ${n}`
      return bound(n, "nonPositive", "lessThanOrEqualTo", d, "maximum")
    }
    case "effect/schema/isMultipleOf": {
      const n = p.divisor!
      return {
        title: `multipleOf(${n})`,
        description: `a number divisible by ${n}`,
        jsonSchema: { multipleOf: n },
      }
    }
  }
  return undefined
}

type Check = AST.Check<unknown>
const first = (s: Schema.Top) => s.ast.checks![0] as AST.Filter<unknown>
/** effect 3's built-in refined schemas, recognised by their effect 4 check (`annotate` keeps `run`). */
const BUILT_IN = new Map<unknown, readonly [Filter, Record<string, unknown> | undefined]>(
  (
    [
      [Schema.Int, { ...INT, identifier: "Int" }],
      [Schema.Finite, { ...FINITE, identifier: "Finite" }],
      [Schema.Trimmed, { ...TRIMMED, identifier: "Trimmed" }],
      [Schema.NonEmptyString, { ...NON_EMPTY, identifier: "NonEmptyString" }],
    ] as const
  ).map(([schema, filter]) => [first(schema).run, [filter, first(schema).annotations]]),
)
const TRIMMED_RUN = first(Schema.Trimmed).run
const NON_EMPTY_ANNOTATIONS = Schema.isNonEmpty().annotations

/**
 * Whether a check has only the annotations effect gave it. effect 3's `annotations()` dropped a
 * schema's identifier, so `Schema.Int.annotations({ description })` was no longer `Int`.
 */
const untouched = (own: Record<string, unknown>, base: Record<string, unknown> | undefined): boolean =>
  Object.keys(own).every(
    (k) =>
      base !== undefined &&
      Object.hasOwn(base, k) &&
      (["object", "function"].includes(typeof own[k]) || own[k] === base[k]),
  )

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

/** The JSON Schema type a check sees (effect 4 passes it to `toJsonSchema`). */
const jsonType = (ast: AST.AST): string | undefined => {
  switch (ast._tag) {
    case "String":
      return "string"
    case "Number":
      return "number"
    case "Boolean":
      return "boolean"
    case "Arrays":
      return "array"
    case "Objects":
      return "object"
  }
  return undefined
}

/** A check as effect 3's filter: its defaults, then the check's own annotations over them. */
const filterOf = (ast: AST.AST, index: number): Filter & { readonly annotations: Annotations } => {
  const check = ast.checks![index] as Check
  const own = (check.annotations ?? {}) as Record<string, unknown>
  const rep = own.representation
  const builtIn = check._tag === "Filter" ? BUILT_IN.get(check.run) : undefined
  let filter: Filter | undefined = builtIn?.[0]
  if (builtIn !== undefined && !untouched(own, builtIn[1])) filter = { ...builtIn[0], identifier: undefined }
  if (filter === undefined && isRecord(rep) && typeof rep.id === "string")
    filter = builtInFilter(rep.id, (rep.payload ?? {}) as Record<string, number>, ast._tag === "Arrays")
  // `Schema.Trimmed.check(Schema.isNonEmpty())` is what effect 3 called NonEmptyTrimmedString.
  const previous = index > 0 ? (ast.checks![index - 1] as Check) : undefined
  if (
    filter !== undefined &&
    ast._tag === "String" &&
    previous?._tag === "Filter" &&
    previous.run === TRIMMED_RUN &&
    filter.jsonSchema?.minLength === 1
  )
    filter = {
      ...NON_EMPTY,
      ...(untouched(own, NON_EMPTY_ANNOTATIONS) && { identifier: "NonEmptyTrimmedString" }),
    }
  if (filter === undefined) {
    const hook = own.toJsonSchema
    let jsonSchema: unknown =
      typeof hook === "function" ? hook({ type: jsonType(ast), schemas: [] }) : undefined
    if (Array.isArray(jsonSchema)) jsonSchema = jsonSchema[0]
    filter = { jsonSchema: isRecord(jsonSchema) ? jsonSchema : undefined }
  }
  const defaults: Annotations = {
    ...(filter.identifier !== undefined && { identifier: filter.identifier }),
    ...(filter.title !== undefined && { title: filter.title }),
    ...(filter.description !== undefined && { description: filter.description }),
  }
  return { ...filter, annotations: { ...defaults, ...annotationsOf(own) } }
}

// -------------------------------------------------------------------------------------------------
// the view
// -------------------------------------------------------------------------------------------------

const annotationsOf = (a: Record<string, unknown> | undefined): Annotations => {
  const out: { -readonly [K in keyof Annotations]: Annotations[K] } = {}
  if (a === undefined) return out
  if (typeof a.identifier === "string") out.identifier = a.identifier
  if (typeof a.title === "string") out.title = a.title
  if (typeof a.description === "string") out.description = a.description
  if (Object.hasOwn(a, "default")) out.default = a.default
  if (Array.isArray(a.examples)) out.examples = a.examples
  return out
}

/** effect 3's keywords carried a title (and some a description) that its JSON Schema wrote out. */
const KEYWORDS: Record<string, readonly [Keyword, Annotations]> = {
  Undefined: ["UndefinedKeyword", { title: "undefined" }],
  Void: ["VoidKeyword", { title: "void" }],
  Never: ["NeverKeyword", { title: "never" }],
  Unknown: ["UnknownKeyword", { title: "unknown" }],
  Any: ["AnyKeyword", { title: "any" }],
  String: ["StringKeyword", { title: "string", description: "a string" }],
  Number: ["NumberKeyword", { title: "number", description: "a number" }],
  Boolean: ["BooleanKeyword", { title: "boolean", description: "a boolean" }],
  BigInt: ["BigIntKeyword", { title: "bigint", description: "a bigint" }],
  Symbol: ["SymbolKeyword", { title: "symbol", description: "a symbol" }],
  ObjectKeyword: [
    "ObjectKeyword",
    { title: "object", description: "an object in the TypeScript meaning, i.e. the `object` type" },
  ],
  UniqueSymbol: ["UniqueSymbol", {}],
  TemplateLiteral: ["TemplateLiteral", {}],
  Declaration: ["Declaration", {}],
}

/** The default title and description of effect 3's keyword, which its generator leaves out. */
export const keywordDefaults = (tag: string): Annotations | undefined =>
  Object.values(KEYWORDS).find(([k]) => k === tag)?.[1]

const encodedOf = (ast: AST.AST): AST.AST => ast.encoding![ast.encoding!.length - 1]!.to
/** The far end of a node's encoding: where a key's optionality is decided on the wire. */
const wire = (ast: AST.AST): AST.AST => (ast.encoding === undefined ? ast : wire(encodedOf(ast)))

/** effect 3 kept these on the property signature; effect 4 on the optional union or the key. */
const keyAnnotations = (ast: AST.AST): Annotations => ({
  ...(AST.isUnion(ast) && AST.isOptional(ast) ? annotationsOf(ast.annotations) : {}),
  ...annotationsOf(ast.context?.annotations as Record<string, unknown> | undefined),
})

const memo = new WeakMap<AST.AST, Map<string, Node>>()

/** The effect 3-shaped view of an effect 4 AST. */
export const view = (ast: AST.AST): Node =>
  layer(ast, ast.checks?.length ?? 0, ast.encoding !== undefined, false)

/** `optional(X).annotate(a)` holds `a` for the key: the union is seen without it. */
const bareUnion = (ast: AST.AST): Node =>
  AST.isUnion(ast) && AST.isOptional(ast) && ast.encoding === undefined && ast.checks === undefined
    ? layer(ast, 0, false, true)
    : view(ast)

const layer = (ast: AST.AST, checks: number, encoded: boolean, bare: boolean): Node => {
  const key = `${checks}:${encoded}:${bare}`
  let byKey = memo.get(ast)
  if (byKey === undefined) {
    byKey = new Map()
    memo.set(ast, byKey)
  }
  let node = byKey.get(key)
  if (node === undefined) {
    node = make(ast, checks, encoded, bare)
    byKey.set(key, node)
  }
  return node
}

/** effect 3's built-in transformations keep their checks outside: `NumberFromString.pipe(int())`. */
const NUMBER_FROM_STRING = Schema.NumberFromString.ast.encoding![0]!.transformation

const make = (ast: AST.AST, checks: number, encoded: boolean, bare: boolean): Node => {
  const source = ast
  if (encoded && ast.encoding![0]!.transformation === NUMBER_FROM_STRING) {
    if (checks > 0) return refinement(ast, checks, encoded)
    return {
      _tag: "Transformation",
      annotations: { identifier: "NumberFromString", ...annotationsOf(ast.annotations) },
      source,
      from: {
        _tag: "StringKeyword",
        annotations: { title: "string", description: "a string to be decoded into a number" },
        source: encodedOf(ast),
      },
    }
  }
  if (encoded) {
    const resolved = (checks > 0 ? ast.checks![checks - 1]!.annotations : ast.annotations) as
      | Record<string, unknown>
      | undefined
    return {
      _tag: "Transformation",
      annotations: annotationsOf(resolved),
      source,
      from: view(encodedOf(ast)),
    }
  }
  if (checks > 0) return refinement(ast, checks, encoded)
  const annotations = bare ? {} : annotationsOf(ast.annotations as Record<string, unknown> | undefined)
  return structure(ast, annotations)
}

const refinement = (ast: AST.AST, checks: number, encoded: boolean): Node => {
  const filter = filterOf(ast, checks - 1)
  return {
    _tag: "Refinement",
    annotations: filter.annotations,
    source: ast,
    from: layer(ast, checks - 1, encoded, false),
    jsonSchema: filter.jsonSchema,
    isInt: filter.int === true,
  }
}

const structure = (ast: AST.AST, annotations: Annotations): Node => {
  const source = ast
  switch (ast._tag) {
    case "Null":
      return { _tag: "Literal", literal: null, annotations, source }
    case "Literal":
      return { _tag: "Literal", literal: ast.literal, annotations, source }
    case "Enum":
      return { _tag: "Enums", enums: ast.enums, annotations, source }
    case "Arrays":
      return {
        _tag: "TupleType",
        annotations,
        source,
        elements: ast.elements.map((e) => ({
          type: view(e),
          isOptional: AST.isOptional(wire(e)),
          annotations: annotationsOf(e.context?.annotations as Record<string, unknown> | undefined),
        })),
        rest: ast.rest.map((r) => ({ type: view(r), isOptional: false, annotations: {} })),
      }
    case "Objects":
      return {
        _tag: "TypeLiteral",
        annotations,
        source,
        propertySignatures: ast.propertySignatures.map((ps) => property(ps.name, ps.type)),
        indexSignatures: ast.indexSignatures.map((is) => ({
          parameter: view(is.parameter),
          type: view(is.type),
        })),
      }
    case "Union":
      return { _tag: "Union", annotations, source, types: ast.types.map(view) }
    case "Suspend":
      return { _tag: "Suspend", annotations, source, f: () => view(ast.thunk()) }
  }
  const [tag, defaults] = KEYWORDS[ast._tag]!
  return { _tag: tag, annotations: { ...defaults, ...annotations }, source }
}

const property = (name: PropertyKey, type: AST.AST): Property => {
  const isOptional = AST.isOptional(wire(type))
  // A key missing on the wire but not in the type: decoding fills it in (a v3 property transformation).
  if (isOptional && !AST.isOptional(type) && type.encoding !== undefined) {
    const from = wire(type)
    const decoded = layer(type, type.checks?.length ?? 0, false, false)
    return { name, type: bareUnion(from), isOptional, annotations: keyAnnotations(from), decoded }
  }
  return { name, type: bareUnion(type), isOptional, annotations: keyAnnotations(type) }
}

// -------------------------------------------------------------------------------------------------
// effect 3's `Schema.encodedSchema`
// -------------------------------------------------------------------------------------------------

const copy = <A extends AST.AST>(ast: A, patch: Partial<AST.AST>): A =>
  Object.assign(Object.create(Object.getPrototypeOf(ast)) as A, ast, patch)

const changeMap = <A>(as: ReadonlyArray<A>, f: (a: A) => A): ReadonlyArray<A> => {
  const out = as.map(f)
  return out.every((a, i) => a === as[i]) ? as : out
}

const encodedMemo = new WeakMap<AST.AST, AST.AST>()

/**
 * effect 3's `encodedAST`: the encoded side without checks, where a node rebuilt because something
 * in it was encoded loses its annotations (an identifier, a description), keys keep their optionality.
 */
export const encodedAst = (ast: AST.AST): AST.AST => {
  let out = encodedMemo.get(ast)
  if (out === undefined) {
    out = encoded(ast)
    encodedMemo.set(ast, out)
  }
  return out
}

const encoded = (ast: AST.AST): AST.AST => {
  if (ast.encoding !== undefined) return encodedAst(encodedOf(ast))
  if (ast.checks !== undefined) return encodedAst(copy(ast, { checks: undefined }))
  const context = ast.context
  switch (ast._tag) {
    case "Arrays": {
      const elements = changeMap(ast.elements, encodedAst)
      const rest = changeMap(ast.rest, encodedAst)
      return elements === ast.elements && rest === ast.rest
        ? ast
        : new AST.Arrays(ast.isMutable, elements, rest, undefined, undefined, undefined, context)
    }
    case "Objects": {
      const ps = changeMap(ast.propertySignatures, (p) => {
        const type = encodedAst(p.type)
        return type === p.type ? p : new AST.PropertySignature(p.name, type)
      })
      const is = changeMap(ast.indexSignatures, (i) => {
        const type = encodedAst(i.type)
        return type === i.type ? i : new AST.IndexSignature(i.parameter, type)
      })
      return ps === ast.propertySignatures && is === ast.indexSignatures
        ? ast
        : new AST.Objects(ps, is, undefined, undefined, undefined, context)
    }
    case "Union": {
      const types = changeMap(ast.types, encodedAst)
      return types === ast.types
        ? ast
        : new AST.Union(types, ast.options, undefined, undefined, undefined, context)
    }
    case "Suspend": {
      const id = ast.annotations?.identifier
      const annotations = typeof id === "string" ? { identifier: `${id}Encoded` } : undefined
      return new AST.Suspend(() => encodedAst(ast.thunk()), annotations, undefined, undefined, context)
    }
  }
  return ast
}
