/**
 * Every answer's JSON shape: a body, an error as REST answers it (the request's id inside), the
 * same error shaped as a GraphQL answer, and the safety net that gives any JSON-less refusal one.
 */
import { Response } from "@whatwg-node/server"
import { ApiError, CODES, type Code } from "../app/ApiError.js"

export const JSON_TYPE = "application/json; charset=utf-8"

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE, ...headers } })

/** The body of an opaque 500: the request id lets an operator find the one log line about it. */
export const internalBody = (requestId: string) => ({
  error: { code: "internal", message: "something went wrong on our side; it has been logged", requestId },
})

/** An ApiError as REST answers it; a 401 says how to authenticate (RFC 6750). */
export const errorResponse = (e: ApiError, requestId: string, headers: Record<string, string> = {}) =>
  json(e.status, e.toBody(requestId), {
    ...(e.code === "unauthorized" ? { "www-authenticate": 'Bearer realm="blight"' } : {}),
    ...(e.retryAfter ? { "retry-after": String(e.retryAfter) } : {}),
    ...headers,
  })

/** The same error, shaped as a GraphQL answer (for requests to /graphql refused before Yoga). */
export const graphqlErrorResponse = (
  e: ApiError,
  requestId: string,
  headers: Record<string, string> = {},
) => {
  const { error } = e.toBody(requestId)
  return json(
    e.status,
    {
      errors: [
        {
          message: error.message,
          extensions: {
            code: e.code,
            status: e.status,
            requestId,
            ...(error.details ? { details: error.details } : {}),
          },
        },
      ],
    },
    {
      ...(e.code === "unauthorized" ? { "www-authenticate": 'Bearer realm="blight"' } : {}),
      ...headers,
    },
  )
}

const SENTENCES: Partial<Record<Code, string>> = {
  not_acceptable: "none of the types in Accept can be answered: ask for application/json",
  method_not_allowed: "that method is not allowed here",
  unsupported_media_type: "send the body as application/json",
}

/**
 * The safety net of the one error path: a refusal that some layer (Yoga, the adapter) answered
 * without a JSON body gets one, with the code of its status, so every error reads the same.
 */
export const withJsonError = (response: Response, requestId: string, path: string): Response => {
  if (response.status < 400 || /json/i.test(response.headers.get("content-type") ?? "")) return response
  const code = (Object.keys(CODES) as Code[]).find((c) => CODES[c] === response.status) ?? "bad_request"
  const e = new ApiError({ code, message: SENTENCES[code] ?? `refused: ${code.replace(/_/g, " ")}` })
  const headers: Record<string, string> = {}
  for (const h of ["allow", "accept", "retry-after", "www-authenticate"]) {
    const v = response.headers.get(h)
    if (v) headers[h] = v
  }
  return path === "/graphql"
    ? graphqlErrorResponse(e, requestId, headers)
    : errorResponse(e, requestId, headers)
}
