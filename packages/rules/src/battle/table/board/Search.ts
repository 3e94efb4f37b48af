import { at, f64, i8, i32, keptFor, u8 } from "../../../terms/Indexed.js"
import type { Board } from "./Board.js"
import { clearFrom, type Field, fieldOf, type Mover, segmentCost } from "./Field.js"
import { dist, type Pt } from "./Geometry.js"
import type { Ruled } from "./Ground.js"
import { keepRecent } from "./Recent.js"
import { STEP } from "./Sight.js"

/**
 * A search's results. Only a window of the grid around the start is kept: every node a search
 * touches lies within its budget of the start (a step costs at least its length) and one step
 * beyond, so the window holds all of them and a search costs its reach, not the board's size.
 */
interface Explored {
  readonly f: Field
  /** The window: columns `i0`…, rows `j0`…, `w` × `h` nodes. */
  readonly i0: number
  readonly j0: number
  readonly w: number
  readonly h: number
  /** The grid cost of each node of the window, row by row (infinite: not reached). */
  readonly g: Float64Array
  /** The grid index of the node each was reached from (-1: from the start). */
  readonly prev: Int32Array
}

/** How far beyond its budget a search's window reaches (a step is at most a knight's move, 1.12"). */
const WINDOW_MARGIN = 2

/** The window's index of a grid node, or -1 outside it. */
const slot = (e: Explored, k: number): number => {
  const i = (k % e.f.n) - e.i0
  const j = Math.floor(k / e.f.n) - e.j0
  return i < 0 || j < 0 || i >= e.w || j >= e.h ? -1 : j * e.w + i
}

/** The grid cost of a node (infinite when the search did not reach it). */
export const costAt = (e: Explored, k: number): number => {
  const s = slot(e, k)
  return s < 0 ? Number.POSITIVE_INFINITY : f64(e.g, s)
}

/**
 * Searches already made, per board, by everything a search reads (the base, where it starts, what
 * it keeps clear of, the budget), a few dozen at a time: the legal moves of one activation ask the
 * same searches again and again (each probe of a move into contact, then the move itself), and a
 * search is a pure function of these. Callers only read what a search returns.
 */
const explored = new WeakMap<Board, Map<string, Explored>>()
const EXPLORED_KEPT = 64

/** Everything about a mover a search or a plan reads (the board aside), as a key; made once per mover. */
const moverKeys = new WeakMap<Mover, string>()
export const moverKey = (mv: Mover): string => {
  let key = moverKeys.get(mv)
  if (key === undefined) {
    key = `${mv.r}|${mv.from.x},${mv.from.y}`
    for (const o of mv.obstacles) key += `|${o.c.x},${o.c.y},${o.keep}`
    moverKeys.set(mv, key)
  }
  return key
}

/** The heap orders window nodes by cost, ties by index (the same pops in the same order as always). */
const less = (g: Float64Array, a: number, b: number): boolean => {
  const ga = f64(g, a)
  const gb = f64(g, b)
  return ga < gb || (ga === gb && a < b)
}
const push = (g: Float64Array, k: number): void => {
  if (heapSize === heapKept.length) growHeap()
  const heap = heapKept
  heap[heapSize] = k
  let i = heapSize++
  while (i > 0) {
    const p = (i - 1) >> 1
    const hi = i32(heap, i)
    const hp = i32(heap, p)
    if (!less(g, hi, hp)) break
    heap[i] = hp
    heap[p] = hi
    i = p
  }
}
const pop = (g: Float64Array): number => {
  const heap = heapKept
  const top = i32(heap, 0)
  const last = i32(heap, --heapSize)
  const size = heapSize
  if (size > 0) {
    heap[0] = last
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let s = i
      if (l < size && less(g, i32(heap, l), i32(heap, s))) s = l
      if (r < size && less(g, i32(heap, r), i32(heap, s))) s = r
      if (s === i) break
      const hi = i32(heap, i)
      heap[i] = i32(heap, s)
      heap[s] = hi
      i = s
    }
  }
  return top
}

/** Grid distances from the mover's position, up to a budget (the same answer as {@link search}). */
export const explore = (mv: Mover, budget: number): Explored => {
  const byKey = keptFor(explored, mv.board, () => new Map<string, Explored>())
  const key = `${moverKey(mv)}|${budget}`
  const hit = byKey.get(key)
  if (hit !== undefined) return hit
  const made = search(mv, budget)
  keepRecent(byKey, key, made, EXPLORED_KEPT)
  return made
}

/**
 * A search's own byte arrays (which nodes are free, their cost multipliers, which are settled),
 * zeroed and reused by every search (searches don't nest, and none of these outlives one): a
 * search's results are its costs and steps alone.
 */
const scratchBytes: Uint8Array[] = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)]
const scratch = (which: number, size: number): Uint8Array => {
  let a = at(scratchBytes, which)
  if (a.length < size) {
    a = new Uint8Array(Math.max(size, 2 * a.length))
    scratchBytes[which] = a
  }
  const out = a.subarray(0, size)
  out.fill(0)
  return out
}

