/**
 * A REST route's request: the Accept header checked against what it answers, a POST's body read
 * bounded and only as JSON, the query checked for NULs, the key's check (made on admission)
 * applied, then the route's use case run; the answers of pure routes kept as the bytes sent.
 */
import type { Request } from "@whatwg-node/fetch"
import { Response } from "@whatwg-node/server"
import { Exit } from "effect"
import { ApiError, badRequest } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import type { Config } from "../config.js"
import { NUL_MESSAGE } from "../limits/shape.js"
import { acceptable, mediaOf } from "./accept.js"
import { noCaller } from "./admission.js"
import { type answerCache, keyOf } from "./answers.js"
import { nulIn, parseJsonBody, readBody, tooLarge } from "./body.js"
import { run } from "./outcome.js"
import { errorResponse, JSON_TYPE } from "./responses.js"
import type { Route } from "./route.js"

// A REST body longer than this is not worth keeping an answer for (nor hashing to look one up).
const KEPT_BODY_LENGTH = 16_000

export const makeRestEndpoint = (
  config: Config,
  deps: App.Deps,
  answers: ReturnType<typeof answerCache>,
  log: (msg: string) => void,
) => {
  const handle = async (
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
      if (read === "too-large") return errorResponse(tooLarge(config.maxBodyBytes), requestId)
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
  return handle
}
