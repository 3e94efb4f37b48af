import Negotiator from "negotiator"
import type { Route } from "./routes.js"

const media = new WeakMap<Route, ReadonlyArray<string>>()

/** The media types a route answers in: its page's, its stream's, or JSON and its alternatives. */
export const mediaOf = (route: Route): ReadonlyArray<string> => {
  let types = media.get(route)
  if (types === undefined) {
    types =
      route.media !== undefined
        ? [route.media]
        : route.stream
          ? ["text/event-stream"]
          : ["application/json", ...(route.alternatives ?? [])]
    // Asked on every request (hot reads too): worked out once per route.
    media.set(route, types)
  }
  return types
}

// A client sends the same Accept on every request: the answers for the few seen last are kept.
const seen = new Map<string, boolean>()

/**
 * Whether an Accept header lets the route answer at all (RFC 9110 §12.5.1: 406 otherwise). No
 * header, or one naming any type, accepts anything; q-values and wildcards are weighed by
 * negotiator, so `image/png` alone or `application/json;q=0` refuses a JSON-only route.
 */
export const acceptable = (accept: string | null | undefined, route: Route): boolean => {
  if (accept === null || accept === undefined || accept === "" || accept === "*/*") return true
  const types = mediaOf(route)
  if (accept === types[0]) return true
  const key = `${types.join(",")}\n${accept}`
  let ok = seen.get(key)
  if (ok === undefined) {
    ok = new Negotiator({ headers: { accept } }).mediaTypes([...types]).length > 0
    if (seen.size >= 256) seen.clear()
    seen.set(key, ok)
  }
  return ok
}
