/**
 * GraphQL at /graphql (graphql-yoga + Pothos) over the same application layer as REST, with
 * GraphiQL for a browser's GET. Failures of the use-cases carry the REST codes in `extensions`;
 * anything else is logged and masked ("Unexpected error.", code internal). Depth and cost are
 * bounded from the config.
 */
import { GraphQLError } from "graphql"
import { renderGraphiQL } from "@graphql-yoga/render-graphiql"
import { createYoga } from "graphql-yoga"
import type * as App from "../app/App.js"
import type { Config } from "../config.js"
import { restCodesPlugin } from "./codes.js"
import { makeContext } from "./context.js"
import { limitsPlugin } from "./limits.js"
import { LoggedInternalError } from "./resolve.js"
import { schema } from "./schema/index.js"

/** GraphQL's error class, by name: a bundler or test runner may load two copies of graphql. */
const isGraphQLError = (e: unknown): e is GraphQLError => e instanceof Error && e.name === "GraphQLError"

/** Yoga's rule: an error is shown as it is if it, and every error it wraps, is a GraphQL error. */
const isOriginalGraphQLError = (e: unknown): boolean =>
  isGraphQLError(e) && (e.originalError == null || isOriginalGraphQLError(e.originalError))

const describe = (error: unknown): string => {
  const original = isGraphQLError(error) ? (error.originalError ?? error) : error
  return original instanceof Error ? (original.stack ?? original.message) : String(original)
}

export const makeGraphql = (deps: App.Deps, config: Config, log: (msg: string) => void) =>
  createYoga({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    // Bodies sent without a Content-Length are bounded here (the server checks a declared one).
    maxRequestBodySize: config.maxBodyBytes,
    graphiql: { title: "Blight Rules GraphQL" },
    // GraphiQL served from the installed package, not a CDN: the service works with no internet.
    renderGraphiQL,
    maskedErrors: {
      isDev: false,
      maskError: (error, message) => {
        // GraphQL's own errors and the use-cases' (from an ApiError) are shown; anything else is masked.
        if (isOriginalGraphQLError(error)) return error as Error
        const original = isGraphQLError(error) ? error.originalError : error
        if (!(original instanceof LoggedInternalError)) log(`graphql internal error: ${describe(error)}`)
        return new GraphQLError(message, {
          ...(isGraphQLError(error)
            ? {
                nodes: error.nodes ?? null,
                source: error.source ?? null,
                positions: error.positions ?? null,
                path: error.path ?? null,
              }
            : {}),
          extensions: { code: "internal", status: 500 },
        })
      },
    },
    logging: false,
    context: ({ request }) => makeContext(deps, log, request.headers.get("authorization")),
    plugins: [limitsPlugin(config), restCodesPlugin()],
  })
