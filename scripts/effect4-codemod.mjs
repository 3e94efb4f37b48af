#!/usr/bin/env node
// effect4-codemod.mjs: the mechanical part of moving this repository from effect 3.22 to effect 4.1
// (the plan and the hand migrations it leaves: docs/effect-4-migration.md). A one-off tool for that
// migration, to be deleted with it; it uses TypeScript 6's compiler API (`typescript`).
//
// Usage (run from the repository root so `typescript` resolves from its node_modules):
//   node scripts/effect4-codemod.mjs <folder> [--tsconfig <path>] [--dry] [--no-types] [--report <file.json>]
//
// Phase 1 (syntactic, per file, TypeScript compiler API; edits are small token-level replacements
//   and insertions, so nested patterns compose; iterated to a fixpoint):
//   Either -> Result            isLeft/isRight/left/right/mapLeft/getLeft/getRight/Left/Right/isEither,
//                               Either.Either<A,E> -> Result.Result<A,E>, match({onLeft,onRight}) keys
//   Schema variadic -> array    Literal(a,b,..) -> Literals([a,b,..]), Literal(...xs) -> Literals(xs),
//                               Literal(null) -> Null, Union/Tuple/TemplateLiteral(a,b) -> (...)([a,b])
//   Schema.Record({key,value})  -> Schema.Record(key, value)
//   filters in .pipe(...)       between(a,b) -> isBetween({ minimum: a, maximum: b }), int() -> isInt(),
//                               min/maxItems -> isMin/MaxLength, min/maxLength, pattern -> isPattern,
//                               positive/nonNegative/negative/nonPositive -> isGreaterThan(0) etc.,
//                               greaterThan[OrEqualTo]/lessThan[OrEqualTo], multipleOf, finite,
//                               nonEmptyString, filter(fn) -> makeFilter(fn);
//                               `.pipe(<only filters>)` -> `.check(...)`, mixed pipes get `Schema.check(...)`
//   renames                     annotations -> annotate, decodeUnknownEither -> decodeUnknownResult (and the
//                               other *Either -> *Result), decode/encode[Unknown] -> *Effect,
//                               encodedSchema -> toEncoded, typeSchema -> toType, compose -> decodeTo,
//                               NonEmptyTrimmedString -> Trimmed.check(isNonEmpty()), *FromSelf renames,
//                               optionalWith(s,{exact:true}) -> optionalKey(s), optionalWith(s,{default})
//                               -> s.pipe(withDecodingDefaultType[Key](Effect.sync(f))), partial(S) ->
//                               S.mapFields(Struct.map(Schema.optional)), Schema.Schema<A,I,R> -> Codec<A,I,R,R>,
//                               ParseResult.ParseError -> Schema.SchemaError, ParseIssue -> SchemaIssue.Issue,
//                               Context.Tag("id")<S,I>() -> Context.Service<S,I>()("id"),
//                               GenericTag -> Service, Effect.either -> result, catchAll -> catch, ... (guide list)
//   imports                     `from "effect"` named imports rebuilt: unused Either/ParseResult/JSONSchema
//                               dropped, Result/SchemaIssue/Struct/Effect added when introduced.
// Phase 2 (type-directed, needs the package's tsconfig; skipped with --no-types):
//   `.left` / `.right` on values whose type is effect's Result/Failure/Success -> `.failure` / `.success`,
//   `x._tag === "Left"|"Right"` on such values -> "Failure"|"Success".
// Options: --optional-as-key (Schema.optional -> optionalKey), --number-as-finite (Schema.Number -> Finite),
//   --drop-patterns (do not add the toJsonSchema pattern hook to isPattern).
// Everything it cannot do safely is reported as MANUAL with file:line (stdout, and --report JSON).
// Note (4.1.5, checked against node_modules/effect/dist/Schema.d.ts): Schema.TaggedError keeps its name
// (there is no TaggedErrorClass export), so TaggedError is left alone.
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"

const args = process.argv.slice(2)
const flag = (n) => args.includes(n)
const opt = (n) => {
  const i = args.indexOf(n)
  return i >= 0 ? args[i + 1] : undefined
}
const root = args.find((a, i) => !a.startsWith("--") && !["--tsconfig", "--report"].includes(args[i - 1]))
if (!root) {
  console.error(
    "usage: node scripts/effect4-codemod.mjs <folder> [--tsconfig p] [--dry] [--no-types] [--report f.json]",
  )
  process.exit(2)
}
const require = createRequire(path.join(process.cwd(), "noop.js"))
let ts
try {
  ts = require("typescript")
} catch {
  ts = createRequire(path.resolve(root, "noop.js"))("typescript")
}
const DRY = flag("--dry")

