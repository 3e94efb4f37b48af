/**
 * SchemaJson writes what effect 3's `JSONSchema.make`/`fromAST` wrote: each expected value below is
 * effect 3.22's output for the same schema written with its API (generated once, then pasted).
 */
import { Effect, Schema, SchemaGetter } from "effect"
import { describe, expect, it } from "vitest"
import { document, encodedSchema, fragment, type Json } from "../../src/schema/SchemaJson.js"

/** Equal with the keys in the same order: the published files are compared byte for byte. */
const same = (actual: unknown, expected: unknown) =>
  expect(JSON.stringify(actual, null, 1)).toBe(JSON.stringify(expected, null, 1))

describe("document: keywords, literals and unions", () => {
  it("keywords", () => {
    const schema = Schema.Struct({
      s: Schema.String,
      n: Schema.Number,
      b: Schema.Boolean,
      u: Schema.Unknown,
      a: Schema.Any,
      nul: Schema.Null,
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["s", "n", "b", "u", "a", "nul"],
      properties: {
        s: { type: "string" },
        n: { type: "number" },
        b: { type: "boolean" },
        u: { $id: "/schemas/unknown", title: "unknown" },
        a: { $id: "/schemas/any", title: "any" },
        nul: { type: "null" },
      },
      additionalProperties: false,
    })
  })
  it("annotated string", () => {
    const schema = Schema.String.annotate({ description: "d", title: "t" })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "string",
      description: "d",
      title: "t",
    })
  })
  it("literals", () => {
    const schema = Schema.Struct({ one: Schema.Literal("a"), many: Schema.Literals(["a", "b", 1, 2, true]) })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["one", "many"],
      properties: {
        one: { type: "string", enum: ["a"] },
        many: {
          anyOf: [
            { type: "string", enum: ["a", "b"] },
            { type: "number", enum: [1, 2] },
            { type: "boolean", enum: [true] },
          ],
        },
      },
      additionalProperties: false,
    })
  })
  it("enums", () => {
    enum Color {
      Red = "red",
      Blue = "blue",
      N = 3,
    }
    const schema = Schema.Enum(Color)
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $comment: "/schemas/enums",
      anyOf: [
        { type: "string", title: "Red", enum: ["red"] },
        { type: "string", title: "Blue", enum: ["blue"] },
        { type: "number", title: "N", enum: [3] },
      ],
    })
  })
  it("nullable and mixed unions", () => {
    const schema = Schema.Struct({
      n: Schema.NullOr(Schema.String),
      m: Schema.Union([
        Schema.Literal("a"),
        Schema.Literal("b"),
        Schema.Number,
        Schema.Literal(1),
        Schema.Literal(2),
      ]),
      e: Schema.Struct({}),
      rest: Schema.TupleWithRest(Schema.Tuple([Schema.String]), [Schema.Number]),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["n", "m", "e", "rest"],
      properties: {
        n: { anyOf: [{ type: "string" }, { type: "null" }] },
        m: {
          anyOf: [{ type: "string", enum: ["a", "b"] }, { type: "number" }, { type: "number", enum: [1, 2] }],
        },
        e: { $id: "/schemas/%7B%7D", anyOf: [{ type: "object" }, { type: "array" }] },
        rest: {
          type: "array",
          minItems: 1,
          items: [{ type: "string" }],
          additionalItems: { type: "number" },
        },
      },
      additionalProperties: false,
    })
  })
})

