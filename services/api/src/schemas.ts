/**
 * What effect 3 did with a schema that effect 4 does differently, where the service's answers and
 * documents (schema.graphql, /openapi.json) depend on it:
 *
 * - A struct with defaults was a transformation, read on the wire as an unnamed struct of its
 *   encoded fields (`Schema.encodedSchema`); effect 4 keeps the defaults on the fields, and
 *   `Schema.toEncoded` keeps the struct's name (`wire`, `encodedSide`).
 * - Annotating a named schema made an unnamed one (`.annotations({ description })` did not carry
 *   the identifier over); effect 4's `annotate` keeps the name (`annotateAnew`).
 * - `NumberFromString` refused blank text and text that is no number; effect 4's reads them as 0
 *   and NaN (`NumberFromString`).
 * - A missing key whose schema takes `undefined` (an `unknown`) read as `undefined`; effect 4
 *   refuses it as missing (`Unknown`).
 */
import { SchemaAST as AST, Effect, Option, Schema, SchemaGetter, SchemaIssue } from "effect"

/**
 * The node a value on the wire is checked against: a transformed node read from its encoded side,
 * a suspended one resolved, a struct with defaults as it is sent. The nodes inside are left as
 * they are (each is read when reached).
 */
export const wire = (ast: AST.AST): AST.AST => {
  if (ast.encoding) return wire(ast.encoding[ast.encoding.length - 1]!.to)
  if (AST.isObjects(ast)) return keysOnWire(ast)
  return AST.isSuspend(ast) ? wire(ast.thunk()) : ast
}

/** The last node of a transformation chain: the encoded side of a property's type. */
export const wireKey = (ast: AST.AST): AST.AST =>
  ast.encoding ? wireKey(ast.encoding[ast.encoding.length - 1]!.to) : ast

/** Whether a property's key is transformed (a default: optional on the wire, present once decoded). */
const keyTransformed = (p: AST.PropertySignature) =>
  AST.isOptional(wireKey(p.type)) !== AST.isOptional(p.type)

const wireStructs = new WeakMap<AST.AST, AST.Objects>()
/**
 * A struct whose keys are transformed (its fields have defaults) as it is on the wire: an
 * unnamed struct of the encoded properties, one node per struct (its name, checks and the
 * fields' descriptions are the decoded side's).
 */
const keysOnWire = (node: AST.Objects): AST.Objects => {
  if (!node.propertySignatures.some(keyTransformed)) return node
  const known = wireStructs.get(node)
  if (known) return known
  const out = new AST.Objects(
    node.propertySignatures.map((p) =>
      keyTransformed(p) ? new AST.PropertySignature(p.name, wireKey(p.type)) : p,
    ),
    node.indexSignatures,
  )
  wireStructs.set(node, out)
  return out
}

/** A struct with defaults as a client sends it: unnamed, every defaulted field optional (effect 3's `encodedSchema`). */
export const encodedSide = <S extends Schema.Top>(schema: S): Schema.Codec<S["Encoded"]> =>
  Schema.make<Schema.Codec<S["Encoded"]>>(wire(schema.ast))

/**
 * A named schema with other annotations (a description where it is used), unnamed as effect 3
 * made it: a name given anew is kept.
 */
export const annotateAnew = <S extends Schema.Top>(
  schema: S,
  annotations: Schema.Annotations.Annotations,
): Schema.Codec<S["Type"], S["Encoded"], S["DecodingServices"], S["EncodingServices"]> => {
  // A checked schema's annotations are its last check's (effect 3's refinement): annotated as ever.
  if (schema.ast.checks) return schema.annotate(annotations) as never
  const { identifier: _, ...rest } = schema.ast.annotations ?? {}
  const ast: AST.AST = Object.assign(Object.create(Object.getPrototypeOf(schema.ast)), schema.ast, {
    annotations: { ...rest, ...annotations },
  })
  return Schema.make(ast)
}

/** Text as a number, read as effect 3 read it (JavaScript's `Number`, and "NaN", "Infinity"); blank text is no number. */
const parseNumber = (s: string): number | undefined => {
  if (s === "NaN") return Number.NaN
  if (s === "Infinity") return Number.POSITIVE_INFINITY
  if (s === "-Infinity") return Number.NEGATIVE_INFINITY
  if (s.trim() === "") return undefined
  const n = Number(s)
  return Number.isNaN(n) ? undefined : n
}

/**
 * A number sent as text (a query's): as the service has always read it, text that is no number
 * (blank, "abc") is refused as such (`Unable to decode "abc" into a number`), where effect 4's
 * `NumberFromString` reads "" as 0 and "abc" as NaN.
 */
export const NumberFromString = Schema.String.pipe(
  Schema.decodeTo(Schema.Number, {
    decode: SchemaGetter.transformEffect((s: string) => {
      const n = parseNumber(s)
      return n === undefined
        ? Effect.fail(
            new SchemaIssue.InvalidValue(
              { message: `Unable to decode ${JSON.stringify(s)} into a number` },
              s,
            ),
          )
        : Effect.succeed(n)
    }),
    encode: SchemaGetter.transform((n: number) => String(n)),
  }),
)

/**
 * Anything, under a key that must be named (the documents list it as required), whose absence
 * reads as `undefined`, as effect 3 read a missing key whose schema takes `undefined`; the rules
 * then say what is wrong with it ("Expected Roster, actual undefined"). effect 4 refuses the
 * missing key itself ("is missing").
 */
export const Unknown = Schema.Unknown.pipe(
  Schema.decodeTo(Schema.Unknown, {
    decode: SchemaGetter.transformOptional((o) => Option.some(Option.getOrUndefined(o))),
    encode: SchemaGetter.transformOptional((o) => o),
  }),
)
