/**
 * Decoding a request: its body or query against the use-case's schema, or a 400 listing each
 * problem with its path. Every transport hands the use-cases the raw input, so all get these checks.
 */
import { SchemaText } from "@blight/dice"
import { type Problem, Violation } from "@blight/rules"
import { Effect, Result, Schema } from "effect"
import { type ApiError, badRequest, type ErrorDetail, MAX_DETAILS } from "./ApiError.js"

/**
 * Decodes a request body against a schema, or a 400 listing the problems with their paths (the
 * first MAX_DETAILS, and how many more: see ApiError.boundDetails). The body has passed the
 * structural check first, so the schema's work is bounded.
 */
export const decodeBody = <A, I>(
  schema: Schema.Codec<A, I>,
  body: unknown,
  what: "request body" | "query" | "Last-Event-ID header" = "request body",
): Effect.Effect<A, ApiError> =>
  Result.match(
    // The rejected values are kept in the issue, so each message says what was sent ("actual …").
    Schema.decodeUnknownResult(schema, {
      errors: "all",
      onExcessProperty: "error",
      ...SchemaText.parseOptions,
    })(body),
    {
      onFailure: (e) => {
        const issues = Violation.readableIssues(SchemaText.problems(e))
        // Only the listed ones are formatted; the rest are counted (boundDetails keeps the count).
        const listed = issues.slice(0, MAX_DETAILS).map((i) => ({
          path: i.path.map(String).join(".") || "(root)",
          message: plainExpected(i.message),
        }))
        const unlisted = issues.slice(MAX_DETAILS).map(() => OMITTED)
        return Effect.fail(badRequest(`the ${what} does not match the schema`, [...listed, ...unlisted]))
      },
      onSuccess: Effect.succeed,
    },
  )

/**
 * An unnamed struct's issue spells out its whole type ("Expected { readonly sides: minItems(2) &
 * …; … }, actual 5"): a caller reads "Expected an object, actual 5", the path saying which.
 */
const plainExpected = (message: string): string =>
  message.replace(/^Expected \{ readonly [\s\S]*\}, actual ([\s\S]*)$/, "Expected an object, actual $1")

/** Decodes a query string's parameters: as decodeBody, saying it is the query that is wrong. */
export const decodeQuery = <A, I>(schema: Schema.Codec<A, I>, query: unknown) =>
  decodeBody(schema, query, "query")

/** Stands in for a detail past MAX_DETAILS: counted in `omitted`, never shown. */
const OMITTED: ErrorDetail = { path: "", message: "" }

/**
 * A refusal's details: its violations (paths rewritten by `at`), then one placeholder per
 * violation the rules library left out (R-BUILDER-07), so the answer's `omitted` counts them all.
 */
export const violationDetails = (
  refusal: { readonly violations: ReadonlyArray<ErrorDetail>; readonly omitted?: number | undefined },
  at: (path: string) => string = (p) => p,
): ErrorDetail[] => [
  ...refusal.violations.map((v) => ({ ...v, path: at(v.path) })),
  ...Array.from({ length: refusal.omitted ?? 0 }, () => OMITTED),
]

/** The rules library's problems (a pack's, say) as an answer's details. */
export const problemDetails = (problems: ReadonlyArray<Problem.Problem>): ErrorDetail[] =>
  problems.map((p) => ({
    ...(p.pack ? { pack: p.pack } : {}),
    path: p.path || "(root)",
    message: p.message,
    ...(p.clause ? { clause: p.clause } : {}),
  }))