// ---------------------------------------------------------------- tables
const EITHER = {
  Either: "Result",
  Left: "Failure",
  Right: "Success",
  left: "fail",
  right: "succeed",
  isLeft: "isFailure",
  isRight: "isSuccess",
  isEither: "isResult",
  mapLeft: "mapError",
  getLeft: "getFailure",
  getRight: "getSuccess",
  fromNullable: "fromNullishOr",
  filterOrLeft: "filterOrFail",
}
const EITHER_SAME = new Set([
  "map",
  "flatMap",
  "andThen",
  "match",
  "getOrElse",
  "getOrThrow",
  "getOrThrowWith",
  "getOrNull",
  "getOrUndefined",
  "all",
  "flip",
  "gen",
  "Do",
  "bind",
  "bindTo",
  "orElse",
  "merge",
  "liftPredicate",
  "mapBoth",
  "tap",
  "fromOption",
])
const SCHEMA_RENAME = {
  annotations: "annotate",
  decodeUnknownEither: "decodeUnknownResult",
  decodeEither: "decodeResult",
  encodeUnknownEither: "encodeUnknownResult",
  encodeEither: "encodeResult",
  decodeUnknown: "decodeUnknownEffect",
  decode: "decodeEffect",
  encodeUnknown: "encodeUnknownEffect",
  encode: "encodeEffect",
  encodedSchema: "toEncoded",
  typeSchema: "toType",
  asSchema: "revealCodec",
  compose: "decodeTo",
  BigIntFromSelf: "BigInt",
  SymbolFromSelf: "Symbol",
  URLFromSelf: "URL",
  DateFromSelf: "Date",
  DurationFromSelf: "Duration",
  ChunkFromSelf: "Chunk",
  ReadonlyMapFromSelf: "ReadonlyMap",
  ReadonlySetFromSelf: "ReadonlySet",
  HashMapFromSelf: "HashMap",
  HashSetFromSelf: "HashSet",
  OptionFromSelf: "Option",
  EitherFromSelf: "Result",
  DateFromNumber: "DateFromMillis",
  equivalence: "toEquivalence",
  pretty: "toFormatter",
  standardSchemaV1: "toStandardSchemaV1",
}
const SCHEMA_MANUAL = {
  transform: "transform -> decodeTo(to, SchemaTransformation.transform({decode, encode}))",
  transformOrFail: "transformOrFail -> decodeTo(to, { decode: SchemaGetter.transformEffect(...), encode })",
  extend: "extend -> mapFields(Struct.assign(fields)) / fieldsAssign",
  pick: "pick -> mapFields(Struct.pick([...]))",
  omit: "omit -> mapFields(Struct.omit([...]))",
  declare: "declare(is, annotations): check annotations (jsonSchema/arbitrary hooks changed)",
  propertySignature: "propertySignature: no direct v4 equivalent (annotateKey / optionalKey)",
  fromKey: "fromKey -> encodeKeys",
  rename: "rename -> encodeKeys",
  attachPropertySignature: "-> tagDefaultOmit",
  validate: "validate* removed: decode*(Schema.toType(s))",
  validateSync: "validate* removed",
  validateEither: "validate* removed",
  is: "Schema.is: same name, check the schema is a v4 schema",
  filterEffect: "filterEffect -> Schema.decode({ decode: SchemaGetter.checkEffect(...) })",
  parseJson: "parseJson -> fromJsonString(schema) / UnknownFromJsonString",
  optionalToOptional: "-> decodeTo + SchemaGetter.transformOptional",
  optionalToRequired: "idem",
  requiredToOptional: "idem",
  keyof: "keyof removed",
  Data: "Schema.Data removed",
  format: "-> SchemaRepresentation",
  make: "Schema.make(ast): v4 ASTs differ",
  pluck: "pluck: hand-written helper",
}
const FILTERS = {
  // v3 name: [v4 name, how the arguments change]
  between: ["isBetween", "range"],
  int: ["isInt"],
  finite: ["isFinite"],
  multipleOf: ["isMultipleOf"],
  maxItems: ["isMaxLength"],
  minItems: ["isMinLength"],
  maxLength: ["isMaxLength"],
  minLength: ["isMinLength"],
  itemsCount: ["isLengthBetween", "twice"],
  length: ["isLengthBetween", "twice"],
  pattern: ["isPattern"],
  nonEmptyString: ["isNonEmpty"],
  trimmed: ["isTrimmed"],
  greaterThan: ["isGreaterThan"],
  greaterThanOrEqualTo: ["isGreaterThanOrEqualTo"],
  lessThan: ["isLessThan"],
  lessThanOrEqualTo: ["isLessThanOrEqualTo"],
  positive: ["isGreaterThan", "zero"],
  nonNegative: ["isGreaterThanOrEqualTo", "zero"],
  negative: ["isLessThan", "zero"],
  nonPositive: ["isLessThanOrEqualTo", "zero"],
  filter: ["makeFilter"],
  startsWith: ["isStartingWith"],
  endsWith: ["isEndingWith"],
  includes: ["isIncluding"],
  uppercased: ["isUppercased"],
  lowercased: ["isLowercased"],
  uuid: ["isUUID"],
  ulid: ["isULID"],
}
const EFFECT_RENAME = {
  either: "result",
  catchAll: "catch",
  catchAllCause: "catchCause",
  catchAllDefect: "catchDefect",
  zipRight: "andThen",
  zipLeft: "tap",
  async: "callback",
  tapErrorCause: "tapCause",
  ignoreLogged: "ignore",
}
const EFFECT_MANUAL = {
  catchSome: "catchSome -> catchFilter",
  catchSomeCause: "-> catchCauseFilter",
  Tag: "Effect.Tag -> Context.Service (accessors removed: use Service.use)",
  Service: "Effect.Service -> Context.Service + Layer",
  runtime: "Effect.runtime: v4 runtime API changed (see migration/runtime.md)",
}
const LAYER_RENAME = { scoped: "effect", scopedDiscard: "effectDiscard", tapErrorCause: "tapCause" }
const PARSE_RESULT_TYPES = { ParseError: "Schema.SchemaError", ParseIssue: "SchemaIssue.Issue" }
const MODULE_PATH = { "effect/Either": "effect/Result", "effect/JSONSchema": "effect/JsonSchema" }

