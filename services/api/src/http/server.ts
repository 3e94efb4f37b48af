/**
 * The HTTP face of the service: one fetch handler that bounds every request (size, shape, rate),
 * serves GraphQL at /graphql, the REST routes, /openapi.json, /docs and /health, and answers every
 * error in one JSON shape carrying the request's id (also in `X-Request-Id`). `startServer` binds
 * it to a node:http server, refusing requests too malformed to reach the handler (a bad Host, a
 * request target that is not a path) with the same JSON shape. The answers' shapes are in
 * responses.ts, route matching in match.ts, and reading a bounded body in body.ts.
 */

import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { Request } from "@whatwg-node/fetch"
// The adapter's own Response is written out directly; the global one only through a web stream
// (about 3× slower for the same bytes, measured by bench/api.bench.mjs).
import { createServerAdapter, Response } from "@whatwg-node/server"
import { Cause, Effect, Exit, Option } from "effect"
import { parse, stripIgnoredCharacters } from "graphql"
import { shouldRenderGraphiQL } from "graphql-yoga"
import { ApiError, badRequest, notFound, unauthorized } from "../app/ApiError.js"
import * as App from "../app/App.js"
import * as Raids from "../app/Raids.js"
import { type Config, defaults } from "../config.js"
import { connect } from "../db/connect.js"
import { makeGraphql, type ServerContext } from "../graphql/index.js"
import { isPure } from "../graphql/pure.js"
import { NUL_MESSAGE } from "../limits/shape.js"
import { localNotifier, postgresNotifier } from "../live/Notifier.js"
import { simulationQueue } from "../sim/queue.js"
import { clientAbortLine, isClientAbort } from "./aborts.js"
import { acceptable, mediaOf } from "./accept.js"
import { answerCache, keyOf } from "./answers.js"
import { nulIn, nulInQuery, parseJsonBody, readBody } from "./body.js"
import { fixedAnswer } from "./compressed.js"
import { candidates, pathOf, patternOf } from "./match.js"
import { type Metrics, makeMetrics, measured, metricsEndpoint } from "./metrics.js"
import { docsPage, openApiDocument } from "./openapi.js"
import { clientAddress, makeRateLimiter } from "./RateLimit.js"
import { makeRegistrations } from "./registrations.js"
import {
  errorResponse,
  graphqlErrorResponse,
  internalBody,
  JSON_TYPE,
  json,
  withJsonError,
} from "./responses.js"
import { Raw, type Route, Streamed } from "./routes.js"

export { parseJsonBody } from "./body.js"

/** Runs a use-case: typed failures become their answer; a defect is logged once and answered as an opaque 500. */
export const run = async (
  effect: Effect.Effect<unknown, ApiError>,
  status: number,
  log: (msg: string) => void,
  requestId: string,
) => answerOf(await Effect.runPromiseExit(effect), status, log, requestId)

/** A use case's outcome as its answer (see {@link run}). */
const answerOf = (
  exit: Exit.Exit<unknown, ApiError>,
  status: number,
  log: (msg: string) => void,
  requestId: string,
) => {
  if (Exit.isSuccess(exit)) {
    const v = exit.value
    if (v instanceof Streamed)
      return new Response(v.body, {
        status,
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          "x-accel-buffering": "no",
        },
      })
    return v instanceof Raw
      ? new Response(v.body, { status, headers: { "content-type": v.contentType, ...v.headers } })
      : json(status, v)
  }
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isSome(failure)) return errorResponse(failure.value, requestId)
  log(`[${requestId}] internal error: ${Cause.pretty(exit.cause)}`)
  return json(500, internalBody(requestId))
}

/** An answer the server writes on node's response itself (a plain read's). */
export interface PlainAnswer {
  readonly status: number
  /** Header names and values, in the order sent. */
  readonly headers: ReadonlyArray<string>
  readonly body: Uint8Array
}

