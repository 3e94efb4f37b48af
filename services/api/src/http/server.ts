/**
 * The HTTP face of the service, wired: the database, the notifier, the simulation queue, the rate
 * limiter and the caches, put together behind one fetch handler that bounds every request (size,
 * shape, rate), serves GraphQL at /graphql, the REST routes, /openapi.json, /docs and /health, and
 * answers every error in one JSON shape carrying the request's id (also in `X-Request-Id`).
 * The parts: admission.ts (who asks, and their budget), router.ts (where a request goes),
 * graphqlEndpoint.ts, restEndpoint.ts and plainRead.ts (the handlers), outcome.ts (a use case's
 * answer), listen.ts (`startServer`, the node:http server).
 */

import type { Request } from "@whatwg-node/fetch"
import type { Response } from "@whatwg-node/server"
import type * as App from "../app/App.js"
import * as Raids from "../app/Raids.js"
import { type Config, defaults } from "../config.js"
import { connect } from "../db/connect.js"
import { makeGraphql } from "../graphql/index.js"
import { localNotifier, postgresNotifier } from "../live/Notifier.js"
import { simulationQueue } from "../sim/queue.js"
import { makeAdmission } from "./admission.js"
import { answerCache } from "./answers.js"
import { fixedAnswer } from "./compressed.js"
import { makeGraphqlEndpoint } from "./graphqlEndpoint.js"
import { type Metrics, makeMetrics, metricsEndpoint } from "./metrics.js"
import { docsPage, openApiDocument } from "./openapi.js"
import { makePlainRead, type PlainRead } from "./plainRead.js"
import { makeRateLimiter } from "./RateLimit.js"
import { makeReadiness } from "./readiness.js"
import { makeRegistrations } from "./registrations.js"
import { JSON_TYPE } from "./responses.js"
import { makeRestEndpoint } from "./restEndpoint.js"
import { errorBoundary, makeRouter } from "./router.js"

export { parseJsonBody } from "./body.js"
export { type PlainAnswer, run } from "./outcome.js"

export interface Service {
  /**
   * Answers a request; `address` is the peer's socket address (for the rate limit). With a
   * `requestId` the caller sends the X-Request-Id header itself; without, the answer carries it.
   */
  readonly handle: (request: Request, address?: string, requestId?: string) => Promise<Response>
  /**
   * Answers a GET of a route with a plain read (`Route.plain`: one stored raid or Refuge) from the
   * request target and headers as node gives them, without the Fetch-API Request and Response;
   * undefined for any other request (`handle` answers it). Same checks, same answers.
   */
  readonly plainRead: PlainRead
  /** Bytes held by the kept answers and parsed GraphQL documents (bounded by `cacheBytes`). */
  readonly cacheBytes: () => number
  /** The metrics, when METRICS_TOKEN is set (the server counts each request in them). */
  readonly metrics?: Metrics
  /**
   * Starts shutting down: `/ready` answers 503 from now on (a load balancer stops sending new
   * requests), while every request keeps being answered until `close`.
   */
  readonly drain: () => void
  /** Ends the live streams (raid SSE and subscriptions), so closing the server need not wait for them. */
  readonly endStreams: () => void
  readonly close: () => Promise<void>
}

/** Players one address may register per window (the defaults fill a config given in part). */
const registrationLimit = (config: Config) => ({
  points: config.rateLimit.registrations ?? defaults.rateLimit.registrations,
  windowMs: config.rateLimit.registrationWindowMs ?? defaults.rateLimit.registrationWindowMs,
})

/** Builds the service over an open database. */
export const makeService = async (
  config: Config,
  options: { log?: (msg: string) => void; info?: (msg: string) => void } = {},
): Promise<Service> => {
  const log = options.log ?? ((m: string) => console.error(m))
  // What is no fault (a client gone mid-request): stdout, where errors are stderr.
  const info = options.info ?? ((m: string) => console.log(m))
  const database = await connect(config.databaseUrl)
  // Counted only when someone may read them (METRICS_TOKEN set): otherwise nothing is counted.
  const metrics = config.metricsToken
    ? makeMetrics({ db: database.db, pool: database.pool, streams: () => Raids.followersOpen(deps) })
    : undefined
  // Live raid streams hear of appends made through any instance (docs/deploy.md).
  const notifier =
    database.dialect === "postgres"
      ? postgresNotifier(config.databaseUrl, log, () => metrics?.listenReconnected())
      : localNotifier()
  const now = () => new Date().toISOString()
  const simulations = await simulationQueue(database, config, now, log)
  const registrations = await makeRegistrations(config, database.pool, () =>
    metrics?.refused("registrations"),
  )
  const deps: App.Deps = {
    db: database.db,
    now,
    notifier,
    registrations,
    registrationLimit: registrationLimit(config),
    dialect: database.dialect,
    simulations: {
      queue: simulations,
      chunkRaids: config.simulationChunkRaids,
      maxQueuedRaids: config.simulationMaxQueuedRaids,
    },
  }
  const yoga = makeGraphql(deps, config, log)
  const limiter = await makeRateLimiter(config, database.pool).catch(async (e) => {
    await database.close()
    throw e
  })
  const openapi = fixedAnswer(JSON.stringify(openApiDocument()), { "content-type": JSON_TYPE })
  const docs = docsPage()
  // Answers that are pure functions of the request (exact odds; core content, which never changes
  // while the service runs) are kept as the bytes sent, so a repeat costs no rules work and no JSON.
  // REST and GraphQL share 90% of the budget; parsed GraphQL documents have the rest.
  const answers = answerCache(Math.floor((config.cacheBytes * 9) / 20))
  const graphqlAnswers = answerCache(Math.floor((config.cacheBytes * 9) / 20))

  const scrape = metrics ? metricsEndpoint(metrics, config.metricsToken, limiter) : undefined

  const readiness = makeReadiness(database)
  const admission = makeAdmission(deps, limiter, metrics)
  const plainRead = makePlainRead(deps, admission, log)
  const dispatch = makeRouter({
    dialect: database.dialect,
    maxBodyBytes: config.maxBodyBytes,
    admission,
    ready: readiness.ready,
    scrape,
    graphql: makeGraphqlEndpoint(config, yoga, graphqlAnswers),
    openapi,
    docs,
    rest: makeRestEndpoint(config, deps, answers, log),
  })

  const handle = errorBoundary(dispatch, log, info)

  return {
    handle,
    plainRead,
    cacheBytes: () => answers.bytes() + graphqlAnswers.bytes() + yoga.documentBytes(),
    ...(metrics ? { metrics } : {}),
    drain: readiness.drain,
    endStreams: () => Raids.endFollowers(deps),
    close: async () => {
      Raids.endFollowers(deps)
      await notifier.close()
      await simulations.close()
      await database.close()
    },
  }
}
