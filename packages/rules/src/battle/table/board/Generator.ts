/**
 * A seeded random board that follows the rules' guidance (B-SETUP-01/02/04/05): a 3' or 4' table
 * "dense with ruins, wrecks and Blight growth". The pieces come from the loaded terrain kinds'
 * `scatter` lists, in load order (the core pack's: buildings, ruined walls, wrecks, rubble,
 * patches of dense growth, Spore drifts, a sump), at least three Spore patches, with the
 * deployment zones kept clear of impassable pieces, two Lairs in corners chosen by a die each (R-BOARD-07),
 * and the Loot tokens' places more than 6" from the deployment zones and more than 4" apart.
 * Randomness comes only from `@blight/dice` (the same seed gives the same board on any machine),
 * and the board is plain JSON, so a table can copy it.
 *
 * Exported for the CLI (through `Board.ts`): `random(seed, content, { refuges, scenario })`.
 *
 * @since 0.3.0
 */
import { type DiceSource, type Prng, seeded } from "@blight/dice"
import type { ScatterPiece } from "../../../content/schema/TerrainKind.js"
import type { Board, BoardPoint, Terrain } from "./BoardData.js"
import { DEPLOY, EDGES, edgeDistance, outline, pointsOf, sizeFor } from "./BoardData.js"
import { centreLairs } from "./Deployment.js"
import { circlePoly, dist, distToPolygon, type Pt, rectPoly, round3 } from "./Geometry.js"
import { kindRule, type TerrainRule, type TerrainSource } from "./Ground.js"

/** What shapes a random board. */
export interface RandomOptions {
  /** The Refuges (their survivors decide the size, B-SETUP-01); or give `survivors` and `sides`. */
  readonly refuges?: ReadonlyArray<{ readonly survivors: ReadonlyArray<unknown> }>
  /** The most survivors on one side (default 6: a 3' table). */
  readonly survivors?: number
  /** Sides deploying (default: the Refuges', or 2). */
  readonly sides?: number
  /** The scenario's set-up: Loot tokens (default 5) and Lairs (default 2). */
  readonly scenario?: {
    readonly setup: {
      readonly lootTokens: number
      readonly lairs?: number | undefined
      /** Where the Lairs go (R-BOARD-07 corners by dice; R-BOARD-24 `centre`: about the centre). */
      readonly lairPlacement?: "corners" | "centre" | "scenario" | undefined
    }
  }
}

const rng = (src: DiceSource) => ({
  /** A number in [lo, hi], to a tenth of an inch (a fixed measure, lo = hi, draws no die). */
  range: (lo: number, hi: number): number =>
    lo === hi ? lo : round3(lo + ((src.die(1001) - 1) / 1000) * (hi - lo)),
  die: (n: number): number => src.die(n),
})

/** A piece to scatter, with its kind's rule. */
interface Piece {
  readonly kind: string
  readonly spec: ScatterPiece
  readonly rule: TerrainRule
}

/** Draws a piece's outline round a centre (measures in the order the spec lists them, then the turn). */
const shape = (r: ReturnType<typeof rng>, p: ScatterPiece, c: Pt): Pt[] => {
  if (p.shape === "round") return circlePoly(c, r.range(...p.radius), p.sides, r.range(0, 1))
  const length = r.range(...p.length)
  const width = r.range(...p.width)
  const turn =
    p.turn === "quarter" ? (r.die(4) - 1) * (Math.PI / 2) + r.range(-0.2, 0.2) : r.range(0, Math.PI)
  return rectPoly(c, length, width, turn)
}

const CORNERS = ["north-west", "north-east", "south-west", "south-east"] as const

type Rng = ReturnType<typeof rng>
type InZone = (p: Pt, margin: number) => boolean

/** The pieces to scatter: each loaded terrain kind's `scatter` list, in load order. */
const scatterPieces = (content: TerrainSource): Piece[] =>
  content
    .list("terrain")
    .flatMap((k) =>
      (k.scatter ?? []).map((spec) => ({ kind: k.id as string, spec, rule: kindRule(content, k.id) })),
    )

/**
 * Lairs (B-SETUP-04, R-BOARD-07): a die for each corner, the two highest (ties: the earlier corner);
 * the dice are rolled even when the scenario puts them about the centre (R-BOARD-24).
 */
const lairPoints = (r: Rng, options: RandomOptions, shell: Board): BoardPoint[] => {
  const size = shell.width
  const lairCount = options.scenario?.setup.lairs ?? 2
  const rolls = CORNERS.map((c, i) => ({ c, i, face: r.die(6) }))
  const chosen = [...rolls].sort((a, b) => b.face - a.face || a.i - b.i).slice(0, lairCount)
  return options.scenario?.setup.lairPlacement === "centre"
    ? centreLairs(shell).slice(0, lairCount)
    : chosen
        .sort((a, b) => a.i - b.i)
        .map(({ c }) => ({
          x: c.endsWith("west") ? 3 : size - 3,
          y: c.startsWith("north") ? 3 : size - 3,
        }))
}

