/**
 * The HTTP face of the service: one fetch handler that bounds every request (size, rate), serves
 * GraphQL at /graphql, the REST routes, /openapi.json, /docs and /health, and answers every error in
 * one JSON shape. `startServer` binds it to a node:http server.
 */
import { createHash } from "node:crypto"
import { createServer, type Server } from "node:http"
import { Request } from "@whatwg-node/fetch"
// The adapter's own Response is written out directly; the global one only through a web stream
// (about 3× slower for the same bytes, measured by bench/api.bench.mjs).
import { createServerAdapter, Response } from "@whatwg-node/server"
import { Cause, Effect, Exit, Option } from "effect"
import { ApiError, badRequest, notFound } from "../app/ApiError.js"
import * as App from "../app/App.js"
import type { Config } from "../config.js"
import { connect } from "../db/connect.js"
import { makeGraphql } from "../graphql/index.js"
import { docsPage, openApiDocument } from "./openapi.js"
import { rateLimiter } from "./RateLimit.js"
import { Raw, type Route, routes } from "./routes.js"

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  })

const errorResponse = (e: ApiError, headers: Record<string, string> = {}) =>
  json(e.status, e.toBody(), headers)

/** The same error, shaped as a GraphQL answer (for requests to /graphql refused before Yoga). */
const graphqlErrorResponse = (e: ApiError, headers: Record<string, string> = {}) =>
  json(
    e.status,
    { errors: [{ message: e.message, extensions: { code: e.code, status: e.status } }] },
    headers,
  )

/** Routes compiled to matchers once. */
const compiled = routes.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
}))

/** Reads a body as text with a hard limit, so a lying Content-Length can't exhaust memory. */
const readBody = async (request: Request, limit: number): Promise<string | "too-large"> => {
  const length = request.headers.get("content-length")
  const declared = Number(length ?? "0")
  if (declared > limit) return "too-large"
  // A declared length the server holds the body to: read it whole (much faster than chunk by chunk).
  if (length !== null && Number.isInteger(declared)) return request.text()
  if (!request.body) return ""
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return "too-large"
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString("utf8")
}

/** Runs a use-case: typed failures become their answer; a defect is logged and answered as an opaque 500. */
export const run = async (
  effect: Effect.Effect<unknown, ApiError>,
  status: number,
  log: (msg: string) => void,
) => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) {
    const v = exit.value
    return v instanceof Raw
      ? new Response(v.body, { status, headers: { "content-type": v.contentType } })
      : json(status, v)
  }
  const failure = Cause.failureOption(exit.cause)
  if (Option.isSome(failure)) return errorResponse(failure.value)
  log(`internal error: ${Cause.pretty(exit.cause)}`)
  return json(500, {
    error: { code: "internal", message: "something went wrong on our side; it has been logged" },
  })
}

export interface Service {
  readonly handle: (request: Request) => Promise<Response>
  readonly close: () => Promise<void>
}

