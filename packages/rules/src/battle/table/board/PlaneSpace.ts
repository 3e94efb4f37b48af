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
import { at, f64, i32, last } from "../../../terms/Indexed.js"
import type { FactQuery, FactValue, Model, MoveLeash, State } from "../../State.js"
import type { MoveOutcome, Space } from "../Space.js"
import { type Board, pointsOf, type Terrain } from "./Board.js"
import { clearFrom, clearSegment, freePoint, type Mover, segmentCost, surfaces } from "./Field.js"
import { dist, hypotLess, inside, type Pt, round3, roundPt } from "./Geometry.js"
import { type Ruled, ruled, type TerrainSource } from "./Ground.js"
import { extend, type Plan, plan, walk } from "./Paths.js"
import { explore, pathTo, polyCost, polyLength, straighten } from "./Search.js"
import {
  CLEAR,
  coverOf,
  EPS,
  gap,
  onTable,
  overlaps,
  type Placed,
  radiusOf,
  type Shape,
  STEP,
  sees,
  shapeOf,
} from "./Sight.js"

// The public `PlaneSpace` namespace keeps the names it had before sight, the field and paths moved out.
export { segmentCost } from "./Field.js"
export type { Plan } from "./Paths.js"
export { type Body, bodies, coverOf, EPS, onTable, radiusOf, rays, sees } from "./Sight.js"

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
  from: Pt,
  keepFrom: "touch" | "clear",
  except: ReadonlyArray<string>,
): Mover => {
  const r = radiusOf(m)
  const under = passedUnder.get(board)
  const obstacles = state.models
    .filter((o): o is Placed => o.id !== m.id && onTable(o) && !except.includes(o.id))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((o) => ({ c: o.position, keep: r + radiusOf(o) + (keepFrom === "clear" ? CLEAR : 0) }))
  // A creature's move keeps clear of tokens too, so it touches only what it goes for.
  if (keepFrom === "clear")
    for (const t of state.tokens)
      if (t.position && !except.includes(t.id))
        obstacles.push({ c: t.position, keep: r + (t.radius ?? 0.5) + CLEAR })
  return { board, r, from, obstacles, ...(under ? { under } : {}) }
}

/** What a base at a point touches (R-BOARD-05), by id. */
export const contactsAt = (state: State, id: string, at: Pt, r: number): string[] => {
  // The bases' test read where they are, not from a sorted list of every body: only the few
  // touching are sorted (by id, as `bodies` lists them; a stable sort, so models before tokens).
  const out: string[] = []
  for (const m of state.models)
    if (m.id !== id && onTable(m) && dist(at, m.position) - r - radiusOf(m) <= EPS) out.push(m.id)
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
  const end = roundPt(last(path))
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
          const mv = moverOf(state, costBoardFor(board, m), m, m.position, "clear", [q.b])
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
  const mv = moverOf(state, board, m, m.position, "touch", [])
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
  } else if (command.contact?.[0] !== undefined) {
    const first = command.contact[0]
    const target = shapeOf(state, board, first)
    if (target?.kind !== "body")
      return Result.fail({ reason: `contact: ${first} is not on the board`, clause })
    const tooFar = Result.fail({
      reason: `contact: ${first} is more than a ${what} of ${allowance}" away`,
      clause,
    })
    // No path is shorter than the straight line to the contact point (a segment costs at least its
    // length; that point is rounded to thousandths): a body further than that needs no search.
    const gap = dist(m.position, target.body.c) - (mv.r + target.body.r + 0.001)
    if (gap - 0.01 > allowance + 1e-9) return tooFar
    const mvc = moverOf(state, board, m, m.position, "touch", [target.body.id])
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
  const mv = moverOf(state, board, d, d.position, "touch", [m.id])
  const end = last(way)
  if (!freePoint(mv, end))
    return `drag: ${d.name} would end at (${end.x}, ${end.y}), not a place its base can lie (off the table, in a wall or on another base)`
  for (let i = 1; i < way.length; i++)
    if (!clearSegment(mv, at(way, i - 1), at(way, i)))
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
  const mv = moverOf(state, board, m, m.position, "clear", [])
  const e = explore(mv, Math.max(inches, searched))
  const { f } = e
  // The nodes within reach, in grid order (each subject scans them in that order).
  const { reached, reachedX, reachedY } = reachedScratch(e.w * e.h)
  let count = 0
  for (let j = 0; j < e.h; j++)
    for (let i = 0; i < e.w; i++)
      if (f64(e.g, j * e.w + i) <= inches) {
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
      const x = f64(reachedX, r)
      const y = f64(reachedY, r)
      const dx = x - target.x
      const dy = y - target.y
      if (hypotLess(dx, dy, bestD - 1e-9)) {
        if (mv.under !== undefined && !surfaces(mv, { x, y })) continue
        bestD = Math.hypot(dx, dy)
        bestK = i32(reached, r)
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
    let a = poly[poly.length - 1]
    for (const b of poly) {
      if (a !== undefined) consider(closestOn(from, a, b))
      a = b
    }
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
  const start = at(path, 0)
  if (leash.keeps === "path" && gapAt(start) > leash.inches + 1e-9) return [start]
  // Kept a thousandth inside, so the end, rounded to thousandths (R-BOARD-05), is still within.
  const ok = (c: Pt) => gapAt(c) <= leash.inches - 0.001
  // The path's points a step apart (each corner among them), as (segment, share along it).
  const along = (i: number, t: number): Pt => {
    const a = at(path, i)
    const b = at(path, i + 1)
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
  }
  const marks: Array<readonly [number, number]> = []
  for (let i = 0; i + 1 < path.length; i++) {
    const n = Math.max(1, Math.ceil(dist(at(path, i), at(path, i + 1)) / LEASH_STEP))
    for (let k = i === 0 ? 0 : 1; k <= n; k++) marks.push([i, k / n])
  }
  const okAt = marks.map(([i, t]) => ok(along(i, t)))
  // The last mark kept: before the first one out (a path leash), or the last one in (an end leash).
  let keep = leash.keeps === "path" ? okAt.indexOf(false) - 1 : okAt.lastIndexOf(true)
  if (leash.keeps === "path" && keep === -2) keep = marks.length - 1
  if (keep === marks.length - 1) return [...path]
  if (keep < 0) return [start]
  // Between the mark kept and the next (one segment: each corner is a mark), bisect for the edge.
  const [i, t0] = at(marks, keep)
  const [j, t1] = at(marks, keep + 1)
  const lo0 = i === j ? t0 : 0
  let lo = lo0
  let hi = t1
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2
    if (ok(along(j, mid))) lo = mid
    else hi = mid
  }
  const end = along(j, lo)
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
      const mv = moverOf(state, board, m, m.position, "clear", [subject])
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
    const mv = moverOf(state, board, m, m.position, "clear", [])
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
