/**
 * Setting a raid up on a board (B-SETUP-03..05, B-SETUP-07, B-CREATURE-06): each Refuge's
 * survivors stand within 6" of its own edge, in a line along it, clear of walls and each other
 * (R-BOARD-08); the Lair and Loot tokens go where the board says, or — a board without them —
 * Lairs in two corners and Loot by the rules' spacing; creatures arrive at their Lair, or at the
 * Blight edge (or Lair) nearest the noisiest survivor, beside the others that came with them.
 *
 * @since 0.3.0
 */
import type { Model, State, Token } from "../../State.js"
import {
  type Board,
  blightEdgesOf,
  DEPLOY,
  type Edge,
  edgeDistance,
  freeEdges,
  pointsOf,
} from "./BoardData.js"
import { TOKEN_R } from "./Check.js"
import { dist, distToPolygon, type Pt, roundPt } from "./Geometry.js"

const SPACING = 1.5

const clearOfWalls = (board: Board, p: Pt, r: number): boolean =>
  p.x >= r &&
  p.y >= r &&
  p.x <= board.width - r &&
  p.y <= board.height - r &&
  board.terrain.every((t) => t.kind !== "wall" || distToPolygon(p, pointsOf(t)) >= r + 0.05)

/** A point `depth` inches in from an edge, `along` inches along it (measured from its west/north end). */
const atEdge = (board: Board, edge: Edge, depth: number, along: number): Pt =>
  edge === "north"
    ? { x: along, y: depth }
    : edge === "south"
      ? { x: along, y: board.height - depth }
      : edge === "west"
        ? { x: depth, y: along }
        : { x: board.width - depth, y: along }

const lengthOf = (board: Board, edge: Edge) =>
  edge === "north" || edge === "south" ? board.width : board.height

/**
 * Free spots near a point, nearest first, for `n` bases of radius `r` (a fixed spiral of
 * candidates, so the result depends only on the board and what is already there).
 */
export const spotsNear = (
  board: Board,
  centre: Pt,
  n: number,
  r: number,
  taken: ReadonlyArray<{ c: Pt; r: number }>,
  allowed: (p: Pt) => boolean = () => true,
): Pt[] => {
  const out: Pt[] = []
  const occupied = [...taken]
  for (let ring = 0; ring <= 40 && out.length < n; ring++) {
    const k = Math.max(1, ring * 6)
    for (let i = 0; i < k && out.length < n; i++) {
      const a = (2 * Math.PI * i) / k
      const p = roundPt({ x: centre.x + ring * 0.55 * Math.cos(a), y: centre.y + ring * 0.55 * Math.sin(a) })
      if (!allowed(p) || !clearOfWalls(board, p, r)) continue
      if (occupied.some((o) => dist(o.c, p) < o.r + r + 0.05)) continue
      out.push(p)
      occupied.push({ c: p, r })
    }
  }
  return out
}

/**
 * Places a freshly set-up raid on its board: survivors in their zones, Lairs and Loot. A board
 * naming no Lairs puts them where the scenario's `lairPlacement` says (R-BOARD-24): the corners,
 * or about the centre.
 */
export const place = (
  state: State,
  laid: Board,
  lairPlacement: "corners" | "centre" | "scenario" = "corners",
  /** The scenario's number of Blight edges (B-SETUP-03: standard 2). */
  blightEdges = 2,
): State => {
  // Fewer Blight edges than the edges no Refuge holds: the first of those, written on the board so
  // everything that measures "a Blight edge" reads the same ones (R-BOARD-26).
  const open = freeEdges(state.sides)
  const board: Board =
    laid.blightEdges === undefined && blightEdges < open.length
      ? { ...laid, blightEdges: open.slice(0, Math.max(0, blightEdges)) }
      : laid
  const taken: Array<{ c: Pt; r: number }> = []
  const models: Model[] = []
  for (const side of state.sides) {
    const mine = state.models.filter((m) => m.side === side.id)
    const edge = side.edge ?? "south"
    const len = lengthOf(board, edge)
    // A line along the edge, 3" in, centred; another line further in if the first is full.
    const spots: Pt[] = []
    for (const depth of [3, 1.5, 4.5]) {
      // As many places as fit, with the parity of the survivors still to place, so the line
      // is centred on the edge's middle for an even number too (R-BOARD-08).
      const fit = Math.floor((len - 4) / SPACING)
      const count = fit % 2 === (mine.length - spots.length) % 2 ? fit : fit - 1
      const start = len / 2 - ((count - 1) * SPACING) / 2
      const line = Array.from({ length: count }, (_, i) =>
        atEdge(board, edge, depth, start + i * SPACING),
      ).sort(
        (a, b) =>
          dist(a, atEdge(board, edge, depth, len / 2)) - dist(b, atEdge(board, edge, depth, len / 2)) ||
          a.x - b.x ||
          a.y - b.y,
      )
      for (const p of line) {
        if (spots.length >= mine.length) break
        if (edgeDistance(board, edge, p) > DEPLOY - 0.5) continue
        if (!clearOfWalls(board, p, 0.5) || taken.some((o) => dist(o.c, p) < o.r + 0.55)) continue
        spots.push(p)
        taken.push({ c: p, r: 0.5 })
      }
    }
    // Keep the roster's order from west to east (or north to south).
    spots.sort((a, b) => a.x - b.x || a.y - b.y)
    for (const [i, m] of mine.entries()) models.push(spots[i] ? { ...m, position: roundPt(spots[i]) } : m)
  }
  // A board naming fewer Lairs than the scenario has takes the rest from the corners (R-BOARD-07).
  const given = board.lairs ?? []
  const order =
    lairPlacement === "centre"
      ? [...centreLairs(board), ...defaultLairs(board)]
      : [...defaultLairs(board), ...centreLairs(board)]
  const free = order.filter((c) => given.every((g) => dist(g, c) >= 4))
  const lairSpots = [...given, ...free]
  let li = 0
  let lo = 0
  const loot = board.loot ?? []
  const placed: Token[] = state.tokens.map((t) => {
    const spot = t.kind === "lair" ? lairSpots[li] : undefined
    if (spot) {
      li++
      return { ...t, position: roundPt(spot) }
    }
    const drop = t.kind !== "lair" && !isObjective(t) ? loot[lo] : undefined
    if (drop) {
      lo++
      return { ...t, position: roundPt(drop) }
    }
    return t
  })
  const tokens = lootBySpacing(board, state, atCentre(board, placed, taken))
  const byId = new Map(models.map((m) => [m.id, m]))
  return { ...state, board, space: "plane", models: state.models.map((m) => byId.get(m.id) ?? m), tokens }
}