/** Builds the service over an open database. */
export const makeService = async (
  config: Config,
  options: { log?: (msg: string) => void } = {},
): Promise<Service> => {
  const log = options.log ?? ((m: string) => console.error(m))
  const database = await connect(config.databaseUrl)
  const onPackUploaded: Array<() => void> = []
  const deps: App.Deps = {
    db: database.db,
    now: () => new Date().toISOString(),
    packUploaded: () => {
      for (const f of onPackUploaded) f()
    },
  }
  const yoga = makeGraphql(deps, config, log)
  onPackUploaded.push(yoga.invalidateContent)
  const tooLarge = () =>
    new ApiError({
      code: "payload_too_large",
      message: `the body is larger than ${config.maxBodyBytes} bytes`,
    })
  const limiter = rateLimiter(config.rateLimit.requests, config.rateLimit.windowMs)
  const openapi = JSON.stringify(openApiDocument())
  const docs = docsPage()

  // Answers that are pure functions of the request (exact odds; core content, which never changes
  // while the service runs) are kept as the bytes sent, so a repeat costs no rules work and no JSON.
  const answers = new Map<string, { status: number; body: string; type: string }>()
  const remember = (key: string, status: number, body: string, type: string) => {
    if (answers.size >= 2000) answers.delete(answers.keys().next().value!)
    answers.set(key, { status, body, type })
  }

  // GraphQL answers Yoga's response cache kept (queries made only of pure fields) are also kept
  // here as the bytes sent, keyed by the exact request body, so a repeat skips Yoga altogether.
  const graphqlAnswers = new Map<string, string>()
  onPackUploaded.push(() => graphqlAnswers.clear())
  const handleGraphql = async (request: Request): Promise<Response> => {
    if (
      request.method !== "POST" ||
      !/^application\/(graphql-response\+)?json\b/i.test(request.headers.get("content-type") ?? "")
    ) {
      return yoga.fetch(request)
    }
    const text = await readBody(request, config.maxBodyBytes)
    if (text === "too-large") {
      return graphqlErrorResponse(tooLarge())
    }
    const kept = graphqlAnswers.get(text)
    if (kept !== undefined)
      return new Response(kept, { headers: { "content-type": "application/json; charset=utf-8" } })
    const forwarded = new Request(request.url, { method: "POST", headers: request.headers, body: text })
    const response = await yoga.fetch(forwarded)
    if (response.status !== 200 || !yoga.wasCached(forwarded)) return response
    const bytes = await response.text()
    if (graphqlAnswers.size >= 2000) graphqlAnswers.delete(graphqlAnswers.keys().next().value!)
    graphqlAnswers.set(text, bytes)
    return new Response(bytes, {
      status: 200,
      headers: { "content-type": response.headers.get("content-type") ?? "application/json; charset=utf-8" },
    })
  }

  const handleRest = async (request: Request, url: URL): Promise<Response> => {
    const matches = compiled.filter((c) => c.pattern.test(url.pathname))
    if (matches.length === 0) return errorResponse(notFound(`no route ${url.pathname}`))
    const hit = matches.find((c) => c.route.method === request.method)
    if (!hit) {
      return errorResponse(
        new ApiError({
          code: "method_not_allowed",
          message: `${request.method} is not allowed on ${url.pathname}`,
        }),
        {
          allow: matches.map((m) => m.route.method).join(", "),
        },
      )
    }
    const route: Route = hit.route
    const params = Object.fromEntries(
      Object.entries(hit.pattern.exec(url.pathname)?.groups ?? {}).map(([k, v]) => [
        k,
        decodeURIComponent(v),
      ]),
    )
    let body: unknown
    if (route.method === "POST") {
      const text = await readBody(request, config.maxBodyBytes)
      if (text === "too-large") {
        return errorResponse(tooLarge())
      }
      const type = request.headers.get("content-type") ?? ""
      if (text.length > 0 && !/^application\/(.+\+)?json\b/i.test(type)) {
        return errorResponse(
          new ApiError({ code: "unsupported_media_type", message: "send the body as application/json" }),
        )
      }
      try {
        body = text.length === 0 ? {} : JSON.parse(text)
      } catch (e) {
        return errorResponse(
          badRequest(`the body is not valid JSON: ${e instanceof Error ? e.message : String(e)}`),
        )
      }
    }
    const query = Object.fromEntries(url.searchParams.entries())
    const accept = request.headers.get("accept") ?? "application/json"
    const cacheKey = route.pure?.(query)
      ? `${route.method} ${url.pathname}${url.search} ${accept} ${JSON.stringify(body)}`
      : undefined
    const cached = cacheKey === undefined ? undefined : answers.get(cacheKey)
    if (cached)
      return new Response(cached.body, { status: cached.status, headers: { "content-type": cached.type } })
    const effect = route.auth
      ? Effect.flatMap(App.authenticate(deps, request.headers.get("authorization")), (player) =>
          route.handler({ deps, params, query, body, player, accept }),
        )
      : route.handler({ deps, params, query, body, player: undefined as never, accept })
    const response = await run(effect, route.status, log)
    if (cacheKey !== undefined && response.status < 300) {
      const text = await response.text()
      const type = response.headers.get("content-type") ?? "application/json; charset=utf-8"
      remember(cacheKey, response.status, text, type)
      return new Response(text, { status: response.status, headers: { "content-type": type } })
    }
    return response
  }

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const key = request.headers.get("authorization")
    const client = key
      ? createHash("sha256").update(key).digest("hex")
      : (request.headers.get("x-forwarded-for") ?? "anonymous")
    if (url.pathname !== "/health") {
      const wait = limiter.hit(client, Date.now())
      if (wait > 0) {
        const e = new ApiError({ code: "rate_limited", message: `too many requests; try again in ${wait}s` })
        const headers = { "retry-after": String(wait) }
        return url.pathname === "/graphql" ? graphqlErrorResponse(e, headers) : errorResponse(e, headers)
      }
    }
    try {
      if (url.pathname === "/health") return json(200, { status: "ok", database: database.dialect })
      if (url.pathname === "/openapi.json")
        return new Response(openapi, { headers: { "content-type": "application/json; charset=utf-8" } })
      if (url.pathname === "/docs" || url.pathname.startsWith("/docs/")) return docs(url)
      if (url.pathname === "/graphql") {
        const declared = Number(request.headers.get("content-length") ?? "0")
        if (declared > config.maxBodyBytes) {
          return graphqlErrorResponse(tooLarge())
        }
        return await handleGraphql(request)
      }
      if (url.pathname === "/") return new Response(null, { status: 302, headers: { location: "/docs" } })
      return await handleRest(request, url)
    } catch (e) {
      log(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      return json(500, {
        error: { code: "internal", message: "something went wrong on our side; it has been logged" },
      })
    }
  }

  return { handle, close: () => database.close() }
}

/** Binds the service to HOST:PORT. Resolves once listening; `port` is the bound port (useful with PORT=0). */
export const startServer = async (
  config: Config,
  options: { log?: (msg: string) => void } = {},
): Promise<{ server: Server; port: number; url: string; close: () => Promise<void> }> => {
  const service = await makeService(config, options)
  const server = createServer(createServerAdapter(service.handle))
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
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections?.()
      await service.close()
    },
  }
}
