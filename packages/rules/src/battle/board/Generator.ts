/**
 * A seeded random board that follows the rules' guidance (B-SETUP-01/02/04/05): a 3' or 4' table
 * "dense with ruins, wrecks and Blight growth" — buildings, ruined walls with rubble, wrecks,
 * patches of dense growth, at least three Spore patches, some difficult ground — with the
 * deployment zones kept clear of walls, two Lairs in corners chosen by a die each (R-BOARD-07),
 * and the Loot tokens' places more than 6" from the deployment zones and more than 4" apart.
 * Randomness comes only from `@blight/dice` (the same seed gives the same board on any machine),
 * and the board is plain JSON, so a table can copy it.
 *
 * Exported for the CLI (through `Board.ts`): `random(seed, { refuges, scenario })`.
 *
 * @since 0.3.0
 */
import { type DiceSource, type Prng, seeded } from "@blight/dice"
import type { Board, BoardPoint, Terrain, TerrainKind } from "./Board.js"
import { DEPLOY, EDGES, edgeDistance, outline, pointsOf, sizeFor } from "./Board.js"
import { circlePoly, dist, distToPolygon, type Pt, rectPoly, round3 } from "./Geometry.js"

/** What shapes a random board. */
export interface RandomOptions {
  /** The Refuges (their survivors decide the size, B-SETUP-01); or give `survivors` and `sides`. */
  readonly refuges?: ReadonlyArray<{ readonly survivors: ReadonlyArray<unknown> }>
  /** The most survivors on one side (default 6: a 3' table). */
  readonly survivors?: number
  /** Sides deploying (default: the Refuges', or 2). */
  readonly sides?: number
  /** The scenario's set-up: Loot tokens (default 5) and Lairs (default 2). */
  readonly scenario?: { readonly setup: { readonly lootTokens: number; readonly lairs?: number | undefined } }
}

const rng = (src: DiceSource) => ({
  /** A number in [lo, hi], to a tenth of an inch. */
  range: (lo: number, hi: number): number => round3(lo + ((src.die(1001) - 1) / 1000) * (hi - lo)),
  die: (n: number): number => src.die(n),
})

interface Piece {
  readonly kind: TerrainKind
  readonly name: string
  readonly make: (r: ReturnType<typeof rng>, c: Pt) => Pt[]
  /** Radius it takes on the table, for spacing. */
  readonly size: number
}

const PIECES: Record<string, Piece> = {
  building: {
    kind: "wall",
    name: "ruined building",
    size: 4,
    make: (r, c) =>
      rectPoly(c, r.range(3.5, 6), r.range(3, 5), (r.die(4) - 1) * (Math.PI / 2) + r.range(-0.2, 0.2)),
  },
  wall: {
    kind: "wall",
    name: "broken wall",
    size: 3,
    make: (r, c) => rectPoly(c, r.range(3, 6), 0.5, r.range(0, Math.PI)),
  },
  wreck: {
    kind: "wall",
    name: "wreck",
    size: 2.5,
    make: (r, c) => rectPoly(c, r.range(3.5, 5), 2, r.range(0, Math.PI)),
  },
  rubble: {
    kind: "climbable",
    name: "rubble heap",
    size: 2.5,
    make: (r, c) => circlePoly(c, r.range(1.5, 2.5), 7, r.range(0, 1)),
  },
  growth: {
    kind: "dense",
    name: "Blight growth",
    size: 3,
    make: (r, c) => circlePoly(c, r.range(1.8, 3), 9, r.range(0, 1)),
  },
  spore: {
    kind: "spore",
    name: "Spore drift",
    size: 2.5,
    make: (r, c) => circlePoly(c, r.range(1.5, 2.5), 8, r.range(0, 1)),
  },
  bog: {
    kind: "difficult",
    name: "sump",
    size: 2.5,
    make: (r, c) => rectPoly(c, r.range(2.5, 4), r.range(2, 3), r.range(0, Math.PI)),
  },
}

/** How many of each piece on a 3' table (a 4' table takes more, by area). */
const MIX: ReadonlyArray<readonly [keyof typeof PIECES, number]> = [
  ["building", 2],
  ["wall", 3],
  ["wreck", 2],
  ["rubble", 2],
  ["growth", 4],
  ["spore", 3],
  ["bog", 1],
]

const CORNERS = ["north-west", "north-east", "south-west", "south-east"] as const

