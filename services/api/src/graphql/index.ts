/**
 * GraphQL at /graphql (graphql-yoga + Pothos) over the same application layer as REST.
 */
import { createYoga } from "graphql-yoga"
import type * as App from "../app/App.js"
import type { Config } from "../config.js"
import { makeSchema } from "./schema.js"

export const makeGraphql = (deps: App.Deps, config: Config, log: (msg: string) => void) =>
  createYoga({
    schema: makeSchema(deps),
    graphqlEndpoint: "/graphql",
    landingPage: false,
    maskedErrors: {
      maskError: (error, message) => (log(`graphql error: ${String(error)}`), new Error(message)),
    },
    logging: false,
    context: ({ request }) => ({ request }),
    ...(config.graphqlMaxDepth ? {} : {}),
  })
