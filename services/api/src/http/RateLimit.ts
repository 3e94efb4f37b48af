/**
 * A fixed-window request counter per client (API key hash or address). In memory: each instance
 * behind a load balancer limits its own share; a shared store is the scale-out step.
 */
export interface RateLimiter {
  /** Counts a request; returns how many seconds to wait, or 0 when it may go ahead. */
  readonly hit: (client: string, now: number) => number
}

export const rateLimiter = (requests: number, windowMs: number): RateLimiter => {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit: (client, now) => {
      let w = windows.get(client)
      if (!w || now - w.start >= windowMs) {
        if (windows.size > 50_000) windows.clear() // bound memory under a flood of new clients
        w = { start: now, count: 0 }
        windows.set(client, w)
      }
      w.count++
      return w.count > requests ? Math.ceil((w.start + windowMs - now) / 1000) : 0
    },
  }
}
