/**
 * GraphQL at /graphql (graphql-yoga + Pothos) over the same application layer as REST, with
 * GraphiQL for a browser's GET. Failures of the use-cases carry the REST codes in `extensions`;
 * anything else is logged and masked ("Unexpected error.", code internal). Depth and cost are
 * bounded from the config.
 */

import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention"
import { renderGraphiQL } from "@graphql-yoga/render-graphiql"
import type { Exit } from "effect"
import { GraphQLError } from "graphql"
import { createGraphQLError, createYoga, type Plugin } from "graphql-yoga"
import { LRUCache } from "lru-cache"
import type { ApiError } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import type { Config } from "../config.js"
import { aliasLimitPlugin } from "./aliases.js"
import { restCodesPlugin } from "./codes.js"
import { makeContext } from "./context.js"
import { limitsPlugin, MAX_ALIASES } from "./limits.js"
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
 * Yoga keeps parsed documents keyed by their text; left to itself (1,024 entries, any size) a
 * stream of distinct large queries held about a gigabyte. Here the cache is bounded in bytes (the
 * text, and an allowance for its syntax tree), and a document too large to be worth keeping is not
 * kept.
 */
const documentCache = (maxBytes: number) => {
  const lru = new LRUCache<string, object>({
    maxSize: Math.max(1, maxBytes),
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 64)),
    // About 16 bytes of tree per character of text, measured on this schema's queries.
    sizeCalculation: (_v, key) => 18 * key.length + 64,
  })
  return {
    get: (key: string) => (maxBytes > 0 ? lru.get(key) : undefined),
    set: (key: string, value: object) => void (maxBytes > 0 && lru.set(key, value)),
    bytes: () => lru.calculatedSize,
  }
}

/** What the server hands Yoga with each request: its id, and the caller the server authenticated. */
export interface ServerContext {
  readonly requestId: string
  readonly caller: Promise<Exit.Exit<App.Caller, ApiError>>
  /** The address the request came from (as the rate limits see it). */
  readonly address: string
}

/** The headers one of which a GET (or a form-like POST) must carry: any value will do. */
export const CSRF_HEADERS = ["x-graphql-yoga-csrf", "graphql-preflight"] as const

/**
 * Yoga's CSRF check, its refusal naming the headers it wants (Yoga's own says only "Required CSRF
 * header(s) not present"): a page on another site can send a plain GET, but not one with a custom
 * header without the browser asking this server first.
 */
const csrfPrevention = (): Plugin => {
  const check = useCSRFPrevention({ requestHeaders: [...CSRF_HEADERS] })
  return {
    onRequestParse: (payload) => {
      try {
        return check.onRequestParse?.(payload as never)
      } catch (e) {
        if (!isGraphQLError(e)) throw e
        throw createGraphQLError(
          `Required CSRF header(s) not present: send ${CSRF_HEADERS.map((h) => `\`${h}\``).join(" or ")} (any value) with a GET, or POST the operation as application/json`,
          { extensions: e.extensions },
        )
      }
    },
  }
}

export const makeGraphql = (deps: App.Deps, config: Config, log: (msg: string) => void) => {
  // A tenth of the cache budget for parsed documents (the rest is for kept answers).
  const documents = documentCache(Math.floor(config.cacheBytes / 10))
  const errors = documentCache(Math.floor(config.cacheBytes / 40))
  const yoga = createYoga<ServerContext>({
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
    // Only JSON over POST, and GET for queries (the server refuses other bodies before Yoga):
    // nothing a cross-site form can send without a preflight.
    multipart: false,
    parserAndValidationCache: { documentCache: documents as never, errorCache: errors },
    context: ({ caller, requestId, address }) => makeContext(deps, log, caller, requestId, address),
    plugins: [csrfPrevention(), limitsPlugin(config), aliasLimitPlugin(MAX_ALIASES), restCodesPlugin()],
  })
  return Object.assign(yoga, { documentBytes: () => documents.bytes() + errors.bytes() })
}