/** A scenario's objective token (the Bloom Heart, the Seedbed, the Stranger, the Radio, the Pharmacy's Meds). */
const isObjective = (t: Token): boolean => t.kind === "objective" || t.objective !== undefined

/**
 * Each scenario's set-up places its objective at the centre of the table ("Place the Bloom Heart /
 * the Stranger / the Radio / the Seedbed at the centre"; the Pharmacy is a building at the centre),
 * so on a board it has a place: what stands near it or in contact with it is the board's to answer,
 * not a question for the players. Beside each other and clear of bases and tokens.
 */
const atCentre = (
  board: Board,
  tokens: ReadonlyArray<Token>,
  bases: ReadonlyArray<{ c: Pt; r: number }>,
): Token[] => {
  const objectives = tokens.filter((t) => isObjective(t) && !t.position)
  if (objectives.length === 0) return [...tokens]
  const taken = [
    ...bases,
    ...tokens.flatMap((t) => (t.position ? [{ c: t.position, r: t.radius ?? 0.5 }] : [])),
  ]
  const spots = spotsNear(board, { x: board.width / 2, y: board.height / 2 }, objectives.length, 0.5, taken)
  const at = new Map(objectives.map((t, i) => [t.id, spots[i]]))
  return tokens.map((t) => (at.get(t.id) ? { ...t, position: at.get(t.id) } : t))
}

/**
 * Is a token's place as the rules space Loot (B-SETUP-05, R-BOARD-18)? Its edge more than 6" from
 * every deployment zone (the zone is 6" deep, so its centre more than 12.5" from each Refuge's
 * edge), more than 4" from every other token's edge, and its disc clear of walls.
 */
export const lootSpaced = (
  board: Board,
  edges: ReadonlyArray<Edge>,
  p: Pt,
  others: ReadonlyArray<{ c: Pt; r: number }>,
): boolean =>
  edges.every((e) => edgeDistance(board, e, p) - TOKEN_R > 2 * DEPLOY) &&
  others.every((o) => dist(o.c, p) - TOKEN_R - o.r > 4) &&
  clearOfWalls(board, p, TOKEN_R)

/**
 * Loot tokens the board gives no place for are placed as the rules space them (B-SETUP-05,
 * R-BOARD-18): on a 1" grid at least 2" in from the table's edges, the first at the free point
 * nearest the centre, each next at the free point furthest from the Loot and objectives already
 * placed (ties: north, then west). A fixed rule, so a board without Loot places still gives the
 * same raid every time; a token with no room left stays off the table.
 */
const lootBySpacing = (board: Board, state: State, tokens: ReadonlyArray<Token>): Token[] => {
  if (!tokens.some((t) => t.kind === "loot" && !t.position)) return [...tokens]
  const edges = state.sides.flatMap((s) => (s.edge ? [s.edge] : []))
  const others = tokens.flatMap((t) => (t.position ? [{ c: t.position, r: t.radius ?? TOKEN_R }] : []))
  const spread = tokens.flatMap((t) => (t.position && t.kind !== "lair" ? [t.position] : []))
  const grid: Pt[] = []
  for (let y = 2; y <= board.height - 2; y++) for (let x = 2; x <= board.width - 2; x++) grid.push({ x, y })
  const centre = { x: board.width / 2, y: board.height / 2 }
  return tokens.map((t) => {
    if (t.kind !== "loot" || t.position) return t
    let best: { p: Pt; score: number } | undefined
    for (const p of grid) {
      if (!lootSpaced(board, edges, p, others)) continue
      const score = spread.length === 0 ? -dist(p, centre) : Math.min(...spread.map((q) => dist(p, q)))
      if (best === undefined || score > best.score + 1e-9) best = { p, score }
    }
    if (!best) return t
    others.push({ c: best.p, r: TOKEN_R })
    spread.push(best.p)
    return { ...t, position: best.p }
  })
}

