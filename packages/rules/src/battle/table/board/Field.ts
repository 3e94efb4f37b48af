import { f64, u8 } from "../../../terms/Indexed.js"
import { type Board, pointsOf } from "./Board.js"
import {
  type Box,
  bbox,
  boxGapTo,
  boxNearer,
  boxNearerTo,
  crossings,
  dist,
  distToPolygon,
  inside,
  nearer,
  nearerPolygon,
  nearerSegment,
  type Pt,
  segmentNearerPolygon,
} from "./Geometry.js"
import type { Ruled } from "./Ground.js"
import { keepRecent } from "./Recent.js"
import { STEP } from "./Sight.js"

export interface Field {
  readonly n: number
  readonly m: number
  /**
   * Distance from each node to the nearest wall within {@link WALL_REACH} of it (by the wall's box;
   * infinite when none is): whether a base of radius up to that much fits is the same question.
   */
  readonly wall: Float64Array
  /** Cost multiplier at each node. */
  readonly mult: Uint8Array
}

/**
 * How far the field measures walls. A base fits at a node when the nearest wall is at least its
 * radius away; a wall whose box is further than this is further than any base's radius (bases are
 * at most 6" across, `Model.base`), so it decides nothing.
 */
const WALL_REACH = 4

const fields = new Map<string, Field>()

/** The board's static grid (cached by the board's content, a few at a time). */
const byObject = new WeakMap<Board, Field>()
export const fieldOf = (board: Ruled): Field => {
  const same = byObject.get(board)
  if (same) return same
  const key = JSON.stringify(board)
  const hit = fields.get(key)
  if (hit) {
    byObject.set(board, hit)
    return hit
  }
  const n = Math.floor(board.width / STEP) + 1
  const m = Math.floor(board.height / STEP) + 1
  const wall = new Float64Array(n * m).fill(Number.POSITIVE_INFINITY)
  const mult = new Uint8Array(n * m).fill(1)
  const { walls, costly } = piecesOf(board)
  // Each piece marks only the nodes its box (and for a wall, the reach around it) covers.
  const nodesAround = (pts: ReadonlyArray<Pt>, reach: number, mark: (k: number, p: Pt) => void) => {
    const box = bbox(pts)
    for (
      let j = Math.max(0, Math.floor((box.y0 - reach) / STEP));
      j <= Math.min(m - 1, (box.y1 + reach) / STEP);
      j++
    )
      for (
        let i = Math.max(0, Math.floor((box.x0 - reach) / STEP));
        i <= Math.min(n - 1, (box.x1 + reach) / STEP);
        i++
      )
        mark(j * n + i, { x: i * STEP, y: j * STEP })
  }
  for (const { pts: w } of walls)
    nodesAround(w, WALL_REACH, (k, p) => {
      if (boxNearer(p, p, w, WALL_REACH)) wall[k] = Math.min(f64(wall, k), distToPolygon(p, w))
    })
  for (const t of costly)
    nodesAround(t.pts, STEP, (k, p) => {
      if (inside(p, t.pts)) mult[k] = Math.max(u8(mult, k), t.cost)
    })
  const f = { n, m, wall, mult }
  keepRecent(fields, key, f, 8)
  byObject.set(board, f)
  return f
}

/** The length of the union of spans (fractions of a segment). */
const unionOf = (spans: Array<readonly [number, number]>): number => {
  spans.sort((x, y) => x[0] - y[0] || x[1] - y[1])
  let extra = 0
  let end = -1
  for (const [s, e] of spans) {
    const from = Math.max(s, end)
    if (e > from) extra += e - from
    end = Math.max(end, e)
  }
  return extra
}

/**
 * Inches of a straight segment, with terrain costs: each inch inside costly ground costs its kind's
 * `moveCost` (double, in the core pack); overlapping pieces don't stack, the dearest counts.
 */
export const segmentCost = (board: Ruled, a: Pt, b: Pt): number => {
  const len = dist(a, b)
  if (len === 0) return 0
  const spans: Array<readonly [number, number, number]> = []
  for (const { pts: poly, cost, box } of piecesOf(board).costly) {
    // Beyond the piece's box (by its kept box): nothing inside it, as `lengthInside` first tests.
    if (boxGapTo(a, b, box) > 1e-9) continue
    // Collect inside spans by sampling the crossing structure exactly: split at crossings. The
    // piece counts only when some span at least 1e-12 long is inside (what `lengthInside(a, b,
    // poly) > 0` says, from the same crossings and the same middles), so both are read at once.
    // The stretches run from 0 (every crossing is past it) to each crossing in turn, then to 1.
    const ts = [1, ...crossings(a, b, poly)]
    ts.sort((x, y) => x - y)
    const first = spans.length
    let counts = false
    let t0 = 0
    for (const t1 of ts) {
      const mid = (t0 + t1) / 2
      if (inside({ x: a.x + (b.x - a.x) * mid, y: a.y + (b.y - a.y) * mid }, poly)) {
        spans.push([t0, t1, cost])
        if (!(t1 - t0 < 1e-12)) counts = true
      }
      t0 = t1
    }
    if (!counts) spans.length = first
  }
  // In the open (most stretches): nothing to add, and no levels to sort.
  if (spans.length === 0) return len
  // Each cost level adds what it costs over the level below, along the stretch at least that dear.
  let extra = 0
  let below = 1
  for (const level of [...new Set(spans.map((x) => x[2]))].sort((x, y) => x - y)) {
    extra += (level - below) * unionOf(spans.filter((x) => x[2] >= level).map(([s, e]) => [s, e] as const))
    below = level
  }
  return len * (1 + extra)
}

