/**
 * What a request carries, bounded before anything reads it: a NUL in a query or a GraphQL
 * document, a body read with a hard limit, and a JSON body parsed and shape-checked.
 */
import type { Request } from "@whatwg-node/fetch"
import { ApiError, badRequest } from "../app/ApiError.js"
import { checkShape, defaultShapeLimits, NUL_MESSAGE } from "../limits/shape.js"

/** The first query parameter (its name) whose name or value holds a NUL, if any (see NUL_MESSAGE). */
export const nulIn = (search: URLSearchParams): string | undefined => {
  for (const [k, v] of search)
    if (k.includes("\u0000") || v.includes("\u0000")) return k.replaceAll("\u0000", "\\u0000")
  return undefined
}

/** A GraphQL string literal may spell a NUL as an escape (`"\u0000"`, `"\u{0}"`): refused as a body's NUL is. */
const NUL_ESCAPE = /\\u(?:0000|\{0+\})/i
export const nulInQuery = (query: string | undefined): ApiError | undefined =>
  query !== undefined && (query.includes("\u0000") || NUL_ESCAPE.test(query))
    ? badRequest(`the query ${NUL_MESSAGE}`, [{ path: "query", message: NUL_MESSAGE }])
    : undefined

/** Reads a body as text with a hard limit, so a lying Content-Length can't exhaust memory. */
export const readBody = async (request: Request, limit: number): Promise<string | "too-large"> => {
  const length = request.headers.get("content-length")
  const declared = Number(length ?? "0")
  if (declared > limit) return "too-large"
  // A declared length the server holds the body to: read it whole (much faster than chunk by chunk).
  if (length !== null && Number.isInteger(declared)) return request.text()
  if (!request.body) return ""
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return "too-large"
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString("utf8")
}

/**
 * Parses a JSON body and checks its shape (depth, sizes) before any schema sees it. The failure
 * is the error to answer: malformed JSON or a deep body is a 400, a huge one a 413.
 */
export const parseJsonBody = (
  text: string,
): { ok: true; value: unknown } | { ok: false; error: ApiError } => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    const why = e instanceof Error ? e.message.slice(0, 200) : "malformed"
    return { ok: false, error: badRequest(`the body is not valid JSON: ${why}`) }
  }
  const problem = checkShape(value, defaultShapeLimits)
  if (!problem) return { ok: true, value }
  return {
    ok: false,
    error: new ApiError({
      code: problem.tooLarge ? "payload_too_large" : "bad_request",
      message: `the body is refused before validation: ${problem.message}`,
      details: [{ path: problem.path, message: problem.message }],
    }),
  }
}

/** The refusal of a body (or a declared length) over MAX_BODY_BYTES. */
export const tooLarge = (maxBytes: number) =>
  new ApiError({ code: "payload_too_large", message: `the body is larger than ${maxBytes} bytes` })
