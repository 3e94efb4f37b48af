/**
 * GraphQL at /graphql (graphql-yoga + Pothos) over the same application layer as REST, with
 * GraphiQL for a browser's GET. Failures of the use-cases carry the REST codes in `extensions`;
 * anything else is logged and masked ("Unexpected error.", code internal). Depth and cost are
 * bounded from the config.
 */
import { GraphQLError } from "graphql"
import { createYoga, maskError } from "graphql-yoga"
import type * as App from "../app/App.js"
import type { Config } from "../config.js"
import { makeContext } from "./context.js"
import { limitsPlugin } from "./limits.js"
import { LoggedInternalError } from "./resolve.js"
import { schema } from "./schema/index.js"

const describe = (error: unknown): string => {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error
  return original instanceof Error ? (original.stack ?? original.message) : String(original)
}

export const makeGraphql = (deps: App.Deps, config: Config, log: (msg: string) => void) =>
  createYoga({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    graphiql: { title: "Blight Rules GraphQL" },
    maskedErrors: {
      isDev: false,
      maskError: (error, message) => {
        // Yoga's own rule: GraphQL's errors and ours (from an ApiError) pass; anything else is masked.
        const masked = maskError(error, message, false)
        if (masked === error) return masked
        const original = error instanceof GraphQLError ? error.originalError : error
        if (!(original instanceof LoggedInternalError)) log(`graphql internal error: ${describe(error)}`)
        return new GraphQLError(message, {
          ...(masked instanceof GraphQLError
            ? {
                nodes: masked.nodes ?? null,
                source: masked.source ?? null,
                positions: masked.positions ?? null,
                path: masked.path ?? null,
              }
            : {}),
          extensions: { code: "internal", status: 500 },
        })
      },
    },
    logging: false,
    context: ({ request }) => makeContext(deps, log, request.headers.get("authorization")),
    plugins: [limitsPlugin(config)],
  })
