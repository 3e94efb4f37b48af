/**
 * `PlaneSpace`: a simulated table that answers every {@link FactQuery} itself from positions
 * and terrain, and measures moves (the `Space` of a board). Models are round bases (1" across
 * unless the model says otherwise); tokens are 1" discs unless they carry a radius.
 *
 * The rulings it follows are in docs/rulings/board.md:
 * - sight (R-BOARD-02): a fixed set of 7 parallel rays joins the two bases; a ray is blocked by
 *   terrain that blocks sight (a wall) or by more of a kind than it lets sight through (1" of
 *   dense growth) in all; a model sees another if any ray is clear.
 *   Models don't block sight. The ray set is symmetric, so sight is mutual for any two bases.
 * - cover (R-BOARD-03, GAP-B-23): the share of those rays that cross cover (walls, dense growth,
 *   climbable ruins): none clear of it → none; up to half → partly hidden; beyond → mostly hidden.
 * - in cover / in the open (R-BOARD-04): a base within 1" of cover terrain is in cover.
 * - distance is base edge to base edge; contact is within 1/100" (R-BOARD-05).
 * - movement (R-BOARD-06): a path on a 1/2" grid (16 directions) around walls and other bases,
 *   straightened, costed exactly: each kind's move cost (dense growth, climbable and difficult
 *   ground double; overlapping pieces don't stack); positions are kept to 1/1000".
 *
 * Deterministic: nothing depends on the order models or terrain were added (ties go by id, rays
 * and grid are fixed), and every query's work is bounded by the board's grid.
 *
 * Exported for the CLI: `PlaneSpace.make(content, board?)` — a `Space` for
 * `Battle.envOf(content, space)`; without a board it reads the state's own (`state.board`). What
 * each terrain kind does comes from the content's `terrain` entries (`Ground.ts`), so a pack's
 * own kind is honoured.
 *
 * @since 0.3.0
 */
import { Result } from "effect"
import type { MoveOutcome, Space } from "../Space.js"
import type { FactQuery, FactValue, Model, MoveLeash, State } from "../State.js"
import { type Board, blightEdgesOf, type Edge, edgeDistance, pointsOf, type Terrain } from "./Board.js"
import {
  type Box,
  bbox,
  boxGapTo,
  boxNearer,
  boxNearerTo,
  dist,
  distToPolygon,
  hypotLess,
  inside,
  lengthInside,
  nearer,
  nearerPolygon,
  nearerSegment,
  type Pt,
  round3,
  roundPt,
  segmentNearerPolygon,
  touches,
} from "./Geometry.js"
import { type Ruled, ruled, type TerrainRule, type TerrainSource } from "./Ground.js"

/** Contact tolerance (R-BOARD-05). */
export const EPS = 0.01
/** How far a model keeps from bases it is not moving into contact with. */
const CLEAR = 0.02
const STEP = 0.5
const RAYS = [-1, -2 / 3, -1 / 3, 0, 1 / 3, 2 / 3, 1].map((s) => s * 0.95)

/** A body on the table: a base's centre and radius. */
export interface Body {
  readonly id: string
  readonly c: Pt
  readonly r: number
}

/** A model's base radius (R-BOARD-05: 1" bases unless the model says otherwise). */
export const radiusOf = (m: Pick<Model, "base">): number => (m.base ?? 1) / 2

/** Models whose bases are on the table (Down models lie where they fell). */
export const onTable = (m: Model): boolean => (m.status === "active" || m.status === "down") && !!m.position

/** Bodies on the table, by id. */
export const bodies = (state: State): Body[] => {
  const out: Body[] = []
  for (const m of state.models) if (onTable(m)) out.push({ id: m.id, c: m.position!, r: radiusOf(m) })
  for (const t of state.tokens) if (t.position) out.push({ id: t.id, c: t.position, r: t.radius ?? 0.5 })
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

type Shape =
  | { readonly kind: "body"; readonly body: Body }
  | { readonly kind: "edges"; readonly edges: Edge[] }
  | {
      readonly kind: "areas"
      readonly polygons: ReadonlyArray<ReadonlyArray<Pt>>
      readonly bodies: ReadonlyArray<Body>
    }

/** A feature subject: Spore terrain, Lairs, lights (`feature:sporeTerrain+lair`). */
const featureShape = (state: State, board: Ruled, names: ReadonlyArray<string>): Shape => {
  const polygons: Array<ReadonlyArray<Pt>> = []
  const found: Body[] = []
  for (const t of board.terrain) {
    const feature = board.rule(t).feature
    if (feature !== undefined && names.includes(feature)) polygons.push(pointsOf(t))
  }
  for (const t of state.tokens) {
    if (!t.position) continue
    const kind =
      t.kind === "lair"
        ? "lair"
        : t.kind === "sporeCloud"
          ? "sporeTerrain"
          : t.kind === "light" || t.kind === "fire"
            ? "light"
            : ""
    if (names.includes(kind)) found.push({ id: t.id, c: t.position, r: t.radius ?? 0.5 })
  }
  return { kind: "areas", polygons, bodies: found }
}

/** What a subject is on the board, or undefined (no position: the players must say). */
const shapeOf = (state: State, board: Ruled, id: string): Shape | undefined => {
  if (id === "centre")
    return { kind: "body", body: { id, c: { x: board.width / 2, y: board.height / 2 }, r: 0 } }
  if (id === "blight-edge") return { kind: "edges", edges: [...blightEdgesOf(board, state.sides)] }
  if (id.startsWith("feature:")) return featureShape(state, board, id.slice(8).split("+"))
  if (id.startsWith("placement:")) {
    const placed = state.models.find((x) => x.id === id.slice(10))?.placed
    return placed ? { kind: "body", body: { id, c: placed, r: 0 } } : undefined
  }
  if (id.startsWith("edge:")) {
    const side = state.sides.find((s) => s.id === id.slice(5))
    return side?.edge ? { kind: "edges", edges: [side.edge] } : undefined
  }
  const m = state.models.find((x) => x.id === id)
  // A slain creature is off the table but the table knows where it fell (what feeds on the fallen
  // measures from there); it blocks nothing, being no body in `bodies`.
  if (m)
    return onTable(m) || (m.status === "slain" && m.position)
      ? { kind: "body", body: { id, c: m.position!, r: radiusOf(m) } }
      : undefined
  const t = state.tokens.find((x) => x.id === id)
  if (t?.position) return { kind: "body", body: { id, c: t.position, r: t.radius ?? 0.5 } }
  return undefined
}

const gap = (board: Board, a: Shape, b: Shape): number | undefined => {
  if (a.kind === "body" && b.kind === "body")
    return Math.max(0, dist(a.body.c, b.body.c) - a.body.r - b.body.r)
  const [body, other] = a.kind === "body" ? [a, b] : [b, a]
  if (body.kind !== "body") return undefined
  const { c, r } = body.body
  if (other.kind === "areas") {
    const ds = [
      ...other.polygons.map((p) => distToPolygon(c, p)),
      ...other.bodies.map((o) => Math.max(0, dist(c, o.c) - o.r)),
    ]
    return ds.length === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.min(...ds) - r)
  }
  if (other.kind !== "edges" || other.edges.length === 0) return undefined
  return Math.max(0, Math.min(...other.edges.map((e) => edgeDistance(board, e, c))) - r)
}

