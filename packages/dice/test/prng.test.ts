import { describe, expect, it } from "vitest"
import { Prng } from "../src/Prng.js"

describe("Prng (xoshiro128**)", () => {
  it("the same seed gives the same stream", () => {
    const a = Prng.fromSeed(42)
    const b = Prng.fromSeed(42)
    const xs = Array.from({ length: 1000 }, () => a.nextUint32())
    const ys = Array.from({ length: 1000 }, () => b.nextUint32())
    expect(xs).toEqual(ys)
  })

  it("different seeds give different streams; string seeds work", () => {
    const a = Prng.fromSeed(1).nextUint32()
    const b = Prng.fromSeed(2).nextUint32()
    expect(a).not.toBe(b)
    expect(Prng.fromSeed("raid-7").nextUint32()).toBe(Prng.fromSeed("raid-7").nextUint32())
    expect(Prng.fromSeed("raid-7").nextUint32()).not.toBe(Prng.fromSeed("raid-8").nextUint32())
  })

  it("is pinned: seed 7 always starts with the same outputs on every machine", () => {
    // Golden values: a change here breaks every stored replay, so it must be deliberate.
    const p = Prng.fromSeed(7)
    const first = [p.nextUint32(), p.nextUint32(), p.nextUint32()]
    expect(first).toEqual([1004282400, 2200021487, 1928073449])
    expect(Array.from({ length: 10 }, () => p.die(6))).toEqual([2, 4, 3, 4, 3, 6, 2, 4, 2, 3])
    expect(Prng.fromSeed(7).snapshot()).toMatchInlineSnapshot(`
      {
        "algorithm": "xoshiro128**",
        "state": [
          588686121,
          1937383562,
          4286812467,
          2372217166,
        ],
      }
    `)
  })

  it("a restored state continues the same stream mid-way", () => {
    const a = Prng.fromSeed(99)
    for (let i = 0; i < 137; i++) a.die(6)
    const saved = JSON.parse(JSON.stringify(a.snapshot()))
    const b = Prng.fromState(saved)
    for (let i = 0; i < 500; i++) expect(b.die(20)).toBe(a.die(20))
  })

  it("rejects bad seeds and bad states with a readable reason", () => {
    expect(() => Prng.fromSeed(-1)).toThrow(/seed: expected a whole number/)
    expect(() => Prng.fromSeed(1.5)).toThrow(/seed/)
    expect(() => Prng.fromSeed("")).toThrow(/must not be empty/)
    expect(() => Prng.fromState({ algorithm: "xoshiro128**", state: [0, 0, 0, 0] })).toThrow(/all-zero/)
    expect(() => Prng.fromState({ algorithm: "xoshiro128**", state: [1, 2, 3, -4] })).toThrow(
      /state\.state\[3\]/,
    )
    // biome-ignore lint/suspicious/noExplicitAny: testing untyped input
    expect(() => Prng.fromState({ algorithm: "mt19937", state: [1, 2, 3, 4] } as any)).toThrow(/xoshiro128/)
  })

  it("die(n) stays in 1..n and is uniform (chi-square, 60,000 d6)", () => {
    const p = Prng.fromSeed(2024)
    const counts = new Array<number>(7).fill(0)
    const n = 60000
    let outside = 0
    for (let i = 0; i < n; i++) {
      const f = p.die(6)
      if (f >= 1 && f <= 6) counts[f]!++
      else outside++
    }
    expect(outside).toBe(0)
    const expected = n / 6
    const chi = counts.slice(1).reduce((a, c) => a + (c - expected) ** 2 / expected, 0)
    expect(chi).toBeLessThan(20.5) // p ≈ 0.001 for 5 degrees of freedom
  })

  it("B-DICE-01 poolCounts counts exactly the faces poolFaces shows from the same state", () => {
    const a = Prng.fromSeed(5)
    const b = Prng.fromSeed(5)
    for (const n of [1, 5, 6, 7, 12, 13, 40]) {
      for (let i = 0; i < 200; i++) {
        const packed = a.poolCounts(n)
        const faces = b.poolFaces(n)
        expect(faces).toHaveLength(n)
        const s = faces.filter((f) => f >= 4).length
        const c = faces.filter((f) => f === 6).length
        expect(packed).toBe(s + c * 256)
      }
    }
    expect(() => a.poolCounts(256)).toThrow(/at most 255/)
  })

  it("poolFaces draws uniform, independent dice (chi-square over faces and over pairs)", () => {
    const p = Prng.fromSeed(77)
    const single = new Array<number>(6).fill(0)
    const pairs = new Array<number>(36).fill(0)
    const rounds = 20000
    for (let i = 0; i < rounds; i++) {
      const f = p.poolFaces(6)
      for (const x of f) single[x - 1]!++
      for (let k = 0; k < 6; k += 2) pairs[(f[k]! - 1) * 6 + (f[k + 1]! - 1)]!++
    }
    const chi = (counts: number[]) => {
      const n = counts.reduce((a, b) => a + b, 0)
      const e = n / counts.length
      return counts.reduce((a, c) => a + (c - e) ** 2 / e, 0)
    }
    expect(chi(single)).toBeLessThan(20.5) // 5 dof, p ≈ 0.001
    expect(chi(pairs)).toBeLessThan(66.6) // 35 dof, p ≈ 0.001
  })
})
