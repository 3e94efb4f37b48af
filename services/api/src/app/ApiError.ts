/**
 * Every error the service answers with, one shape for REST and GraphQL:
 * `{"error":{"code":…,"message":…,"details":[{"path":…,"message":…,"clause":…}]}}`.
 */
import { Schema } from "effect"

export const ErrorDetail = Schema.Struct({
  /** The content pack the problem is in, when it is in one. */
  pack: Schema.optional(Schema.String),
  path: Schema.String,
  message: Schema.String,
  /** The rule broken, as a clause or ruling ID; docs/rules-reference.md explains each under its lower-cased ID. */
  clause: Schema.optional(
    Schema.String.annotate({
      description:
        "The rule broken: a clause (B-…, N-…) or ruling (R-…) ID, explained in the repository's docs/rules-reference.md (anchor: the ID in lower case, e.g. #b-fight-01)",
    }),
  ),
}).annotate({ identifier: "ErrorDetail" })
export type ErrorDetail = typeof ErrorDetail.Type

/** At most this many details in one answer; the rest are counted in `omitted`. */
export const MAX_DETAILS = 20
/** A detail's message or path is cut to this many characters. */
export const MAX_DETAIL_TEXT = 300

const cut = (s: string) => (s.length > MAX_DETAIL_TEXT ? `${s.slice(0, MAX_DETAIL_TEXT - 1)}…` : s)

/**
 * An error report of bounded size, whatever the input: the first MAX_DETAILS details, each text
 * cut short, and how many were left out. Every answer goes through this, so a huge bad body can
 * never be answered with a huge list.
 */
export const boundDetails = (
  details: ReadonlyArray<ErrorDetail>,
): { details: ErrorDetail[]; omitted: number } => ({
  details: details.slice(0, MAX_DETAILS).map((d) => ({
    ...(d.pack === undefined ? {} : { pack: cut(d.pack) }),
    path: cut(d.path),
    message: cut(d.message),
    ...(d.clause === undefined ? {} : { clause: d.clause }),
  })),
  omitted: Math.max(0, details.length - MAX_DETAILS),
})

/** The error codes, each with its HTTP status. */
export const CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rules_violated: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
} as const
export type Code = keyof typeof CODES

export const ErrorCode = Schema.Literals(Object.keys(CODES) as Code[])

/** The JSON body of every error answer. */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    code: ErrorCode,
    message: Schema.String,
    details: Schema.optional(Schema.Array(ErrorDetail).check(Schema.isMaxLength(MAX_DETAILS))),
    omitted: Schema.optional(
      Schema.Int.annotate({
        description: `How many details were left out (at most ${MAX_DETAILS} are listed)`,
      }),
    ),
    requestId: Schema.optional(
      Schema.String.annotate({ description: "The request's id, also in the X-Request-Id header" }),
    ),
  }),
}).annotate({
  identifier: "Error",
  description: "Every error: a code, a sentence, and the details (pack, path, message, clause)",
})

export class ApiError extends Schema.TaggedError<ApiError>()("ApiError", {
  code: ErrorCode,
  message: Schema.String,
  details: Schema.optional(Schema.Array(ErrorDetail)),
  /** A 429's wait, in seconds (sent as Retry-After). */
  retryAfter: Schema.optional(Schema.Int),
}) {
  get status(): number {
    return CODES[this.code]
  }
  toBody(requestId?: string): typeof ErrorBody.Type {
    const bounded = this.details ? boundDetails(this.details) : undefined
    return {
      error: {
        code: this.code,
        message: this.message.length > 1000 ? `${this.message.slice(0, 999)}…` : this.message,
        ...(bounded ? { details: bounded.details } : {}),
        ...(bounded?.omitted ? { omitted: bounded.omitted } : {}),
        ...(requestId ? { requestId } : {}),
      },
    }
  }
}

export const badRequest = (message: string, details?: ReadonlyArray<ErrorDetail>) =>
  new ApiError({ code: "bad_request", message, ...(details ? { details } : {}) })
export const unauthorized = (message = "a valid API key is needed: Authorization: Bearer <key>") =>
  new ApiError({ code: "unauthorized", message })
export const forbidden = (message: string) => new ApiError({ code: "forbidden", message })
export const notFound = (message: string) => new ApiError({ code: "not_found", message })
export const conflict = (message: string) => new ApiError({ code: "conflict", message })
export const rateLimited = (message: string, retryAfter: number) =>
  new ApiError({ code: "rate_limited", message, retryAfter })
export const rulesViolated = (message: string, details: ReadonlyArray<ErrorDetail>) =>
  new ApiError({ code: "rules_violated", message, details })
