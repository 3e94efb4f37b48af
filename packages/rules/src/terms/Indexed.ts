/**
 * Reads by an index or key the code itself keeps valid: a loop's bound, a search's window, a table
 * built beside the array, a map filled from the same list. The compiler can't see that, so instead
 * of asserting it at every read these check once here and throw a plain error if it is ever
 * broken, which would be a bug in this package, never a bad input.
 *
 * The typed arrays have one reader each, so each stays of one kind in the board's hot loops.
 *
 * @since 0.3.0
 */

function broken(what: string): never {
  throw new RangeError(`internal: ${what} (a bug in @blight/rules, not in the input)`)
}

/** What was read at `i` of `xs`, known to be there. */
const present = <T>(x: T | undefined, xs: ArrayLike<unknown>, i: number): T =>
  x === undefined ? broken(`index ${i} is outside a list of ${xs.length}`) : x

/** The element at `i` of an array without holes (its elements are never `undefined`). */
export const at = <T>(xs: ReadonlyArray<T>, i: number): T => present(xs[i], xs, i)

/** The last element of a list the caller knows is not empty. */
export const last = <T>(xs: ReadonlyArray<T>): T => at(xs, xs.length - 1)

/** A value the caller's own logic guarantees is there (`what` names it, for the error). */
export const known = <T>(x: T | undefined, what: string): T => (x === undefined ? broken(`no ${what}`) : x)

/** The value a cache keeps for a key, made and kept the first time it is asked for. */
export const keptFor = <K, V>(
  cache: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V => {
  const kept = cache.get(key)
  if (kept !== undefined) return kept
  const made = make()
  cache.set(key, made)
  return made
}

/** The value a map holds for a key the caller put there. */
export const got = <K, V>(map: ReadonlyMap<K, V>, key: K): V => {
  const v = map.get(key)
  return v === undefined ? broken(`no entry for ${String(key)}`) : v
}

export const f64 = (xs: Float64Array, i: number): number => present(xs[i], xs, i)
export const i32 = (xs: Int32Array, i: number): number => present(xs[i], xs, i)
export const i8 = (xs: Int8Array, i: number): number => present(xs[i], xs, i)
export const u8 = (xs: Uint8Array, i: number): number => present(xs[i], xs, i)