/**
 * Which nodes of a window a base may stand on (1): clear of walls and the table's edges by its
 * radius, and of every obstacle by what it keeps. Each obstacle marks only the nodes near it.
 */
const freeNodes = (mv: Mover, f: Field, i0: number, j0: number, w: number, h: number): Uint8Array => {
  const free = scratch(0, w * h)
  const { r: radius, obstacles } = mv
  const xMax = mv.board.width - radius
  const yMax = mv.board.height - radius
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const x = (i0 + i) * STEP
      const y = (j0 + j) * STEP
      if (
        f64(f.wall, (j0 + j) * f.n + i0 + i) >= radius &&
        x >= radius &&
        y >= radius &&
        x <= xMax &&
        y <= yMax
      )
        free[j * w + i] = 1
    }
  for (const { c, keep } of obstacles) {
    const ia = Math.max(i0, Math.floor((c.x - keep) / STEP))
    const ib = Math.min(i0 + w - 1, Math.ceil((c.x + keep) / STEP))
    const ja = Math.max(j0, Math.floor((c.y - keep) / STEP))
    const jb = Math.min(j0 + h - 1, Math.ceil((c.y + keep) / STEP))
    for (let j = ja; j <= jb; j++)
      for (let i = ia; i <= ib; i++) {
        const dx = i * STEP - c.x
        const dy = j * STEP - c.y
        if (dx * dx + dy * dy < keep * keep) free[(j - j0) * w + (i - i0)] = 0
      }
  }
  return free
}

/**
 * The search's heap of window nodes, reused by every search (searches don't nest; a search's
 * results are its costs and steps alone), grown as needed: a search made no array of its own.
 */
let heapKept = new Int32Array(1024)
let heapSize = 0
const growHeap = () => {
  const bigger = new Int32Array(2 * heapKept.length)
  bigger.set(heapKept)
  heapKept = bigger
}

/** Each step's end and the two nodes it passes by, as offsets in a window `w` nodes wide. */
interface Offsets {
  readonly to: Int32Array
  readonly by1: Int32Array
  readonly by2: Int32Array
}
const offsetsByWidth = new Map<number, Offsets>()
const offsetsFor = (w: number): Offsets => {
  let o = offsetsByWidth.get(w)
  if (o === undefined) {
    const to = new Int32Array(DIRS.length)
    const by1 = new Int32Array(DIRS.length)
    const by2 = new Int32Array(DIRS.length)
    for (let d = 0; d < DIRS.length; d++) {
      to[d] = i8(DJ, d) * w + i8(DI, d)
      by1[d] = i8(PASS_J1, d) * w + i8(PASS_I1, d)
      by2[d] = i8(PASS_J2, d) * w + i8(PASS_I2, d)
    }
    o = { to, by1, by2 }
    offsetsByWidth.set(w, o)
  }
  return o
}

/** Grid distances from the mover's position, up to a budget (Dijkstra, ties by node index). */
const search = (mv: Mover, budget: number): Explored => {
  const f = fieldOf(mv.board)
  const reach = budget + WINDOW_MARGIN
  const i0 = Math.max(0, Math.floor((mv.from.x - reach) / STEP))
  const j0 = Math.max(0, Math.floor((mv.from.y - reach) / STEP))
  const w = Math.min(f.n - 1, Math.ceil((mv.from.x + reach) / STEP)) - i0 + 1
  const h = Math.min(f.m - 1, Math.ceil((mv.from.y + reach) / STEP)) - j0 + 1
  // Node indices from here on are the window's (row by row, so in the grid's order too).
  const g = new Float64Array(w * h).fill(Number.POSITIVE_INFINITY)
  const prev = new Int32Array(w * h).fill(-2)
  const free = freeNodes(mv, f, i0, j0, w, h)
  const mult = scratch(1, w * h)
  for (let j = 0; j < h; j++) mult.set(f.mult.subarray((j0 + j) * f.n + i0, (j0 + j) * f.n + i0 + w), j * w)
  heapSize = 0
  // Seed: the grid nodes around the start, reached in a straight line.
  const clearOfStart = clearFrom(mv, mv.from)
  const is = Math.round(mv.from.x / STEP)
  const js = Math.round(mv.from.y / STEP)
  for (let dj = -2; dj <= 2; dj++)
    for (let di = -2; di <= 2; di++) {
      const i = is + di - i0
      const j = js + dj - j0
      if (i < 0 || j < 0 || i >= w || j >= h) continue
      const k = j * w + i
      const p = { x: (i + i0) * STEP, y: (j + j0) * STEP }
      if (!free[k] || !clearOfStart(p)) continue
      const c = segmentCost(mv.board, mv.from, p)
      if (c < f64(g, k)) {
        g[k] = c
        prev[k] = -1
        push(g, k)
      }
    }
  const done = scratch(2, w * h)
  const { to, by1, by2 } = offsetsFor(w)
  while (heapSize > 0) {
    const k = pop(g)
    if (done[k]) continue
    done[k] = 1
    const gk = f64(g, k)
    if (gk > budget) break
    const i = k % w
    const j = Math.floor(k / w)
    const multK = u8(mult, k)
    for (let d = 0; d < DIRS.length; d++) {
      const ii = i + i8(DI, d)
      const jj = j + i8(DJ, d)
      // The window holds every node a step from one within the budget (see `Explored`).
      if (ii < 0 || jj < 0 || ii >= w || jj >= h) continue
      const kk = k + i32(to, d)
      if (done[kk] || !free[kk]) continue
      // Knight moves pass between two nodes, diagonals by two: all must be free.
      if (!free[k + i32(by1, d)] || !free[k + i32(by2, d)]) continue
      const cost = gk + f64(STEP_LEN, d) * ((multK + u8(mult, kk)) / 2)
      if (cost < f64(g, kk) - 1e-12) {
        g[kk] = cost
        prev[kk] = k
        push(g, kk)
      }
    }
  }
  // Back to grid indices for the callers.
  for (let k = 0; k < prev.length; k++) {
    const p = i32(prev, k)
    if (p >= 0) prev[k] = (j0 + Math.floor(p / w)) * f.n + i0 + (p % w)
  }
  return { f, i0, j0, w, h, g, prev }
}

