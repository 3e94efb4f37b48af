/**
 * Rate limits (rate-limiter-flexible), per client: the verified API key when the request carries a
 * valid one, else the address the request came from. Nothing the client writes picks its identity:
 * an invented `Authorization` is checked first (and a failed check spends the address's budget of
 * failures), and `X-Forwarded-For` is read only from the proxies `TRUST_PROXY` names.
 *
 * The counters live in memory, or in PostgreSQL when the service runs on it, so several instances
 * behind a load balancer share one budget per client. On PostgreSQL a request costs no round trip:
 * the budget is reserved in leases and spent in memory (leases.ts says how far that can stray),
 * and an address's failed key checks, counted in the database, are read at most once a second.
 * The table of identities the memory store may hold is bounded; once full, new identities share
 * one budget instead of pushing old ones out, so a flood of new identities can neither exhaust
 * memory nor free a limited client.
 */
import { isIP } from "node:net"
import { LRUCache } from "lru-cache"
import type pg from "pg"
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible"
import type { Config } from "../config.js"
import { underLock } from "../db/connect.js"
import { leasedBudget } from "./leases.js"

export interface RateLimiter {
  /** Counts a request of `client`; resolves to the seconds to wait, or 0 when it may go ahead. */
  readonly hit: (client: string) => Promise<number>
  /** Seconds the address must wait before its next API-key check, or 0. */
  readonly authBlocked: (address: string) => Promise<number>
  /** Counts a failed API-key check from the address. */
  readonly authFailed: (address: string) => Promise<void>
}

/** What everyone past the identity table's bound shares. */
export const OVERFLOW = "overflow"

/**
 * The identities seen in the current window, at most `max`, in the order their windows end (all
 * windows are equally long, so insertion order is expiry order and expired ones are at the front).
 */
export const identityTable = (max: number, windowMs: number, now: () => number = Date.now) => {
  const until = new Map<string, number>()
  return {
    /** The identity to count `client` under: itself, or OVERFLOW when the table is full. */
    admit: (client: string): string => {
      const t = now()
      const seen = until.get(client)
      if (seen !== undefined && seen > t) return client
      until.delete(client)
      for (const [k, end] of until) {
        if (end > t) break
        until.delete(k)
      }
      if (until.size >= max) return OVERFLOW
      until.set(client, t + windowMs)
      return client
    },
    size: () => until.size,
  }
}

const waitOf = (e: unknown): number => {
  if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000))
  throw e
}

/**
 * Builds the limiter. With a PostgreSQL pool the counters are kept in its `rate_limits` table
 * (made on first use, under the start-up lock); a store that fails falls back to memory for that moment (the library's
 * insurance limiter) rather than refusing everyone or letting everyone through.
 */
export const makeRateLimiter = async (config: Config, pool?: pg.Pool): Promise<RateLimiter> => {
  const { requests, windowMs, authFailures, maxClients } = config.rateLimit
  const duration = windowMs / 1000
  const memory = (keyPrefix: string, points: number) => new RateLimiterMemory({ keyPrefix, points, duration })
  const store = async (keyPrefix: string, points: number, blockInMemory: boolean) => {
    if (!pool) return memory(keyPrefix, points)
    let limiter: RateLimiterPostgres | undefined
    await new Promise<void>((resolve, reject) => {
      limiter = new RateLimiterPostgres(
        {
          storeClient: pool,
          storeType: "pool",
          tableName: "rate_limits",
          keyPrefix,
          points,
          duration,
          // Expired rows are deleted every few minutes (an unref'd timer), so the table stays small.
          clearExpiredByTimeout: true,
          // A client past its budget is refused from memory until its window ends: an attack
          // costs the database nothing more. (The request budget's leases do this themselves.)
          ...(blockInMemory ? { inMemoryBlockOnConsumed: points } : {}),
          insuranceLimiter: memory(`${keyPrefix}-insurance`, points),
        },
        (err?: unknown) => (err ? reject(err) : resolve()),
      )
    })
    return limiter!
  }
  // The store makes its table on first use: instances starting together take turns, or two
  // `CREATE TABLE IF NOT EXISTS` at once collide on PostgreSQL's catalog.
  const made = async () =>
    [await store("req", requests, false), await store("authfail", authFailures, true)] as const
  const [requestsLimiter, failuresLimiter] = pool ? await underLock(pool, made) : await made()
  const table = identityTable(maxClients, windowMs)
  const failureTable = identityTable(maxClients, windowMs)
  const leased = pool ? leasedBudget(requestsLimiter, requests, maxClients + 1) : undefined
  // What the store last said of an address's failures: when it said so, and until when the
  // address is blocked (0: it is not).
  const failuresSeen = new LRUCache<string, { at: number; blocked: number }>({
    max: Math.min(maxClients + 1, 100_000),
  })
  // A refused consume is past the limit whatever it counts (one refused from memory counts 0).
  const seen = (key: string, res: RateLimiterRes | null, refused = false) => {
    const t = Date.now()
    const blocked = refused || (res && res.consumedPoints >= authFailures) ? t + (res?.msBeforeNext ?? 0) : 0
    failuresSeen.set(key, { at: t, blocked })
  }
  return {
    hit: leased
      ? (client) => leased.hit(table.admit(client))
      : (client) =>
          requestsLimiter.consume(table.admit(client)).then(
            () => 0,
            (e) => waitOf(e),
          ),
    authBlocked: async (address) => {
      const key = failureTable.admit(address)
      let known = failuresSeen.get(key)
      // Failures counted by other instances are seen within AUTH_FAILURES_FRESH_MS.
      if (!pool || !known || Date.now() - known.at > AUTH_FAILURES_FRESH_MS) {
        seen(key, await failuresLimiter.get(key))
        known = failuresSeen.get(key)!
      }
      const left = known.blocked - Date.now()
      return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0
    },
    authFailed: (address) => {
      const key = failureTable.admit(address)
      return failuresLimiter.consume(key).then(
        (res) => seen(key, res),
        (e) => {
          waitOf(e)
          seen(key, e, true)
        },
      )
    },
  }
}

/** How stale an instance's view of an address's failed key checks (counted by all) may be. */
export const AUTH_FAILURES_FRESH_MS = 1000

/** The /64 an IPv6 address is in (one subscriber usually holds a whole /64), or an IPv4 address as is. */
const normalize = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (isIP(address) !== 6) return address
  // Expand "::" to get the first four groups.
  const [head = "", tail = ""] = address.split("::")
  const h = head ? head.split(":") : []
  const t = tail ? tail.split(":") : []
  const groups = address.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase())
    .join(":")}::/64`
}

/**
 * The address a request came from: the socket's, or — only when the socket is one of the trusted
 * proxies — the right-most `X-Forwarded-For` entry that is not itself a trusted proxy.
 */
export const clientAddress = (
  socketAddress: string | undefined,
  forwardedFor: string | null,
  trustProxy: ReadonlyArray<string>,
): string => {
  const socket = socketAddress ? normalize(socketAddress) : "unknown"
  if (!forwardedFor || trustProxy.length === 0 || !socketAddress) return socket
  const trusted = new Set(trustProxy.map(normalize))
  if (!trusted.has(socket)) return socket
  // Bounded: a header can hold any number of entries; only the last few are read.
  const hops = forwardedFor
    .split(",")
    .slice(-20)
    .map((s) => s.trim())
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!
    if (isIP(hop) === 0) return socket
    const n = normalize(hop)
    if (!trusted.has(n)) return n
  }
  return socket
}
