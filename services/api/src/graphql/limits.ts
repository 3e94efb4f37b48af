/**
 * Bounds on what a GraphQL document may ask, checked before anything runs (graphql-armor as an
 * Envelop plugin): depth and cost from the config, plus armor's token, alias and directive limits.
 * A refused document answers with code bad_request and a sentence saying which limit and by how much.
 *
 * Depth counts nested fields (`{ refuge { stores { salvage } } }` is 3). Cost is armor's: 1 per
 * scalar field, 2 per object field plus 1.5 × the cost of its selection, so it grows with width and
 * (geometrically) with depth; it does not know how long a list will be.
 */
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor"
import { GraphQLError, type ValidationContext } from "graphql"
import type { Config } from "../config.js"

/** Armor's message, without its misleading "Syntax Error:" prefix. */
const refusal = (error: GraphQLError) => {
  const message = error.message.replace(/^Syntax Error: /, "")
  return new GraphQLError(`the query is refused: ${message}`, {
    extensions: { code: "bad_request", status: 400, details: [{ path: "query", message }] },
  })
}

/** Reported as a validation error, beside any others. */
const report = {
  propagateOnRejection: false,
  onReject: [(ctx: ValidationContext | null, e: GraphQLError) => ctx?.reportError(refusal(e))],
}

/** Most aliases in one document (counted by ./aliases.ts for every field, `__typename` too). */
export const MAX_ALIASES = 30

export const limitsPlugin = (config: Config) =>
  EnvelopArmorPlugin({
    // Fragments are flattened: depth and cost count fields, not the fragments that group them.
    maxDepth: { n: config.graphqlMaxDepth, flattenFragments: true, ...report },
    costLimit: { maxCost: config.graphqlMaxCost, flattenFragments: true, ...report },
    // Parsing happens before validation, so a token-limit refusal is thrown from the parser.
    maxTokens: {
      n: 5000,
      propagateOnRejection: false,
      onReject: [
        (_ctx, e) => {
          throw refusal(e)
        },
      ],
    },
    maxAliases: { n: MAX_ALIASES, ...report },
    maxDirectives: { n: 50, ...report },
    // The schema is public (introspection, GraphiQL, the committed schema.graphql), so hiding
    // "Did you mean …?" protects nothing and makes errors harder to read.
    blockFieldSuggestion: { enabled: false },
  })