describe("document: checks as effect 3's filters", () => {
  it("Int and refinements", () => {
    const schema = Schema.Struct({
      i: Schema.Int,
      b: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10 })),
      p: Schema.Number.check(Schema.isGreaterThan(0)),
      nn: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
      ge: Schema.Number.check(Schema.isGreaterThanOrEqualTo(2)),
      le: Schema.Number.check(Schema.isLessThanOrEqualTo(9)),
      lt: Schema.Number.check(Schema.isLessThan(3)),
      int: Schema.Number.check(Schema.isInt()),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: { Int: { type: "integer", description: "an integer", title: "int" } },
      type: "object",
      required: ["i", "b", "p", "nn", "ge", "le", "lt", "int"],
      properties: {
        i: { $ref: "#/$defs/Int" },
        b: {
          $ref: "#/$defs/Int",
          description: "a number between 0 and 10",
          title: "between(0, 10)",
          minimum: 0,
          maximum: 10,
        },
        p: { type: "number", description: "a positive number", title: "positive", exclusiveMinimum: 0 },
        nn: { $ref: "#/$defs/Int", description: "a non-negative number", title: "nonNegative", minimum: 0 },
        ge: {
          type: "number",
          description: "a number greater than or equal to 2",
          title: "greaterThanOrEqualTo(2)",
          minimum: 2,
        },
        le: {
          type: "number",
          description: "a number less than or equal to 9",
          title: "lessThanOrEqualTo(9)",
          maximum: 9,
        },
        lt: {
          type: "number",
          description: "a number less than 3",
          title: "lessThan(3)",
          exclusiveMaximum: 3,
        },
        int: { type: "integer", description: "an integer", title: "int" },
      },
      additionalProperties: false,
    })
  })
  it("Int re-annotated", () => {
    const schema = Schema.Struct({ i: Schema.Int.annotate({ description: "count" }) })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["i"],
      properties: { i: { type: "integer", description: "count", title: "int" } },
      additionalProperties: false,
    })
  })
  it("strings", () => {
    const schema = Schema.Struct({
      ne: Schema.NonEmptyString,
      net: Schema.Trimmed.check(Schema.isNonEmpty()),
      tr: Schema.Trimmed,
      capped: Schema.Trimmed.check(Schema.isNonEmpty(), Schema.isMaxLength(20)),
      slug: Schema.String.check(
        Schema.isPattern(/^[a-z]+$/, { toJsonSchema: () => ({ pattern: "^[a-z]+$" }) }),
        Schema.isMaxLength(8),
      ).annotate({ title: "Slug" }),
      min: Schema.String.check(Schema.isMinLength(1)),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: {
        NonEmptyString: {
          type: "string",
          description: "a non empty string",
          title: "nonEmptyString",
          minLength: 1,
        },
        NonEmptyTrimmedString: {
          type: "string",
          description: "a non empty string",
          title: "nonEmptyString",
          pattern: "^\\S[\\s\\S]*\\S$|^\\S$|^$",
          minLength: 1,
        },
        Trimmed: {
          type: "string",
          description: "a string with no leading or trailing whitespace",
          title: "trimmed",
          pattern: "^\\S[\\s\\S]*\\S$|^\\S$|^$",
        },
      },
      type: "object",
      required: ["ne", "net", "tr", "capped", "slug", "min"],
      properties: {
        ne: { $ref: "#/$defs/NonEmptyString" },
        net: { $ref: "#/$defs/NonEmptyTrimmedString" },
        tr: { $ref: "#/$defs/Trimmed" },
        capped: {
          $ref: "#/$defs/NonEmptyTrimmedString",
          description: "a string at most 20 character(s) long",
          title: "maxLength(20)",
          maxLength: 20,
        },
        slug: {
          type: "string",
          description: "a string at most 8 character(s) long",
          pattern: "^[a-z]+$",
          title: "Slug",
          maxLength: 8,
        },
        min: {
          type: "string",
          description: "a string at least 1 character(s) long",
          title: "minLength(1)",
          minLength: 1,
        },
      },
      additionalProperties: false,
    })
  })
  it("double bound", () => {
    const schema = Schema.String.check(Schema.isMaxLength(10), Schema.isMaxLength(5))
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "string",
      description: "a string at most 5 character(s) long",
      title: "maxLength(5)",
      maxLength: 5,
    })
  })
  it("custom filter", () => {
    const schema = Schema.Struct({
      even: Schema.Int.check(Schema.makeFilter((n: number) => n % 2 === 0, { description: "even" })),
      ranged: Schema.Number.check(
        Schema.makeFilter(() => true, { toJsonSchema: () => ({ minimum: 1 }), title: "one+" }),
      ),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: { Int: { type: "integer", description: "an integer", title: "int" } },
      type: "object",
      required: ["even", "ranged"],
      properties: { even: { $ref: "#/$defs/Int" }, ranged: { type: "number", title: "one+", minimum: 1 } },
      additionalProperties: false,
    })
  })
  it("override", () => {
    const schema = Schema.Number.check(
      Schema.makeFilter(() => true, {
        toJsonSchema: () => ({ anyOf: [{ type: "integer" }, { type: "string" }] }),
      }),
    ).annotate({ identifier: "Amount" })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: { Amount: { anyOf: [{ type: "integer" }, { type: "string" }] } },
      $ref: "#/$defs/Amount",
    })
  })
})

