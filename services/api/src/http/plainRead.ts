/**
 * A GET of a route with a plain read (`Route.plain`: one stored raid or Refuge) answered from the
 * request target and headers as node gives them, without the Fetch-API Request and Response (the
 * adapter alone takes about 1.4× node's own CPU per request: "adapter only" in
 * bench/api.bench.mjs). Same admission, same checks, same answers as through the router.
 */
import { Exit } from "effect"
import { type ApiError, unauthorized } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import { acceptable } from "./accept.js"
import type { Admission } from "./admission.js"
import { answerOf, type PlainAnswer, plainOf } from "./outcome.js"
import { errorResponse, internalBody, JSON_TYPE, json } from "./responses.js"
import { PLAIN_TARGET, routeOf } from "./router.js"

/** Answers a plain read, or undefined for any other request (the router answers it). */
export type PlainRead = (
  method: string | undefined,
  target: string,
  header: (name: "authorization" | "accept") => string | undefined,
  address: string,
  requestId: string,
) => Promise<PlainAnswer> | undefined

export const makePlainRead = (
  deps: App.Deps,
  admission: Admission,
  log: (msg: string) => void,
): PlainRead => {
  const { admit, authRefusal, spend, authFailed } = admission
  // What plain targets route to, remembered: a client reads the same few things again and again.
  const plainRoutes = new Map<string, ReturnType<typeof routeOf>>()
  const plainRead: PlainRead = (method, target, header, address, requestId) => {
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
        if (Exit.isFailure(keyed.key)) await authFailed(address)
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
  return plainRead
}