// ---------------------------------------------------------------- helpers
const manual = []
const stats = {}
const count = (k) => (stats[k] = (stats[k] ?? 0) + 1)
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    if (d.isDirectory()) return d.name === "node_modules" || d.name === "dist" ? [] : walk(p)
    return /\.(m|c)?tsx?$/.test(d.name) && !d.name.endsWith(".d.ts") ? [p] : []
  })

function applyEdits(text, edits) {
  // drop overlapping edits (they are retried on the next iteration)
  edits.sort((a, b) => a.start - b.start || a.end - b.end)
  const kept = []
  let deferred = 0
  for (const e of edits) {
    const clash = kept.some((k) =>
      e.start === e.end
        ? k.start < e.start && e.start < k.end
        : k.start === k.end
          ? e.start < k.start && k.start < e.end
          : e.start < k.end && k.start < e.end,
    )
    if (clash) deferred++
    else kept.push(e)
  }
  let out = text
  for (const e of [...kept].reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return { out, deferred, n: kept.length }
}

// local names bound to effect modules in this file: Map<localName, moduleName>
function effectBindings(sf) {
  const m = new Map()
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause) continue
    const spec = st.moduleSpecifier.text
    const nb = st.importClause.namedBindings
    if (spec === "effect" && nb && ts.isNamedImports(nb))
      for (const el of nb.elements) m.set(el.name.text, (el.propertyName ?? el.name).text)
    else if (spec.startsWith("effect/") && nb && ts.isNamespaceImport(nb)) m.set(nb.name.text, spec.slice(7))
  }
  return m
}

