/**
 * Kept answers: the bytes sent for requests whose answer depends on nothing but the request. An
 * LRU bounded in bytes (lru-cache), keyed by a hash of the normalized request, so neither a key
 * nor an entry can be large: an entry over a fraction of the budget is simply not kept.
 */
import { createHash } from "node:crypto"
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

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )

/** The key of a request: a hash of its normalized parts. */
export const keyOf = (...parts: ReadonlyArray<unknown>): string =>
  createHash("sha256").update(canonicalJson(parts)).digest("base64url")
