/**
 * A budget shared by several instances, spent without a database round trip per request: an
 * instance reserves points from the shared store in leases and spends them in memory.
 *
 * The store counts every reserved point, so all instances together never grant more than the
 * budget in a window. The price is the other way: points one instance holds are not spent by the
 * others, so a client may be refused on one instance while another still holds a few of its points
 * (which it then grants). A lease is a tenth of what the store had left, at most `MAX_LEASE` and at
 * least 1, so near the end of a budget the leases are single points: at most `(instances - 1) ×
 * lease` requests of a window can be stranded so, and none past the budget.
 */
import { LRUCache } from "lru-cache"
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible"

/** The most points one lease holds (one round trip per this many requests, at best). */
export const MAX_LEASE = 100
/** A lease is this fraction of the budget the store had left. */
const LEASE_SHARE = 10

interface Lease {
  /** Points reserved and not yet spent. */
  left: number
  /** When the store's window (and so the lease) ends, ms since the epoch. */
  until: number
  /** What the store had left after this lease was taken. */
  remaining: number
}

export const leaseSize = (remaining: number): number =>
  Math.max(1, Math.min(MAX_LEASE, Math.floor(remaining / LEASE_SHARE)))

const GO = Promise.resolve(0)

/**
 * `hit(key)` resolves to 0 when the request may go ahead, else the seconds until the window ends.
 * `maxKeys` bounds the leases held (a lease pushed out loses its unspent points: fewer, never more).
 */
export const leasedBudget = (
  store: RateLimiterAbstract,
  points: number,
  maxKeys: number,
  now: () => number = Date.now,
) => {
  const leases = new LRUCache<string, Lease>({ max: maxKeys })
  // One reservation in flight per key: the requests that arrive meanwhile wait for it.
  const pending = new Map<string, Promise<void>>()

  const reserve = async (key: string, remaining: number): Promise<void> => {
    const want = leaseSize(remaining)
    const res = await store.consume(key, want).catch((e: unknown) => {
      if (e instanceof RateLimiterRes) return e
      throw e
    })
    // Past the budget the store counts the whole lease but grants only what was left before it.
    const granted = Math.max(0, Math.min(want, points - (res.consumedPoints - want)))
    leases.set(key, {
      left: granted,
      until: now() + Math.max(1, res.msBeforeNext),
      remaining: Math.max(0, points - res.consumedPoints),
    })
  }

  const hit = (key: string): Promise<number> => {
    const t = now()
    const lease = leases.get(key)
    if (lease && lease.until > t) {
      if (lease.left > 0) {
        lease.left--
        return GO
      }
      if (lease.remaining <= 0) return Promise.resolve(Math.max(1, Math.ceil((lease.until - t) / 1000)))
    }
    let p = pending.get(key)
    if (!p) {
      const remaining = lease && lease.until > t ? lease.remaining : points
      p = reserve(key, remaining).finally(() => pending.delete(key))
      pending.set(key, p)
    }
    // Whoever reserved, the lease is now fresh: try again (bounded: each reservation takes at
    // least one point from the store, or finds none left).
    return p.then(() => hit(key))
  }
  return { hit }
}
