/**
 * Equality of commands as their JSON (auto-play strikes a quick pick off a list by it): the
 * answer of comparing `JSON.stringify` of each, without writing either (it ran for every command
 * of a list a struck-off pick was looked for in).
 *
 * @since 0.4.0
 */
/**
 * Whether two JSON-like values write the same JSON (`JSON.stringify` of each, without writing
 * either: keys in the same order, a key holding undefined left out).
 */
/** The first of `keys` from `j` on whose value in `y` is defined (`keys.length`: none is). */
const definedFrom = (y: Record<string, unknown>, keys: ReadonlyArray<string>, j: number): number => {
  let i = j
  for (let key = keys[i]; key !== undefined && y[key] === undefined; key = keys[++i]);
  return i
}

export const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false
    return true
  }
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const ky = Object.keys(y)
  let j = 0
  for (const k in x) {
    if (x[k] === undefined) continue
    j = definedFrom(y, ky, j)
    if (ky[j] !== k || !sameJson(x[k], y[k])) return false
    j++
  }
  return definedFrom(y, ky, j) === ky.length
}