export interface Mover {
  readonly board: Ruled
  readonly r: number
  readonly from: Pt
  /** Bases to keep clear of, with the gap to keep. */
  readonly obstacles: ReadonlyArray<{ readonly c: Pt; readonly keep: number }>
  /** Walls it passes under but may not stop in (a burrower, R-BOARD-15). */
  readonly under?: ReadonlyArray<ReadonlyArray<Pt>> | undefined
}

/** A board's pieces as movement reads them, once per board (a move asks thousands of times). */
interface Pieces {
  /** Outlines no base may cross, with their boxes (`bbox`). */
  readonly walls: ReadonlyArray<{ readonly pts: ReadonlyArray<Pt>; readonly box: Box }>
  /** Outlines that cost more than their length, with their kind's cost and box, in the board's order. */
  readonly costly: ReadonlyArray<{
    readonly pts: ReadonlyArray<Pt>
    readonly cost: number
    readonly box: Box
  }>
}

const piecesCache = new WeakMap<Board, Pieces>()
const piecesOf = (board: Ruled): Pieces => {
  let p = piecesCache.get(board)
  if (!p) {
    p = {
      walls: board.terrain
        .filter((t) => board.rule(t).impassable)
        .map((t) => {
          const pts = pointsOf(t)
          return { pts, box: bbox(pts) }
        }),
      costly: board.terrain.flatMap((t) => {
        const cost = board.rule(t).moveCost
        if (cost <= 1) return []
        const pts = pointsOf(t)
        return [{ pts, cost, box: bbox(pts) }]
      }),
    }
    piecesCache.set(board, p)
  }
  return p
}

/** Can a base move straight from a to b? It may not get closer to anything than it must. */
export const clearSegment = (mv: Mover, a: Pt, b: Pt): boolean => clearWith(mv, a, b, undefined)

/**
 * {@link clearSegment} from one start to many ends (a path straightened, a move extended, a
 * search's first nodes): how near it must keep to each wall and base depends on the start alone,
 * so each is worked out once, when first needed.
 */
export const clearFrom = (mv: Mover, a: Pt): ((b: Pt) => boolean) => {
  // Plain arrays: a few dozen numbers made thousands of times a raid; a typed array's own buffer
  // (kept outside the heap at this size) costs more to make and collect than it saves.
  const needs: Needs = {
    walls: new Array<number>(piecesOf(mv.board).walls.length).fill(Number.NaN),
    bases: new Array<number>(mv.obstacles.length).fill(Number.NaN),
  }
  return (b) => clearWith(mv, a, b, needs)
}

/** How near a move from one start may come to each wall and base (NaN: not worked out yet). */
interface Needs {
  readonly walls: number[]
  readonly bases: number[]
}

const clearWith = (mv: Mover, a: Pt, b: Pt, needs: Needs | undefined): boolean => {
  const { board, r, obstacles } = mv
  if (b.x < r - 1e-9 || b.y < r - 1e-9 || b.x > board.width - r + 1e-9 || b.y > board.height - r + 1e-9)
    return false
  // `i` counts the walls and bases, each `needs` is read by.
  let i = -1
  for (const { pts, box } of piecesOf(board).walls) {
    i++
    if (!boxNearerTo(a, b, box, r)) continue
    let need = needs?.walls[i] ?? Number.NaN
    if (Number.isNaN(need)) {
      need = Math.min(r, distToPolygon(a, pts)) - 1e-9
      if (needs) needs.walls[i] = need
    }
    if (segmentNearerPolygon(a, b, pts, need)) return false
  }
  // The segment's box: a base further from it on either axis than it keeps (by a margin far above
  // rounding) is further from the segment than it needs to be, with no distance worked out.
  const x0 = Math.min(a.x, b.x) - 1e-6
  const x1 = Math.max(a.x, b.x) + 1e-6
  const y0 = Math.min(a.y, b.y) - 1e-6
  const y1 = Math.max(a.y, b.y) + 1e-6
  i = -1
  for (const o of obstacles) {
    i++
    const { x, y } = o.c
    if (x + o.keep < x0 || x - o.keep > x1 || y + o.keep < y0 || y - o.keep > y1) continue
    let need = needs?.bases[i] ?? Number.NaN
    if (Number.isNaN(need)) {
      need = Math.min(o.keep, dist(a, o.c)) - 1e-9
      if (needs) needs.bases[i] = need
    }
    if (nearerSegment(o.c, a, b, need)) return false
  }
  return true
}

/** Is a point a place the base may stop? */
export const freePoint = (mv: Mover, p: Pt): boolean => {
  const { board, r } = mv
  if (p.x < r - 1e-9 || p.y < r - 1e-9 || p.x > board.width - r + 1e-9 || p.y > board.height - r + 1e-9)
    return false
  if (piecesOf(board).walls.some((w) => nearerPolygon(p, w.pts, r - 1e-6))) return false
  if (!surfaces(mv, p)) return false
  return mv.obstacles.every((o) => !nearer(p, o.c, o.keep - 1e-6))
}

/** R-BOARD-15: a burrower passes under walls but comes up only where its whole base is clear of them. */
export const surfaces = (mv: Mover, p: Pt): boolean =>
  mv.under === undefined || !mv.under.some((w) => nearerPolygon(p, w, mv.r - 1e-6))
