import { at, keptFor, last } from "../../../terms/Indexed.js"
import type { Board } from "./Board.js"
import { clearFrom, clearSegment, freePoint, type Mover, segmentCost } from "./Field.js"
import { dist, type Pt, roundPt } from "./Geometry.js"
import type { Ruled } from "./Ground.js"
import { keepRecent } from "./Recent.js"
import { costAt, explore, moverKey, nodePt, pathTo, polyCost, straighten } from "./Search.js"
import { type Body, STEP } from "./Sight.js"

/** A planned path and its cost. */
export interface Plan {
  readonly path: ReadonlyArray<Pt>
  readonly cost: number
}

/**
 * The cheapest path (as the grid finds it, straightened) from the mover to a goal point, or to a
 * contact point with a body; undefined if none within the budget.
 */
export const plan = (mv: Mover, goal: { point: Pt } | { body: Body }, budget: number): Plan | undefined => {
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
  const byKey = keptFor(plans, mv.board, () => new Map<string, Plan | null>())
  const to =
    "point" in goal ? `${goal.point.x},${goal.point.y}` : `${goal.body.c.x},${goal.body.c.y},${goal.body.r}`
  const key = `${moverKey(mv)}|${budget}|${to}`
  const hit = byKey.get(key)
  if (hit !== undefined) return hit ?? undefined
  const made = make()
  keepRecent(byKey, key, made ?? null, PLANS_KEPT)
  return made
}

/** Spends what is left of a move going straight on towards the target, as far as is clear. */
export const extend = (mv: Mover, path: ReadonlyArray<Pt>, target: Pt, inches: number): Pt[] => {
  const end = last(path)
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
export const walk = (board: Ruled, path: ReadonlyArray<Pt>, budget: number): Pt[] => {
  const out: Pt[] = [at(path, 0)]
  let left = budget
  for (let i = 1; i < path.length; i++) {
    const a = at(path, i - 1)
    const b = at(path, i)
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
