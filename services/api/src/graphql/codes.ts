/**
 * The REST codes for the errors GraphQL and Yoga raise themselves, so every error a client reads
 * has one of our codes in `extensions.code` (with its `status`): a body that is not JSON, a
 * document that does not parse or validate, or variables that do not fit their types are
 * bad_request, like a REST body that does not match its schema; a body over the size limit is
 * payload_too_large; a wrong method is method_not_allowed. Errors that already carry one of our
 * codes (from a use-case, a refused limit, or masking) are left as they are, and so are a field's
 * errors.
 */
import type { ExecutionResult, GraphQLError } from "graphql"
import type { Plugin } from "graphql-yoga"
import { CODES, type Code } from "../app/ApiError.js"

const isCode = (code: unknown): code is Code => typeof code === "string" && Object.hasOwn(CODES, code)

const codeFor = (extensions: Record<string, unknown>): Code => {
  const status = (extensions.http as { status?: unknown } | undefined)?.status
  const byStatus = (Object.keys(CODES) as Code[]).find((c) => CODES[c] === status)
  return byStatus ?? "bad_request"
}

const withRestCode = (error: GraphQLError, requestId: string | undefined) => {
  const extensions = error.extensions as Record<string, unknown>
  // A masked internal error names the request, so the one log line about it can be found.
  if (extensions.code === "internal" && requestId) extensions.requestId = requestId
  if (isCode(extensions.code) || error.path) return
  const code = codeFor(extensions)
  extensions.code = code
  extensions.status = CODES[code]
}

const results = (result: unknown): ExecutionResult[] =>
  Array.isArray(result)
    ? result.flatMap(results)
    : result !== null && typeof result === "object" && "errors" in result
      ? [result as ExecutionResult]
      : []

export const restCodesPlugin = (): Plugin<{ requestId?: string }> => ({
  onResultProcess: ({ result, serverContext }) => {
    const requestId = (serverContext as { requestId?: string } | undefined)?.requestId
    for (const r of results(result)) for (const error of r.errors ?? []) withRestCode(error, requestId)
  },
})