/** A Response made here (a JSON body, no stream) as a {@link PlainAnswer}. */
const plainOf = async (response: Response): Promise<PlainAnswer> => {
  const body = new Uint8Array(await response.arrayBuffer())
  const headers: string[] = []
  for (const [name, value] of response.headers) if (name !== "content-length") headers.push(name, value)
  headers.push("content-length", String(body.byteLength))
  return { status: response.status, headers, body }
}

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
  readonly plainRead: (
    method: string | undefined,
    target: string,
    header: (name: "authorization" | "accept") => string | undefined,
    address: string,
    requestId: string,
  ) => Promise<PlainAnswer> | undefined
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
    registrationLimit: {
      points: config.rateLimit.registrations ?? defaults.rateLimit.registrations,
      windowMs: config.rateLimit.registrationWindowMs ?? defaults.rateLimit.registrationWindowMs,
    },
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
  const tooLarge = () =>
    new ApiError({
      code: "payload_too_large",
      message: `the body is larger than ${config.maxBodyBytes} bytes`,
    })
  const openapi = fixedAnswer(JSON.stringify(openApiDocument()), { "content-type": JSON_TYPE })
  const docs = docsPage()
  // The GraphiQL page as Yoga renders it (the same every time), kept and compressed once.
  let graphiqlPage: Promise<ReturnType<typeof fixedAnswer>> | undefined
  const graphiql = async (request: Request, ctx: ServerContext) => {
    graphiqlPage ??= Promise.resolve(yoga.fetch(request, ctx)).then(async (page) =>
      fixedAnswer(new Uint8Array(await page.arrayBuffer()), {
        "content-type": page.headers.get("content-type") ?? "text/html",
      }),
    )
    const answer = await graphiqlPage
    return answer(request.headers.get("accept-encoding"))
  }

  // Answers that are pure functions of the request (exact odds; core content, which never changes
  // while the service runs) are kept as the bytes sent, so a repeat costs no rules work and no JSON.
  // REST and GraphQL share 90% of the budget; parsed GraphQL documents have the rest.
  const answers = answerCache(Math.floor((config.cacheBytes * 9) / 20))
  const graphqlAnswers = answerCache(Math.floor((config.cacheBytes * 9) / 20))
  // The caller of a request that sent no key (made once: an error object is not free).
  const noCaller: Promise<Exit.Exit<App.Caller, ApiError>> = Promise.resolve(Exit.fail(unauthorized()))
  // A REST body longer than this is not worth keeping an answer for (nor hashing to look one up).
  const KEPT_BODY_LENGTH = 16_000
  // A query longer than this is not worth keeping (and is not parsed twice to decide).
  const KEPT_QUERY_LENGTH = 4000

  const handleGraphql = async (
    request: Request,
    requestId: string,
    caller: Promise<Exit.Exit<App.Caller, ApiError>>,
    address: string,
  ): Promise<Response> => {
    const refuse = (e: ApiError, headers: Record<string, string> = {}) =>
      graphqlErrorResponse(e, requestId, headers)
    const ctx = { requestId, caller, address }
    if (request.method === "GET") {
      // Variables in the URL get the same structural check as a body's.
      const search = new URL(request.url).searchParams
      const variables = search.get("variables")
      if (variables) {
        const parsed = parseJsonBody(variables)
        if (!parsed.ok) return refuse(parsed.error)
      }
      const nul = nulInQuery(search.get("query") ?? undefined)
      if (nul) return refuse(nul)
      if (shouldRenderGraphiQL(request)) return graphiql(request, ctx)
      return yoga.fetch(request, ctx)
    }
    if (request.method !== "POST")
      return refuse(
        new ApiError({ code: "method_not_allowed", message: "GraphQL takes POST (or GET for a query)" }),
        { allow: "GET, POST" },
      )
    // Only JSON: a form or text/plain body is what a cross-site page can send without asking.
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
      return refuse(
        new ApiError({
          code: "unsupported_media_type",
          message: "send GraphQL as POST with Content-Type: application/json",
        }),
      )
    const text = await readBody(request, config.maxBodyBytes)
    if (text === "too-large") return refuse(tooLarge())
    // A repeat of a body already answered and kept: no parse, no lexing (see the normalized key below).
    const rawKey = text.length <= 2 * KEPT_QUERY_LENGTH ? keyOf("raw", text) : undefined
    const repeat = rawKey === undefined ? undefined : graphqlAnswers.get(rawKey)
    if (repeat !== undefined) return new Response(repeat.body, { headers: { "content-type": repeat.type } })
    const parsed = parseJsonBody(text)
    if (!parsed.ok) return refuse(parsed.error)
    // Not an object (null, a list, a number): Yoga answers it; nothing here reads it.
    const params = (
      parsed.value !== null && typeof parsed.value === "object" && !Array.isArray(parsed.value)
        ? parsed.value
        : {}
    ) as { query?: unknown; variables?: unknown; operationName?: unknown }
    const query = typeof params.query === "string" ? params.query : undefined
    const nul = nulInQuery(query)
    if (nul) return refuse(nul)
    if (query !== undefined && query.length > config.graphqlMaxQueryLength)
      return refuse(
        new ApiError({
          code: "payload_too_large",
          message: `the query is longer than ${config.graphqlMaxQueryLength} characters`,
        }),
      )
    const operationName = typeof params.operationName === "string" ? params.operationName : undefined
    // Keyed by the operation normalized (spacing and comments don't matter; strings are kept as
    // they are) and the variables. Only a pure query is ever stored, so a hit needs no parse.
    let key: string | undefined
    if (query !== undefined && query.length <= KEPT_QUERY_LENGTH) {
      try {
        key = keyOf(stripIgnoredCharacters(query), operationName ?? null, params.variables ?? null)
      } catch {
        // Not even lexable: Yoga answers it, and nothing is kept.
      }
    }
    const kept = key === undefined ? undefined : graphqlAnswers.get(key)
    if (kept !== undefined) {
      if (rawKey !== undefined) graphqlAnswers.set(rawKey, kept)
      return new Response(kept.body, { headers: { "content-type": kept.type } })
    }
    if (key !== undefined) {
      try {
        if (!isPure(parse(query!, { maxTokens: 2000, noLocation: true }), operationName)) key = undefined
      } catch {
        key = undefined // not a valid document: Yoga answers it
      }
    }
    const forwarded = new Request(request.url, { method: "POST", headers: request.headers, body: text })
    const response = await yoga.fetch(forwarded, ctx)
    if (key === undefined || response.status !== 200) return response
    const bytes = await response.text()
    const type = response.headers.get("content-type") ?? JSON_TYPE
    // An answer with errors (a bad argument, say) is not kept: the next try should run again.
    if (!/^\{"data":/.test(bytes) || /"errors":\[/.test(bytes.slice(-2000))) {
      return new Response(bytes, { status: 200, headers: { "content-type": type } })
    }
    graphqlAnswers.set(key, { status: 200, type, body: bytes })
    if (rawKey !== undefined) graphqlAnswers.set(rawKey, { status: 200, type, body: bytes })
    return new Response(bytes, { status: 200, headers: { "content-type": type } })
  }

  const handleRest = async (
    request: Request,
    url: URL,
    requestId: string,
    hit: { route: Route; params: Record<string, string> },
    caller: Promise<Exit.Exit<App.Caller, ApiError>> | undefined,
    address: string,
  ): Promise<Response> => {
    const { route, params } = hit
    if (!acceptable(request.headers.get("accept"), route))
      return errorResponse(
        new ApiError({
          code: "not_acceptable",
          message: `none of the types in Accept can be answered: this answers ${mediaOf(route).join(" or ")}`,
        }),
        requestId,
      )
    let text = ""
    if (route.method === "POST") {
      const read = await readBody(request, config.maxBodyBytes)
      if (read === "too-large") return errorResponse(tooLarge(), requestId)
      const type = request.headers.get("content-type") ?? ""
      if (read.length > 0 && !/^application\/(.+\+)?json\b/i.test(type)) {
        return errorResponse(
          new ApiError({ code: "unsupported_media_type", message: "send the body as application/json" }),
          requestId,
        )
      }
      text = read
    }
    const query = Object.fromEntries(url.searchParams.entries())
    const nul = nulIn(url.searchParams)
    if (nul !== undefined)
      return errorResponse(
        badRequest(`the query's ${nul.slice(0, 100)} ${NUL_MESSAGE}`, [{ path: nul, message: NUL_MESSAGE }]),
        requestId,
      )
    const accept = (request.headers.get("accept") ?? "application/json").slice(0, 500)
    // Keyed by the body as sent: a repeat is answered before it is parsed again (a body spelled
    // differently is a miss, never a wrong answer). Only an answer to a valid body is ever kept.
    const cacheKey =
      text.length <= KEPT_BODY_LENGTH && route.pure?.(query)
        ? keyOf(route.method, url.pathname, [...url.searchParams.entries()].sort(), accept, text)
        : undefined
    const cached = cacheKey === undefined ? undefined : answers.get(cacheKey)
    if (cached)
      return new Response(cached.body, { status: cached.status, headers: { "content-type": cached.type } })
    let body: unknown
    if (route.method === "POST") {
      if (text.length === 0) body = {}
      else {
        const parsed = parseJsonBody(text)
        if (!parsed.ok) return errorResponse(parsed.error, requestId)
        body = parsed.value
      }
    }
    // Checked as ?after= is (sse.ts); a long one is cut, and marked so it can't pass for a number.
    const sent = request.headers.get("last-event-id") ?? undefined
    const lastEventId = sent !== undefined && sent.length > 40 ? `${sent.slice(0, 40)}…` : sent
    // The key was checked before the route ran: a refused key is answered as it is.
    const exit = route.auth ? await (caller ?? noCaller) : undefined
    if (exit !== undefined && Exit.isFailure(exit)) return run(exit, route.status, log, requestId)
    const ctx = {
      deps,
      params,
      query,
      body,
      accept,
      lastEventId,
      player: exit?.value as App.Caller,
      address,
      // Made only for a route that reads it (a live stream): an AbortSignal is not free.
      get signal() {
        return request.signal
      },
    }
    const response = await run(route.handler(ctx), route.status, log, requestId)
    if (cacheKey !== undefined && response.status < 300) {
      const text = await response.text()
      const type = response.headers.get("content-type") ?? JSON_TYPE
      answers.set(cacheKey, { status: response.status, body: text, type })
      return new Response(text, { status: response.status, headers: { "content-type": type } })
    }
    return response
  }

  /** The route a REST request names, or the error to answer (404, 405, a malformed path). */
  const routeOf = (
    method: string,
    pathname: string,
  ):
    | { route: Route; params: Record<string, string> }
    | { error: ApiError; headers?: Record<string, string> } => {
    const matches = candidates(pathname).filter((c) => c.pattern.test(pathname))
    if (matches.length === 0) return { error: notFound(`no route ${pathname.slice(0, 200)}`) }
    const hit = matches.find((c) => c.route.method === method)
    if (!hit)
      return {
        error: new ApiError({
          code: "method_not_allowed",
          message: `${method.slice(0, 20)} is not allowed on ${pathname.slice(0, 200)}`,
        }),
        headers: { allow: [...new Set(matches.map((m) => m.route.method))].join(", ") },
      }
    const params: Record<string, string> = {}
    for (const [k, v] of Object.entries(hit.pattern.exec(pathname)?.groups ?? {})) {
      try {
        params[k] = decodeURIComponent(v)
      } catch {
        return {
          error: badRequest(`the path's ${k} is not valid percent-encoding`, [
            { path: k, message: "malformed %-escape" },
          ]),
        }
      }
      if (params[k]!.includes("\u0000"))
        return { error: badRequest(`the path's ${k} ${NUL_MESSAGE}`, [{ path: k, message: NUL_MESSAGE }]) }
    }
    return { route: hit.route, params }
  }

  /** Checks the key a request carries; a failure spends the address's budget of failed checks. */
  const authenticate = async (header: string, address: string): Promise<Exit.Exit<App.Caller, ApiError>> => {
    const exit = await App.checkKey(deps, header)
    if (Exit.isFailure(exit)) await limiter.authFailed(address)
    return exit
  }

  const scrape = metrics ? metricsEndpoint(metrics, config.metricsToken, limiter) : undefined

  // Readiness (docs/deploy.md): the database answers, and the instance is not shutting down.
  let draining = false
  const ready = async (): Promise<Response> => {
    if (draining) return json(503, { status: "draining", database: database.dialect })
    const reachable = await Promise.race([
      database.ping().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
    ])
    return reachable
      ? json(200, { status: "ready", database: database.dialect })
      : json(503, { status: "database unreachable", database: database.dialect })
  }

  /**
   * Who is asking: the verified key, when the request needs one (an invented key is not an
   * identity: it is checked, and a failure is counted against the address), else the address; the
   * request is counted against that identity's budget. Resolves to the refusal to answer, or the
   * key check's outcome (undefined when no key was needed or sent).
   */
  const admit = async (
    authorization: string | null | undefined,
    needsKey: boolean,
    address: string,
    refuse: (e: ApiError, headers?: Record<string, string>) => Response,
  ): Promise<Response | Exit.Exit<App.Caller, ApiError> | undefined> => {
    let exit: Exit.Exit<App.Caller, ApiError> | undefined
    if (needsKey && authorization) {
      const blocked = await authRefusal(address, refuse)
      if (blocked) return blocked
      exit = await authenticate(authorization, address)
    }
    return (await spend(exit, address, refuse)) ?? exit
  }

  /** The refusal while the address has failed too many key checks, or undefined. */
  const authRefusal = async (
    address: string,
    refuse: (e: ApiError, headers?: Record<string, string>) => Response,
  ) => {
    const blocked = await limiter.authBlocked(address)
    if (blocked > 0) metrics?.refused("auth_failures")
    return blocked > 0
      ? refuse(
          new ApiError({
            code: "rate_limited",
            message: `too many failed API keys; try again in ${blocked}s`,
          }),
          { "retry-after": String(blocked) },
        )
      : undefined
  }

  /** Counts the request against the verified key, else the address; the refusal when over budget. */
  const spend = async (
    exit: Exit.Exit<App.Caller, ApiError> | undefined,
    address: string,
    refuse: (e: ApiError, headers?: Record<string, string>) => Response,
  ) => {
    const identity = exit && Exit.isSuccess(exit) ? `key:${exit.value.keyId}` : `ip:${address}`
    const wait = await limiter.hit(identity)
    if (wait > 0) metrics?.refused("requests")
    return wait > 0
      ? refuse(new ApiError({ code: "rate_limited", message: `too many requests; try again in ${wait}s` }), {
          "retry-after": String(wait),
        })
      : undefined
  }

  // What plain targets route to, remembered: a client reads the same few things again and again.
  const plainRoutes = new Map<string, ReturnType<typeof routeOf>>()
  const plainRead: Service["plainRead"] = (method, target, header, address, requestId) => {
    if (method !== "GET" || !PLAIN_TARGET.test(target)) return undefined
    let hit = plainRoutes.get(target)
    if (hit === undefined) {
      hit = routeOf(method, target)
      if (plainRoutes.size >= 1000) plainRoutes.clear()
      plainRoutes.set(target, hit)
    }
    if (!("route" in hit)) return undefined
    const { route, params } = hit
    const plain = route.plain
    if (
      plain === undefined ||
      !route.auth ||
      !acceptable(header("accept"), route) ||
      !plain.takes((header("accept") ?? "application/json").slice(0, 500))
    )
      return undefined
    const answer = async (): Promise<PlainAnswer> => {
      const refuse = (e: ApiError, headers: Record<string, string> = {}) =>
        errorResponse(e, requestId, headers)
      const authorization = header("authorization")
      // With a key and a read that checks it with the row's head (one round trip): the same
      // decisions as admit's, in the same order.
      if (authorization && plain.keyed) {
        const blocked = await authRefusal(address, refuse)
        if (blocked) return plainOf(blocked)
        const keyed = await plain.keyed({ deps, params, authorization })
        if (Exit.isFailure(keyed.key)) await limiter.authFailed(address)
        const over = await spend(keyed.key, address, refuse)
        if (over) return plainOf(over)
        if (Exit.isFailure(keyed.key)) return plainOf(answerOf(keyed.key, route.status, log, requestId))
        return bytesOf(await keyed.answer(keyed.key.value))
      }
      const admitted = await admit(authorization, true, address, refuse)
      if (admitted instanceof Response) return plainOf(admitted)
      // The key was checked before the route ran: a refused (or missing) key is answered as it is.
      const exit = admitted ?? Exit.fail(unauthorized())
      if (Exit.isFailure(exit)) return plainOf(answerOf(exit, route.status, log, requestId))
      return bytesOf(await plain.read({ deps, params, player: exit.value }))
    }
    const bytesOf = (
      outcome: Exit.Exit<Buffer<ArrayBuffer>, ApiError>,
    ): PlainAnswer | Promise<PlainAnswer> => {
      if (Exit.isSuccess(outcome))
        return {
          status: route.status,
          headers: ["content-type", JSON_TYPE, "content-length", String(outcome.value.byteLength)],
          body: outcome.value,
        }
      return plainOf(answerOf(outcome, route.status, log, requestId))
    }
    return answer().catch((e: unknown) => {
      log(`[${requestId}] internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      return plainOf(json(500, internalBody(requestId)))
    })
  }

  const dispatch = async (request: Request, address: string, requestId: string): Promise<Response> => {
    const url = new URL(request.url)
    if (url.pathname === "/health") return json(200, { status: "ok", database: database.dialect })
    if (url.pathname === "/ready") return ready()
    if (scrape && url.pathname === "/metrics")
      return scrape(request, address, (e, headers) => errorResponse(e, requestId, headers))
    const isGraphql = url.pathname === "/graphql"
    const restRoute =
      isGraphql ||
      url.pathname === "/openapi.json" ||
      url.pathname === "/" ||
      url.pathname.startsWith("/docs")
        ? undefined
        : routeOf(request.method, url.pathname)
    const refuse = (e: ApiError, headers: Record<string, string> = {}) =>
      isGraphql ? graphqlErrorResponse(e, requestId, headers) : errorResponse(e, requestId, headers)
    const needsKey = restRoute !== undefined && "route" in restRoute ? restRoute.route.auth : isGraphql

    const admitted = await admit(request.headers.get("authorization"), needsKey, address, refuse)
    if (admitted instanceof Response) return admitted
    const caller = admitted === undefined ? undefined : Promise.resolve(admitted)

    if (isGraphql) {
      const declared = Number(request.headers.get("content-length") ?? "0")
      if (declared > config.maxBodyBytes) return refuse(tooLarge())
      const response = await handleGraphql(request, requestId, caller ?? noCaller, address)
      // A key was sent and is not valid: say how to authenticate, as REST's 401 does.
      if (caller && Exit.isFailure(await caller))
        response.headers.set("www-authenticate", 'Bearer realm="blight", error="invalid_token"')
      return response
    }
    if (url.pathname === "/openapi.json") return openapi(request.headers.get("accept-encoding"))
    if (url.pathname === "/docs" || url.pathname.startsWith("/docs/"))
      return docs(url, request.headers.get("accept-encoding"))
    if (url.pathname === "/") return new Response(null, { status: 302, headers: { location: "/docs" } })
    if (!restRoute || "error" in restRoute)
      return refuse(
        restRoute!.error as ApiError,
        restRoute && "headers" in restRoute ? restRoute.headers : {},
      )
    return handleRest(request, url, requestId, restRoute, caller, address)
  }

  const handle = async (request: Request, address = "unknown", id?: string): Promise<Response> => {
    const requestId = id ?? randomUUID()
    let response: Response
    try {
      response = await dispatch(request, address, requestId)
    } catch (e) {
      // A client gone mid-request is its own doing (a 400 it never reads), not an internal error.
      if (isClientAbort(e, request)) {
        info(clientAbortLine(requestId, request.method, request.url))
        response = errorResponse(
          badRequest("the client closed the connection before the request was read"),
          requestId,
        )
      } else {
        log(`[${requestId}] internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
        response = json(500, internalBody(requestId))
      }
    }
    response = withJsonError(response, requestId, pathOf(request.url))
    // Given an id, the caller sends the header (on node's response: touching these headers would
    // take the adapter off its fast path, about a third of the throughput, measured by the bench).
    if (id === undefined) response.headers.set("x-request-id", requestId)
    return response
  }

  return {
    handle,
    plainRead,
    cacheBytes: () => answers.bytes() + graphqlAnswers.bytes() + yoga.documentBytes(),
    ...(metrics ? { metrics } : {}),
    drain: () => {
      draining = true
    },
    endStreams: () => Raids.endFollowers(deps),
    close: async () => {
      Raids.endFollowers(deps)
      await notifier.close()
      await simulations.close()
      await database.close()
    },
  }
}

/**
 * Requests the fetch handler can't be given: a request target that is not a path (absolute-form,
 * `*`), or a Host that does not make a URL. Answered here, in the service's JSON shape.
 */
const malformed = (req: IncomingMessage): string | undefined => {
  const target = req.url ?? ""
  if (!target.startsWith("/") || target.startsWith("//")) return "the request target must be a path"
  const host = req.headers.host ?? "localhost"
  // A plain path with a Host already seen to make a URL makes one (only the host could fail).
  const plain = PLAIN_TARGET.test(target)
  if (plain && urlHosts.has(host)) return undefined
  if (!/^[A-Za-z0-9.\-_~]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host))
    return "the Host header is not a host name"
  try {
    new URL(target, `http://${host}`)
  } catch {
    return "the request target is not a valid URL"
  }
  if (plain) {
    if (urlHosts.size >= 100) urlHosts.clear()
    urlHosts.add(host)
  }
  return undefined
}
const urlHosts = new Set<string>()

/**
 * A request target that is a path of plain segments (no query, no escapes, no dot segments): it is
 * its own URL's pathname, and a plain read may take it as it is.
 */
const PLAIN_TARGET = /^(?:\/[\w-]+)+$/

/** Binds the service to HOST:PORT. Resolves once listening; `port` is the bound port (useful with PORT=0). */
export const startServer = async (
  config: Config,
  options: { log?: (msg: string) => void; info?: (msg: string) => void } = {},
): Promise<{ server: Server; port: number; url: string; service: Service; close: () => Promise<void> }> => {
  const service = await makeService(config, options)
  const log = options.log ?? ((m: string) => console.error(m))
  const adapter = createServerAdapter<{ req: IncomingMessage; res: ServerResponse }>((request, ctx) => {
    const requestId = randomUUID()
    ctx.res.setHeader("x-request-id", requestId)
    const socket = ctx.req.socket.remoteAddress
    const forwarded = ctx.req.headers["x-forwarded-for"]?.toString() ?? null
    return service.handle(
      request,
      socket === undefined ? undefined : clientAddress(socket, forwarded, config.trustProxy),
      requestId,
    )
  })
  // node checks these timeouts every `connectionsCheckingInterval` (30 s by default): often enough
  // here that a trickling client is cut near its deadline. (headersTimeout must not exceed requestTimeout.)
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs)
  const timeouts = {
    headersTimeout,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeout / 4)),
  }
  const header = (req: IncomingMessage) => (name: "authorization" | "accept") => req.headers[name]
  const measure = service.metrics ? measured(service.metrics, patternOf) : undefined
  const server = createServer(timeouts, (req, res) => {
    measure?.(req, res)
    const why = malformed(req)
    if (why === undefined) {
      // A hot read (one stored raid or Refuge) is answered here, without the adapter's Request and
      // Response (the adapter alone takes about 1.4× node's own CPU per request: "adapter only" in
      // bench/api.bench.mjs).
      const requestId = randomUUID()
      const socket = req.socket.remoteAddress
      const plain = service.plainRead(
        req.method,
        req.url!,
        header(req),
        socket === undefined
          ? "unknown"
          : clientAddress(socket, req.headers["x-forwarded-for"]?.toString() ?? null, config.trustProxy),
        requestId,
      )
      if (plain !== undefined) {
        plain
          .then((answer) => {
            res.writeHead(answer.status, ["x-request-id", requestId, ...answer.headers])
            res.end(answer.body)
          })
          .catch(() => res.destroy())
        return
      }
      Promise.resolve()
        .then(() => adapter(req, res))
        .catch((e: unknown) => {
          // The handler catches its own errors; this is the adapter failing around it.
          const requestId = randomUUID()
          log(
            `[${requestId}] internal error in the HTTP adapter: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
          )
          if (!res.headersSent) {
            res.writeHead(500, { "content-type": JSON_TYPE, "x-request-id": requestId })
            res.end(JSON.stringify(internalBody(requestId)))
          } else res.destroy()
        })
      return
    }
    const requestId = randomUUID()
    const body = JSON.stringify(badRequest(why).toBody(requestId))
    res.writeHead(400, {
      "content-type": JSON_TYPE,
      "content-length": Buffer.byteLength(body),
      "x-request-id": requestId,
      connection: "close",
    })
    res.end(body)
  })
  // What node's HTTP parser refuses itself (a malformed request line, headers too large) is answered
  // in the same JSON shape, not with node's bare status line.
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy()
      return
    }
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW"
    const late = err.code === "ERR_HTTP_REQUEST_TIMEOUT"
    const status = tooLarge ? 431 : late ? 408 : 400
    const requestId = randomUUID()
    const body = JSON.stringify(
      new ApiError(
        tooLarge
          ? { code: "headers_too_large", message: "the request's headers are too large" }
          : late
            ? { code: "request_timeout", message: "the request was not received in time" }
            : { code: "bad_request", message: "the request could not be parsed" },
      ).toBody(requestId),
    )
    const reason = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[
      status
    ]
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : config.port
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`
  return {
    server,
    port,
    url,
    service,
    // Graceful: ready says 503 at once, no new connection is accepted, requests in flight are
    // answered (idle keep-alive connections are closed as each one finishes), and whatever is still
    // open after `shutdownGraceMs` is cut before the database is closed.
    close: async () => {
      service.drain()
      // Live streams end first (a client reconnects elsewhere with Last-Event-ID); the server
      // waits for its other connections before it closes.
      service.endStreams()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      const sweep = setInterval(() => server.closeIdleConnections(), 25)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        closed,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, config.shutdownGraceMs))),
      ])
      clearInterval(sweep)
      clearTimeout(timer)
      server.closeAllConnections()
      await service.close()
    },
  }
}