// ---------------------------------------------------------------- phase 1
function phase1(file, text, needs) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const b = effectBindings(sf)
  const mod = (id) => (ts.isIdentifier(id) ? b.get(id.text) : undefined)
  const S = [...b].find(([, v]) => v === "Schema")?.[0] ?? "Schema"
  // names imported from elsewhere (an introduced `Effect.sync` must not hit a local `Effect`)
  const foreign = new Set()
  for (const st of sf.statements)
    if (ts.isImportDeclaration(st) && !st.moduleSpecifier.text.startsWith("effect") && st.importClause) {
      if (st.importClause.name) foreign.add(st.importClause.name.text)
      const nb = st.importClause.namedBindings
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) foreign.add(el.name.text)
      if (nb && ts.isNamespaceImport(nb)) foreign.add(nb.name.text)
    }
  const edits = []
  const E = (start, end, text, why) => {
    edits.push({ start, end, text })
    if (why) count(why)
  }
  const rep = (node, text, why) => E(node.getStart(sf), node.end, text, why)
  const ins = (pos, text, why) => E(pos, pos, text, why)
  const line = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
  const flagged = new Set()
  const flagManual = (node, why) => {
    const key = `${line(node)}:${why}`
    if (flagged.has(key)) return
    flagged.add(key)
    manual.push({ file, line: line(node), why, text: node.getText(sf).split("\n")[0].slice(0, 120) })
  }
  const isSchemaCall = (n, names) =>
    ts.isCallExpression(n) &&
    ts.isPropertyAccessExpression(n.expression) &&
    mod(n.expression.expression) === "Schema" &&
    (names ? names.includes(n.expression.name.text) : true)
  const isFilterCall = (n) =>
    ts.isCallExpression(n) &&
    ts.isPropertyAccessExpression(n.expression) &&
    mod(n.expression.expression) === "Schema" &&
    Object.hasOwn(FILTERS, n.expression.name.text)

  // rewrite one v3 filter call into its v4 check (in place)
  const rewriteFilter = (call) => {
    const name = call.expression.name
    const [v4, how] = FILTERS[name.text]
    rep(name, v4, `filter ${name.text}`)
    const a = call.arguments
    if (how === "range" && a.length >= 2) {
      ins(a[0].getStart(sf), "{ minimum: ")
      E(a[0].end, a[1].getStart(sf), ", maximum: ")
      ins(a[1].end, " }")
      if (
        a[2] &&
        ts.isObjectLiteralExpression(a[2]) &&
        a[2].properties.some(
          (p) =>
            p.name?.text === "message" &&
            ts.isArrowFunction(p.initializer) &&
            p.initializer.parameters.length > 0,
        )
      )
        flagManual(
          call,
          "filter message: v4 `message` is a string (no issue callback); use makeFilter for a computed message",
        )
    } else if (name.text === "pattern" && a.length >= 1 && !flag("--drop-patterns")) {
      // 4.1.5's isPattern exports no JSON Schema `pattern` (it declares `[{}, true]`); keep the published one
      const hook = `toJsonSchema: () => ({ pattern: ${a[0].getText(sf)}.source })`
      if (a[1] && ts.isObjectLiteralExpression(a[1]))
        ins(a[1].getStart(sf) + 1, ` ${hook},`, "isPattern keeps JSON Schema pattern")
      else if (!a[1]) ins(a[0].end, `, { ${hook} }`, "isPattern keeps JSON Schema pattern")
      else
        flagManual(
          call,
          "pattern(re, annotations): add toJsonSchema: () => ({ pattern: re.source }) to keep the JSON Schema pattern",
        )
    } else if (how === "zero") {
      ins(a.length ? a[0].getStart(sf) : call.arguments.pos, a.length ? "0, " : "0")
    } else if (how === "twice" && a.length === 1) {
      ins(a[0].end, `, ${a[0].getText(sf)}`)
    } else if (name.text === "filter") {
      flagManual(
        call,
        "Schema.filter -> makeFilter: type the predicate parameter; use Schema.refine for type guards",
      )
      // v3 FilterIssue { path, message } is v4 { path, issue }
      const fix = (x) => {
        if (ts.isObjectLiteralExpression(x)) {
          const names = x.properties.map((p) => p.name?.text)
          if (names.length === 2 && names.includes("path") && names.includes("message")) {
            const m = x.properties.find((p) => p.name?.text === "message")
            if (ts.isShorthandPropertyAssignment(m)) rep(m, "issue: message", "FilterIssue message -> issue")
            else rep(m.name, "issue", "FilterIssue message -> issue")
          }
        }
        if (ts.isTypeLiteralNode(x)) {
          const names = x.members.map((p) => p.name?.text)
          if (names.length === 2 && names.includes("path") && names.includes("message"))
            rep(
              x.members.find((p) => p.name?.text === "message").name,
              "issue",
              "FilterIssue type message -> issue",
            )
        }
        ts.forEachChild(x, fix)
      }
      if (a[0]) fix(a[0])
    }
    if (how !== "range" && a.length && ts.isObjectLiteralExpression(a[a.length - 1]))
      for (const p of a[a.length - 1].properties)
        if (p.name && ["jsonSchema", "arbitrary"].includes(p.name.text))
          flagManual(
            call,
            `filter annotation "${p.name.text}": changed in v4 (message is a string; toJsonSchema hook)`,
          )
  }

  const visit = (n) => {
    // ---- import paths
    if (ts.isImportDeclaration(n) && MODULE_PATH[n.moduleSpecifier.text])
      rep(n.moduleSpecifier, JSON.stringify(MODULE_PATH[n.moduleSpecifier.text]), "import path")

    // ---- Module.member (values) and Module.Type (types)
    const pair = ts.isPropertyAccessExpression(n)
      ? [n.expression, n.name]
      : ts.isQualifiedName(n)
        ? [n.left, n.right]
        : undefined
    if (pair && ts.isIdentifier(pair[0])) {
      const [obj, member] = pair
      const m = mod(obj)
      const k = member.text
      if (m === "Either") {
        if (obj.text === "Either") rep(obj, "Result", "Either -> Result")
        if (EITHER[k]) rep(member, EITHER[k], `Either.${k}`)
        else if (!EITHER_SAME.has(k)) flagManual(n, `Either.${k}: no mapped Result equivalent`)
        needs.add("Result")
      } else if (m === "Schema") {
        if (SCHEMA_RENAME[k]) rep(member, SCHEMA_RENAME[k], `Schema.${k}`)
        // opt-in: JSON-facing semantics (v4's JSON Schema gives optional() fields a `null` branch and
        // Schema.Number a non-finite string branch that drops its checks)
        else if (
          k === "optional" &&
          flag("--optional-as-key") &&
          ts.isCallExpression(n.parent) &&
          n.parent.expression === n
        )
          rep(member, "optionalKey", "optional -> optionalKey")
        else if (k === "Number" && flag("--number-as-finite")) rep(member, "Finite", "Number -> Finite")
        else if (k === "NonEmptyTrimmedString")
          rep(n, `${obj.text}.Trimmed.check(${obj.text}.isNonEmpty())`, "NonEmptyTrimmedString")
        else if (k === "TaggedError") {
          /* 4.1.5 keeps Schema.TaggedError */
        } else if (SCHEMA_MANUAL[k] && !(ts.isTypeReferenceNode(n.parent) || ts.isQualifiedName(n.parent)))
          flagManual(n, `Schema.${k}: ${SCHEMA_MANUAL[k]}`)
      } else if (m === "ParseResult") {
        if (PARSE_RESULT_TYPES[k]) {
          rep(n, PARSE_RESULT_TYPES[k], `ParseResult.${k}`)
          needs.add(PARSE_RESULT_TYPES[k].split(".")[0])
        } else
          flagManual(
            n,
            `ParseResult.${k}: manual (SchemaIssue formatters / SchemaGetter / SchemaIssue leaves)`,
          )
      } else if (m === "JSONSchema") {
        flagManual(
          n,
          `JSONSchema.${k}: -> Schema.toJsonSchemaDocument(schema, options); output shape differs`,
        )
      } else if (m === "Effect") {
        if (EFFECT_RENAME[k] && ts.isPropertyAccessExpression(n)) rep(member, EFFECT_RENAME[k], `Effect.${k}`)
        else if (EFFECT_MANUAL[k]) flagManual(n, `Effect.${k}: ${EFFECT_MANUAL[k]}`)
      } else if (m === "Layer") {
        if (LAYER_RENAME[k] && ts.isPropertyAccessExpression(n)) rep(member, LAYER_RENAME[k], `Layer.${k}`)
      } else if (m === "Context") {
        if (k === "GenericTag") rep(member, "Service", "Context.GenericTag")
      } else if (m === "SchemaAST" || m === "AST") {
        flagManual(n, `SchemaAST.${k}: AST walk, v4 node kinds/annotations differ (hand migration)`)
      }
    }

    // ---- type Schema.filter<S> -> S (a checked schema keeps its type in v4); Array$ / Record$ -> $Array / $Record
    if (ts.isTypeReferenceNode(n) && ts.isQualifiedName(n.typeName) && mod(n.typeName.left) === "Schema") {
      const k = n.typeName.right.text
      if (k === "filter" && n.typeArguments?.length === 1)
        rep(n, n.typeArguments[0].getText(sf), "type Schema.filter<S> -> S")
      else if (k === "Array$" || k === "Record$")
        rep(n.typeName.right, `$${k.slice(0, -1)}`, `type Schema.${k}`)
    }
    // ---- Schema.Schema<A, I, R> -> Schema.Codec<A, I, R, R>
    if (
      ts.isTypeReferenceNode(n) &&
      ts.isQualifiedName(n.typeName) &&
      mod(n.typeName.left) === "Schema" &&
      n.typeName.right.text === "Schema" &&
      n.typeArguments &&
      n.typeArguments.length >= 2
    ) {
      rep(n.typeName.right, "Codec", "Schema.Schema<A,I,R> -> Codec")
      if (n.typeArguments.length === 3) ins(n.typeArguments[2].end, `, ${n.typeArguments[2].getText(sf)}`)
    }
    if (
      ts.isQualifiedName(n) &&
      ts.isQualifiedName(n.left) &&
      mod(n.left.left) === "Schema" &&
      n.left.right.text === "Schema" &&
      ["Any", "All", "AnyNoContext"].includes(n.right.text)
    )
      rep(n, `${n.left.left.text}.Top`, "Schema.Schema.Any -> Top")

    // ---- x.annotations({...}) -> x.annotate({...}) (any receiver: in v3 code it is a schema)
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === "annotations" &&
      mod(n.expression.expression) !== "Schema"
    )
      rep(n.expression.name, "annotate", ".annotations() -> .annotate()")

    // ---- annotation keys v4 no longer reads (annotations are open records: no type error, silently ignored)
    if (
      (ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n) || ts.isMethodDeclaration(n)) &&
      n.name &&
      ts.isIdentifier(n.name) &&
      [
        "jsonSchema",
        "arbitrary",
        "pretty",
        "equivalence",
        "parseIssueTitle",
        "decodingFallback",
        "parseOptions",
        "concurrency",
        "batching",
        "surrogate",
        "schemaId",
      ].includes(n.name.text) &&
      ts.isObjectLiteralExpression(n.parent) &&
      ts.isCallExpression(n.parent.parent) &&
      ts.isPropertyAccessExpression(n.parent.parent.expression) &&
      ["annotations", "annotate", "declare"].includes(n.parent.parent.expression.name.text)
    )
      flagManual(
        n,
        `annotation "${n.name.text}": not read by effect 4 (jsonSchema -> a check's toJsonSchema hook / Annotations.Declaration; arbitrary -> toArbitrary; pretty -> toFormatter)`,
      )

    // ---- annotations { message: () => "..." } -> { message: "..." } (v4 messages are strings)
    if (
      ts.isPropertyAssignment(n) &&
      ts.isIdentifier(n.name) &&
      n.name.text === "message" &&
      ts.isArrowFunction(n.initializer) &&
      ts.isObjectLiteralExpression(n.parent) &&
      ts.isCallExpression(n.parent.parent) &&
      ts.isPropertyAccessExpression(n.parent.parent.expression) &&
      (["annotations", "annotate"].includes(n.parent.parent.expression.name.text) ||
        Object.hasOwn(FILTERS, n.parent.parent.expression.name.text))
    ) {
      const f = n.initializer
      if (f.parameters.length === 0 && !ts.isBlock(f.body))
        rep(f, f.body.getText(sf), "message thunk -> string")
      else
        flagManual(
          n,
          "message callback with the issue: v4 messages are strings (use makeFilter returning a string)",
        )
    }

    if (ts.isCallExpression(n)) {
      const callee = n.expression
      const cname = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined
      const a = n.arguments
      // ---- variadic -> array
      if (isSchemaCall(n, ["Literal"])) {
        if (a.length === 1 && a[0].kind === ts.SyntaxKind.NullKeyword)
          rep(n, `${callee.expression.text}.Null`, "Literal(null)")
        else if (a.length === 1 && ts.isSpreadElement(a[0])) {
          rep(callee.name, "Literals", "Literal(...xs)")
          E(a[0].getStart(sf), a[0].expression.getStart(sf), "")
        } else if (a.length >= 2) {
          rep(callee.name, "Literals", "Literal(a, b)")
          ins(a[0].getStart(sf), "[")
          ins(a[a.length - 1].end, "]")
        }
      }
      if (isSchemaCall(n, ["Union", "Tuple", "TemplateLiteral", "TemplateLiteralParser"])) {
        const already = a.length === 1 && ts.isArrayLiteralExpression(a[0])
        if (!already) {
          if (a.length === 1 && ts.isSpreadElement(a[0]))
            E(a[0].getStart(sf), a[0].expression.getStart(sf), "", `${cname}(...xs)`)
          else if (a.length === 0) ins(n.arguments.pos, "[]", `${cname}()`)
          else {
            ins(a[0].getStart(sf), "[", `${cname}(a, b)`)
            ins(a[a.length - 1].end, "]")
          }
          if (
            cname === "Tuple" &&
            a.some((x) => isSchemaCall(x, ["optionalElement"]) || ts.isArrayLiteralExpression(x))
          )
            flagManual(n, "Tuple with optional/rest elements: -> Schema.optionalKey element / TupleWithRest")
        }
      }
      // ---- Record({ key, value })
      if (isSchemaCall(n, ["Record"]) && a.length === 1 && ts.isObjectLiteralExpression(a[0])) {
        const props = a[0].properties
        const key = props.find((p) => p.name?.text === "key")
        const value = props.find((p) => p.name?.text === "value")
        if (
          props.length === 2 &&
          key &&
          value &&
          ts.isPropertyAssignment(key) &&
          ts.isPropertyAssignment(value)
        ) {
          const [first, second] = key.pos < value.pos ? [key, value] : [value, key]
          if (first === key) {
            E(a[0].getStart(sf), key.initializer.getStart(sf), "", "Record({key,value})")
            E(key.initializer.end, value.initializer.getStart(sf), ", ")
            E(value.initializer.end, a[0].end, "")
          } else flagManual(n, "Record({ value, key }): reorder to Record(key, value)")
          void second
        } else flagManual(n, "Record(...) with a non-literal options object")
      }
      // ---- optionalWith
      if (isSchemaCall(n, ["optionalWith"]) && a.length === 2 && ts.isObjectLiteralExpression(a[1])) {
        const o = Object.fromEntries(a[1].properties.map((p) => [p.name?.text, p]))
        const keys = Object.keys(o).sort().join(",")
        const sN = callee.expression.text
        if (keys === "exact" && o.exact.initializer?.kind === ts.SyntaxKind.TrueKeyword) {
          rep(callee.name, "optionalKey", "optionalWith exact")
          E(a[0].end, n.end - 1, "")
        } else if ((keys === "default" || keys === "default,exact") && ts.isPropertyAssignment(o.default)) {
          const exact = keys === "default,exact" && o.exact.initializer?.kind === ts.SyntaxKind.TrueKeyword
          if (keys === "default,exact" && !exact) flagManual(n, "optionalWith exact:false + default")
          else if (foreign.has("Effect"))
            flagManual(
              n,
              "optionalWith default: needs effect's Effect, but `Effect` names something else here",
            )
          else {
            E(n.getStart(sf), a[0].getStart(sf), "", "optionalWith default")
            E(
              a[0].end,
              n.end,
              `.pipe(${sN}.withDecodingDefaultType${exact ? "Key" : ""}(Effect.sync(${o.default.initializer.getText(sf)})))`,
            )
            needs.add("Effect")
          }
        } else flagManual(n, `optionalWith({ ${keys} }): see migration/schema.md#optionalwith`)
      }
      // ---- partial(S)
      if (isSchemaCall(n, ["partial"]) && a.length === 1) {
        const inner = a[0]
        const simple =
          ts.isIdentifier(inner) || ts.isCallExpression(inner) || ts.isPropertyAccessExpression(inner)
        E(n.getStart(sf), inner.getStart(sf), simple ? "" : "(", "partial(S)")
        E(inner.end, n.end, `${simple ? "" : ")"}.mapFields(Struct.map(${callee.expression.text}.optional))`)
        needs.add("Struct")
      } else if (isSchemaCall(n, ["partialWith"]))
        flagManual(n, "partialWith: mapFields(Struct.map(Schema.optionalKey))")
      // ---- filters inside pipe(...)
      if (cname === "pipe" || (ts.isIdentifier(callee) && callee.text === "pipe")) {
        const filters = a.filter(isFilterCall)
        if (filters.length) {
          const allFilters = filters.length === a.length && ts.isPropertyAccessExpression(callee)
          if (allFilters) rep(callee.name, "check", ".pipe(filters) -> .check")
          for (const f of filters) {
            rewriteFilter(f)
            if (!allFilters) {
              ins(f.getStart(sf), `${S}.check(`, "Schema.check(...) wrap")
              ins(f.end, ")")
            }
          }
        }
      } else if (
        isFilterCall(n) &&
        !(
          n.parent &&
          ts.isCallExpression(n.parent) &&
          ((ts.isPropertyAccessExpression(n.parent.expression) &&
            ["pipe", "check"].includes(n.parent.expression.name.text)) ||
            (ts.isIdentifier(n.parent.expression) && n.parent.expression.text === "pipe"))
        )
      ) {
        if (n.expression.name.text !== "filter" || !ts.isCallExpression(n.parent))
          flagManual(n, `Schema.${n.expression.name.text} outside .pipe(): rewrite as check(Schema.is...)`)
        else flagManual(n, "Schema.filter outside .pipe()")
      }
      // ---- Either.match({ onLeft, onRight })
      if (ts.isPropertyAccessExpression(callee) && mod(callee.expression) === "Either" && cname === "match")
        for (const arg of a)
          if (ts.isObjectLiteralExpression(arg))
            for (const p of arg.properties)
              if (
                p.name &&
                ts.isIdentifier(p.name) &&
                (p.name.text === "onLeft" || p.name.text === "onRight")
              )
                rep(p.name, p.name.text === "onLeft" ? "onFailure" : "onSuccess", "match keys")
      // ---- Context.Tag("id")<Self, Shape>()  ->  Context.Service<Self, Shape>()("id")
      if (
        n.typeArguments &&
        ts.isCallExpression(callee) &&
        ts.isPropertyAccessExpression(callee.expression) &&
        mod(callee.expression.expression) === "Context" &&
        callee.expression.name.text === "Tag"
      ) {
        const ctx = callee.expression.expression.text
        const id = callee.arguments.map((x) => x.getText(sf)).join(", ")
        const targs = n.typeArguments.map((x) => x.getText(sf)).join(", ")
        rep(n, `${ctx}.Service<${targs}>()(${id})`, "Context.Tag class")
        return // children already rewritten as text
      }
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return applyEdits(text, edits)
}