/** The sight rays between two bases (R-BOARD-02): fixed, parallel, symmetric. */
export const rays = (a: Body, b: Body): Array<readonly [Pt, Pt]> => {
  const d = dist(a.c, b.c)
  if (d === 0) return [[a.c, b.c]]
  const nx = -(b.c.y - a.c.y) / d
  const ny = (b.c.x - a.c.x) / d
  return RAYS.map((s) => [
    { x: a.c.x + nx * a.r * s, y: a.c.y + ny * a.r * s },
    { x: b.c.x + nx * b.r * s, y: b.c.y + ny * b.r * s },
  ])
}

/** A board's pieces sorted by what they do to sight, once per ruled board (sight is asked often). */
interface SightPieces {
  /** Outlines that block a ray at a touch. */
  readonly block: ReadonlyArray<ReadonlyArray<Pt>>
  /** Outlines sight passes only so far through, with the index of their kind's limit. */
  readonly thick: ReadonlyArray<{ readonly pts: ReadonlyArray<Pt>; readonly kind: number }>
  readonly limits: ReadonlyArray<number>
  /** Outlines that give cover. */
  readonly cover: ReadonlyArray<ReadonlyArray<Pt>>
}

const sightCache = new WeakMap<Ruled, SightPieces>()
const sightOf = (board: Ruled): SightPieces => {
  let s = sightCache.get(board)
  if (!s) {
    const kinds: string[] = []
    const limits: number[] = []
    const block: Array<ReadonlyArray<Pt>> = []
    const thick: Array<{ pts: ReadonlyArray<Pt>; kind: number }> = []
    const cover: Array<ReadonlyArray<Pt>> = []
    for (const t of board.terrain) {
      const rule = board.rule(t)
      if (rule.blocksSight) block.push(pointsOf(t))
      if (rule.cover) cover.push(pointsOf(t))
      if (rule.sightThrough === undefined) continue
      let k = kinds.indexOf(t.kind)
      if (k < 0) {
        k = kinds.push(t.kind) - 1
        limits.push(rule.sightThrough)
      }
      thick.push({ pts: pointsOf(t), kind: k })
    }
    s = { block, thick, limits, cover }
    sightCache.set(board, s)
  }
  return s
}

/** Is a ray blocked: touching a kind that blocks sight, or through more of a kind than it lets sight through? */
const blocked = (board: Ruled, p: Pt, q: Pt): boolean => {
  const { block, thick, limits } = sightOf(board)
  for (const pts of block) if (touches(p, q, pts)) return true
  if (thick.length === 0) return false
  const through = new Float64Array(limits.length)
  for (const { pts, kind } of thick) through[kind]! += lengthInside(p, q, pts)
  return limits.some((limit, k) => through[k]! > limit + 1e-9)
}

const crossesCover = (board: Ruled, p: Pt, q: Pt): boolean =>
  sightOf(board).cover.some((pts) => touches(p, q, pts))

/**
 * Sight and cover already worked out on a board, by the two bases (where and how wide): a raid asks
 * the same pair again and again (the bot choosing a shot, then the shot itself), and the answer is a
 * function of the bases and the board alone. A few thousand at a time.
 */
interface SightMemo {
  /** Each base seen so far (centre, then radius) as a small number: keys with no strings built. */
  readonly ids: Map<number, Map<number, Map<number, number>>>
  next: number
  /** By the two bases' numbers and what was asked. */
  readonly answers: Map<number, boolean | Cover>
}
const sightMemo = new WeakMap<Ruled, SightMemo>()
const SIGHT_KEPT = 4096
/** Bases numbered before the numbers start again (with the answers): a pair's key stays exact. */
const BASES_KEPT = 1 << 16

/** A base's number in a memo: the same centre and radius (as numbers, -0 as 0) give the same one. */
const baseId = (memo: SightMemo, b: Body): number => {
  let byY = memo.ids.get(b.c.x)
  if (byY === undefined) {
    byY = new Map()
    memo.ids.set(b.c.x, byY)
  }
  let byR = byY.get(b.c.y)
  if (byR === undefined) {
    byR = new Map()
    byY.set(b.c.y, byR)
  }
  let id = byR.get(b.r)
  if (id === undefined) {
    id = memo.next++
    byR.set(b.r, id)
  }
  return id
}

const memoised = <T extends boolean | Cover>(
  board: Ruled,
  what: 0 | 1,
  a: Body,
  b: Body,
  work: () => T,
): T => {
  let memo = sightMemo.get(board)
  if (memo === undefined || memo.next >= BASES_KEPT - 2) {
    memo = { ids: new Map(), next: 0, answers: new Map() }
    sightMemo.set(board, memo)
  }
  const key = (baseId(memo, a) * BASES_KEPT + baseId(memo, b)) * 2 + what
  const hit = memo.answers.get(key)
  if (hit !== undefined) return hit as T
  const made = work()
  if (memo.answers.size >= SIGHT_KEPT) memo.answers.clear()
  memo.answers.set(key, made)
  return made
}

type Cover = "none" | "partial" | "most"

/** Does a see b (R-BOARD-02)? */
export const sees = (board: Ruled, a: Body, b: Body): boolean =>
  memoised(board, 0, a, b, () => rays(a, b).some(([p, q]) => !blocked(board, p, q)))

/** How hidden b is from a (R-BOARD-03). */
export const coverOf = (board: Ruled, a: Body, b: Body): Cover =>
  memoised(board, 1, a, b, () => {
    const rs = rays(a, b)
    let hidden = 0
    for (const [p, q] of rs) if (blocked(board, p, q) || crossesCover(board, p, q)) hidden++
    return hidden === 0 ? "none" : hidden * 2 <= rs.length ? "partial" : "most"
  })

