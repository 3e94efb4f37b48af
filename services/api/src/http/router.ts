/**
 * The router: what a request's path names (a probe, /metrics, GraphQL, the OpenAPI document, the
 * docs, or a REST route), the request admitted (admission.ts) in that endpoint's error shape, then
 * handed to its handler.
 */
import { randomUUID } from "node:crypto"
import type { Request } from "@whatwg-node/fetch"
import { Response } from "@whatwg-node/server"
import { Exit } from "effect"
import { ApiError, badRequest, notFound } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import { NUL_MESSAGE } from "../limits/shape.js"
import { clientAbortLine, isClientAbort } from "./aborts.js"
import { type Admission, noCaller } from "./admission.js"
import { tooLarge } from "./body.js"
import { candidates, pathOf } from "./match.js"
import { errorResponse, graphqlErrorResponse, internalBody, json, withJsonError } from "./responses.js"
import type { Route } from "./route.js"

/**
 * A request target that is a path of plain segments (no query, no escapes, no dot segments): it is
 * its own URL's pathname, and a plain read may take it as it is.
 */
export const PLAIN_TARGET = /^(?:\/[\w-]+)+$/

/** A REST route matched, with its path's parameters, or the error to answer. */
export type RouteHit =
  | { route: Route; params: Record<string, string> }
  | { error: ApiError; headers?: Record<string, string> }

/** The route a REST request names, or the error to answer (404, 405, a malformed path). */
export const routeOf = (method: string, pathname: string): RouteHit => {
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

type Caller = Promise<Exit.Exit<App.Caller, ApiError>>

/** What the router hands requests to. */
export interface Endpoints {
  readonly dialect: string
  readonly maxBodyBytes: number
  readonly admission: Admission
  readonly ready: () => Promise<Response>
  readonly scrape:
    | ((
        request: Request,
        address: string,
        refuse: (e: ApiError, headers?: Record<string, string>) => Response,
      ) => Promise<Response>)
    | undefined
  readonly graphql: (
    request: Request,
    requestId: string,
    caller: Caller,
    address: string,
  ) => Promise<Response>
  readonly openapi: (acceptEncoding: string | null) => Promise<Response>
  readonly docs: (url: URL, acceptEncoding: string | null) => Promise<Response>
  readonly rest: (
    request: Request,
    url: URL,
    requestId: string,
    hit: { route: Route; params: Record<string, string> },
    caller: Caller | undefined,
    address: string,
  ) => Promise<Response>
}

/** Routes a request to its endpoint, once admitted. */
export const makeRouter = (endpoints: Endpoints) => {
  const { dialect, maxBodyBytes, admission, ready, scrape, graphql, openapi, docs, rest } = endpoints
  const { admit } = admission
  const dispatch = async (request: Request, address: string, requestId: string): Promise<Response> => {
    const url = new URL(request.url)
    if (url.pathname === "/health") return json(200, { status: "ok", database: dialect })
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
      if (declared > maxBodyBytes) return refuse(tooLarge(maxBodyBytes))
      const response = await graphql(request, requestId, caller ?? noCaller, address)
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
    return rest(request, url, requestId, restRoute, caller, address)
  }
  return dispatch
}

/**
 * The service's handler: the router's answer, or a 400 for a client gone mid-request (its own
 * doing, logged to `info`) or an opaque 500 for anything thrown (logged to `log`); either way in
 * the JSON error shape, with the request's id.
 */
export const errorBoundary =
  (
    dispatch: (request: Request, address: string, requestId: string) => Promise<Response>,
    log: (msg: string) => void,
    info: (msg: string) => void,
  ) =>
  async (request: Request, address = "unknown", id?: string): Promise<Response> => {
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