describe("document: arrays, structs and records", () => {
  it("arrays and tuples", () => {
    const schema = Schema.Struct({
      xs: Schema.Array(Schema.String).check(Schema.isMinLength(1), Schema.isMaxLength(3)),
      pair: Schema.Tuple([Schema.Number, Schema.Number]),
      opt: Schema.Tuple([Schema.String, Schema.optionalKey(Schema.Number)]),
      empty: Schema.Tuple([]),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["xs", "pair", "opt", "empty"],
      properties: {
        xs: {
          type: "array",
          items: { type: "string" },
          description: "an array of at most 3 item(s)",
          title: "maxItems(3)",
          minItems: 1,
          maxItems: 3,
        },
        pair: {
          type: "array",
          minItems: 2,
          items: [{ type: "number" }, { type: "number" }],
          additionalItems: false,
        },
        opt: {
          type: "array",
          minItems: 1,
          items: [{ type: "string" }, { type: "number" }],
          additionalItems: false,
        },
        empty: { type: "array", maxItems: 0 },
      },
      additionalProperties: false,
    })
  })
  it("optional keys", () => {
    const schema = Schema.Struct({
      a: Schema.optional(Schema.String),
      b: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3 }))).annotate({
        description: "key",
      }),
      c: Schema.optional(Schema.Boolean).annotate({ description: "flag" }),
      d: Schema.Union([Schema.String, Schema.Undefined]),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: { Int: { type: "integer", description: "an integer", title: "int" } },
      type: "object",
      required: [],
      properties: {
        a: { type: "string" },
        b: {
          allOf: [
            {
              $ref: "#/$defs/Int",
              description: "a number between 1 and 3",
              title: "between(1, 3)",
              minimum: 1,
              maximum: 3,
            },
          ],
          description: "key",
        },
        c: { type: "boolean", description: "flag" },
        d: { type: "string" },
      },
      additionalProperties: false,
    })
  })
  it("defaulted keys", () => {
    const schema = Schema.Struct({
      f: Schema.Boolean.pipe(Schema.withDecodingDefaultType(Effect.sync(() => false))).annotate({
        description: "on?",
      }),
      l: Schema.Literals(["x", "y"]).pipe(Schema.withDecodingDefaultType(Effect.sync(() => "x" as const))),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: [],
      properties: { f: { type: "boolean", description: "on?" }, l: { type: "string", enum: ["x", "y"] } },
      additionalProperties: false,
    })
  })
  it("records", () => {
    const schema = Schema.Struct({
      r: Schema.Record(Schema.String, Schema.Number),
      u: Schema.Record(Schema.String, Schema.Unknown),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["r", "u"],
      properties: {
        r: { type: "object", required: [], properties: {}, additionalProperties: { type: "number" } },
        u: {
          type: "object",
          required: [],
          properties: {},
          additionalProperties: { $id: "/schemas/unknown", title: "unknown" },
        },
      },
      additionalProperties: false,
    })
  })
  it("refined record key", () => {
    const key = Schema.String.check(Schema.isPattern(/^k/, { toJsonSchema: () => ({ pattern: "^k" }) }))
    const schema = Schema.Record(key, Schema.Number)
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: [],
      properties: {},
      patternProperties: { "": { type: "number" } },
      propertyNames: { type: "string", description: "a string matching the pattern ^k", pattern: "^k" },
    })
  })
  it("default and examples", () => {
    const schema = Schema.Struct({
      n: Schema.Number.annotate({ default: 1, examples: [1, 2] }),
      s: Schema.String.annotate({ examples: ["x"] }),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["n", "s"],
      properties: {
        n: { type: "number", default: 1, examples: [1, 2] },
        s: { type: "string", examples: ["x"] },
      },
      additionalProperties: false,
    })
  })
})

