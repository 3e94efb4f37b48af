/**
 * A board as data: the table's size and its terrain pieces (schemas), and the plain measures of
 * points and edges. The bottom of the board folder; `Board.ts` adds decoding a table's own layout and
 * the random generator on top, which need the checks that read this.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { Slug } from "../../../terms/Ids.js"

const Coord = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 96 }))

/** A point on the board. */
export const BoardPoint = Schema.Struct({ x: Coord, y: Coord }).annotate({ identifier: "BoardPoint" })
export type BoardPoint = typeof BoardPoint.Type

/**
 * What a piece of terrain is: the id of a `terrain` entry in the loaded packs (R-BOARD-01; the
 * core pack's are wall, dense, climbable, difficult, spore and lair).
 */
export const TerrainKindName = Slug.annotate({
  description:
    "The id of a terrain kind (a `terrain` entry): the core pack's wall, dense, climbable, difficult, spore, lair, or a pack's own",
})
export type TerrainKindName = typeof TerrainKindName.Type

/** A piece of terrain: a simple polygon of its kind. */
export const Terrain = Schema.Struct({
  id: Schema.String.check(
    Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,31}$/, {
      toJsonSchema: () => ({ pattern: /^[a-z0-9][a-z0-9-]{0,31}$/.source }),
    }),
  ),
  kind: TerrainKindName,
  /** What it is on the table ("ruined chapel", "wrecked bus"), for pictures and people. */
  name: Schema.optional(Schema.String.check(Schema.isMaxLength(60))),
  /**
   * Its outline as points "x,y x,y …" (3 to 64, inches). A string, not a list of objects: a
   * raid's state is copied at every event, and a board's hundreds of points would double the cost.
   */
  polygon: Schema.String.check(
    Schema.isMaxLength(64 * 24),
    Schema.isPattern(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?( -?\d+(\.\d+)?,-?\d+(\.\d+)?){2,63}$/, {
      toJsonSchema: () => ({
        pattern: /^-?\d+(\.\d+)?,-?\d+(\.\d+)?( -?\d+(\.\d+)?,-?\d+(\.\d+)?){2,63}$/.source,
      }),
      message: 'an outline of 3 to 64 points "x,y x,y x,y", in inches',
    }),
  ),
}).annotate({ identifier: "Terrain" })
export type Terrain = typeof Terrain.Type

/** The board. */
export const Board = Schema.Struct({
  /** Inches: 36 (3'), or 48 (4') for 7+ survivors a side (B-SETUP-01). */
  width: Schema.Number.check(Schema.isBetween({ minimum: 12, maximum: 96 })).annotate({
    description: "Inches east to west: 36 (3'), or 48 (4') for 7+ survivors a side (B-SETUP-01)",
  }),
  height: Schema.Number.check(Schema.isBetween({ minimum: 12, maximum: 96 })).annotate({
    description: "Inches north to south",
  }),
  /** The seed a random board was made from (so a table can name and copy it). */
  seed: Schema.optional(Schema.Union([Schema.Number, Schema.String])),
  terrain: Schema.Array(Terrain)
    .check(Schema.isMaxLength(200))
    .annotate({ description: "The terrain pieces (at most 200)" }),
  /** Where the Lairs are (B-SETUP-04); left out, two corners are used. */
  lairs: Schema.optional(Schema.Array(BoardPoint).check(Schema.isMaxLength(8))).annotate({
    description: "Where the Lairs are (B-SETUP-04); left out, the north-west and south-east corners",
  }),
  /** Where the Loot tokens go (B-SETUP-05); left out, they are placed by the rules' spacing. */
  loot: Schema.optional(Schema.Array(BoardPoint).check(Schema.isMaxLength(20))).annotate({
    description: "Where the Loot tokens go, in order (B-SETUP-05)",
  }),
  blightEdges: Schema.optional(
    Schema.Array(Schema.Literals(["south", "north", "west", "east"])).check(Schema.isMaxLength(4)),
  ).annotate({
    description:
      "The Blight edges creatures arrive at (B-CREATURE-06), none a Refuge deploys on; left out, as many of the edges no Refuge holds as the scenario's `blightEdges` says, in the order south, north, west, east (R-BOARD-26)",
  }),
}).annotate({ identifier: "Board" })
export type Board = typeof Board.Type

const parsed = new Map<string, ReadonlyArray<BoardPoint>>()

/** A terrain piece's outline as points (parsed once per outline). */
export const pointsOf = (t: Terrain | string): ReadonlyArray<BoardPoint> => {
  const text = typeof t === "string" ? t : t.polygon
  let pts = parsed.get(text)
  if (!pts) {
    pts = text.split(" ").map((pair) => {
      const [x, y] = pair.split(",")
      return { x: Number(x), y: Number(y) }
    })
    if (parsed.size > 20_000) parsed.clear()
    parsed.set(text, pts)
  }
  return pts
}

/** An outline as text. */
export const outline = (pts: ReadonlyArray<BoardPoint>): string => pts.map((p) => `${p.x},${p.y}`).join(" ")

/** The edges, in the order Refuges take them at set-up (`Setup.ts`). */
export const EDGES = ["south", "north", "west", "east"] as const
export type Edge = (typeof EDGES)[number]

/**
 * The Blight edges (B-SETUP-03, B-CREATURE-06, R-BOARD-26): the board's own, else every edge no
 * Refuge holds (set-up writes the board's own when a scenario has fewer Blight edges than that).
 */
export const blightEdgesOf = (
  board: Board,
  sides: ReadonlyArray<{ readonly edge?: Edge | undefined }>,
): ReadonlyArray<Edge> => board.blightEdges ?? freeEdges(sides)

/** The edges no Refuge deploys on, in the order south, north, west, east. */
export const freeEdges = (sides: ReadonlyArray<{ readonly edge?: Edge | undefined }>): Edge[] => {
  const owned = new Set(sides.flatMap((s) => (s.edge ? [s.edge] : [])))
  return EDGES.filter((e) => !owned.has(e))
}

/** Deployment depth from a side's own edge (B-SETUP-03). */
export const DEPLOY = 6

/** Is a point on the board? */
export const onBoard = (b: Board, p: BoardPoint): boolean =>
  p.x >= 0 && p.y >= 0 && p.x <= b.width && p.y <= b.height

/** Distance from a point to an edge of the board. */
export const edgeDistance = (b: Board, edge: Edge, p: BoardPoint): number =>
  edge === "north" ? p.y : edge === "south" ? b.height - p.y : edge === "west" ? p.x : b.width - p.x

/** The board's size for the largest side (B-SETUP-01): 4' × 4' for 7+ survivors a side. */
export const sizeFor = (largestSide: number): number => (largestSide >= 7 ? 48 : 36)
