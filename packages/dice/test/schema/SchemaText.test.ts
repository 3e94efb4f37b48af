/**
 * SchemaText reproduces effect 3's ArrayFormatter/TreeFormatter texts on effect 4 failures. Every
 * expected string below is what effect 3.22 printed for the equivalent v3 schema and input (run
 * side by side against /work/main's effect 3 during the migration).
 */
import { Effect, Result, Schema, SchemaGetter, SchemaIssue } from "effect"
import { describe, expect, it } from "vitest"
import { parseOptions, problems, tree } from "../../src/schema/SchemaText.js"

const fail = (
  schema: Schema.Top,
  input: unknown,
  options?: { errors?: "all"; onExcessProperty?: "error" },
) => {
  const r = Schema.decodeUnknownResult(schema as Schema.Codec<unknown>)(input, {
    ...options,
    ...parseOptions,
  })
  if (Result.isSuccess(r)) throw new Error(`expected a failure for ${JSON.stringify(input)}`)
  return r.failure
}

const Person = Schema.Struct({ name: Schema.String, age: Schema.Number })
const CatOrDog = Schema.Union([
  Schema.Struct({ t: Schema.Literal("cat"), lives: Schema.Number }),
  Schema.Struct({ t: Schema.Literal("dog"), bark: Schema.String }),
])
const Opt = Schema.Struct({
  n: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  s: Schema.optional(Schema.String),
})
const Ranged = Schema.Struct({
  a: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 3 })),
  b: Schema.Number.check(Schema.isInt()),
  c: Schema.Number.check(Schema.isGreaterThan(0)),
  d: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)),
})
const Strs = Schema.Struct({
  a: Schema.String.check(Schema.isMinLength(1)),
  b: Schema.String.check(Schema.isMaxLength(3)),
  c: Schema.String.check(Schema.isPattern(/^[a-z]+$/)),
  d: Schema.Trimmed.check(Schema.isNonEmpty()),
  e: Schema.NonEmptyString,
})
const Arrs = Schema.Struct({
  a: Schema.Array(Schema.String).check(Schema.isMinLength(1)),
  b: Schema.Array(Schema.Number).check(Schema.isMaxLength(1)),
})
const PathFilter = Schema.Struct({ a: Schema.Number, b: Schema.Number }).check(
  Schema.makeFilter((o: { a: number; b: number }) =>
    o.a < o.b ? true : { path: ["b"], issue: "b must exceed a" },
  ),
)
interface Node {
  readonly name: string
  readonly children: ReadonlyArray<Node>
}
const Node: Schema.Codec<Node> = Schema.Struct({
  name: Schema.String,
  children: Schema.Array(Schema.suspend((): Schema.Codec<Node> => Node)),
})
const Parse = Schema.String.pipe(
  Schema.decodeTo(Schema.Number, {
    decode: SchemaGetter.transformEffect((s: string) =>
      Number.isNaN(Number(s))
        ? Effect.fail(new SchemaIssue.InvalidValue({ message: `not a number: ${s}` }, s))
        : Effect.succeed(Number(s)),
    ),
    encode: SchemaGetter.transform((n: number) => String(n)),
  }),
)
const Origin = Schema.Struct({
  origin: Schema.Literals(["presence", "found"]).annotate({ message: "origin is presence or found" }),
})
const Nested = Schema.Struct({
  outer: Schema.Struct({ inner: Schema.Array(Schema.Struct({ v: Schema.Number })) }),
})
const Many = Schema.Struct({
  a: Schema.String,
  b: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 })),
  c: Schema.Array(Schema.Number),
})
const Deep = Schema.Struct({
  u: Schema.Union([
    Schema.TaggedStruct("A", { a: Schema.String }),
    Schema.TaggedStruct("B", { b: Schema.Number }),
  ]),
})

const Defaulted = Schema.Struct({
  mode: Schema.Literals(["a", "b"])
    .pipe(Schema.withDecodingDefaultType(Effect.sync(() => "a" as const)))
    .annotate({ description: "the mode" }),
  on: Schema.Boolean.pipe(Schema.withDecodingDefaultType(Effect.sync(() => false))),
})
const TwoPaths = Schema.Struct({
  type: Schema.String,
  range: Schema.optional(Schema.Number),
  x: Schema.optional(Schema.Number),
}).check(
  Schema.makeFilter((w: { type: string; range?: number | undefined; x?: number | undefined }) => {
    const issues: Array<{ path: Array<string>; issue: string }> = []
    if (w.type !== "melee" && w.range === undefined)
      issues.push({ path: ["range"], issue: "a ranged weapon has a range" })
    if (w.x === undefined) issues.push({ path: ["x"], issue: "x needed" })
    return issues
  }),
)
const Mixed = Schema.Union([
  Schema.Literal("none"),
  Schema.Struct({ kind: Schema.Literal("some"), n: Schema.Number }),
])