const DIRS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
  [2, 1],
  [2, -1],
  [-2, 1],
  [-2, -1],
  [1, 2],
  [1, -2],
  [-1, 2],
  [-1, -2],
]
const DI = Int8Array.from(DIRS, ([di]) => di)
const DJ = Int8Array.from(DIRS, ([, dj]) => dj)
/** Each step's length in inches (`STEP` times the step in nodes, as the cost has always been reckoned). */
const STEP_LEN = Float64Array.from(DIRS, ([di, dj]) => STEP * Math.hypot(di, dj))
/**
 * The two nodes a step passes by, as offsets from where it starts: a knight's move between the
 * node half-way along and the diagonal one, a diagonal by the two orthogonal ones; a straight
 * step by none (its own end, which is free, stands in twice).
 */
const passBy = (di: number, dj: number): [number, number, number, number] => {
  const len = Math.abs(di) + Math.abs(dj)
  if (len === 3) return [Math.trunc(di / 2), Math.trunc(dj / 2), Math.sign(di), Math.sign(dj)]
  if (len === 2) return [di, 0, 0, dj]
  return [di, dj, di, dj]
}
const PASS_I1 = Int8Array.from(DIRS, ([di, dj]) => passBy(di, dj)[0])
const PASS_J1 = Int8Array.from(DIRS, ([di, dj]) => passBy(di, dj)[1])
const PASS_I2 = Int8Array.from(DIRS, ([di, dj]) => passBy(di, dj)[2])
const PASS_J2 = Int8Array.from(DIRS, ([di, dj]) => passBy(di, dj)[3])

export const nodePt = (f: Field, k: number): Pt => ({ x: (k % f.n) * STEP, y: Math.floor(k / f.n) * STEP })

/** The path the search found to grid node k, from the start. */
export const pathTo = (e: Explored, k: number, from: Pt): Pt[] => {
  const pts: Pt[] = []
  for (let c = k; c >= 0; c = i32(e.prev, slot(e, c))) pts.push(nodePt(e.f, c))
  pts.push(from)
  return pts.reverse()
}

export const polyCost = (board: Ruled, pts: ReadonlyArray<Pt>): number => {
  let c = 0
  for (let i = 1; i < pts.length; i++) c += segmentCost(board, at(pts, i - 1), at(pts, i))
  return c
}

export const polyLength = (pts: ReadonlyArray<Pt>): number => {
  let c = 0
  for (let i = 1; i < pts.length; i++) c += dist(at(pts, i - 1), at(pts, i))
  return c
}

/** Straightens a path: skips corners where a straight line is clear and no dearer. */
export const straighten = (mv: Mover, pts: ReadonlyArray<Pt>): Pt[] => {
  // Cost along the path so far, so a stretch's cost is a difference.
  const cum = new Float64Array(pts.length)
  for (let k = 1; k < pts.length; k++)
    cum[k] = f64(cum, k - 1) + segmentCost(mv.board, at(pts, k - 1), at(pts, k))
  const out: Pt[] = [at(pts, 0)]
  let i = 0
  while (i < pts.length - 1) {
    let best = i + 1
    const from = at(pts, i)
    const clear = clearFrom(mv, from)
    // The furthest corner reachable straight and no dearer (in the open, the first one tried).
    for (let j = pts.length - 1; j > i + 1; j--) {
      const to = at(pts, j)
      if (!clear(to)) continue
      if (segmentCost(mv.board, from, to) <= f64(cum, j) - f64(cum, i) + 1e-9) {
        best = j
        break
      }
    }
    out.push(at(pts, best))
    i = best
  }
  return out
}