// rebuild `import { ... } from "effect"`: drop modules no longer referenced, add introduced ones
function fixImports(file, text, needs) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const used = new Set()
  const scan = (n) => {
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) used.add(n.expression.text)
    if (ts.isQualifiedName(n) && ts.isIdentifier(n.left)) used.add(n.left.text)
    if (ts.isTypeQueryNode(n) && ts.isIdentifier(n.exprName)) used.add(n.exprName.text)
    if (
      ts.isIdentifier(n) &&
      !ts.isImportSpecifier(n.parent) &&
      !ts.isPropertyAccessExpression(n.parent) &&
      !ts.isQualifiedName(n.parent)
    )
      used.add(n.text)
    ts.forEachChild(n, scan)
  }
  for (const st of sf.statements) if (!ts.isImportDeclaration(st)) scan(st)
  const imports = sf.statements.filter(
    (s) =>
      ts.isImportDeclaration(s) &&
      s.moduleSpecifier.text === "effect" &&
      s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings),
  )
  const have = new Set()
  for (const s of imports) for (const el of s.importClause.namedBindings.elements) have.add(el.name.text)
  const droppable = new Set(["Either", "ParseResult", "JSONSchema"])
  const edits = []
  const target = imports.find((s) => !s.importClause.isTypeOnly)
  for (const s of imports) {
    const els = s.importClause.namedBindings.elements
    let names = els
      .filter((el) => !(droppable.has(el.name.text) && !used.has(el.name.text)))
      .map((el) => el.getText(sf))
    if (s === target) for (const x of needs) if (!have.has(x) && used.has(x)) names.push(x)
    names = [...new Set(names)].sort((x, y) => x.replace(/^type /, "").localeCompare(y.replace(/^type /, "")))
    const nb = s.importClause.namedBindings
    if (names.length === 0) edits.push({ start: s.getStart(sf), end: s.end, text: "" })
    else edits.push({ start: nb.getStart(sf), end: nb.end, text: `{ ${names.join(", ")} }` })
  }
  if (!target) {
    const add = [...needs].filter((x) => !have.has(x) && used.has(x))
    if (add.length) {
      const last = [...sf.statements].reverse().find(ts.isImportDeclaration)
      const pos = last ? last.end : 0
      edits.push({
        start: pos,
        end: pos,
        text: `${last ? "\n" : ""}import { ${add.sort().join(", ")} } from "effect"${last ? "" : "\n"}`,
      })
    }
  }
  return applyEdits(text, edits).out
}

