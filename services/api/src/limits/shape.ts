/**
 * A cheap structural check of parsed JSON, run before any schema: depth, array length, string
 * length, total nodes, and no NUL character in a string or key. One pass with an explicit stack (never recursion, so 10,000 levels of
 * nesting can't overflow it), stopping at the first limit broken. The schema that follows then
 * works on a bounded value, and its error report is bounded too.
 *
 * Pure and dependency-free so the CLI can apply the same bounds to a file it reads
 * (`import { checkShape } from "@blight/api/shape"`).
 */

export interface ShapeLimits {
  /** Deepest nesting of arrays and objects (the root is depth 1). */
  readonly maxDepth: number
  /** Most elements in one array, or keys in one object. */
  readonly maxArrayLength: number
  /** Longest string (a value or a key), in UTF-16 code units. */
  readonly maxStringLength: number
  /** Most values in the whole document (every array, object, key and scalar counts one). */
  readonly maxNodes: number
}

/**
 * Generous for what the service is sent: the whole core pack (about 5,600 values, 12 deep, no
 * array over 32, no string over 500 characters) fits many times over.
 */
export const defaultShapeLimits: ShapeLimits = {
  maxDepth: 32,
  maxArrayLength: 5_000,
  maxStringLength: 20_000,
  maxNodes: 100_000,
}

/**
 * Why a string may not hold U+0000: no field of the service takes it, and PostgreSQL cannot store
 * it in text (it would be a 500 there and a stored oddity on SQLite).
 */
export const NUL_MESSAGE = "holds the character U+0000 (NUL), which no text here may hold"

/** The first limit broken: where, which, and whether it is about size (413) or shape (400). */
export interface ShapeProblem {
  readonly path: string
  readonly message: string
  readonly tooLarge: boolean
  /** How many values were looked at before stopping (the work done, at most maxNodes + 1). */
  readonly visited: number
}

const pathOf = (parts: ReadonlyArray<string | number>) =>
  parts.length === 0
    ? "(root)"
    : parts
        .map((p) => String(p))
        .join(".")
        .slice(0, 200)

/** Checks `value` against the limits; undefined when it fits. Visits at most `maxNodes + 1` values. */
export const checkShape = (
  value: unknown,
  limits: ShapeLimits = defaultShapeLimits,
): ShapeProblem | undefined => {
  // Each frame: the value, its depth, and its path (kept as parts, joined only for a report).
  const stack: Array<{ v: unknown; depth: number; path: ReadonlyArray<string | number> }> = [
    { v: value, depth: 1, path: [] },
  ]
  let nodes = 0
  // A problem at `at`, with the work done so far.
  const problem = (at: ReadonlyArray<string | number>, message: string, tooLarge: boolean): ShapeProblem => ({
    path: pathOf(at),
    message,
    tooLarge,
    visited: nodes,
  })
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!
    if (++nodes > limits.maxNodes)
      return problem([], `more than ${limits.maxNodes} values in the document`, true)
    if (typeof v === "string") {
      if (v.length > limits.maxStringLength)
        return problem(path, `a string longer than ${limits.maxStringLength} characters`, true)
      if (v.includes("\u0000")) return problem(path, NUL_MESSAGE, false)
      continue
    }
    if (v === null || typeof v !== "object") continue
    if (depth > limits.maxDepth)
      return problem(path.slice(0, limits.maxDepth), `nested deeper than ${limits.maxDepth} levels`, false)
    if (Array.isArray(v)) {
      if (v.length > limits.maxArrayLength)
        return problem(path, `an array of more than ${limits.maxArrayLength} elements`, true)
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1, path: [...path, i] })
      continue
    }
    const keys = Object.keys(v)
    if (keys.length > limits.maxArrayLength)
      return problem(path, `an object of more than ${limits.maxArrayLength} keys`, true)
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!
      nodes++
      if (k.length > limits.maxStringLength)
        return problem(path, `a key longer than ${limits.maxStringLength} characters`, true)
      if (k.includes("\u0000")) return problem([...path, k], NUL_MESSAGE, false)
      stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1, path: [...path, k] })
    }
  }
  return undefined
}