/**
 * Lairs about the centre (a scenario's `lairPlacement: "centre"`, R-BOARD-24): 4" west and east of
 * it, then north and south.
 */
export const centreLairs = (board: { readonly width: number; readonly height: number }): Pt[] => {
  const x = board.width / 2
  const y = board.height / 2
  return [
    { x: x - 4, y },
    { x: x + 4, y },
    { x, y: y - 4 },
    { x, y: y + 4 },
  ]
}

/**
 * The corners a board without Lairs uses (B-SETUP-04, R-BOARD-07), 3" in: north-west and
 * south-east first, then north-east and south-west for a scenario with more Lairs.
 */
const defaultLairs = (board: Board): Pt[] => [
  { x: 3, y: 3 },
  { x: board.width - 3, y: board.height - 3 },
  { x: board.width - 3, y: 3 },
  { x: 3, y: board.height - 3 },
]

/** The bases standing or lying on the table, as discs a new model must keep clear of. */
export const basesOn = (state: Pick<State, "models">): Array<{ c: Pt; r: number }> =>
  state.models.flatMap((m) =>
    m.position && (m.status === "active" || m.status === "down")
      ? [{ c: m.position, r: (m.base ?? 1) / 2 }]
      : [],
  )

/**
 * Where arriving creatures stand (B-CREATURE-06, R-BOARD-09): beside their Lair, or beside the
 * Lair or Blight-edge point nearest the noisiest survivor (the centre of the table's Blight edges
 * when nobody has Noise), clear of other bases.
 */
export const arrivalSpots = (
  state: State,
  n: number,
  lair?: string,
  gardeners = false,
  /** The noisiest survivor, when the caller counts more than tokens (the Radio's minimum Noise). */
  noisiest?: string,
): Pt[] => {
  const board = state.board
  if (!board) return []
  // Beside the tokens, never on them (the Lair's own token included).
  const taken = [
    ...basesOn(state),
    ...state.tokens.flatMap((t) => (t.position ? [{ c: t.position, r: t.radius ?? 0.5 }] : [])),
  ]
  const lairToken = lair ? state.tokens.find((t) => t.id === lair && t.position) : undefined
  if (lairToken?.position) return spotsNear(board, lairToken.position, n, 0.5, taken)
  const blightEdges = blightEdgesOf(board, state.sides)
  const points: Pt[] = blightEdges.map((e) => atEdge(board, e, 1, lengthOf(board, e) / 2))
  const noisy =
    noisiest !== undefined
      ? state.models.find((m) => m.id === noisiest && m.position)
      : [...state.models]
          .filter((m) => m.kind === "survivor" && m.status === "active" && m.noise > 0 && m.position)
          .sort((a, b) => b.noise - a.noise || (a.id < b.id ? -1 : 1))[0]
  const lairs = gardeners
    ? []
    : state.tokens
        .flatMap((t) => (t.kind === "lair" && t.position ? [{ ...t, position: t.position }] : []))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  // With no Blight edge and no Lair, the middle of the table.
  const first = points[0] ?? lairs[0]?.position
  if (first === undefined) return spotsNear(board, { x: board.width / 2, y: board.height / 2 }, n, 0.5, taken)
  // With nobody noisy there is no "nearest": the middle of a Blight edge (R-BOARD-09).
  const p = noisy?.position
  if (p === undefined) return spotsNear(board, first, n, 0.5, taken)
  // "Nearest" as the board answers it (R-BOARD-05): edge to edge, so a Lair's token counts from
  // its rim and an edge from the table's edge; ties go to the lower id ("blight-edge" before "t1").
  const edgeBest = [...blightEdges].sort((a, b) => edgeDistance(board, a, p) - edgeDistance(board, b, p))[0]
  // Replaced below: by the nearest edge when there is one, else the nearest Lair (there is one).
  let anchor: Pt = first
  let best = Number.POSITIVE_INFINITY
  if (edgeBest) {
    best = edgeDistance(board, edgeBest, p)
    anchor = atEdge(board, edgeBest, 1, edgeBest === "north" || edgeBest === "south" ? p.x : p.y)
  }
  for (const t of lairs) {
    const d = Math.max(0, dist(p, t.position) - (t.radius ?? 0.5))
    if (d < best - 1e-9) {
      best = d
      anchor = t.position
    }
  }
  return spotsNear(board, anchor, n, 0.5, taken)
}