describe("SchemaText (effect 3 wording on effect 4)", () => {
  it("SchemaText: a missing key reads 'is missing'", () => {
    const e = fail(Person, { name: "x" })
    expect(problems(e)).toEqual([{ _tag: "Missing", path: ["age"], message: "is missing" }])
    expect(tree(e)).toBe(
      "{ readonly name: string; readonly age: number }\n" + '└─ ["age"]\n' + "   └─ is missing",
    )
  })

  it("SchemaText: errors: 'all' lists every missing key, in order", () => {
    const e = fail(Person, {}, { errors: "all" })
    expect(problems(e)).toEqual([
      { _tag: "Missing", path: ["name"], message: "is missing" },
      { _tag: "Missing", path: ["age"], message: "is missing" },
    ])
    expect(tree(e)).toBe(
      "{ readonly name: string; readonly age: number }\n" +
        '├─ ["name"]\n' +
        "│  └─ is missing\n" +
        '└─ ["age"]\n' +
        "   └─ is missing",
    )
  })

  it("SchemaText: an excess key reads 'is unexpected, expected: <the keys>'", () => {
    const e = fail(Person, { name: "x", age: 1, colour: 1 }, { onExcessProperty: "error" })
    expect(problems(e)).toEqual([
      { _tag: "Unexpected", path: ["colour"], message: 'is unexpected, expected: "name" | "age"' },
    ])
    expect(tree(e)).toBe(
      "{ readonly name: string; readonly age: number }\n" +
        '└─ ["colour"]\n' +
        '   └─ is unexpected, expected: "name" | "age"',
    )
  })

  it("SchemaText: a wrong type at a key reads 'Expected string, actual 1'", () => {
    const e = fail(Person, { name: 1, age: 1 })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["name"], message: "Expected string, actual 1" }])
    expect(tree(e)).toBe(
      "{ readonly name: string; readonly age: number }\n" +
        '└─ ["name"]\n' +
        "   └─ Expected string, actual 1",
    )
  })

  it("SchemaText: errors: 'all' lists every wrong type", () => {
    const e = fail(Person, { name: 1, age: "2" }, { errors: "all" })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["name"], message: "Expected string, actual 1" },
      { _tag: "Type", path: ["age"], message: 'Expected number, actual "2"' },
    ])
  })

  it("SchemaText: a non-object names the struct's type", () => {
    const e = fail(Person, 5)
    expect(problems(e)).toEqual([
      {
        _tag: "Type",
        path: [],
        message: "Expected { readonly name: string; readonly age: number }, actual 5",
      },
    ])
    expect(tree(e)).toBe("Expected { readonly name: string; readonly age: number }, actual 5")
  })

  it("SchemaText: a literal union lists each literal, as v3 did", () => {
    const e = fail(Schema.Literals(["a", "b"]), "c")
    expect(problems(e)).toEqual([
      { _tag: "Type", path: [], message: 'Expected "a", actual "c"' },
      { _tag: "Type", path: [], message: 'Expected "b", actual "c"' },
    ])
    expect(tree(e)).toBe('"a" | "b"\n' + '├─ Expected "a", actual "c"\n' + '└─ Expected "b", actual "c"')
  })

  it("SchemaText: a tagged union with an unknown tag points at the tag", () => {
    const e = fail(CatOrDog, { t: "cow" })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["t"], message: 'Expected "cat" | "dog", actual "cow"' },
    ])
    expect(tree(e)).toBe(
      '{ readonly t: "cat"; readonly lives: number } | { readonly t: "dog"; readonly bark: string }\n' +
        '└─ { readonly t: "cat" | "dog" }\n' +
        '   └─ ["t"]\n' +
        '      └─ Expected "cat" | "dog", actual "cow"',
    )
  })

  it("SchemaText: a tagged union without its tag: the tag is missing", () => {
    const e = fail(CatOrDog, {})
    expect(problems(e)).toEqual([{ _tag: "Missing", path: ["t"], message: "is missing" }])
  })

  it("SchemaText: a tagged union reports the chosen member's field", () => {
    const e = fail(CatOrDog, { t: "dog", bark: 1 })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["bark"], message: "Expected string, actual 1" }])
    expect(tree(e)).toBe(
      '{ readonly t: "cat"; readonly lives: number } | { readonly t: "dog"; readonly bark: string }\n' +
        '└─ { readonly t: "dog"; readonly bark: string }\n' +
        '   └─ ["bark"]\n' +
        "      └─ Expected string, actual 1",
    )
  })

  it("SchemaText: a tagged union given a non-object names the whole union", () => {
    const e = fail(CatOrDog, 5)
    expect(problems(e)).toEqual([
      {
        _tag: "Type",
        path: [],
        message:
          'Expected { readonly t: "cat"; readonly lives: number } | { readonly t: "dog"; readonly bark: string }, actual 5',
      },
    ])
  })

  it("SchemaText: a union of keywords lists each member", () => {
    const e = fail(Schema.Union([Schema.String, Schema.Number]), true)
    expect(problems(e)).toEqual([
      { _tag: "Type", path: [], message: "Expected string, actual true" },
      { _tag: "Type", path: [], message: "Expected number, actual true" },
    ])
  })

  it("SchemaText: an untagged union of structs lists each member's issues", () => {
    const e = fail(Schema.Union([Schema.Struct({ a: Schema.String }), Schema.Struct({ b: Schema.Number })]), {
      c: 1,
    })
    expect(problems(e)).toEqual([
      { _tag: "Missing", path: ["a"], message: "is missing" },
      { _tag: "Missing", path: ["b"], message: "is missing" },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: string } | { readonly b: number }\n" +
        "├─ { readonly a: string }\n" +
        '│  └─ ["a"]\n' +
        "│     └─ is missing\n" +
        "└─ { readonly b: number }\n" +
        '   └─ ["b"]\n' +
        "      └─ is missing",
    )
  })

  it("SchemaText: an optional field out of range adds v3's 'Expected undefined' alternative", () => {
    const e = fail(Opt, { n: 101 })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["n"], message: "Expected a number between 0 and 100, actual 101" },
      { _tag: "Type", path: ["n"], message: "Expected undefined, actual 101" },
    ])
    expect(tree(e)).toBe(
      "{ readonly n?: Int & between(0, 100) | undefined; readonly s?: string | undefined }\n" +
        '└─ ["n"]\n' +
        "   └─ Int & between(0, 100) | undefined\n" +
        "      ├─ Int & between(0, 100)\n" +
        "      │  └─ Predicate refinement failure\n" +
        "      │     └─ Expected a number between 0 and 100, actual 101\n" +
        "      └─ Expected undefined, actual 101",
    )
  })

  it("SchemaText: an optional field of the wrong type", () => {
    const e = fail(Opt, { s: 1 })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["s"], message: "Expected string, actual 1" },
      { _tag: "Type", path: ["s"], message: "Expected undefined, actual 1" },
    ])
  })

  it("SchemaText: Int & between: a fraction fails Int's check, on the From side", () => {
    const e = fail(Opt, { n: 1.5 })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["n"], message: "Expected an integer, actual 1.5" },
      { _tag: "Type", path: ["n"], message: "Expected undefined, actual 1.5" },
    ])
    expect(tree(e)).toBe(
      "{ readonly n?: Int & between(0, 100) | undefined; readonly s?: string | undefined }\n" +
        '└─ ["n"]\n' +
        "   └─ Int & between(0, 100) | undefined\n" +
        "      ├─ Int & between(0, 100)\n" +
        "      │  └─ From side refinement failure\n" +
        "      │     └─ Int\n" +
        "      │        └─ Predicate refinement failure\n" +
        "      │           └─ Expected an integer, actual 1.5\n" +
        "      └─ Expected undefined, actual 1.5",
    )
  })

  it("SchemaText: between, int, positive and nonNegative keep v3's descriptions and titles", () => {
    const e = fail(Ranged, { a: 4, b: 1.5, c: -1, d: -1 }, { errors: "all" })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["a"], message: "Expected a number between 0 and 3, actual 4" },
      { _tag: "Refinement", path: ["b"], message: "Expected an integer, actual 1.5" },
      { _tag: "Refinement", path: ["c"], message: "Expected a positive number, actual -1" },
      { _tag: "Refinement", path: ["d"], message: "Expected a non-negative number, actual -1" },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: between(0, 3); readonly b: int; readonly c: positive; readonly d: nonNegative }\n" +
        '├─ ["a"]\n' +
        "│  └─ between(0, 3)\n" +
        "│     └─ Predicate refinement failure\n" +
        "│        └─ Expected a number between 0 and 3, actual 4\n" +
        '├─ ["b"]\n' +
        "│  └─ int\n" +
        "│     └─ Predicate refinement failure\n" +
        "│        └─ Expected an integer, actual 1.5\n" +
        '├─ ["c"]\n' +
        "│  └─ positive\n" +
        "│     └─ Predicate refinement failure\n" +
        "│        └─ Expected a positive number, actual -1\n" +
        '└─ ["d"]\n' +
        "   └─ nonNegative\n" +
        "      └─ Predicate refinement failure\n" +
        "         └─ Expected a non-negative number, actual -1",
    )
  })

  it("SchemaText: a refined number given a string reads 'Expected number'", () => {
    const e = fail(Ranged, { a: "x", b: 1, c: 1, d: 0 })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["a"], message: 'Expected number, actual "x"' }])
    expect(tree(e)).toBe(
      "{ readonly a: between(0, 3); readonly b: int; readonly c: positive; readonly d: nonNegative }\n" +
        '└─ ["a"]\n' +
        "   └─ between(0, 3)\n" +
        "      └─ From side refinement failure\n" +
        '         └─ Expected number, actual "x"',
    )
  })

  it("SchemaText: minLength reads 'a string at least 1 character(s) long'", () => {
    const e = fail(Strs, { a: "", b: "ab", c: "ab", d: "x", e: "x" })
    expect(problems(e)).toEqual([
      {
        _tag: "Refinement",
        path: ["a"],
        message: 'Expected a string at least 1 character(s) long, actual ""',
      },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: minLength(1); readonly b: maxLength(3); readonly c: a string matching the pattern ^[a-z]+$; readonly d: NonEmptyTrimmedString; readonly e: NonEmptyString }\n" +
        '└─ ["a"]\n' +
        "   └─ minLength(1)\n" +
        "      └─ Predicate refinement failure\n" +
        '         └─ Expected a string at least 1 character(s) long, actual ""',
    )
  })

  it("SchemaText: maxLength reads 'a string at most 3 character(s) long'", () => {
    const e = fail(Strs, { a: "a", b: "abcd", c: "ab", d: "x", e: "x" })
    expect(problems(e)).toEqual([
      {
        _tag: "Refinement",
        path: ["b"],
        message: 'Expected a string at most 3 character(s) long, actual "abcd"',
      },
    ])
  })

  it("SchemaText: pattern reads 'a string matching the pattern …'", () => {
    const e = fail(Strs, { a: "a", b: "ab", c: "A1", d: "x", e: "x" })
    expect(problems(e)).toEqual([
      {
        _tag: "Refinement",
        path: ["c"],
        message: 'Expected a string matching the pattern ^[a-z]+$, actual "A1"',
      },
    ])
  })

  it("SchemaText: Trimmed + isNonEmpty reads as v3's NonEmptyTrimmedString", () => {
    const e = fail(Strs, { a: "a", b: "ab", c: "ab", d: "", e: "x" })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["d"], message: 'Expected a non empty string, actual ""' },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: minLength(1); readonly b: maxLength(3); readonly c: a string matching the pattern ^[a-z]+$; readonly d: NonEmptyTrimmedString; readonly e: NonEmptyString }\n" +
        '└─ ["d"]\n' +
        "   └─ NonEmptyTrimmedString\n" +
        "      └─ Predicate refinement failure\n" +
        '         └─ Expected a non empty string, actual ""',
    )
  })

  it("SchemaText: an untrimmed NonEmptyTrimmedString fails Trimmed", () => {
    const e = fail(Strs, { a: "a", b: "ab", c: "ab", d: " x", e: "x" })
    expect(problems(e)).toEqual([
      {
        _tag: "Refinement",
        path: ["d"],
        message: 'Expected a string with no leading or trailing whitespace, actual " x"',
      },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: minLength(1); readonly b: maxLength(3); readonly c: a string matching the pattern ^[a-z]+$; readonly d: NonEmptyTrimmedString; readonly e: NonEmptyString }\n" +
        '└─ ["d"]\n' +
        "   └─ NonEmptyTrimmedString\n" +
        "      └─ From side refinement failure\n" +
        "         └─ Trimmed\n" +
        "            └─ Predicate refinement failure\n" +
        '               └─ Expected a string with no leading or trailing whitespace, actual " x"',
    )
  })

  it("SchemaText: NonEmptyString reads 'a non empty string'", () => {
    const e = fail(Strs, { a: "a", b: "ab", c: "ab", d: "x", e: "" })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["e"], message: 'Expected a non empty string, actual ""' },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: minLength(1); readonly b: maxLength(3); readonly c: a string matching the pattern ^[a-z]+$; readonly d: NonEmptyTrimmedString; readonly e: NonEmptyString }\n" +
        '└─ ["e"]\n' +
        "   └─ NonEmptyString\n" +
        "      └─ Predicate refinement failure\n" +
        '         └─ Expected a non empty string, actual ""',
    )
  })

  it("SchemaText: minItems on an array reads 'an array of at least 1 item(s)'", () => {
    const e = fail(Arrs, { a: [], b: [] })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["a"], message: "Expected an array of at least 1 item(s), actual []" },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: minItems(1); readonly b: maxItems(1) }\n" +
        '└─ ["a"]\n' +
        "   └─ minItems(1)\n" +
        "      └─ Predicate refinement failure\n" +
        "         └─ Expected an array of at least 1 item(s), actual []",
    )
  })

  it("SchemaText: maxItems reads 'an array of at most 1 item(s)', actual [1,2]", () => {
    const e = fail(Arrs, { a: ["x"], b: [1, 2] })
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: ["b"], message: "Expected an array of at most 1 item(s), actual [1,2]" },
    ])
  })

  it("SchemaText: a wrong element has its index in the path", () => {
    const e = fail(Arrs, { a: ["x", 2], b: [] })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["a", 1], message: "Expected string, actual 2" }])
    expect(tree(e)).toBe(
      "{ readonly a: minItems(1); readonly b: maxItems(1) }\n" +
        '└─ ["a"]\n' +
        "   └─ minItems(1)\n" +
        "      └─ From side refinement failure\n" +
        "         └─ ReadonlyArray<string>\n" +
        "            └─ [1]\n" +
        "               └─ Expected string, actual 2",
    )
  })

  it("SchemaText: a check's message annotation is the message", () => {
    const e = fail(
      Schema.Number.check(Schema.makeFilter((n: number) => n > 10, { message: "must exceed ten" })),
      3,
    )
    expect(problems(e)).toEqual([{ _tag: "Refinement", path: [], message: "must exceed ten" }])
    expect(tree(e)).toBe("must exceed ten")
  })

  it("SchemaText: a check's message stays out of a From side failure", () => {
    const e = fail(
      Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 10 })).annotate({
        message: "0..10 please",
      }),
      "x",
    )
    expect(problems(e)).toEqual([{ _tag: "Type", path: [], message: 'Expected number, actual "x"' }])
    expect(tree(e)).toBe(
      "between(0, 10)\n" + "└─ From side refinement failure\n" + '   └─ Expected number, actual "x"',
    )
  })

  it("SchemaText: a filter without annotations reads '{ number | filter }'", () => {
    const e = fail(Schema.Number.check(Schema.makeFilter((n: number) => n > 1)), 0)
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: [], message: "Expected { number | filter }, actual 0" },
    ])
    expect(tree(e)).toBe(
      "{ number | filter }\n" +
        "└─ Predicate refinement failure\n" +
        "   └─ Expected { number | filter }, actual 0",
    )
  })

  it("SchemaText: a filter's returned text is the message, under the refinement", () => {
    const e = fail(Schema.Number.check(Schema.makeFilter((n: number) => (n > 1 ? true : "too small"))), 0)
    expect(problems(e)).toEqual([{ _tag: "Refinement", path: [], message: "too small" }])
    expect(tree(e)).toBe("{ number | filter }\n" + "└─ Predicate refinement failure\n" + "   └─ too small")
  })

  it("SchemaText: a filter's { path, issue } points into the struct", () => {
    const e = fail(PathFilter, { a: 2, b: 1 })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["b"], message: "b must exceed a" }])
    expect(tree(e)).toBe(
      "{ { readonly a: number; readonly b: number } | filter }\n" +
        "└─ Predicate refinement failure\n" +
        '   └─ ["b"]\n' +
        "      └─ b must exceed a",
    )
  })

  it("SchemaText: a description on a check is its 'expected'", () => {
    const e = fail(
      Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 7 })).annotate({
        description: "The Refuge's index in the campaign, a whole number from 0 to 7",
      }),
      9,
    )
    expect(problems(e)).toEqual([
      {
        _tag: "Refinement",
        path: [],
        message: "Expected The Refuge's index in the campaign, a whole number from 0 to 7, actual 9",
      },
    ])
    expect(tree(e)).toBe(
      "between(0, 7)\n" +
        "└─ Predicate refinement failure\n" +
        "   └─ Expected The Refuge's index in the campaign, a whole number from 0 to 7, actual 9",
    )
  })

  it("SchemaText: an identifier names the schema", () => {
    const e = fail(Schema.Struct({ x: Schema.Number }).annotate({ identifier: "Thing" }), 5)
    expect(problems(e)).toEqual([{ _tag: "Type", path: [], message: "Expected Thing, actual 5" }])
  })

  it("SchemaText: a title names the schema", () => {
    const e = fail(Schema.String.annotate({ title: "a name" }), 5)
    expect(problems(e)).toEqual([{ _tag: "Type", path: [], message: "Expected a name, actual 5" }])
  })

  it("SchemaText: Int & between(0, 100) out of range", () => {
    const e = fail(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })), 101)
    expect(problems(e)).toEqual([
      { _tag: "Refinement", path: [], message: "Expected a number between 0 and 100, actual 101" },
    ])
    expect(tree(e)).toBe(
      "Int & between(0, 100)\n" +
        "└─ Predicate refinement failure\n" +
        "   └─ Expected a number between 0 and 100, actual 101",
    )
  })

  it("SchemaText: Int & between(0, 100) given a string", () => {
    const e = fail(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })), "x")
    expect(problems(e)).toEqual([{ _tag: "Type", path: [], message: 'Expected number, actual "x"' }])
    expect(tree(e)).toBe(
      "Int & between(0, 100)\n" +
        "└─ From side refinement failure\n" +
        "   └─ Int\n" +
        "      └─ From side refinement failure\n" +
        '         └─ Expected number, actual "x"',
    )
  })

  it("SchemaText: a short tuple: the missing index", () => {
    const e = fail(Schema.Tuple([Schema.String, Schema.Number]), ["a"])
    expect(problems(e)).toEqual([{ _tag: "Missing", path: [1], message: "is missing" }])
    expect(tree(e)).toBe("readonly [string, number]\n" + "└─ [1]\n" + "   └─ is missing")
  })

  it("SchemaText: a long tuple: 'is unexpected, expected: 0 | 1'", () => {
    const e = fail(Schema.Tuple([Schema.String, Schema.Number]), ["a", 1, 2])
    expect(problems(e)).toEqual([
      { _tag: "Unexpected", path: [2], message: "is unexpected, expected: 0 | 1" },
    ])
    expect(tree(e)).toBe("readonly [string, number]\n" + "└─ [2]\n" + "   └─ is unexpected, expected: 0 | 1")
  })

  it("SchemaText: a record value of the wrong type", () => {
    const e = fail(Schema.Record(Schema.String, Schema.Number), { a: 1, b: "x" })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["b"], message: 'Expected number, actual "x"' }])
    expect(tree(e)).toBe(
      "{ readonly [x: string]: number }\n" + '└─ ["b"]\n' + '   └─ Expected number, actual "x"',
    )
  })

  it("SchemaText: a recursive schema: the path runs through it", () => {
    const e = fail(Node, { name: "a", children: [{ name: 1, children: [] }] })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["children", 0, "name"], message: "Expected string, actual 1" },
    ])
    expect(tree(e)).toBe(
      "{ readonly name: string; readonly children: ReadonlyArray<<suspended schema>> }\n" +
        '└─ ["children"]\n' +
        "   └─ ReadonlyArray<<suspended schema>>\n" +
        "      └─ [0]\n" +
        "         └─ { readonly name: string; readonly children: ReadonlyArray<<suspended schema>> }\n" +
        '            └─ ["name"]\n' +
        "               └─ Expected string, actual 1",
    )
  })

  it("SchemaText: a failed decode's message, tagged Transformation", () => {
    const e = fail(Parse, "abc")
    expect(problems(e)).toEqual([{ _tag: "Transformation", path: [], message: "not a number: abc" }])
    expect(tree(e)).toBe(
      "(string <-> number)\n" + "└─ Transformation process failure\n" + "   └─ not a number: abc",
    )
  })

  it("SchemaText: a transformation's from side failure", () => {
    const e = fail(Parse, 5)
    expect(problems(e)).toEqual([{ _tag: "Type", path: [], message: "Expected string, actual 5" }])
    expect(tree(e)).toBe(
      "(string <-> number)\n" +
        "└─ Encoded side transformation failure\n" +
        "   └─ Expected string, actual 5",
    )
  })

  it("SchemaText: a union's message stands for the whole union (v3 override: true)", () => {
    const e = fail(Origin, { origin: "x" })
    expect(problems(e)).toEqual([
      { _tag: "Composite", path: ["origin"], message: "origin is presence or found" },
    ])
    expect(tree(e)).toBe(
      '{ readonly origin: "presence" | "found" }\n' + '└─ ["origin"]\n' + "   └─ origin is presence or found",
    )
  })

  it("SchemaText: nested arrays of structs, errors: 'all'", () => {
    const e = fail(Nested, { outer: { inner: [{ v: "y" }, { v: "x" }, {}] } }, { errors: "all" })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["outer", "inner", 0, "v"], message: 'Expected number, actual "y"' },
      { _tag: "Type", path: ["outer", "inner", 1, "v"], message: 'Expected number, actual "x"' },
      { _tag: "Missing", path: ["outer", "inner", 2, "v"], message: "is missing" },
    ])
    expect(tree(e)).toBe(
      "{ readonly outer: { readonly inner: ReadonlyArray<{ readonly v: number }> } }\n" +
        '└─ ["outer"]\n' +
        "   └─ { readonly inner: ReadonlyArray<{ readonly v: number }> }\n" +
        '      └─ ["inner"]\n' +
        "         └─ ReadonlyArray<{ readonly v: number }>\n" +
        "            ├─ [0]\n" +
        "            │  └─ { readonly v: number }\n" +
        '            │     └─ ["v"]\n' +
        '            │        └─ Expected number, actual "y"\n' +
        "            ├─ [1]\n" +
        "            │  └─ { readonly v: number }\n" +
        '            │     └─ ["v"]\n' +
        '            │        └─ Expected number, actual "x"\n' +
        "            └─ [2]\n" +
        "               └─ { readonly v: number }\n" +
        '                  └─ ["v"]\n' +
        "                     └─ is missing",
    )
  })

  it("SchemaText: excess keys come first, as in v3", () => {
    const e = fail(Many, { a: 1, b: 2, c: [1, "x"], zz: 1 }, { errors: "all", onExcessProperty: "error" })
    expect(problems(e)).toEqual([
      { _tag: "Unexpected", path: ["zz"], message: 'is unexpected, expected: "a" | "b" | "c"' },
      { _tag: "Type", path: ["a"], message: "Expected string, actual 1" },
      { _tag: "Refinement", path: ["b"], message: "Expected a number between 0 and 1, actual 2" },
      { _tag: "Type", path: ["c", 1], message: 'Expected number, actual "x"' },
    ])
    expect(tree(e)).toBe(
      "{ readonly a: string; readonly b: between(0, 1); readonly c: ReadonlyArray<number> }\n" +
        '├─ ["zz"]\n' +
        '│  └─ is unexpected, expected: "a" | "b" | "c"\n' +
        '├─ ["a"]\n' +
        "│  └─ Expected string, actual 1\n" +
        '├─ ["b"]\n' +
        "│  └─ between(0, 1)\n" +
        "│     └─ Predicate refinement failure\n" +
        "│        └─ Expected a number between 0 and 1, actual 2\n" +
        '└─ ["c"]\n' +
        "   └─ ReadonlyArray<number>\n" +
        "      └─ [1]\n" +
        '         └─ Expected number, actual "x"',
    )
  })

  it("SchemaText: TaggedStruct unions inside a struct", () => {
    const e = fail(Deep, { u: { _tag: "B", b: "x" } })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["u", "b"], message: 'Expected number, actual "x"' }])
    expect(tree(e)).toBe(
      '{ readonly u: { readonly _tag: "A"; readonly a: string } | { readonly _tag: "B"; readonly b: number } }\n' +
        '└─ ["u"]\n' +
        '   └─ { readonly _tag: "A"; readonly a: string } | { readonly _tag: "B"; readonly b: number }\n' +
        '      └─ { readonly _tag: "B"; readonly b: number }\n' +
        '         └─ ["b"]\n' +
        '            └─ Expected number, actual "x"',
    )
  })

  it("SchemaText: a record key failing its pattern, with onExcessProperty: error", () => {
    const e = fail(
      Schema.Record(Schema.String.check(Schema.isPattern(/^k/)), Schema.Number),
      { kx: 1, zz: 2 },
      { onExcessProperty: "error" },
    )
    expect(problems(e)).toEqual([
      {
        _tag: "Unexpected",
        path: ["zz"],
        message: "is unexpected, expected: a string matching the pattern ^k",
      },
    ])
    expect(tree(e)).toBe(
      "{ readonly [x: a string matching the pattern ^k]: number }\n" +
        '└─ ["zz"]\n' +
        "   └─ is unexpected, expected: a string matching the pattern ^k",
    )
  })

  it("SchemaText: a template literal reads as v3 printed it", () => {
    const e = fail(Schema.TemplateLiteral(["a", Schema.Number]), "b1")
    const message = `Expected \`a\${number}\`, actual "b1"`
    expect(problems(e)).toEqual([{ _tag: "Type", path: [], message }])
    expect(tree(e)).toBe(message)
  })

  it("SchemaText: a defaulted field: v3's struct-level 'Struct (Encoded side)' transformation", () => {
    const e = fail(Defaulted, { mode: "c" })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["mode"], message: 'Expected "a", actual "c"' },
      { _tag: "Type", path: ["mode"], message: 'Expected "b", actual "c"' },
      { _tag: "Type", path: ["mode"], message: 'Expected undefined, actual "c"' },
    ])
    expect(tree(e)).toBe(
      "(Struct (Encoded side) <-> Struct (Type side))\n" +
        "└─ Encoded side transformation failure\n" +
        "   └─ Struct (Encoded side)\n" +
        '      └─ ["mode"]\n' +
        '         └─ "a" | "b" | undefined\n' +
        '            ├─ "a" | "b"\n' +
        '            │  ├─ Expected "a", actual "c"\n' +
        '            │  └─ Expected "b", actual "c"\n' +
        '            └─ Expected undefined, actual "c"',
    )
  })

  it("SchemaText: a struct with defaulted fields given a non-object reads 'Expected Struct (Encoded side)'", () => {
    const e = fail(Defaulted, 5)
    expect(problems(e)).toEqual([
      { _tag: "Type", path: [], message: "Expected Struct (Encoded side), actual 5" },
    ])
    expect(tree(e)).toBe(
      "(Struct (Encoded side) <-> Struct (Type side))\n" +
        "└─ Encoded side transformation failure\n" +
        "   └─ Expected Struct (Encoded side), actual 5",
    )
  })

  it("SchemaText: a struct filter returning several { path, issue } lists each", () => {
    const e = fail(TwoPaths, { type: "gun" })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["range"], message: "a ranged weapon has a range" },
      { _tag: "Type", path: ["x"], message: "x needed" },
    ])
    expect(tree(e)).toBe(
      "{ { readonly type: string; readonly range?: number | undefined; readonly x?: number | undefined } | filter }\n" +
        "└─ Predicate refinement failure\n" +
        "   └─ { { readonly type: string; readonly range?: number | undefined; readonly x?: number | undefined } | filter }\n" +
        '      ├─ ["range"]\n' +
        "      │  └─ a ranged weapon has a range\n" +
        '      └─ ["x"]\n' +
        "         └─ x needed",
    )
  })

  it("SchemaText: an exact optional key (optionalKey) has no undefined alternative", () => {
    const e = fail(Schema.Struct({ x: Schema.optionalKey(Schema.Number) }), { x: "1" })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["x"], message: 'Expected number, actual "1"' }])
    expect(tree(e)).toBe("{ readonly x?: number }\n" + '└─ ["x"]\n' + '   └─ Expected number, actual "1"')
  })

  it("SchemaText: NullOr lists both members", () => {
    const e = fail(Schema.Struct({ x: Schema.NullOr(Schema.String) }), { x: 1 })
    expect(problems(e)).toEqual([
      { _tag: "Type", path: ["x"], message: "Expected string, actual 1" },
      { _tag: "Type", path: ["x"], message: "Expected null, actual 1" },
    ])
    expect(tree(e)).toBe(
      "{ readonly x: string | null }\n" +
        '└─ ["x"]\n' +
        "   └─ string | null\n" +
        "      ├─ Expected string, actual 1\n" +
        "      └─ Expected null, actual 1",
    )
  })

  it("SchemaText: a union of a literal and a tagged struct, given a number", () => {
    const e = fail(Mixed, 5)
    expect(problems(e)).toEqual([
      { _tag: "Type", path: [], message: 'Expected { readonly kind: "some"; readonly n: number }, actual 5' },
      { _tag: "Type", path: [], message: 'Expected "none", actual 5' },
    ])
    expect(tree(e)).toBe(
      '"none" | { readonly kind: "some"; readonly n: number }\n' +
        '├─ Expected { readonly kind: "some"; readonly n: number }, actual 5\n' +
        '└─ Expected "none", actual 5',
    )
  })

  it("SchemaText: an array of a literal union: the bad element's index", () => {
    const e = fail(Schema.Array(Schema.Literals(["a", "b"])), ["a", "z"])
    expect(problems(e)).toEqual([
      { _tag: "Type", path: [1], message: 'Expected "a", actual "z"' },
      { _tag: "Type", path: [1], message: 'Expected "b", actual "z"' },
    ])
    expect(tree(e)).toBe(
      'ReadonlyArray<"a" | "b">\n' +
        "└─ [1]\n" +
        '   └─ "a" | "b"\n' +
        '      ├─ Expected "a", actual "z"\n' +
        '      └─ Expected "b", actual "z"',
    )
  })

  it("SchemaText: undefined where a string is required", () => {
    const e = fail(Schema.Struct({ s: Schema.String }), { s: undefined })
    expect(problems(e)).toEqual([{ _tag: "Type", path: ["s"], message: "Expected string, actual undefined" }])
  })

  it("SchemaText: without reportInput the message has no 'actual'", () => {
    const r = Schema.decodeUnknownResult(Person)({ name: 1, age: 1 })
    expect(Result.isFailure(r) && problems(r.failure)).toEqual([
      { _tag: "Type", path: ["name"], message: "Expected string" },
    ])
  })

  it("SchemaText: problems accepts the bare issue too", () => {
    const e = fail(Person, { name: "x" })
    expect(problems(e.issue)).toEqual(problems(e))
    expect(tree(e.issue)).toBe(tree(e))
  })
})

