/**
 * What a table's own layout must be before a raid is played on it, each problem named by its path
 * in the board and the rule it breaks: every point on the table (B-SETUP-01), each piece a simple
 * polygon with an id of its own (R-BOARD-01), Lairs and Loot clear of impassable terrain
 * (R-BOARD-19), and — once the Refuges' edges are known — each Loot place more than 6" from every
 * deployment zone and more than 4" from the other Loot (B-SETUP-05, edge to edge, R-BOARD-18).
 * The schema already bounds the counts (200 pieces, 64 points each, 8 Lairs, 20 Loot places).
 *
 * @since 0.4.0
 */
import { at } from "../../../terms/Indexed.js"
import {
  type Board,
  type BoardPoint,
  DEPLOY,
  type Edge,
  edgeDistance,
  onBoard,
  pointsOf,
} from "./BoardData.js"
import { dist, distToPolygon, type Pt } from "./Geometry.js"
import { kindRule, type TerrainSource } from "./Ground.js"

/** A problem with a board: where, what, and the rule. */
export interface BoardProblem {
  readonly path: string
  readonly message: string
  readonly clause: string
}

/** A token's radius (R-BOARD-05: tokens are 1" discs). */
export const TOKEN_R = 0.5

const side = (a: Pt, b: Pt, c: Pt): number => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)

/** Do segments ab and cd cross at a point inside both (not at a shared end)? */
const cross = (a: Pt, b: Pt, c: Pt, d: Pt): boolean => {
  const d1 = side(c, d, a)
  const d2 = side(c, d, b)
  const d3 = side(a, b, c)
  const d4 = side(a, b, d)
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

/** Why an outline is not a simple polygon, or undefined. */
const notSimple = (pts: ReadonlyArray<Pt>): string | undefined => {
  let area = 0
  let from = pts[pts.length - 1]
  for (const to of pts) {
    if (from !== undefined) area += from.x * to.y - to.x * from.y
    from = to
  }
  const n = pts.length
  for (let i = 0; i < n; i++)
    for (let k = i + 2; k < n; k++) {
      if (i === 0 && k === n - 1) continue // neighbours through the closing edge
      if (cross(at(pts, i), at(pts, (i + 1) % n), at(pts, k), at(pts, (k + 1) % n)))
        return `the outline crosses itself (edges ${i + 1} and ${k + 1})`
    }
  return Math.abs(area) / 2 < 1e-6 ? "the outline encloses no area" : undefined
}

/**
 * The problems of a board on its own (no Refuges yet): points on the table, simple outlines,
 * unique ids, and — given the content — Lairs and Loot places clear of impassable terrain.
 */
export const layoutProblems = (b: Board, content?: TerrainSource): BoardProblem[] => {
  const out: BoardProblem[] = []
  const on = (path: string, p: BoardPoint) => {
    if (!onBoard(b, p))
      out.push({
        path,
        message: `(${p.x}, ${p.y}) is off the ${b.width}" × ${b.height}" board`,
        clause: "B-SETUP-01",
      })
    return onBoard(b, p)
  }
  const ids = new Set<string>()
  b.terrain.forEach((t, i) => {
    const pts = pointsOf(t)
    let inside = true
    for (const [j, p] of pts.entries()) inside = on(`terrain.${i}.polygon (point ${j + 1})`, p) && inside
    const why = inside ? notSimple(pts) : undefined
    if (why)
      out.push({
        path: `terrain.${i}.polygon`,
        message: `${why}: a piece is a simple polygon`,
        clause: "R-BOARD-01",
      })
    if (ids.has(t.id))
      out.push({ path: `terrain.${i}.id`, message: `"${t.id}" is used twice`, clause: "R-BOARD-01" })
    ids.add(t.id)
  })
  const walls = content ? b.terrain.filter((t) => kindRule(content, t.kind).impassable) : []
  const clear = (path: string, what: string, p: BoardPoint) => {
    const wall = walls.find((t) => distToPolygon(p, pointsOf(t)) < TOKEN_R)
    if (wall)
      out.push({
        path,
        message: `${what} at (${p.x}, ${p.y}) stands on impassable terrain ("${wall.id}")`,
        clause: "R-BOARD-19",
      })
  }
  for (const [i, p] of (b.lairs ?? []).entries()) if (on(`lairs.${i}`, p)) clear(`lairs.${i}`, "the Lair", p)
  for (const [i, p] of (b.loot ?? []).entries())
    if (on(`loot.${i}`, p)) clear(`loot.${i}`, "the Loot token", p)
  return out
}

/**
 * Loot places the Refuges' edges rule out (B-SETUP-05, R-BOARD-18): a token's edge more than 6"
 * from every deployment zone (6" deep from its edge) and more than 4" from every other Loot token's.
 * Only the places the scenario uses are checked (`count`).
 */
export const lootProblems = (b: Board, edges: ReadonlyArray<Edge>, count: number): BoardProblem[] => {
  const out: BoardProblem[] = []
  const loot = (b.loot ?? []).slice(0, count)
  loot.forEach((p, i) => {
    if (!onBoard(b, p)) return
    const near = edges.find((e) => edgeDistance(b, e, p) - TOKEN_R <= 2 * DEPLOY)
    if (near)
      out.push({
        path: `loot.${i}`,
        message: `(${p.x}, ${p.y}) is within 6" of the ${near} deployment zone (a Loot token must be more than 6" from every zone, edge to edge)`,
        clause: "B-SETUP-05",
      })
    const j = loot.findIndex((q, k) => k < i && dist(p, q) - 2 * TOKEN_R <= 4)
    if (j >= 0)
      out.push({
        path: `loot.${i}`,
        message: `(${p.x}, ${p.y}) is within 4" of loot.${j} (Loot tokens must be more than 4" apart, edge to edge)`,
        clause: "B-SETUP-05",
      })
  })
  return out
}
