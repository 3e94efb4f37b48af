import Negotiator from "negotiator"
import type { Route } from "./route.js"

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
const chosen = new Map<string, string | undefined>()

/**
 * The one of `types` an Accept header prefers (q-values and wildcards weighed by negotiator), or
 * undefined when it takes none of them.
 */
export const preferred = (accept: string, types: ReadonlyArray<string>): string | undefined => {
  const key = `${types.join(",")}\n${accept}`
  if (chosen.has(key)) return chosen.get(key)
  const type = new Negotiator({ headers: { accept } }).mediaType([...types])
  if (chosen.size >= 256) chosen.clear()
  chosen.set(key, type)
  return type
}

/**
 * Whether an Accept header lets the route answer at all (RFC 9110 §12.5.1: 406 otherwise). No
 * header, or one naming any type, accepts anything; q-values and wildcards are weighed by
 * negotiator, so `image/png` alone or `application/json;q=0` refuses a JSON-only route.
 */
export const acceptable = (accept: string | null | undefined, route: Route): boolean => {
  if (accept === null || accept === undefined || accept === "" || accept === "*/*") return true
  const types = mediaOf(route)
  return accept === types[0] || preferred(accept, types) !== undefined
}
