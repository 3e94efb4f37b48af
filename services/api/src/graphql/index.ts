/**
 * GraphQL at /graphql (graphql-yoga + Pothos) over the same application layer as REST, with
 * GraphiQL for a browser's GET. Failures of the use-cases carry the REST codes in `extensions`;
 * anything else is logged and masked ("Unexpected error.", code internal). Depth and cost are
 * bounded from the config.
 */

import { createInMemoryCache, useResponseCache } from "@graphql-yoga/plugin-response-cache"
import { renderGraphiQL } from "@graphql-yoga/render-graphiql"
import { GraphQLError } from "graphql"
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

/**
 * Root fields whose answer depends on nothing but their arguments and the loaded content: exact odds,
 * and content (which changes only when a pack is uploaded, and then the cache is dropped).
 */
const PURE = /^(listContent|getContent|odds[A-Z]\w*)$/

/**
 * A response cache for queries made only of pure fields. Every other Query field gets TTL 0, so a
 * query that touches a Refuge, a player or a pack is never cached; mutations never are. Public
 * session: what is cached is the same for everyone.
 */
const responseCache = () => {
  const cache = createInMemoryCache({ max: 1000 })
  const ttlPerSchemaCoordinate = Object.fromEntries(
    Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => [
      `Query.${f}`,
      PURE.test(f) ? Number.POSITIVE_INFINITY : 0,
    ]),
  )
  // Requests whose answer the cache kept: the server may keep their bytes too.
  const kept = new WeakSet<Request>()
  const plugin = useResponseCache({
    cache,
    session: () => null,
    ttl: 0,
    ttlPerSchemaCoordinate,
    includeExtensionMetadata: false,
    onTtl: ({ ttl, context }) => {
      const request = (context as { request?: Request }).request
      if (ttl > 0 && request) kept.add(request)
      return ttl
    },
  })
  return {
    plugin,
    wasCached: (request: Request) => kept.has(request),
    invalidateContent: () =>
      void cache.invalidate([{ typename: "ContentPage" }, { typename: "ContentEntry" }]),
  }
}

export const makeGraphql = (deps: App.Deps, config: Config, log: (msg: string) => void) => {
  const cache = responseCache()
  const yoga = createYoga({
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
    plugins: [limitsPlugin(config), restCodesPlugin(), cache.plugin],
  })
  return Object.assign(yoga, { invalidateContent: cache.invalidateContent, wasCached: cache.wasCached })
}
