/**
 * xoshiro128** — a small, fast PRNG with a 128-bit state that serialises as four
 * unsigned 32-bit words. Same seed, same stream, on every machine: only 32-bit integer
 * arithmetic (`Math.imul`, shifts) is used, never floating point.
 *
 * @since 0.1.0
 */

/** The serialised state of a {@link Prng}: restore it to continue the same stream. */
export interface PrngState {
  readonly algorithm: "xoshiro128**"
  readonly state: readonly [number, number, number, number]
}

/** A seed: a safe integer (0 … 2^53−1) or a non-empty string. */
export type Seed = number | string

const TWO_32 = 4294967296

/** splitmix32: spreads a 32-bit seed word into well-mixed state words. */
const splitmix32 = (seed: number): (() => number) => {
  let s = seed >>> 0
  return () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
}

/** FNV-1a over UTF-16 code units, so string seeds ("raid-7") are as good as numbers. */
const hashString = (text: string): [number, number] => {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c ^ (a >>> 7), 0x85ebca6b) >>> 0
  }
  return [a, b]
}

/** Checks a seed and splits it into two 32-bit words. Throws a RangeError naming the problem. */
export const seedWords = (seed: Seed): [number, number] => {
  if (typeof seed === "string") {
    if (seed.length === 0) throw new RangeError("seed: a string seed must not be empty")
    return hashString(seed)
  }
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed: expected a whole number from 0 to 2^53-1 or a string, got ${String(seed)}`)
  }
  return [seed >>> 0, Math.floor(seed / TWO_32) >>> 0]
}

/**
 * A seeded pseudo-random number generator. Mutable on purpose: it sits in hot loops.
 * Take a {@link Prng.snapshot} to store or replay it.
 */
export class Prng {
  private a: number
  private b: number
  private c: number
  private d: number

  private constructor(a: number, b: number, c: number, d: number) {
    this.a = a >>> 0
    this.b = b >>> 0
    this.c = c >>> 0
    this.d = d >>> 0
  }

  /** A generator seeded from a number or a string. */
  static fromSeed(seed: Seed): Prng {
    const [lo, hi] = seedWords(seed)
    const mix = splitmix32(lo ^ Math.imul(hi, 0x27d4eb2d))
    const s0 = mix() ^ hi
    const s1 = mix()
    const s2 = mix()
    const s3 = mix()
    // The all-zero state is the one state xoshiro cannot leave.
    return new Prng(s0, s1, s2, s3 === 0 && s0 === 0 && s1 === 0 && s2 === 0 ? 1 : s3)
  }

  /** A generator that continues exactly where a snapshot was taken. */
  static fromState(state: PrngState): Prng {
    const s = state?.state
    if (state?.algorithm !== "xoshiro128**" || !Array.isArray(s) || s.length !== 4) {
      throw new RangeError('state: expected { algorithm: "xoshiro128**", state: [4 uint32] }')
    }
    // Indexed, not `entries()`: a seeded raid restores a generator for every roll.
    for (let i = 0; i < 4; i++) {
      const w = s[i]
      if (!Number.isInteger(w) || w < 0 || w > 0xffffffff) {
        throw new RangeError(`state.state[${i}]: expected an unsigned 32-bit integer, got ${String(w)}`)
      }
    }
    if (s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0)
      throw new RangeError("state.state: the all-zero state is not valid")
    return new Prng(s[0], s[1], s[2], s[3])
  }

  /** The state now, as plain JSON-safe data. */
  snapshot(): PrngState {
    return { algorithm: "xoshiro128**", state: [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0] }
  }

  /** An independent copy at the same point of the stream. */
  clone(): Prng {
    return new Prng(this.a, this.b, this.c, this.d)
  }

  /** The next raw output, an unsigned 32-bit integer. */
  nextUint32(): number {
    const b = this.b
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0
    const t = b << 9
    this.c ^= this.a
    this.d ^= b
    this.b ^= this.c
    this.a ^= this.d
    this.c ^= t
    this.d = rotl(this.d, 11)
    return result
  }

  /**
   * A uniform whole number from 1 to `sides` (1 ≤ sides ≤ 2^32), without modulo bias
   * (Lemire's multiply-shift with rejection; the product fits a double exactly).
   */
  die(sides: number): number {
    const threshold = (TWO_32 - sides) % sides
    for (;;) {
      const m = this.nextUint32() * sides
      if (m >>> 0 >= threshold) return Math.floor(m / TWO_32) + 1
    }
  }

  /**
   * A uniform whole number in [0, 6^r) for 1 ≤ r ≤ 6: r d6 at once, read as base-6 digits
   * (digit k is die k, face = digit + 1). Same multiply-shift-reject as {@link Prng.die}.
   */
  private chunk(r: number): number {
    const range = POW6[r]!
    const threshold = THRESHOLD6[r]!
    for (;;) {
      const m = this.nextUint32() * range
      if (m >>> 0 >= threshold) return Math.floor(m / TWO_32)
    }
  }

  /**
   * The hot path of The Blight's pools: successes and Crits of `dice` d6, packed as
   * `successes + crits · 256` (so `packed & 255` is successes and `packed >> 8` Crits).
   * Up to six dice come from one PRNG output, counted by table lookup. The dice are the same
   * ones {@link Prng.poolFaces} would show from the same state.
   */
  poolCounts(dice: number): number {
    if (dice > 255) throw new RangeError(`dice: poolCounts counts at most 255 dice, got ${dice}`)
    let packed = 0
    for (let left = dice; left > 0; left -= 6) {
      const r = Math.min(6, left)
      packed += COUNTS6[r]![this.chunk(r)]!
    }
    return packed
  }

  /** The faces of `dice` d6 drawn the way {@link Prng.poolCounts} draws them. */
  poolFaces(dice: number): number[] {
    const faces: number[] = []
    for (let left = dice; left > 0; left -= 6) {
      const r = Math.min(6, left)
      let v = this.chunk(r)
      for (let k = 0; k < r; k++) {
        faces.push((v % 6) + 1)
        v = Math.floor(v / 6)
      }
    }
    return faces
  }
}

/** 6^r, and the rejection threshold 2^32 mod 6^r, for chunks of r = 0…6 dice. */
const POW6 = [1, 6, 36, 216, 1296, 7776, 46656]
const THRESHOLD6 = POW6.map((n) => TWO_32 % n)

/** For each chunk size r, the packed (successes + crits·256) of every base-6 number below 6^r. */
const COUNTS6: Uint16Array[] = POW6.map((n, r) => {
  const t = new Uint16Array(n)
  for (let v = 0; v < n; v++) {
    let x = v
    let packed = 0
    for (let k = 0; k < r; k++) {
      const face = (x % 6) + 1
      if (face >= 4) packed += face === 6 ? 257 : 1
      x = Math.floor(x / 6)
    }
    t[v] = packed
  }
  return t
})

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k))
