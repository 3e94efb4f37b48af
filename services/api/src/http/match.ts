/** Which route a request path names: the routes compiled to matchers once, tried by the path's shape. */
import { routes } from "./routes.js"

export const pathOf = (url: string) => {
  try {
    return new URL(url).pathname
  } catch {
    return ""
  }
}

/** Routes compiled to matchers once. */
const compiled = routes.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
}))

/**
 * The routes a path can match, by its shape: how many segments and its first two (every route's
 * first two are literal, e.g. `/v1/raids/…`), so a request tries a handful of patterns, not all of
 * them. A route whose first two segments hold a parameter is tried for every path.
 */
const shapeOf = (path: string) => {
  const parts = path.split("/")
  return `${parts.length}/${parts[1]}/${parts[2]}`
}
const anyShape = compiled.filter((c) => /\{/.test(c.route.path.split("/").slice(0, 3).join("/")))
const byShape = new Map<string, typeof compiled>()
for (const c of compiled) {
  if (anyShape.includes(c)) continue
  const key = shapeOf(c.route.path)
  byShape.set(key, [...(byShape.get(key) ?? []), c])
}
export const candidates = (path: string) => {
  const shaped = byShape.get(shapeOf(path)) ?? []
  return anyShape.length === 0 ? shaped : [...shaped, ...anyShape]
}

/** A path's route pattern, whatever the method (the metrics' label). */
export const patternOf = (path: string) => candidates(path).find((c) => c.pattern.test(path))?.route.path
