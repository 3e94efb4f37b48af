/**
 * Unsafe keys: `__proto__`, `constructor` and `prototype` can poison objects built from JSON,
 * so they are rejected anywhere in a pack, and a clean copy without them is what gets decoded.
 *
 * @since 0.1.0
 */
import { joinPath, type Problem } from "./Problem.js"

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
    if (Array.isArray(v)) return v.map((x, i) => copy(x, joinPath(path, i), depth + 1))
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
