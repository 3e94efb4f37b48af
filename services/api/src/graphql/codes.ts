/**
 * The REST codes for GraphQL's own request errors: a document that does not parse or validate, or
 * variables that do not fit their types, is a bad request (`extensions.code` bad_request, status
 * 400), like a REST body that does not match its schema. Errors that already carry one of our
 * codes (from a use-case, or a refused limit) are left as they are.
 */
import type { GraphQLError } from "graphql"
import type { Plugin } from "graphql-yoga"

const ours = (code: unknown) => typeof code === "string" && /^[a-z_]+$/.test(code)

const asBadRequest = (error: GraphQLError) => {
  const extensions = error.extensions as Record<string, unknown>
  if (ours(extensions.code)) return
  extensions.code = "bad_request"
  extensions.status = 400
}

export const restCodesPlugin = (): Plugin => ({
  onParse:
    () =>
    ({ result }) => {
      if (result instanceof Error && "extensions" in result) asBadRequest(result as GraphQLError)
    },
  onValidate:
    () =>
    ({ valid, result }) => {
      if (!valid) for (const error of result) asBadRequest(error)
    },
  onExecute: () => ({
    onExecuteDone: ({ result }) => {
      // Errors without a path are the request's (variables), not a field's.
      if ("errors" in result && result.errors && result.data === undefined)
        for (const error of result.errors) if (!error.path) asBadRequest(error)
    },
  }),
})
