/**
 * Every error the service answers with, one shape for REST and GraphQL:
 * `{"error":{"code":…,"message":…,"details":[{"path":…,"message":…,"clause":…}]}}`.
 */
import { Schema } from "effect"

export const ErrorDetail = Schema.Struct({
  path: Schema.String,
  message: Schema.String,
  clause: Schema.optional(Schema.String),
}).annotations({ identifier: "ErrorDetail" })
export type ErrorDetail = typeof ErrorDetail.Type

/** The error codes, each with its HTTP status. */
export const CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rules_violated: 422,
  rate_limited: 429,
  internal: 500,
} as const
export type Code = keyof typeof CODES

export const ErrorCode = Schema.Literal(...(Object.keys(CODES) as Code[]))

/** The JSON body of every error answer. */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    code: ErrorCode,
    message: Schema.String,
    details: Schema.optional(Schema.Array(ErrorDetail)),
  }),
}).annotations({
  identifier: "Error",
  description: "Every error: a code, a sentence, and the details (path, message, clause)",
})

export class ApiError extends Schema.TaggedError<ApiError>()("ApiError", {
  code: ErrorCode,
  message: Schema.String,
  details: Schema.optional(Schema.Array(ErrorDetail)),
}) {
  get status(): number {
    return CODES[this.code]
  }
  toBody(): typeof ErrorBody.Type {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
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
export const rulesViolated = (message: string, details: ReadonlyArray<ErrorDetail>) =>
  new ApiError({ code: "rules_violated", message, details })
