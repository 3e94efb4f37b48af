/**
 * Plane geometry for the board, in inches: points, segments, polygons (simple, either winding),
 * circles (bases). Pure and allocation-light; every answer depends only on its arguments, so a
 * board's answers never depend on the order models were added.
 *
 * @since 0.3.0
 */

export interface Pt {
  readonly x: number
  readonly y: number
}

/** Stored positions are rounded to 1/1000", so no float error accumulates over a raid. */
export const round3 = (v: number): number => Math.round(v * 1000) / 1000
export const roundPt = (p: Pt): Pt => ({ x: round3(p.x), y: round3(p.y) })

export const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y)

const cross = (ax: number, ay: number, bx: number, by: number): number => ax * by - ay * bx

/**
 * Whether `Math.hypot(x, y) < d`, to the bit. `Math.hypot` is slow and the comparisons on a board
 * are many, so the square decides unless it is within a billionth of the edge (the square and
 * `hypot` differ by rounding, some 1e-16); there `hypot` itself does.
 */
export const hypotLess = (x: number, y: number, d: number): boolean => {
  if (!(d > 0)) return false
  const s = x * x + y * y
  const d2 = d * d
  if (s < d2 * (1 - 1e-9)) return true
  if (s > d2 * (1 + 1e-9)) return false
  return Math.hypot(x, y) < d
}

/** Whether two points are nearer than `d`: `dist(a, b) < d`, to the bit. */
export const nearer = (a: Pt, b: Pt, d: number): boolean => hypotLess(a.x - b.x, a.y - b.y, d)

/** The offset from a segment's nearest point to p (the distance is its length). */
const offsetX = (p: Pt, a: Pt, b: Pt, t: number): number => p.x - (a.x + t * (b.x - a.x))
const offsetY = (p: Pt, a: Pt, b: Pt, t: number): number => p.y - (a.y + t * (b.y - a.y))

/** How far along a→b (0..1) its nearest point to p lies. */
const along = (p: Pt, a: Pt, b: Pt): number => {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const len2 = dx * dx + dy * dy
  return len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
}

/** Distance from a point to a segment. */
export const distToSegment = (p: Pt, a: Pt, b: Pt): number => {
  const t = along(p, a, b)
  return Math.hypot(offsetX(p, a, b, t), offsetY(p, a, b, t))
}

/** Whether a point is nearer a segment than `d`: `distToSegment(p, a, b) < d`, to the bit. */
export const nearerSegment = (p: Pt, a: Pt, b: Pt, d: number): boolean => {
  const t = along(p, a, b)
  return hypotLess(offsetX(p, a, b, t), offsetY(p, a, b, t), d)
}

/** The square of a point's distance to a segment (to compare, never to report). */
const squareToSegment = (p: Pt, a: Pt, b: Pt): number => {
  const t = along(p, a, b)
  const x = offsetX(p, a, b, t)
  const y = offsetY(p, a, b, t)
  return x * x + y * y
}

/** Is a point inside a polygon (even-odd rule; points on the boundary count as inside)? */
export const inside = (p: Pt, poly: ReadonlyArray<Pt>): boolean => {
  const box = boxOf(poly)
  if (p.x < box.x0 - 1e-9 || p.x > box.x1 + 1e-9 || p.y < box.y0 - 1e-9 || p.y > box.y1 + 1e-9) return false
  let odd = false
  // Each edge, from the one closing the outline on: its start `b`, its end `a`.
  let b = poly[poly.length - 1]
  if (b === undefined) return false
  for (const a of poly) {
    if (nearerSegment(p, a, b, 1e-9)) return true
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd
    b = a
  }
  return odd
}

/**
 * Distance from a point to a polygon's area (0 inside): the least of its edges' distances. Only the
 * edges whose squared distance is within a millionth of the least can hold it, so only theirs are
 * taken with `Math.hypot` (the same least, to the bit).
 */
export const distToPolygon = (p: Pt, poly: ReadonlyArray<Pt>): number => {
  if (inside(p, poly)) return 0
  const end = poly[poly.length - 1]
  if (end === undefined) return Number.POSITIVE_INFINITY
  let least = Number.POSITIVE_INFINITY
  let from = end
  for (const to of poly) {
    least = Math.min(least, squareToSegment(p, from, to))
    from = to
  }
  let d = Number.POSITIVE_INFINITY
  from = end
  for (const to of poly) {
    if (!(squareToSegment(p, from, to) > least * (1 + 1e-6))) d = Math.min(d, distToSegment(p, from, to))
    from = to
  }
  return d
}

/** Whether a point is nearer a polygon's area than `d`: `distToPolygon(p, poly) < d`, to the bit. */
export const nearerPolygon = (p: Pt, poly: ReadonlyArray<Pt>, d: number): boolean => {
  if (!(d > 0)) return false
  const b = boxOf(poly)
  // The box is no further than the polygon.
  const gx = Math.max(0, b.x0 - p.x, p.x - b.x1)
  const gy = Math.max(0, b.y0 - p.y, p.y - b.y1)
  if (!hypotLess(gx, gy, d)) return false
  if (inside(p, poly)) return true
  let from = poly[poly.length - 1]
  if (from === undefined) return false
  for (const to of poly) {
    if (nearerSegment(p, from, to, d)) return true
    from = to
  }
  return false
}

