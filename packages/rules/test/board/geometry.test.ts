import { seeded } from "@blight/dice"
import { describe, expect, it } from "vitest"
import {
  bbox,
  boxGap,
  boxNearer,
  distToPolygon,
  distToSegment,
  hypotLess,
  inside,
  nearer,
  nearerPolygon,
  nearerSegment,
  type Pt,
  rectPoly,
  segmentNearerPolygon,
  segmentPolygonDist,
} from "../../src/battle/table/board/Geometry.js"

// The board's fast predicates decide by squares and fall back on `Math.hypot` near the edge: each
// must give the very answer the distance it stands for gives (a raid must not change by a bit).
const src = seeded(42)
const coord = () => (src.die(1_000_000) - 1) / 20_000 // 0 to 50", in steps a board's positions take
const pt = (): Pt => ({ x: coord(), y: coord() })
const poly = (): Pt[] =>
  rectPoly(pt(), 0.5 + coord() / 10, 0.5 + coord() / 10, (src.die(360) * Math.PI) / 180)

/** The slow reference: the least edge distance by `Math.hypot`, as `distToPolygon` always was. */
const polygonReference = (p: Pt, pts: ReadonlyArray<Pt>): number => {
  if (inside(p, pts)) return 0
  let d = Number.POSITIVE_INFINITY
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    d = Math.min(d, distToSegment(p, pts[j]!, pts[i]!))
  return d
}

describe("board geometry: comparisons without square roots (R-BOARD-06)", () => {
  it("R-BOARD-06 hypotLess answers as Math.hypot does, at the edge and off it", () => {
    const cases: Array<[number, number, number]> = [
      [3, 4, 5],
      [0.1, 0.2, Math.hypot(0.1, 0.2)],
      [1e-9, 0, 1e-9],
      [0, 0, 0],
      [0, 0, -1],
      [1e-200, 1e-200, 1e-199],
      [1e200, 1e200, 1e201],
    ]
    for (let k = 0; k < 5_000; k++) {
      const x = coord() - 25
      const y = coord() - 25
      const h = Math.hypot(x, y)
      // The distance itself, a bit either side, and well away.
      for (const d of [h, h * (1 + 2 ** -52), h * (1 - 2 ** -52), h + 1e-12, h - 1e-12, h * 1.5, h / 2])
        cases.push([x, y, d])
    }
    for (const [x, y, d] of cases) {
      expect(hypotLess(x, y, d)).toBe(Math.hypot(x, y) < d)
    }
  })

  it("R-BOARD-06 distToPolygon takes Math.hypot only where the least can be, and gives the same least", () => {
    for (let k = 0; k < 5_000; k++) {
      const pts = poly()
      const p = k % 3 === 0 ? pts[0]! : pt()
      expect(distToPolygon(p, pts)).toBe(polygonReference(p, pts))
    }
  })

  it("R-BOARD-06 the nearer-than predicates agree with the distances they stand for", () => {
    for (let k = 0; k < 1_500; k++) {
      const pts = poly()
      const [a, b] = [pt(), pt()]
      const near = { x: pts[1]!.x + (coord() - 25) / 50, y: pts[1]!.y + (coord() - 25) / 50 }
      for (const p of [a, near]) {
        const dp = distToPolygon(p, pts)
        const ds = distToSegment(p, a, b)
        const dd = Math.hypot(p.x - b.x, p.y - b.y)
        for (const d of [dp, ds, dd, dp + 1e-12, ds - 1e-12, 0.5, 1, -1e-9, 0]) {
          expect(nearerPolygon(p, pts, d)).toBe(dp < d)
          expect(nearerSegment(p, a, b, d)).toBe(ds < d)
          expect(nearer(p, b, d)).toBe(dd < d)
        }
      }
      // The boxes' gap as Math.hypot of its two sides, and nearer than it or not.
      const box = bbox(pts)
      const gx = Math.max(0, box.x0 - Math.max(a.x, near.x), Math.min(a.x, near.x) - box.x1)
      const gy = Math.max(0, box.y0 - Math.max(a.y, near.y), Math.min(a.y, near.y) - box.y1)
      const gap = boxGap(a, near, pts)
      expect(gap).toBe(Math.hypot(gx, gy))
      for (const d of [gap, gap + 1e-12, gap - 1e-12, 0.5, 0])
        expect(boxNearer(a, near, pts, d)).toBe(gap < d)
      const ends = [a, near] as const
      const dsp = segmentPolygonDist(ends[0], ends[1], pts)
      for (const d of [dsp, dsp + 1e-12, dsp - 1e-12, 0.5, 0, -1e-9])
        expect(segmentNearerPolygon(ends[0], ends[1], pts, d)).toBe(dsp < d)
    }
  })
})
