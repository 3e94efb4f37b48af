/**
 * Unsafe keys: `__proto__`, `constructor` and `prototype` can poison objects built from JSON,
 * so they are rejected anywhere in a pack, and a clean copy without them is what gets decoded.
 * So are data too big or too deep to be a rule (R-CONTENT-41): nesting past 64 levels, a string
 * past {@link MAX_STRING} characters, a list past {@link MAX_ARRAY} items.
 *
 * @since 0.1.0
 */
import { joinPath, type Problem } from "./Problem.js"

/** The longest string a pack may hold: a rule's text is a paragraph, never a book (R-CONTENT-41). */
export const MAX_STRING = 20_000
/** The longest array a pack may hold (entries of a kind, a table's rows, effects…) (R-CONTENT-41). */
export const MAX_ARRAY = 5_000

/** Keys never allowed in pack data. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"])

/** Every unsafe key in a JSON value, and a deep copy with those keys left out. */
export const scanUnsafe = (value: unknown, pack?: string): { problems: Problem[]; clean: unknown } => {
  const problems: Problem[] = []
  const copy = (v: unknown, path: string, depth: number): unknown => {
    if (depth > 64) {
      problems.push({
        ...(pack === undefined ? {} : { pack }),
        path,
        message: "nested more than 64 levels deep",
      })
      return null
    }
    if (Array.isArray(v)) {
      if (v.length > MAX_ARRAY) {
        problems.push({
          ...(pack === undefined ? {} : { pack }),
          path,
          message: `a list of ${v.length} items; at most ${MAX_ARRAY} are allowed (R-CONTENT-41)`,
        })
        return []
      }
      return v.map((x, i) => copy(x, joinPath(path, i), depth + 1))
    }
    if (typeof v === "string" && v.length > MAX_STRING) {
      problems.push({
        ...(pack === undefined ? {} : { pack }),
        path,
        message: `a text of ${v.length} characters; at most ${MAX_STRING} are allowed (R-CONTENT-41)`,
      })
      return v.slice(0, MAX_STRING)
    }
    if (typeof v !== "object" || v === null) return v
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(v)) {
      const at = joinPath(path, key)
      if (UNSAFE_KEYS.has(key)) {
        problems.push({
          ...(pack === undefined ? {} : { pack }),
          path: at,
          message: `the key ${JSON.stringify(key)} is not allowed in pack data`,
        })
        continue
      }
      Object.defineProperty(out, key, {
        value: copy((v as Record<string, unknown>)[key], at, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  const clean = copy(value, "", 0)
  return { problems, clean }
}