/** A scattering in progress: where a piece fits, and putting one down (numbered in order). */
const scatterer = (r: Rng, terrain: Terrain[], lairs: ReadonlyArray<BoardPoint>, inZone: InZone) => {
  const placed: Array<{ c: Pt; size: number; blocks: boolean; spore: boolean }> = []
  let n = 0
  const fits = (piece: Piece, c: Pt, strict: boolean): boolean => {
    const blocks = piece.rule.impassable
    const spore = piece.rule.feature === "sporeTerrain"
    const size = piece.spec.size
    // Deployment zones stay clear of what stops a base; Spore and growth may creep to their edge.
    if (inZone(c, blocks ? size * 0.6 : 0)) return false
    if (lairs.some((l) => dist(l, c) < size + (blocks ? 3 : 1))) return false
    // Room to walk round walls; Spore may lie under anything but a wall.
    return placed.every((p) => {
      const walls = blocks || p.blocks
      if (!walls && !strict && spore !== p.spore) return true
      return dist(p.c, c) >= (p.size + size) * 0.7 + (walls ? 1.5 : 0)
    })
  }
  const put = (piece: Piece, c: Pt) => {
    placed.push({
      c,
      size: piece.spec.size,
      blocks: piece.rule.impassable,
      spore: piece.rule.feature === "sporeTerrain",
    })
    terrain.push({
      id: `${piece.spec.id}-${++n}`,
      kind: piece.kind,
      name: piece.spec.name,
      polygon: outline(shape(r, piece.spec, c)),
    })
  }
  return { fits, put }
}

type Scatterer = ReturnType<typeof scatterer>

/** Each piece's count, scaled to the table, at random places that fit (bounded tries; else left out). */
const scatter = (r: Rng, pieces: ReadonlyArray<Piece>, size: number, { fits, put }: Scatterer): void => {
  const scale = (size * size) / (36 * 36)
  for (const piece of pieces) {
    const want = Math.round(piece.spec.count * scale)
    const room = piece.spec.size
    for (let k = 0; k < want; k++) {
      for (let tries = 0; tries < 60; tries++) {
        const c = { x: r.range(room, size - room), y: r.range(room, size - room) }
        if (!fits(piece, c, false)) continue
        put(piece, c)
        break
      }
    }
  }
}

/** B-SETUP-02: at least three Spore patches, whatever chance did — a sweep finds room. */
const sporeSweep = (
  content: TerrainSource,
  pieces: ReadonlyArray<Piece>,
  terrain: ReadonlyArray<Terrain>,
  size: number,
  { fits, put }: Scatterer,
): void => {
  const spore = pieces.find((p) => p.rule.feature === "sporeTerrain")
  const patches = () => terrain.filter((t) => kindRule(content, t.kind).feature === "sporeTerrain").length
  if (spore)
    for (let y = 8; patches() < 3 && y <= size - 8; y += 2)
      for (let x = 4; patches() < 3 && x <= size - 4; x += 2)
        if (fits(spore, { x, y }, true)) put(spore, { x, y })
}

/**
 * Loot (B-SETUP-05): more than 6" from every deployment zone, more than 4" from other tokens,
 * measured edge to edge (R-BOARD-05, R-BOARD-18: a token is a 1" disc).
 */
const lootPoints = (
  r: Rng,
  content: TerrainSource,
  options: RandomOptions,
  size: number,
  terrain: ReadonlyArray<Terrain>,
  lairs: ReadonlyArray<BoardPoint>,
  inZone: InZone,
): BoardPoint[] => {
  const lootCount = options.scenario?.setup.lootTokens ?? 5
  const loot: BoardPoint[] = []
  const free = (p: Pt) =>
    !inZone(p, DEPLOY + 0.51) &&
    terrain.every((t) => !kindRule(content, t.kind).impassable || distToPolygon(p, pointsOf(t)) > 0.75) &&
    loot.every((q) => dist(p, q) > 5.01) &&
    lairs.every((q) => dist(p, q) > 4.01)
  for (let tries = 0; loot.length < lootCount && tries < 400; tries++) {
    const p = { x: r.range(2, size - 2), y: r.range(2, size - 2) }
    if (free(p)) loot.push(p)
  }
  // A deterministic sweep fills what chance did not.
  for (let y = 2; loot.length < lootCount && y <= size - 2; y += 1)
    for (let x = 2; loot.length < lootCount && x <= size - 2; x += 1) if (free({ x, y })) loot.push({ x, y })
  return loot
}

/** A seeded random board (see the file header), scattering the loaded terrain kinds' pieces. */
export const random = (seed: Prng.Seed, content: TerrainSource, options: RandomOptions = {}): Board => {
  const pieces = scatterPieces(content)
  const lairKind = content.list("terrain").find((k) => k.feature === "lair")?.id
  const r = rng(seeded(seed))
  const largest = options.survivors ?? Math.max(0, ...(options.refuges ?? []).map((x) => x.survivors.length))
  const size = sizeFor(largest || 6)
  const sides = Math.max(2, Math.min(4, options.sides ?? (options.refuges?.length || 2)))
  const deploying = EDGES.slice(0, sides)
  const shell: Board = { width: size, height: size, terrain: [] }
  const inZone: InZone = (p, margin) => deploying.some((e) => edgeDistance(shell, e, p) < DEPLOY + margin)

  const lairs = lairPoints(r, options, shell)
  const terrain: Terrain[] = lairKind
    ? lairs.map((p, i) => ({
        id: `lair-${i + 1}`,
        kind: lairKind,
        name: "Lair",
        polygon: outline(circlePoly(p, 1.5, 8)),
      }))
    : []
  const scattering = scatterer(r, terrain, lairs, inZone)
  scatter(r, pieces, size, scattering)
  sporeSweep(content, pieces, terrain, size, scattering)
  const loot = lootPoints(r, content, options, size, terrain, lairs, inZone)
  return { width: size, height: size, seed, terrain, lairs, loot }
}