// ---------------------------------------------------------------- phase 2 (types)
function phase2(files) {
  const tsconfig = opt("--tsconfig") ?? ts.findConfigFile(path.resolve(root), ts.sys.fileExists)
  if (!tsconfig) return console.error("phase 2 skipped: no tsconfig found")
  const cfg = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  const program = ts.createProgram({
    rootNames: [...new Set([...cfg.fileNames, ...files.map((f) => path.resolve(f))])],
    options: { ...cfg.options, noEmit: true, composite: false, incremental: false },
  })
  const checker = program.getTypeChecker()
  const isResultType = (t) => {
    const parts = t.isUnion() ? t.types : [t]
    return (
      parts.length > 0 &&
      parts.every((p) => {
        const s = p.aliasSymbol ?? p.getSymbol()
        const d = s?.declarations?.[0]
        return (
          !!d &&
          ["Result", "Failure", "Success"].includes(s.name) &&
          /node_modules[\\/]effect[\\/]dist[\\/]Result\.d\.ts$/.test(d.getSourceFile().fileName)
        )
      })
    )
  }
  const isSchemaLiteral = (t) => {
    const parts = t.isUnion() ? t.types : [t]
    return parts.every((p) => {
      const s = p.aliasSymbol ?? p.getSymbol()
      const d = s?.declarations?.[0]
      return (
        !!d &&
        s.name === "Literal" &&
        /node_modules[\\/]effect[\\/]dist[\\/]Schema\.d\.ts$/.test(d.getSourceFile().fileName)
      )
    })
  }
  const wanted = new Set(files.map((f) => path.resolve(f)))
  let changed = 0
  for (const sf of program.getSourceFiles()) {
    if (!wanted.has(path.resolve(sf.fileName))) continue
    const edits = []
    const visit = (n) => {
      if (ts.isPropertyAccessExpression(n) && (n.name.text === "left" || n.name.text === "right")) {
        if (isResultType(checker.getTypeAtLocation(n.expression))) {
          edits.push({
            start: n.name.getStart(sf),
            end: n.name.end,
            text: n.name.text === "left" ? "failure" : "success",
          })
          count(`.${n.name.text} on a Result`)
        }
      }
      if (
        ts.isElementAccessExpression(n) &&
        ts.isNumericLiteral(n.argumentExpression) &&
        n.argumentExpression.text === "0" &&
        ts.isPropertyAccessExpression(n.expression) &&
        n.expression.name.text === "literals" &&
        isSchemaLiteral(checker.getTypeAtLocation(n.expression.expression))
      ) {
        edits.push({ start: n.expression.name.getStart(sf), end: n.end, text: "literal" })
        count(".literals[0] on a Literal -> .literal")
      }
      if (
        ts.isBinaryExpression(n) &&
        ts.isStringLiteral(n.right) &&
        ["Left", "Right"].includes(n.right.text) &&
        ts.isPropertyAccessExpression(n.left) &&
        n.left.name.text === "_tag" &&
        isResultType(checker.getTypeAtLocation(n.left.expression))
      ) {
        edits.push({
          start: n.right.getStart(sf),
          end: n.right.end,
          text: n.right.text === "Left" ? '"Failure"' : '"Success"',
        })
        count("_tag Left/Right")
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
    if (!edits.length) continue
    const { out } = applyEdits(sf.text, edits)
    changed++
    if (!DRY) fs.writeFileSync(sf.fileName, out)
  }
  console.error(`phase 2: ${changed} file(s) changed`)
}

// ---------------------------------------------------------------- main
const files = fs.statSync(root).isDirectory() ? walk(root) : [root]
let touched = 0
for (const f of files) {
  const orig = fs.readFileSync(f, "utf8")
  if (!/from "effect(\/[A-Za-z]+)?"/.test(orig)) continue
  const needs = new Set()
  let text = orig
  for (let i = 0; i < 5; i++) {
    const { out, deferred } = phase1(f, text, needs)
    const done = out === text
    text = out
    if (done || !deferred) break
  }
  text = fixImports(f, text, needs)
  if (text !== orig) {
    touched++
    if (!DRY) fs.writeFileSync(f, text)
  }
}
console.error(`phase 1: ${touched}/${files.length} file(s) changed`)
if (!flag("--no-types") && !DRY) phase2(files)
{
  // a site flagged on several passes is reported once
  const seen = new Set()
  const uniq = manual.filter((m) => {
    const k = `${m.file}:${m.line}:${m.why}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  manual.splice(0, manual.length, ...uniq)
}
const byWhy = {}
for (const m of manual) byWhy[m.why] = (byWhy[m.why] ?? 0) + 1
console.log(JSON.stringify({ rewrites: stats, manualByReason: byWhy, manualSites: manual.length }, null, 2))
for (const m of manual)
  console.log(`MANUAL ${path.relative(process.cwd(), m.file)}:${m.line}  ${m.why}  | ${m.text}`)
if (opt("--report")) fs.writeFileSync(opt("--report"), JSON.stringify({ stats, manual }, null, 2))
