import { f64 } from "../../../terms/Indexed.js"
import type { Model, State } from "../../State.js"
import { type Board, blightEdgesOf, type Edge, edgeDistance, pointsOf } from "./Board.js"
import { dist, distToPolygon, lengthInside, type Pt, touches } from "./Geometry.js"
import type { Ruled, TerrainRule } from "./Ground.js"

/** Contact tolerance (R-BOARD-05). */
export const EPS = 0.01
/** How far a model keeps from bases it is not moving into contact with. */
export const CLEAR = 0.02
export const STEP = 0.5
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
/** A model with a place on the table. */
export type Placed = Model & { readonly position: NonNullable<Model["position"]> }

export const onTable = (m: Model): m is Placed =>
  (m.status === "active" || m.status === "down") && !!m.position

/** Bodies on the table, by id. */
export const bodies = (state: State): Body[] => {
  const out: Body[] = []
  for (const m of state.models) if (onTable(m)) out.push({ id: m.id, c: m.position, r: radiusOf(m) })
  for (const t of state.tokens) if (t.position) out.push({ id: t.id, c: t.position, r: t.radius ?? 0.5 })
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

export type Shape =
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
export const shapeOf = (state: State, board: Ruled, id: string): Shape | undefined => {
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
    return m.position && (onTable(m) || m.status === "slain")
      ? { kind: "body", body: { id, c: m.position, r: radiusOf(m) } }
      : undefined
  const t = state.tokens.find((x) => x.id === id)
  if (t?.position) return { kind: "body", body: { id, c: t.position, r: t.radius ?? 0.5 } }
  return undefined
}

export const gap = (board: Board, a: Shape, b: Shape): number | undefined => {
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
  for (const { pts, kind } of thick) through[kind] = f64(through, kind) + lengthInside(p, q, pts)
  return limits.some((limit, k) => f64(through, k) > limit + 1e-9)
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
export const overlaps = (board: Ruled, b: Body, test: (r: TerrainRule) => boolean, within = 0): boolean =>
  board.terrain.some((t) => test(board.rule(t)) && distToPolygon(b.c, pointsOf(t)) <= b.r + within + 1e-9)

// ---------------------------------------------------------------- movement