/** Is a base in (or within `within` of) terrain whose rule passes the test? */
const overlaps = (board: Ruled, b: Body, test: (r: TerrainRule) => boolean, within = 0): boolean =>
  board.terrain.some((t) => test(board.rule(t)) && distToPolygon(b.c, pointsOf(t)) <= b.r + within + 1e-9)

// ---------------------------------------------------------------- movement

interface Field {
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
const fieldOf = (board: Ruled): Field => {
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
  for (const w of walls)
    nodesAround(w, WALL_REACH, (k, p) => {
      if (boxNearer(p, p, w, WALL_REACH)) wall[k] = Math.min(wall[k]!, distToPolygon(p, w))
    })
  for (const t of costly)
    nodesAround(t.pts, STEP, (k, p) => {
      if (inside(p, t.pts)) mult[k] = Math.max(mult[k]!, t.cost)
    })
  const f = { n, m, wall, mult }
  if (fields.size >= 8) fields.delete(fields.keys().next().value!)
  fields.set(key, f)
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
    const ts = [0, 1]
    const rx = b.x - a.x
    const ry = b.y - a.y
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const p = poly[j]!
      const q = poly[i]!
      const sx = q.x - p.x
      const sy = q.y - p.y
      const den = rx * sy - ry * sx
      if (Math.abs(den) < 1e-12) continue
      const tt = ((p.x - a.x) * sy - (p.y - a.y) * sx) / den
      const u = ((p.x - a.x) * ry - (p.y - a.y) * rx) / den
      if (tt > 0 && tt < 1 && u >= 0 && u <= 1) ts.push(tt)
    }
    ts.sort((x, y) => x - y)
    const first = spans.length
    let counts = false
    for (let k = 0; k + 1 < ts.length; k++) {
      const mid = (ts[k]! + ts[k + 1]!) / 2
      if (inside({ x: a.x + (b.x - a.x) * mid, y: a.y + (b.y - a.y) * mid }, poly)) {
        spans.push([ts[k]!, ts[k + 1]!, cost])
        if (!(ts[k + 1]! - ts[k]! < 1e-12)) counts = true
      }
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

interface Mover {
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
  /** Outlines no base may cross. */
  readonly walls: ReadonlyArray<ReadonlyArray<Pt>>
  /** Each wall's box (`bbox` of its outline), in the same order. */
  readonly wallBoxes: ReadonlyArray<Box>
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
    const walls = board.terrain.filter((t) => board.rule(t).impassable).map((t) => pointsOf(t))
    p = {
      walls,
      wallBoxes: walls.map(bbox),
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
const clearSegment = (mv: Mover, a: Pt, b: Pt): boolean => clearWith(mv, a, b, undefined)

/**
 * {@link clearSegment} from one start to many ends (a path straightened, a move extended, a
 * search's first nodes): how near it must keep to each wall and base depends on the start alone,
 * so each is worked out once, when first needed.
 */
const clearFrom = (mv: Mover, a: Pt): ((b: Pt) => boolean) => {
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
  const { walls: ws, wallBoxes } = piecesOf(board)
  for (let i = 0; i < ws.length; i++) {
    const pts = ws[i]!
    if (!boxNearerTo(a, b, wallBoxes[i]!, r)) continue
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
  for (let i = 0; i < obstacles.length; i++) {
    const o = obstacles[i]!
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
const freePoint = (mv: Mover, p: Pt): boolean => {
  const { board, r } = mv
  if (p.x < r - 1e-9 || p.y < r - 1e-9 || p.x > board.width - r + 1e-9 || p.y > board.height - r + 1e-9)
    return false
  if (piecesOf(board).walls.some((w) => nearerPolygon(p, w, r - 1e-6))) return false
  if (!surfaces(mv, p)) return false
  return mv.obstacles.every((o) => !nearer(p, o.c, o.keep - 1e-6))
}

/** R-BOARD-15: a burrower passes under walls but comes up only where its whole base is clear of them. */
const surfaces = (mv: Mover, p: Pt): boolean =>
  mv.under === undefined || !mv.under.some((w) => nearerPolygon(p, w, mv.r - 1e-6))

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
const costAt = (e: Explored, k: number): number => {
  const s = slot(e, k)
  return s < 0 ? Number.POSITIVE_INFINITY : e.g[s]!
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
const moverKey = (mv: Mover): string => {
  let key = moverKeys.get(mv)
  if (key === undefined) {
    key = `${mv.r}|${mv.from.x},${mv.from.y}`
    for (const o of mv.obstacles) key += `|${o.c.x},${o.c.y},${o.keep}`
    moverKeys.set(mv, key)
  }
  return key
}

/** Grid distances from the mover's position, up to a budget (the same answer as {@link search}). */
const explore = (mv: Mover, budget: number): Explored => {
  let byKey = explored.get(mv.board)
  if (byKey === undefined) {
    byKey = new Map()
    explored.set(mv.board, byKey)
  }
  const key = `${moverKey(mv)}|${budget}`
  const hit = byKey.get(key)
  if (hit !== undefined) return hit
  const made = search(mv, budget)
  if (byKey.size >= EXPLORED_KEPT) byKey.delete(byKey.keys().next().value!)
  byKey.set(key, made)
  return made
}

/**
 * A search's own byte arrays (which nodes are free, their cost multipliers, which are settled),
 * zeroed and reused by every search (searches don't nest, and none of these outlives one): a
 * search's results are its costs and steps alone.
 */
const scratchBytes: Uint8Array[] = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)]
const scratch = (which: number, size: number): Uint8Array => {
  let a = scratchBytes[which]!
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
      if (f.wall[(j0 + j) * f.n + i0 + i]! >= radius && x >= radius && y >= radius && x <= xMax && y <= yMax)
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
      to[d] = DJ[d]! * w + DI[d]!
      by1[d] = PASS_J1[d]! * w + PASS_I1[d]!
      by2[d] = PASS_J2[d]! * w + PASS_I2[d]!
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
  // The heap reads each node's cost as it compares (as it always has: the same pops in the same order).
  heapSize = 0
  const less = (a: number, b: number) => g[a]! < g[b]! || (g[a] === g[b] && a < b)
  const push = (k: number) => {
    if (heapSize === heapKept.length) growHeap()
    const heap = heapKept
    heap[heapSize] = k
    let i = heapSize++
    while (i > 0) {
      const p = (i - 1) >> 1
      const hi = heap[i]!
      const hp = heap[p]!
      if (!less(hi, hp)) break
      heap[i] = hp
      heap[p] = hi
      i = p
    }
  }
  const pop = (): number => {
    const heap = heapKept
    const top = heap[0]!
    const last = heap[--heapSize]!
    const size = heapSize
    if (size > 0) {
      heap[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let s = i
        if (l < size && less(heap[l]!, heap[s]!)) s = l
        if (r < size && less(heap[r]!, heap[s]!)) s = r
        if (s === i) break
        const hi = heap[i]!
        heap[i] = heap[s]!
        heap[s] = hi
        i = s
      }
    }
    return top
  }
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
      if (c < g[k]!) {
        g[k] = c
        prev[k] = -1
        push(k)
      }
    }
  const done = scratch(2, w * h)
  const { to, by1, by2 } = offsetsFor(w)
  while (heapSize > 0) {
    const k = pop()
    if (done[k]) continue
    done[k] = 1
    if (g[k]! > budget) break
    const i = k % w
    const j = Math.floor(k / w)
    const multK = mult[k]!
    for (let d = 0; d < DIRS.length; d++) {
      const ii = i + DI[d]!
      const jj = j + DJ[d]!
      // The window holds every node a step from one within the budget (see `Explored`).
      if (ii < 0 || jj < 0 || ii >= w || jj >= h) continue
      const kk = k + to[d]!
      if (done[kk] || !free[kk]) continue
      // Knight moves pass between two nodes, diagonals by two: all must be free.
      if (!free[k + by1[d]!] || !free[k + by2[d]!]) continue
      const cost = g[k]! + STEP_LEN[d]! * ((multK + mult[kk]!) / 2)
      if (cost < g[kk]! - 1e-12) {
        g[kk] = cost
        prev[kk] = k
        push(kk)
      }
    }
  }
  // Back to grid indices for the callers.
  for (let k = 0; k < prev.length; k++)
    if (prev[k]! >= 0) prev[k] = (j0 + Math.floor(prev[k]! / w)) * f.n + i0 + (prev[k]! % w)
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

const nodePt = (f: Field, k: number): Pt => ({ x: (k % f.n) * STEP, y: Math.floor(k / f.n) * STEP })

/** The path the search found to grid node k, from the start. */
const pathTo = (e: Explored, k: number, from: Pt): Pt[] => {
  const pts: Pt[] = []
  for (let c = k; c >= 0; c = e.prev[slot(e, c)]!) pts.push(nodePt(e.f, c))
  pts.push(from)
  return pts.reverse()
}

const polyCost = (board: Ruled, pts: ReadonlyArray<Pt>): number => {
  let c = 0
  for (let i = 0; i + 1 < pts.length; i++) c += segmentCost(board, pts[i]!, pts[i + 1]!)
  return c
}

const polyLength = (pts: ReadonlyArray<Pt>): number => {
  let c = 0
  for (let i = 0; i + 1 < pts.length; i++) c += dist(pts[i]!, pts[i + 1]!)
  return c
}

/** Straightens a path: skips corners where a straight line is clear and no dearer. */
const straighten = (mv: Mover, pts: ReadonlyArray<Pt>): Pt[] => {
  // Cost along the path so far, so a stretch's cost is a difference.
  const cum = [0]
  for (let k = 0; k + 1 < pts.length; k++) cum.push(cum[k]! + segmentCost(mv.board, pts[k]!, pts[k + 1]!))
  const out: Pt[] = [pts[0]!]
  let i = 0
  while (i < pts.length - 1) {
    let best = i + 1
    const clear = clearFrom(mv, pts[i]!)
    // The furthest corner reachable straight and no dearer (in the open, the first one tried).
    for (let j = pts.length - 1; j > i + 1; j--) {
      if (!clear(pts[j]!)) continue
      if (segmentCost(mv.board, pts[i]!, pts[j]!) <= cum[j]! - cum[i]! + 1e-9) {
        best = j
        break
      }
    }
    out.push(pts[best]!)
    i = best
  }
  return out
}

/** A planned path and its cost. */
export interface Plan {
  readonly path: ReadonlyArray<Pt>
  readonly cost: number
}

/**
 * The cheapest path (as the grid finds it, straightened) from the mover to a goal point, or to a
 * contact point with a body; undefined if none within the budget.
 */
const plan = (mv: Mover, goal: { point: Pt } | { body: Body }, budget: number): Plan | undefined => {
  const finish = (p: Pt): Pt | undefined => {
    if ("point" in goal) return goal.point
    const { c, r } = goal.body
    const d = dist(p, c)
    const want = mv.r + r + 0.001
    if (d === 0) return undefined
    return roundPt({ x: c.x + ((p.x - c.x) * want) / d, y: c.y + ((p.y - c.y) * want) / d })
  }
  const ok = (from: Pt, end: Pt | undefined): end is Pt =>
    end !== undefined && freePoint(mv, end) && clearSegment(mv, from, end)
  // No path is shorter than the straight line to where it would end (a stretch costs at least its
  // length; an end by a body is within a thousandth of its contact distance): a goal further than
  // the budget needs no search.
  const beyond =
    "point" in goal ? dist(mv.from, goal.point) : dist(mv.from, goal.body.c) - (mv.r + goal.body.r + 0.001)
  if (beyond - 0.01 > budget + 1e-9) return undefined
  // A straight line is the best there is when it is clear.
  const direct = finish(mv.from)
  if (ok(mv.from, direct)) {
    const cost = segmentCost(mv.board, mv.from, direct)
    return cost <= budget + 1e-9 ? { path: [mv.from, direct], cost } : undefined
  }
  return kept(mv, goal, budget, () => viaSearch(mv, goal, budget, finish, ok))
}

/** A plan's search and the path it finds, for {@link plan} when the straight line won't do. */
const viaSearch = (
  mv: Mover,
  goal: { point: Pt } | { body: Body },
  budget: number,
  finish: (p: Pt) => Pt | undefined,
  ok: (from: Pt, end: Pt | undefined) => end is Pt,
): Plan | undefined => {
  const e = explore(mv, budget + 1)
  const { f } = e
  const target = "point" in goal ? goal.point : goal.body.c
  const reachR = "point" in goal ? 1.5 : mv.r + goal.body.r + 1.5
  let best: { k: number; end: Pt; cost: number } | undefined
  const i0 = Math.max(0, Math.floor((target.x - reachR) / STEP))
  const i1 = Math.min(f.n - 1, Math.ceil((target.x + reachR) / STEP))
  const j0 = Math.max(0, Math.floor((target.y - reachR) / STEP))
  const j1 = Math.min(f.m - 1, Math.ceil((target.y + reachR) / STEP))
  for (let j = j0; j <= j1; j++)
    for (let i = i0; i <= i1; i++) {
      const k = j * f.n + i
      const gk = costAt(e, k)
      if (!Number.isFinite(gk)) continue
      const p = nodePt(f, k)
      if (dist(p, target) > reachR) continue
      const end = finish(p)
      // A stretch costs at least its length: a candidate that can't beat the best needs no checks.
      if (best !== undefined && end !== undefined && gk + dist(p, end) >= best.cost - 1e-12) continue
      if (!ok(p, end)) continue
      const cost = gk + segmentCost(mv.board, p, end)
      if (best === undefined || cost < best.cost - 1e-12) best = { k, end, cost }
    }
  if (best === undefined) return undefined
  const path = straighten(mv, [...pathTo(e, best.k, mv.from), best.end])
  const cost = polyCost(mv.board, path)
  return cost <= budget + 1e-9 ? { path, cost } : undefined
}

/**
 * Plans that needed a search, kept per board by everything such a plan reads (the mover, the goal's
 * place and size, the budget), a few dozen at a time: a bot asks whether it can reach its target
 * before it picks, and again when it is shown its concrete moves (over half the plans of a raid were
 * repeats). Callers only read what a plan returns; null: no path within the budget. The straight
 * line's cheap checks come first: most plans end there, and need no key.
 */
const plans = new WeakMap<Board, Map<string, Plan | null>>()
const PLANS_KEPT = 64

const kept = (
  mv: Mover,
  goal: { point: Pt } | { body: Body },
  budget: number,
  make: () => Plan | undefined,
): Plan | undefined => {
  let byKey = plans.get(mv.board)
  if (byKey === undefined) {
    byKey = new Map()
    plans.set(mv.board, byKey)
  }
  const to =
    "point" in goal ? `${goal.point.x},${goal.point.y}` : `${goal.body.c.x},${goal.body.c.y},${goal.body.r}`
  const key = `${moverKey(mv)}|${budget}|${to}`
  const hit = byKey.get(key)
  if (hit !== undefined) return hit ?? undefined
  const made = make()
  if (byKey.size >= PLANS_KEPT) byKey.delete(byKey.keys().next().value!)
  byKey.set(key, made ?? null)
  return made
}

/** Spends what is left of a move going straight on towards the target, as far as is clear. */
const extend = (mv: Mover, path: ReadonlyArray<Pt>, target: Pt, inches: number): Pt[] => {
  const end = path[path.length - 1]!
  const spent = polyCost(mv.board, path)
  const left = inches - spent
  const d = dist(end, target)
  if (left < 0.01 || d < 1e-6) return [...path]
  const far = {
    x: end.x + ((target.x - end.x) * Math.min(left, d)) / d,
    y: end.y + ((target.y - end.y) * Math.min(left, d)) / d,
  }
  const clear = clearFrom(mv, end)
  // The path's cost so far plus the last stretch's: `polyCost` of the longer path, to the bit.
  const ok = (t: number) => {
    const p = { x: end.x + (far.x - end.x) * t, y: end.y + (far.y - end.y) * t }
    return clear(p) && freePoint(mv, p) && spent + segmentCost(mv.board, end, p) <= inches + 1e-9
  }
  let lo = 0
  let hi = 1
  if (ok(1)) lo = 1
  else
    for (let k = 0; k < 20; k++) {
      const mid = (lo + hi) / 2
      if (ok(mid)) lo = mid
      else hi = mid
    }
  if (lo === 0) return [...path]
  return [...path, { x: end.x + (far.x - end.x) * lo, y: end.y + (far.y - end.y) * lo }]
}

/** Walks a path until `budget` inches of cost are spent. */
const walk = (board: Ruled, path: ReadonlyArray<Pt>, budget: number): Pt[] => {
  const out: Pt[] = [path[0]!]
  let left = budget
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!
    const b = path[i + 1]!
    const c = segmentCost(board, a, b)
    if (c <= left + 1e-9) {
      out.push(b)
      left -= c
      continue
    }
    // Bisect for the point on a→b where the budget runs out.
    let lo = 0
    let hi = 1
    for (let k = 0; k < 30; k++) {
      const mid = (lo + hi) / 2
      if (segmentCost(board, a, { x: a.x + (b.x - a.x) * mid, y: a.y + (b.y - a.y) * mid }) <= left) lo = mid
      else hi = mid
    }
    out.push({ x: a.x + (b.x - a.x) * lo, y: a.y + (b.y - a.y) * lo })
    break
  }
  return out
}

const boardOf = (state: State, given: Board | undefined, content: TerrainSource): Ruled | undefined => {
  const b = given ?? state.board
  return b ? ruled(b, content) : undefined
}

/** The terrain kinds whose extra cost a model's `ignoreTerrain` words lift. */
const FREE_KINDS: Readonly<Record<string, Terrain["kind"]>> = { climbing: "climbable", dense: "dense" }
const costBoards = new WeakMap<Board, Map<string, Ruled>>()
/** The walls a cost board leaves out for a burrower, which it may not stop in (R-BOARD-15). */
const passedUnder = new WeakMap<Board, ReadonlyArray<ReadonlyArray<Pt>>>()

/**
 * The board as a model's move costs it: the terrain its rules let it cross freely left out (the
 * Lantern Moths fly over ruins and through growth; a Rootmaw, `blocking`, passes under walls too,
 * R-BOARD-15). Sight and cover use the real board.
 */
const costBoardFor = (board: Ruled, m: Model): Ruled => {
  const words = m.terrain ?? []
  const free = words.flatMap((t) => (FREE_KINDS[t] ? [FREE_KINDS[t]] : []))
  const burrows = words.includes("blocking")
  if (free.length === 0 && !burrows) return board
  const key = `${free.join(",")}${burrows ? "|under" : ""}`
  let byKey = costBoards.get(board)
  if (!byKey) {
    byKey = new Map()
    costBoards.set(board, byKey)
  }
  let b = byKey.get(key)
  if (!b) {
    const under = (t: Terrain) => burrows && board.rule(t).impassable
    b = { ...board, terrain: board.terrain.filter((t) => !free.includes(t.kind) && !under(t)) }
    if (burrows)
      passedUnder.set(
        b,
        board.terrain.filter(under).map((t) => pointsOf(t)),
      )
    byKey.set(key, b)
  }
  return b
}

const moverOf = (
  state: State,
  board: Ruled,
  m: Model,
  keepFrom: "touch" | "clear",
  except: ReadonlyArray<string>,
): Mover => {
  const r = radiusOf(m)
  const under = passedUnder.get(board)
  const obstacles = state.models
    .filter((o) => o.id !== m.id && onTable(o) && !except.includes(o.id))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((o) => ({ c: o.position!, keep: r + radiusOf(o) + (keepFrom === "clear" ? CLEAR : 0) }))
  // A creature's move keeps clear of tokens too, so it touches only what it goes for.
  if (keepFrom === "clear")
    for (const t of state.tokens)
      if (t.position && !except.includes(t.id))
        obstacles.push({ c: t.position, keep: r + (t.radius ?? 0.5) + CLEAR })
  return { board, r, from: m.position!, obstacles, ...(under ? { under } : {}) }
}

/** What a base at a point touches (R-BOARD-05), by id. */
export const contactsAt = (state: State, id: string, at: Pt, r: number): string[] => {
  // The bases' test read where they are, not from a sorted list of every body: only the few
  // touching are sorted (by id, as `bodies` lists them; a stable sort, so models before tokens).
  const out: string[] = []
  for (const m of state.models)
    if (m.id !== id && onTable(m) && dist(at, m.position!) - r - radiusOf(m) <= EPS) out.push(m.id)
  for (const t of state.tokens)
    if (t.position && t.id !== id && dist(at, t.position) - r - (t.radius ?? 0.5) <= EPS) out.push(t.id)
  return out.length < 2 ? out : out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

const outcome = (
  board: Ruled,
  state: State,
  m: Model,
  path: ReadonlyArray<Pt>,
  offTable = false,
): MoveOutcome => {
  const end = roundPt(path[path.length - 1]!)
  return {
    cost: round3(polyCost(board, path)),
    distance: round3(polyLength(path)),
    contact: offTable ? [] : contactsAt(state, m.id, end, radiusOf(m)),
    offTable,
    to: end,
  }
}

const stay = (m: Model, state: State): MoveOutcome => ({
  cost: 0,
  distance: 0,
  contact: m.position ? contactsAt(state, m.id, m.position, radiusOf(m)) : [],
  offTable: false,
  ...(m.position ? { to: m.position } : {}),
})

/** Answers a question from the board, or undefined when a subject has no position. */
export const answer = (state: State, board: Ruled, q: FactQuery): FactValue | undefined => {
  const a = shapeOf(state, board, q.a)
  if (a === undefined) return undefined
  switch (q.q) {
    case "in": {
      if (a.kind !== "body") return undefined
      // "In Spore terrain or a spore cloud" (B-ROUND-04, B-BLIGHT-02): a patch under the base, or
      // a cloud's disc overlapping it (R-BOARD-04).
      if (q.terrain === "spore")
        return (
          overlaps(board, a.body, (r) => r.feature === "sporeTerrain") ||
          state.tokens.some(
            (t) =>
              t.kind === "sporeCloud" &&
              t.position &&
              dist(a.body.c, t.position) < a.body.r + (t.radius ?? 0.5),
          )
        )
      const cover = overlaps(board, a.body, (r) => r.cover, 1)
      return q.terrain === "cover" ? cover : !cover
    }
    case "nearest": {
      let best: { id: string; d: number } | undefined
      for (const id of [...q.among].sort()) {
        const s = shapeOf(state, board, id)
        if (s === undefined) return undefined
        const d = gap(board, a, s)
        if (d === undefined) return undefined
        if (best === undefined || d < best.d - 1e-9) best = { id, d }
      }
      return best?.id
    }
    default: {
      const b = shapeOf(state, board, q.b)
      if (b === undefined) return undefined
      const d = gap(board, a, b)
      if (d === undefined) return undefined
      switch (q.q) {
        case "within":
          return d <= q.inches + 1e-9
        case "contact":
          return d <= EPS
        case "sees":
          if (a.kind !== "body" || b.kind !== "body") return undefined
          return sees(board, a.body, b.body)
        case "cover":
          if (a.kind !== "body" || b.kind !== "body") return undefined
          return coverOf(board, a.body, b.body)
        case "reach": {
          if (d <= EPS) return true
          const m = state.models.find((x) => x.id === q.a)
          if (!m?.position || b.kind !== "body") return undefined
          const mv = moverOf(state, costBoardFor(board, m), m, "clear", [q.b])
          const p = plan(mv, { body: b.body }, q.inches)
          if (p === undefined || q.leash === undefined) return p !== undefined
          // R-BOARD-17: it reaches only if its leash lets the whole move through.
          return leashed(state, board, mv.r, q.leash, p.path).length === p.path.length
        }
      }
    }
  }
}

/** The commanded move (R-BOARD-06): to a point, into contact, or off the side's own edge. */
const move = (
  state: State,
  real: Ruled | undefined,
  m: Model,
  command: Parameters<Space["move"]>[2],
  allowance: number,
): ReturnType<Space["move"]> => {
  const board = real && costBoardFor(real, m)
  if (!board || !m.position)
    return Result.fail({ reason: "to: this model has no place on the board", clause: "B-ACTION-MOVE-01" })
  const mv = moverOf(state, board, m, "touch", [])
  const what = command.type === "sprint" ? "Sprint" : "Move"
  const clause = command.type === "sprint" ? "B-ACTION-SPRINT-01" : "B-ACTION-MOVE-01"
  if (command.offTable) {
    const edge = state.sides.find((s) => s.id === m.side)?.edge
    if (!edge)
      return Result.fail({ reason: "offTable: this side has no table edge of its own", clause: "B-SETUP-03" })
    const c = m.position
    const r = mv.r
    const goal =
      edge === "north"
        ? { x: c.x, y: r }
        : edge === "south"
          ? { x: c.x, y: board.height - r }
          : edge === "west"
            ? { x: r, y: c.y }
            : { x: board.width - r, y: c.y }
    const p = plan(mv, { point: roundPt(goal) }, allowance)
    if (!p)
      return Result.fail({
        reason: `offTable: the ${edge} edge is more than a ${what} of ${allowance}" away`,
        clause,
      })
    return Result.succeed(outcome(board, state, m, p.path, true))
  }
  let p: Plan | undefined
  if (command.to) {
    const to = roundPt(command.to)
    if (!freePoint(mv, to))
      return Result.fail({
        reason: `to: (${to.x}, ${to.y}) is not a place ${m.name} can stand (off the table, in a wall or on another base)`,
        clause,
      })
    p = plan(mv, { point: to }, allowance)
    if (!p)
      return Result.fail({
        reason: `to: (${to.x}, ${to.y}) is more than a ${what} of ${allowance}" away by any path`,
        clause,
      })
  } else if (command.contact && command.contact.length > 0) {
    const target = shapeOf(state, board, command.contact[0]!)
    if (target?.kind !== "body")
      return Result.fail({ reason: `contact: ${command.contact[0]} is not on the board`, clause })
    const tooFar = Result.fail({
      reason: `contact: ${command.contact[0]} is more than a ${what} of ${allowance}" away`,
      clause,
    })
    // No path is shorter than the straight line to the contact point (a segment costs at least its
    // length; that point is rounded to thousandths): a body further than that needs no search.
    const gap = dist(m.position, target.body.c) - (mv.r + target.body.r + 0.001)
    if (gap - 0.01 > allowance + 1e-9) return tooFar
    const mvc = moverOf(state, board, m, "touch", [target.body.id])
    p = plan(mvc, { body: target.body }, allowance)
    if (!p) return tooFar
  } else {
    return Result.fail({
      reason: "to: on a board, say where the model ends (to) or what it moves into contact with",
      clause,
    })
  }
  const o = outcome(board, state, m, p.path)
  const missing = (command.contact ?? []).filter((id) => !o.contact.includes(id))
  if (missing.length > 0)
    return Result.fail({ reason: `contact: the move ends out of contact with ${missing.join(", ")}`, clause })
  const stuck = command.drag === undefined ? undefined : dragStuck(state, board, m, command.drag, p.path)
  return stuck ? Result.fail({ reason: stuck, clause: "B-DOWN-04" }) : Result.succeed(o)
}

/**
 * A dragged friend follows the mover by the same steps (B-DOWN-04), so its way is the mover's
 * path moved over by where it lies: each step must be one its base can take, round walls and
 * other bases like any move (R-BOARD-06), or the drag is refused. Why, or undefined.
 */
const dragStuck = (
  state: State,
  board: Ruled,
  m: Model,
  drag: string,
  path: ReadonlyArray<Pt>,
): string | undefined => {
  const d = state.models.find((x) => x.id === drag)
  if (!d?.position || !m.position) return undefined
  const dx = d.position.x - m.position.x
  const dy = d.position.y - m.position.y
  const way = path.map((q) => roundPt({ x: q.x + dx, y: q.y + dy }))
  const mv = moverOf(state, board, d, "touch", [m.id])
  const end = way[way.length - 1]!
  if (!freePoint(mv, end))
    return `drag: ${d.name} would end at (${end.x}, ${end.y}), not a place its base can lie (off the table, in a wall or on another base)`
  for (let i = 1; i < way.length; i++)
    if (!clearSegment(mv, way[i - 1]!, way[i]!))
      return `drag: ${d.name} can't follow ${m.name} that way (a wall or another base is in its path)`
  return undefined
}

/**
 * The nodes a bot's move reaches, for {@link towards}: reused by every call (it doesn't nest, and
 * they don't outlive it), grown as needed, so no buffers are made per move.
 */
let reachedKept = { reached: new Int32Array(0), reachedX: new Float64Array(0), reachedY: new Float64Array(0) }
const reachedScratch = (size: number) => {
  if (reachedKept.reached.length < size) {
    const n = Math.max(size, 2 * reachedKept.reached.length)
    reachedKept = { reached: new Int32Array(n), reachedX: new Float64Array(n), reachedY: new Float64Array(n) }
  }
  return reachedKept
}

/**
 * Moves short of contact: for each subject, where the model ends moving up to `inches` to get as
 * close to it as it can, clear of every base (one search serves every subject). `searched`, at
 * least `inches`, is the budget of the search made (a caller that will also ask with a larger
 * allowance from the same place passes that one, so one search serves both): a search to a larger
 * budget finds the same distances and paths for every node within a smaller one (Dijkstra settles
 * the nodes in the same order, and each node beyond costs more than the node it is reached from).
 */
export const towards = (
  state: State,
  real: Ruled,
  m: Model,
  subjects: ReadonlyArray<string>,
  inches: number,
  searched = inches,
  limit?: (path: Pt[]) => Pt[],
): Map<string, MoveOutcome> => {
  const out = new Map<string, MoveOutcome>()
  if (!m.position) return out
  const board = costBoardFor(real, m)
  const mv = moverOf(state, board, m, "clear", [])
  const e = explore(mv, Math.max(inches, searched))
  const { f } = e
  // The nodes within reach, in grid order (each subject scans them in that order).
  const { reached, reachedX, reachedY } = reachedScratch(e.w * e.h)
  let count = 0
  for (let j = 0; j < e.h; j++)
    for (let i = 0; i < e.w; i++)
      if (e.g[j * e.w + i]! <= inches) {
        reached[count] = (e.j0 + j) * f.n + e.i0 + i
        reachedX[count] = (e.i0 + i) * STEP
        reachedY[count++] = (e.j0 + j) * STEP
      }
  const paths = new Map<number, Pt[]>()
  for (const subject of subjects) {
    const target = aimOf(shapeOf(state, board, subject), m.position)
    if (target === undefined) continue
    let bestK = -1
    let bestD = dist(m.position, target)
    for (let r = 0; r < count; r++) {
      const dx = reachedX[r]! - target.x
      const dy = reachedY[r]! - target.y
      if (hypotLess(dx, dy, bestD - 1e-9)) {
        if (mv.under !== undefined && !surfaces(mv, { x: reachedX[r]!, y: reachedY[r]! })) continue
        bestD = Math.hypot(dx, dy)
        bestK = reached[r]!
      }
    }
    if (bestK < 0) {
      out.set(subject, stay(m, state))
      continue
    }
    // Subjects the same way often end at the same node: its path is made once.
    let path = paths.get(bestK)
    if (path === undefined) {
      path = walk(board, straighten(mv, pathTo(e, bestK, m.position)), inches)
      paths.set(bestK, path)
    }
    const whole = extend(mv, path, target, inches)
    out.set(subject, outcome(board, state, m, limit ? limit(whole) : whole))
  }
  return out
}

/** The point a move towards a subject aims at: a body's centre, or the nearest point of a feature. */
const aimOf = (s: Shape | undefined, from: Pt): Pt | undefined => {
  if (s?.kind === "body") return s.body.c
  if (s?.kind !== "areas") return undefined
  let best: { p: Pt; d: number } | undefined
  const consider = (p: Pt) => {
    const d = dist(from, p)
    if (best === undefined || d < best.d - 1e-9) best = { p, d }
  }
  for (const poly of s.polygons) {
    if (inside(from, poly)) return from
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
      consider(closestOn(from, poly[j]!, poly[i]!))
  }
  for (const o of s.bodies) {
    const d = dist(from, o.c)
    consider(
      d <= o.r ? from : { x: o.c.x + ((from.x - o.c.x) * o.r) / d, y: o.c.y + ((from.y - o.c.y) * o.r) / d },
    )
  }
  return best?.p
}

/** The point of segment a→b nearest p. */
const closestOn = (p: Pt, a: Pt, b: Pt): Pt => {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const l2 = dx * dx + dy * dy
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2))
  return { x: a.x + dx * t, y: a.y + dy * t }
}

/** How finely a path is checked against a leash, in inches (then bisected to the bit). */
const LEASH_STEP = 0.1

/**
 * The part of a path its leash allows (B-BEHAVIOUR-08/14, R-BOARD-17): up to where it first leaves
 * the leash (`path`: a Guardian never leaves it; one that starts outside it stays put), or up to its
 * last point within (`end`: a Tender never ends a move outside it; with no point within, it stays
 * put — its way back is the engine's to choose, not the path's). A leash whose subject has no place
 * on the board (the players say) cuts nothing.
 */
const leashed = (state: State, board: Ruled, r: number, leash: MoveLeash, path: ReadonlyArray<Pt>): Pt[] => {
  const s = shapeOf(state, board, leash.of)
  if (s === undefined) return [...path]
  const gapAt = (c: Pt) => gap(board, { kind: "body", body: { id: "", c, r } }, s) ?? Number.POSITIVE_INFINITY
  if (leash.keeps === "path" && gapAt(path[0]!) > leash.inches + 1e-9) return [path[0]!]
  // Kept a thousandth inside, so the end, rounded to thousandths (R-BOARD-05), is still within.
  const ok = (c: Pt) => gapAt(c) <= leash.inches - 0.001
  // The path's points a step apart (each corner among them), as (segment, share along it).
  const at = (i: number, t: number): Pt => {
    const a = path[i]!
    const b = path[i + 1]!
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
  }
  const marks: Array<readonly [number, number]> = []
  for (let i = 0; i + 1 < path.length; i++) {
    const n = Math.max(1, Math.ceil(dist(path[i]!, path[i + 1]!) / LEASH_STEP))
    for (let k = i === 0 ? 0 : 1; k <= n; k++) marks.push([i, k / n])
  }
  const okAt = marks.map(([i, t]) => ok(at(i, t)))
  // The last mark kept: before the first one out (a path leash), or the last one in (an end leash).
  let keep = leash.keeps === "path" ? okAt.indexOf(false) - 1 : okAt.lastIndexOf(true)
  if (leash.keeps === "path" && keep === -2) keep = marks.length - 1
  if (keep === marks.length - 1) return [...path]
  if (keep < 0) return [path[0]!]
  // Between the mark kept and the next (one segment: each corner is a mark), bisect for the edge.
  const [i, t0] = marks[keep]!
  const [j, t1] = marks[keep + 1]!
  const lo0 = i === j ? t0 : 0
  let lo = lo0
  let hi = t1
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2
    if (ok(at(j, mid))) lo = mid
    else hi = mid
  }
  const end = at(j, lo)
  return [...path.slice(0, j + 1), ...(lo > 0 ? [end] : [])]
}

/**
 * A move the engine makes (a creature's, an emergence, a Panic move away) reports contact only with
 * what it goes for (R-BOARD-06): what a declared table is told too, so both record the same facts.
 */
const touching = (o: MoveOutcome, goesFor: ReadonlyArray<string>): MoveOutcome => ({
  ...o,
  contact: o.contact.filter((id) => goesFor.includes(id)),
})

/**
 * A `Space` on a board: the given one, or the state's own (`state.board`), its terrain kinds'
 * rules read from the content (the loaded `terrain` entries).
 */
export const make = (content: TerrainSource, given?: Board): Space => ({
  kind: "plane",
  answer: (state, q) => {
    const board = boardOf(state, given, content)
    return board ? answer(state, board, q) : undefined
  },
  move: (state, m, command, allowance) =>
    move(given ? { ...state, board: given } : state, boardOf(state, given, content), m, command, allowance),
  moveToward: (state, m, subject, inches, reaches, leash) => {
    const real = boardOf(state, given, content)
    const board = real && costBoardFor(real, m)
    // It touches only what it goes for (R-BOARD-06), as a table is told: its target, if it reaches.
    const goesFor = (o: MoveOutcome) => touching(o, reaches && subject !== "centre" ? [subject] : [])
    if (!real || !board || !m.position) return goesFor(stay(m, state))
    const s = shapeOf(state, board, subject)
    if (s?.kind !== "body" && s?.kind !== "areas") return goesFor(stay(m, state))
    // R-BOARD-17: a leashed creature's move ends where its leash says, however far it aims.
    const limit = leash && ((path: Pt[]) => leashed(state, real, radiusOf(m), leash, path))
    if (reaches && s.kind === "body") {
      const mv = moverOf(state, board, m, "clear", [subject])
      const p = plan(mv, { body: s.body }, inches)
      if (p) return goesFor(outcome(board, state, m, limit ? limit([...p.path]) : p.path))
    }
    return goesFor(towards(state, real, m, [subject], inches, inches, limit).get(subject) ?? stay(m, state))
  },
  moveAway: (state, m, subject, inches) => {
    const real = boardOf(state, given, content)
    const board = real && costBoardFor(real, m)
    if (!board || !m.position) return touching(stay(m, state), [])
    const s = shapeOf(state, board, subject)
    if (s?.kind !== "body") return touching(stay(m, state), [])
    const d = dist(m.position, s.body.c)
    const ux = d === 0 ? 0 : (m.position.x - s.body.c.x) / d
    const uy = d === 0 ? 1 : (m.position.y - s.body.c.y) / d
    const mv = moverOf(state, board, m, "clear", [])
    // Directly away (B-DREAD-03), stopping at whatever is in the way.
    let end = m.position
    const clear = clearFrom(mv, m.position)
    for (let t = 0.05; t <= inches + 1e-9; t += 0.05) {
      const p = { x: m.position.x + ux * t, y: m.position.y + uy * t }
      if (!clear(p) || segmentCost(board, m.position, p) > inches + 1e-9) break
      end = p
    }
    // Directly away touches nothing it goes for (R-BOARD-06).
    return touching(outcome(board, state, m, [m.position, end]), [])
  },
})