// effect 4's `Schema.brand` leaves nothing in the schema: the `brand` annotation stands in for it.
const Slug = Schema.String.check(Schema.isPattern(/^[a-z]+$/), Schema.isMaxLength(8)).annotate({
  title: "Slug",
})
const GiftId = Slug.pipe(Schema.brand("GiftId")).annotate({
  description: "The id of a Gift",
  brand: "GiftId",
})
const SLUG_GIFT = 'a string matching the pattern ^[a-z]+$ & Slug & Brand<"GiftId">'

describe("SchemaText: brands, as effect 3 printed them", () => {
  it("a branded check chain: the brand after the last check's title", () => {
    const e = fail(Schema.Struct({ gift: GiftId }), true)
    expect(problems(e)).toEqual([
      { _tag: "Type", path: [], message: `Expected { readonly gift: ${SLUG_GIFT} }, actual true` },
    ])
  })

  it("a branded check chain in the tree: only the outer refinement carries the brand", () => {
    const e = fail(Schema.Struct({ gift: GiftId }), { gift: "Bad" })
    expect(problems(e)).toEqual([
      {
        _tag: "Refinement",
        path: ["gift"],
        message: 'Expected a string matching the pattern ^[a-z]+$, actual "Bad"',
      },
    ])
    expect(tree(e)).toBe(
      `{ readonly gift: ${SLUG_GIFT} }\n` +
        '└─ ["gift"]\n' +
        `   └─ ${SLUG_GIFT}\n` +
        "      └─ From side refinement failure\n" +
        "         └─ a string matching the pattern ^[a-z]+$\n" +
        "            └─ Predicate refinement failure\n" +
        '               └─ Expected a string matching the pattern ^[a-z]+$, actual "Bad"',
    )
  })

  it("a branded schema's base type failure: the brand in the title, not in the message", () => {
    const e = fail(Schema.Array(GiftId), [1])
    expect(problems(e)).toEqual([{ _tag: "Type", path: [0], message: "Expected string, actual 1" }])
    expect(tree(e)).toBe(
      `ReadonlyArray<${SLUG_GIFT}>\n` +
        "└─ [0]\n" +
        `   └─ ${SLUG_GIFT}\n` +
        "      └─ From side refinement failure\n" +
        "         └─ a string matching the pattern ^[a-z]+$\n" +
        "            └─ From side refinement failure\n" +
        "               └─ Expected string, actual 1",
    )
  })

  it("a branded keyword: 'string & Brand<…>'", () => {
    const Name = Schema.String.pipe(Schema.brand("Name")).annotate({ brand: "Name" })
    expect(problems(fail(Name, 1))).toEqual([
      { _tag: "Type", path: [], message: 'Expected string & Brand<"Name">, actual 1' },
    ])
  })

  it("an identifier names the schema without its brand", () => {
    const HexId = Schema.Int.pipe(Schema.check(Schema.isGreaterThan(0)), Schema.brand("HexId")).annotate({
      identifier: "HexId",
      brand: "HexId",
    })
    expect(problems(fail(Schema.Struct({ h: HexId }), 1))).toEqual([
      { _tag: "Type", path: [], message: "Expected { readonly h: HexId }, actual 1" },
    ])
  })

  it("several brands, in order", () => {
    const T = Schema.String.check(Schema.isMinLength(1)).annotate({ brand: ["A", "B"] })
    expect(problems(fail(Schema.Struct({ t: T }), 1))).toEqual([
      {
        _tag: "Type",
        path: [],
        message: 'Expected { readonly t: minLength(1) & Brand<"A"> & Brand<"B"> }, actual 1',
      },
    ])
  })
})

