/**
 * The leased budget (src/http/leases.ts) over a store shared by several "instances": never more
 * than the budget in a window, and what stays unspent is bounded by the leases the others hold.
 */
import { RateLimiterMemory } from "rate-limiter-flexible"
import { describe, expect, it } from "vitest"
import { leasedBudget, leaseSize, MAX_LEASE } from "../src/http/leases.js"

describe("leased budget", () => {
  it("a lease is a tenth of what is left, between 1 and MAX_LEASE", () => {
    expect(leaseSize(10_000_000)).toBe(MAX_LEASE)
    expect(leaseSize(600)).toBe(60)
    expect(leaseSize(9)).toBe(1)
    expect(leaseSize(0)).toBe(1)
  })

  it("three instances on one store grant exactly the budget, spent in any order, and refuse the rest", async () => {
    for (const budget of [1, 7, 40, 600]) {
      const store = new RateLimiterMemory({ points: budget, duration: 60 })
      const instances = [0, 1, 2].map(() => leasedBudget(store, budget, 100))
      let granted = 0
      // Interleaved, then each instance drained: every point reserved is spent somewhere.
      for (let i = 0; i < budget * 3 + 30; i++) if ((await instances[i % 3]!.hit("k")) === 0) granted++
      expect(granted).toBe(budget)
      for (const b of instances) expect(await b.hit("k")).toBeGreaterThan(0)
    }
  })

  it("concurrent hits on one instance share one reservation and never overspend", async () => {
    const store = new RateLimiterMemory({ points: 25, duration: 60 })
    let calls = 0
    const counted = Object.assign(Object.create(store), {
      consume: (key: string, n: number) => {
        calls++
        return store.consume(key, n)
      },
    })
    const b = leasedBudget(counted, 25, 100)
    const waits = await Promise.all(Array.from({ length: 60 }, () => b.hit("k")))
    expect(waits.filter((w) => w === 0)).toHaveLength(25)
    expect(calls).toBeLessThan(25)
  })

  it("a new window grants a new budget", async () => {
    let t = 1_000_000
    const store = new RateLimiterMemory({ points: 3, duration: 1 })
    const b = leasedBudget(store, 3, 100, () => t)
    for (let i = 0; i < 3; i++) expect(await b.hit("k")).toBe(0)
    expect(await b.hit("k")).toBe(1)
    t += 1500
    await new Promise((r) => setTimeout(r, 1100)) // the memory store keeps real time
    expect(await b.hit("k")).toBe(0)
  })

  it("distinct keys have distinct budgets, and the leases held are bounded", async () => {
    const store = new RateLimiterMemory({ points: 2, duration: 60 })
    const b = leasedBudget(store, 2, 3)
    for (const k of ["a", "b", "c", "d", "e"]) {
      expect(await b.hit(k)).toBe(0)
      expect(await b.hit(k)).toBe(0)
      expect(await b.hit(k)).toBeGreaterThan(0)
    }
  })
})