describe("document: definitions", () => {
  it("identifiers and unions", () => {
    const A = Schema.Struct({ kind: Schema.Literal("a") }).annotate({ identifier: "A" })
    const B = Schema.Struct({ kind: Schema.Literal("b"), n: Schema.Int }).annotate({
      identifier: "B",
      description: "the b",
    })
    const schema = Schema.Struct({
      one: Schema.Union([A, B]),
      two: Schema.Array(A),
      alias: Schema.Union([A, B]).annotate({ identifier: "AB" }),
    }).annotate({ identifier: "Root" })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: {
        Root: {
          type: "object",
          required: ["one", "two", "alias"],
          properties: {
            one: { anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] },
            two: { type: "array", items: { $ref: "#/$defs/A" } },
            alias: { $ref: "#/$defs/AB" },
          },
          additionalProperties: false,
        },
        A: {
          type: "object",
          required: ["kind"],
          properties: { kind: { type: "string", enum: ["a"] } },
          additionalProperties: false,
        },
        B: {
          type: "object",
          required: ["kind", "n"],
          properties: { kind: { type: "string", enum: ["b"] }, n: { $ref: "#/$defs/Int" } },
          additionalProperties: false,
          description: "the b",
        },
        Int: { type: "integer", description: "an integer", title: "int" },
        AB: { anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] },
      },
      $ref: "#/$defs/Root",
    })
  })
  it("recursion", () => {
    interface Tree {
      readonly value: number
      readonly children: ReadonlyArray<Tree>
    }
    const schema: Schema.Codec<Tree> = Schema.Struct({
      value: Schema.Number,
      children: Schema.Array(Schema.suspend((): Schema.Codec<Tree> => schema)),
    }).annotate({ identifier: "Tree" })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: {
        Tree: {
          type: "object",
          required: ["value", "children"],
          properties: {
            value: { type: "number" },
            children: { type: "array", items: { $ref: "#/$defs/Tree" } },
          },
          additionalProperties: false,
        },
      },
      $ref: "#/$defs/Tree",
    })
  })
  it("brand", () => {
    const schema = Schema.String.check(Schema.isMaxLength(4))
      .pipe(Schema.brand("Code"))
      .annotate({ description: "A code" })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "string",
      description: "A code",
      title: "maxLength(4)",
      maxLength: 4,
    })
  })
  it("transformations", () => {
    const schema = Schema.Struct({
      n: Schema.NumberFromString,
      bounded: Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 5 })),
      t: Schema.String.annotate({ description: "text" })
        .pipe(
          Schema.decodeTo(Schema.Number, {
            decode: SchemaGetter.transform(Number),
            encode: SchemaGetter.transform(String),
          }),
        )
        .annotate({ identifier: "Num" }),
    })
    same(document(schema), {
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: {
        NumberFromString: { type: "string", description: "a string to be decoded into a number" },
        Num: { type: "string", description: "text" },
      },
      type: "object",
      required: ["n", "bounded", "t"],
      properties: {
        n: { $ref: "#/$defs/NumberFromString" },
        bounded: { type: "string", description: "a string to be decoded into a number" },
        t: { $ref: "#/$defs/Num" },
      },
      additionalProperties: false,
    })
  })
})

describe("fragment and encodedSchema", () => {
  it("fragment openApi3.1", () => {
    const P = Schema.Struct({ x: Schema.Int }).annotate({ identifier: "P" })
    const schema = Schema.Struct({ p: P, t: Schema.Tuple([Schema.String, Schema.Number]) })
    const definitions: Record<string, Json> = {}
    const out = fragment(schema, {
      definitions,
      definitionPath: "#/components/schemas/",
      target: "openApi3.1",
    })
    same(
      { fragment: out, definitions },
      {
        fragment: {
          type: "object",
          required: ["p", "t"],
          properties: {
            p: { $ref: "#/components/schemas/P" },
            t: {
              type: "array",
              minItems: 2,
              prefixItems: [{ type: "string" }, { type: "number" }],
              items: false,
            },
          },
          additionalProperties: false,
        },
        definitions: {
          P: {
            type: "object",
            required: ["x"],
            properties: { x: { $ref: "#/components/schemas/Int" } },
            additionalProperties: false,
          },
          Int: { type: "integer", description: "an integer", title: "int" },
        },
      },
    )
  })

  it("encodedSchema", () => {
    const Options = Schema.Struct({
      f: Schema.Boolean.pipe(Schema.withDecodingDefaultType(Effect.sync(() => false))).annotate({
        description: "on?",
      }),
      n: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 })),
    }).annotate({ identifier: "Opts" })
    same(document(encodedSchema(Options).annotate({ description: "as sent" })), {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: ["n"],
      properties: { f: { type: "boolean" }, n: { type: "number" } },
      additionalProperties: false,
      description: "as sent",
    })
  })

  it("refuses what JSON cannot say, as effect 3 did", () => {
    expect(() => document(Schema.Undefined)).toThrow(/jsonSchema/)
    expect(() => document(Schema.BigInt)).toThrow(/jsonSchema/)
    const loop: Schema.Codec<unknown> = Schema.Array(Schema.suspend(() => loop))
    expect(() => document(loop)).toThrow(/identifier/)
  })
})
