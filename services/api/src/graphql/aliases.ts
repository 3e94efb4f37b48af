/**
 * Every alias in a document counts, whatever the field it renames (graphql-armor's alias limit
 * lets `__typename` aliases through, so 1,000 of them passed). Fragments count once each, where
 * they are defined.
 */
import { GraphQLError, type ValidationRule } from "graphql"
import type { Plugin } from "graphql-yoga"

export const aliasLimitRule =
  (max: number): ValidationRule =>
  (context) => {
    let count = 0
    return {
      Field: (node) => {
        if (!node.alias) return
        count++
        if (count === max + 1)
          context.reportError(
            new GraphQLError(`the query is refused: more than ${max} aliases`, {
              nodes: [node],
              extensions: {
                code: "bad_request",
                status: 400,
                details: [{ path: "query", message: `more than ${max} aliases` }],
              },
            }),
          )
      },
    }
  }

export const aliasLimitPlugin = (max: number): Plugin => ({
  onValidate: ({ addValidationRule }) => addValidationRule(aliasLimitRule(max)),
})
