/**
 * The Land's hex map (N-WORLD-01). Ruling R-N-WORLD-01 (GAP-N-11): a "5 x 5 flower map" is a
 * hexagon-shaped "flower" of 6-mile hexes five across and five rows tall — a centre hex and two
 * rings around it, 3 + 4 + 5 + 4 + 3 = 19 hexes. Hexes are pointy-topped, in axial coordinates
 * (q, r), and numbered 1…n in reading order (top row first, left to right).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** A hex's number on the map, 1…n in reading order. */
export const HexId = Schema.Int.pipe(Schema.check(Schema.isGreaterThan(0)), Schema.brand("HexId")).annotate({
  identifier: "HexId",
  brand: "HexId",
})
export type HexId = typeof HexId.Type

/** Miles across one hex (N-WORLD-01). */
export const HEX_MILES = 6

/** A hex's place on the map. */
export interface HexCell {
  readonly id: HexId
  readonly q: number
  readonly r: number
}

/** The map: every hex in reading order, and lookups by id and by coordinates. */
export interface HexMap {
  readonly radius: number
  readonly cells: readonly HexCell[]
  readonly byId: ReadonlyMap<HexId, HexCell>
  readonly neighbours: ReadonlyMap<HexId, readonly HexId[]>
}

const DIRECTIONS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
] as const

/** Hex distance between two cells, in hexes. */
export const distance = (a: HexCell, b: HexCell): number =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2

/** A hex flower of `radius` rings around a centre hex: radius 2 is the 19-hex Land (R-N-WORLD-01). */
export const flower = (radius = 2): HexMap => {
  const cells: HexCell[] = []
  for (let r = -radius; r <= radius; r++) {
    for (let q = Math.max(-radius, -radius - r); q <= Math.min(radius, radius - r); q++) {
      cells.push({ id: (cells.length + 1) as HexId, q, r })
    }
  }
  const key = (q: number, r: number) => `${q},${r}`
  const at = new Map(cells.map((c) => [key(c.q, c.r), c.id]))
  const neighbours = new Map(
    cells.map((c) => [
      c.id,
      DIRECTIONS.map(([dq, dr]) => at.get(key(c.q + dq, c.r + dr))).filter(
        (id): id is HexId => id !== undefined,
      ),
    ]),
  )
  return { radius, cells, byId: new Map(cells.map((c) => [c.id, c])), neighbours }
}

/** Distance in hexes between two hex ids of a map. */
export const hexDistance = (map: HexMap, a: HexId, b: HexId): number =>
  distance(map.byId.get(a)!, map.byId.get(b)!)

/** The six corners of a pointy-topped hex of circumradius `size` centred at (x, y), clockwise from the top. */
export const corners = (x: number, y: number, size: number): ReadonlyArray<readonly [number, number]> =>
  Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 90)
    return [x + size * Math.cos(a), y + size * Math.sin(a)] as const
  })

/** The centre of a pointy-topped hex on the page, for a hex circumradius `size`. */
export const centre = (c: HexCell, size: number): readonly [number, number] => [
  size * Math.sqrt(3) * (c.q + c.r / 2),
  size * 1.5 * c.r,
]

/**
 * The corner indexes (into {@link corners}) of the edge a hex shares with its neighbour in each
 * axial direction, so borders can be drawn edge by edge.
 */
export const edgeToward = (from: HexCell, to: HexCell): readonly [number, number] => {
  const dq = to.q - from.q
  const dr = to.r - from.r
  const i = DIRECTIONS.findIndex(([a, b]) => a === dq && b === dr)
  // Corners run clockwise from the top: east (1,0) is the edge between corners 1 and 2, and so on.
  const edges: ReadonlyArray<readonly [number, number]> = [
    [1, 2],
    [0, 1],
    [5, 0],
    [4, 5],
    [3, 4],
    [2, 3],
  ]
  return edges[i]!
}

/** Every edge of a hex as its corner pairs, by direction (for edges on the map's rim too). */
export const EDGE_DIRECTIONS = DIRECTIONS
