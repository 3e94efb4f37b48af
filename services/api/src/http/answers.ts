/**
 * Kept answers: the bytes sent for requests whose answer depends on nothing but the request. An
 * LRU bounded in bytes (lru-cache), keyed by a hash of the normalized request, so neither a key
 * nor an entry can be large: an entry over a fraction of the budget is simply not kept.
 */
import { hash } from "node:crypto"
import { LRUCache } from "lru-cache"

export interface Kept {
  readonly status: number
  readonly type: string
  readonly body: string
}

/** Bytes an entry holds: its body and key as UTF-16, and a small allowance for the record. */
const sizeOf = (value: Kept, key: string) => 2 * (value.body.length + key.length + value.type.length) + 64

export const answerCache = (maxBytes: number) => {
  // With no budget nothing is kept (lru-cache needs a positive size).
  const lru =
    maxBytes > 0
      ? new LRUCache<string, Kept>({
          maxSize: maxBytes,
          // One answer may take at most a sixteenth of the budget: a huge answer is not worth keeping.
          maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
          sizeCalculation: sizeOf,
        })
      : undefined
  return {
    get: (key: string) => lru?.get(key),
    set: (key: string, value: Kept) => void lru?.set(key, value),
    clear: () => lru?.clear(),
    /** Bytes held now (by the measure above). */
    bytes: () => lru?.calculatedSize ?? 0,
  }
}

/**
 * The key of a request: a hash of its parts (already normalized by the caller: the GraphQL document
 * stripped of ignored characters, the query sorted). Object keys keep their order: `{a,b}` and
 * `{b,a}` are two keys for one answer, which costs a miss, never a wrong answer.
 */
export const keyOf = (...parts: ReadonlyArray<unknown>): string =>
  hash("sha256", JSON.stringify(parts), "base64url")