/** A seeded random board (see the file header). */
export const random = (seed: Prng.Seed, options: RandomOptions = {}): Board => {
  const src = seeded(seed)
  const r = rng(src)
  const largest = options.survivors ?? Math.max(0, ...(options.refuges ?? []).map((x) => x.survivors.length))
  const size = sizeFor(largest || 6)
  const sides = Math.max(2, Math.min(4, options.sides ?? (options.refuges?.length || 2)))
  const deploying = EDGES.slice(0, sides)
  const shell: Board = { width: size, height: size, terrain: [] }
  const inZone = (p: Pt, margin: number) => deploying.some((e) => edgeDistance(shell, e, p) < DEPLOY + margin)

  // Lairs (B-SETUP-04, R-BOARD-07): a die for each corner, the two highest (ties: the earlier corner).
  const lairCount = options.scenario?.setup.lairs ?? 2
  const rolls = CORNERS.map((c, i) => ({ c, i, face: r.die(6) }))
  const chosen = [...rolls].sort((a, b) => b.face - a.face || a.i - b.i).slice(0, lairCount)
  const lairs: BoardPoint[] = chosen
    .sort((a, b) => a.i - b.i)
    .map(({ c }) => ({
      x: c.endsWith("west") ? 3 : size - 3,
      y: c.startsWith("north") ? 3 : size - 3,
    }))
  const terrain: Terrain[] = lairs.map((p, i) => ({
    id: `lair-${i + 1}`,
    kind: "lair",
    name: "Lair",
    polygon: outline(circlePoly(p, 1.5, 8)),
  }))

  const scale = (size * size) / (36 * 36)
  const placed: Array<{ c: Pt; size: number; kind: TerrainKind }> = []
  let n = 0
  const fits = (piece: Piece, c: Pt, strict: boolean): boolean => {
    const blocks = piece.kind === "wall"
    // Deployment zones stay clear of walls; Spore and growth may creep to their edge.
    if (inZone(c, blocks ? piece.size * 0.6 : 0)) return false
    if (lairs.some((l) => dist(l, c) < piece.size + (blocks ? 3 : 1))) return false
    // Room to walk round walls; Spore may lie under anything but a wall.
    return placed.every((p) => {
      const walls = blocks || p.kind === "wall"
      if (!walls && !strict && (piece.kind === "spore") !== (p.kind === "spore")) return true
      return dist(p.c, c) >= (p.size + piece.size) * 0.7 + (walls ? 1.5 : 0)
    })
  }
  const put = (key: string, piece: Piece, c: Pt) => {
    placed.push({ c, size: piece.size, kind: piece.kind })
    terrain.push({
      id: `${key}-${++n}`,
      kind: piece.kind,
      name: piece.name,
      polygon: outline(piece.make(r, c)),
    })
  }
  for (const [key, count] of MIX) {
    const piece = PIECES[key]!
    const want = Math.round(count * scale)
    for (let k = 0; k < want; k++) {
      // Bounded tries; a piece that finds no room is left out (but see Spore below).
      for (let tries = 0; tries < 60; tries++) {
        const c = { x: r.range(piece.size, size - piece.size), y: r.range(piece.size, size - piece.size) }
        if (!fits(piece, c, false)) continue
        put(key, piece, c)
        break
      }
    }
  }
  // B-SETUP-02: at least three Spore patches, whatever chance did — a sweep finds room.
  const spore = PIECES.spore!
  for (let y = 8; terrain.filter((t) => t.kind === "spore").length < 3 && y <= size - 8; y += 2)
    for (let x = 4; terrain.filter((t) => t.kind === "spore").length < 3 && x <= size - 4; x += 2)
      if (fits(spore, { x, y }, true)) put("spore", spore, { x, y })

  // Loot (B-SETUP-05): more than 6" from every deployment zone, more than 4" from other tokens.
  const lootCount = options.scenario?.setup.lootTokens ?? 5
  const loot: BoardPoint[] = []
  const free = (p: Pt) =>
    !inZone(p, DEPLOY + 0.01) &&
    terrain.every((t) => t.kind !== "wall" || distToPolygon(p, pointsOf(t)) > 0.75) &&
    [...loot, ...lairs].every((q) => dist(p, q) > 4.01)
  for (let tries = 0; loot.length < lootCount && tries < 400; tries++) {
    const p = { x: r.range(2, size - 2), y: r.range(2, size - 2) }
    if (free(p)) loot.push(p)
  }
  // A deterministic sweep fills what chance did not.
  for (let y = 2; loot.length < lootCount && y <= size - 2; y += 1)
    for (let x = 2; loot.length < lootCount && x <= size - 2; x += 1) if (free({ x, y })) loot.push({ x, y })

  return { width: size, height: size, seed, terrain, lairs, loot }
}