/** Segment parameters (0..1 along a→b) where it crosses the polygon's edges. */
export const crossings = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>): number[] => {
  const out: number[] = []
  const rx = b.x - a.x
  const ry = b.y - a.y
  let p = poly[poly.length - 1]
  if (p === undefined) return out
  for (const q of poly) {
    const sx = q.x - p.x
    const sy = q.y - p.y
    const den = cross(rx, ry, sx, sy)
    if (Math.abs(den) >= 1e-12) {
      const t = cross(p.x - a.x, p.y - a.y, sx, sy) / den
      const u = cross(p.x - a.x, p.y - a.y, rx, ry) / den
      if (t > 0 && t < 1 && u >= 0 && u <= 1) out.push(t)
    }
    p = q
  }
  return out
}

/** Length of the segment a→b that lies inside the polygon. */
export const lengthInside = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>): number => {
  if (boxGap(a, b, poly) > 1e-9) return 0
  // The stretches run from 0 (every crossing is past it) to each crossing in turn, then to 1.
  const ts = [...crossings(a, b, poly), 1].sort((x, y) => x - y)
  const len = dist(a, b)
  let total = 0
  let t0 = 0
  for (const t1 of ts) {
    if (!(t1 - t0 < 1e-12)) {
      const m = (t0 + t1) / 2
      if (inside({ x: a.x + (b.x - a.x) * m, y: a.y + (b.y - a.y) * m }, poly)) total += (t1 - t0) * len
    }
    t0 = t1
  }
  return total
}

/** Does the segment a→b touch the polygon at all (cross it, or start or end in it)? */
export const touches = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>): boolean =>
  boxGap(a, b, poly) <= 1e-9 && (inside(a, poly) || inside(b, poly) || crossings(a, b, poly).length > 0)

/** Distance between a segment and a point's circle edge: how close a moving base's centre passes. */
export const segmentPointDist = (a: Pt, b: Pt, p: Pt): number => distToSegment(p, a, b)

/** Distance between a segment and a polygon (0 if they touch). */
export const segmentPolygonDist = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>): number => {
  if (touches(a, b, poly)) return 0
  let d = Math.min(distToPolygon(a, poly), distToPolygon(b, poly))
  for (const v of poly) d = Math.min(d, distToSegment(v, a, b))
  return d
}

/** Whether a segment is nearer a polygon than `d`: `segmentPolygonDist(a, b, poly) < d`, to the bit. */
export const segmentNearerPolygon = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>, d: number): boolean => {
  if (!(d > 0)) return false
  if (touches(a, b, poly)) return true
  if (nearerPolygon(a, poly, d) || nearerPolygon(b, poly, d)) return true
  for (const v of poly) if (nearerSegment(v, a, b, d)) return true
  return false
}

const boxes = new WeakMap<ReadonlyArray<Pt>, { x0: number; y0: number; x1: number; y1: number }>()
const boxOf = (poly: ReadonlyArray<Pt>) => {
  let b = boxes.get(poly)
  if (!b) {
    b = bbox(poly)
    boxes.set(poly, b)
  }
  return b
}

/** An outline's box (`bbox`), made once: what {@link boxGap} and {@link boxNearer} look up. */
export type Box = { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }

/** A lower bound on the distance between a segment and a polygon: the gap between their boxes. */
export const boxGap = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>): number => boxGapTo(a, b, boxOf(poly))

/** {@link boxGap} to a box already at hand (a caller that keeps pieces' boxes skips the look-up). */
export const boxGapTo = (a: Pt, b: Pt, box: Box): number => {
  const dx = Math.max(0, box.x0 - Math.max(a.x, b.x), Math.min(a.x, b.x) - box.x1)
  const dy = Math.max(0, box.y0 - Math.max(a.y, b.y), Math.min(a.y, b.y) - box.y1)
  // Side by side the gap is one of the two (what `Math.hypot` gives too); only corners need it.
  return dx === 0 ? dy : dy === 0 ? dx : Math.hypot(dx, dy)
}

/** Whether the boxes of a segment and a polygon are nearer than `d`: `boxGap(a, b, poly) < d`, to the bit. */
export const boxNearer = (a: Pt, b: Pt, poly: ReadonlyArray<Pt>, d: number): boolean =>
  boxNearerTo(a, b, boxOf(poly), d)

/** {@link boxNearer} to a box already at hand. */
export const boxNearerTo = (a: Pt, b: Pt, box: Box, d: number): boolean => {
  const dx = Math.max(0, box.x0 - Math.max(a.x, b.x), Math.min(a.x, b.x) - box.x1)
  const dy = Math.max(0, box.y0 - Math.max(a.y, b.y), Math.min(a.y, b.y) - box.y1)
  return dx === 0 ? dy < d : dy === 0 ? dx < d : hypotLess(dx, dy, d)
}

/** The polygon's bounding box. */
export const bbox = (poly: ReadonlyArray<Pt>): { x0: number; y0: number; x1: number; y1: number } => {
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = Number.NEGATIVE_INFINITY
  let y1 = Number.NEGATIVE_INFINITY
  for (const p of poly) {
    x0 = Math.min(x0, p.x)
    y0 = Math.min(y0, p.y)
    x1 = Math.max(x1, p.x)
    y1 = Math.max(y1, p.y)
  }
  return { x0, y0, x1, y1 }
}

/** A regular polygon approximating a circle (terrain blobs). */
export const circlePoly = (c: Pt, r: number, sides = 10, phase = 0): Pt[] =>
  Array.from({ length: sides }, (_, i) => {
    const a = phase + (2 * Math.PI * i) / sides
    return roundPt({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) })
  })

/** An axis-aligned or rotated rectangle. */
export const rectPoly = (c: Pt, w: number, h: number, angle = 0): Pt[] => {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const corners: ReadonlyArray<readonly [number, number]> = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ]
  return corners.map(([dx, dy]) => roundPt({ x: c.x + dx * cos - dy * sin, y: c.y + dx * sin + dy * cos }))
}