const NN = Schema.Tuple([Schema.Number, Schema.Number])

describe("SchemaText: tuples, length first as effect 3 checked them", () => {
  it("a short tuple: the missing index, though v4 stopped at the bad element first", () => {
    const e = fail(NN, ["a"])
    expect(problems(e)).toEqual([{ _tag: "Missing", path: [1], message: "is missing" }])
    expect(tree(e)).toBe("readonly [number, number]\n" + "└─ [1]\n" + "   └─ is missing")
  })

  it("a short tuple, all errors: the missing index before the bad element", () => {
    const e = fail(NN, ["a"], { errors: "all" })
    expect(problems(e)).toEqual([
      { _tag: "Missing", path: [1], message: "is missing" },
      { _tag: "Type", path: [0], message: 'Expected number, actual "a"' },
    ])
    expect(tree(e)).toBe(
      "readonly [number, number]\n" +
        "├─ [1]\n" +
        "│  └─ is missing\n" +
        "└─ [0]\n" +
        '   └─ Expected number, actual "a"',
    )
  })

  it("a long tuple: the excess index before the bad element", () => {
    expect(problems(fail(NN, ["a", 1, 2]))).toEqual([
      { _tag: "Unexpected", path: [2], message: "is unexpected, expected: 0 | 1" },
    ])
    expect(problems(fail(NN, ["a", 1, 2], { errors: "all" }))).toEqual([
      { _tag: "Unexpected", path: [2], message: "is unexpected, expected: 0 | 1" },
      { _tag: "Type", path: [0], message: 'Expected number, actual "a"' },
    ])
  })

  it("a short tuple in a struct, all errors: reordered within the tuple only", () => {
    const e = fail(Schema.Struct({ k: NN, z: Schema.String }), { k: ["a"], z: 1 }, { errors: "all" })
    expect(problems(e)).toEqual([
      { _tag: "Missing", path: ["k", 1], message: "is missing" },
      { _tag: "Type", path: ["k", 0], message: 'Expected number, actual "a"' },
      { _tag: "Type", path: ["z"], message: "Expected string, actual 1" },
    ])
  })
})
