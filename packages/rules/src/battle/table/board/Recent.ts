/**
 * The board's caches keep their last few answers: a map remembers the order its keys were set, so
 * the first key is the one set longest ago.
 */
export const keepRecent = <K, V>(map: Map<K, V>, key: K, value: V, kept: number): void => {
  if (map.size >= kept) {
    const oldest = map.keys().next()
    if (!oldest.done) map.delete(oldest.value)
  }
  map.set(key, value)
}
