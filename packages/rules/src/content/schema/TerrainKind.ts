/**
 * Terrain kinds (GAP-B-23, R-BOARD-01): what a kind of terrain does on a board — whether it
 * blocks sight (at a touch, or through more than so many inches of it), gives cover, stops a base,
 * what each inch of movement through it costs, and whether the rules name it as Spore terrain or a
 * Lair's ground — and, optionally, the pieces of it a random board scatters. A board's terrain
 * pieces name their kind by id; `PlaneSpace` and the random board read these entries, so a pack
 * adds a kind of terrain with no code.
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import { Slug, TerrainKindId } from "../../terms/Ids.js"
import { entryFields } from "./Common.js"

const Inches = Schema.Number.check(Schema.isBetween({ minimum: 0.1, maximum: 24 }))
/** Inches from `lo` to `hi`, drawn at random (the same seed, the same draw). */
const Span = Schema.Tuple([Inches, Inches])
  .check(Schema.makeFilter(([lo, hi]) => lo <= hi || "a span is [least, most] inches, the least first"))
  .annotate({ description: "[least, most] inches; equal numbers draw no die" })

const pieceFields = {
  id: Slug.annotate({
    description: 'The piece ids\' prefix on a random board ("building" gives "building-3")',
  }),
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(60)),
  count: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })).annotate({
    description: "How many on a 3' table (a 4' table takes more, by area)",
  }),
  size: Inches.annotate({ description: "The room it takes on the table, for spacing (inches)" }),
}

/** A piece a random board scatters: a rectangle or a round patch, its measures drawn from spans. */
export const ScatterPiece = Schema.Union([
  Schema.Struct({
    ...pieceFields,
    shape: Schema.Literal("rect"),
    length: Span,
    width: Span,
    turn: Schema.Literals(["any", "quarter"]).annotate({
      description: "any: any angle; quarter: square to the table, give or take a little",
    }),
  }).annotate({ identifier: "RectPiece", description: "A rectangle (buildings, walls, wrecks, bogs)" }),
  Schema.Struct({
    ...pieceFields,
    shape: Schema.Literal("round"),
    radius: Span,
    sides: Schema.Int.check(Schema.isBetween({ minimum: 5, maximum: 16 })),
  }).annotate({ identifier: "RoundPiece", description: "A round patch (growth, rubble, Spore drifts)" }),
]).annotate({ identifier: "ScatterPiece" })
export type ScatterPiece = typeof ScatterPiece.Type

/** A kind of terrain. */
export const TerrainKind = Schema.Struct({
  ...entryFields(TerrainKindId),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  blocksSight: Schema.Boolean.annotate({ description: "A sight ray that touches it is blocked (walls)" }),
  sightThrough: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 12 }))).annotate({
    description: "Sight is blocked through more than this many inches of this kind along a ray, in all",
  }),
  cover: Schema.Boolean.annotate({
    description:
      'Rays crossing it hide a target (R-BOARD-03); a base within 1" of it is in cover (R-BOARD-04)',
  }),
  impassable: Schema.Boolean.annotate({ description: "No base enters or crosses it" }),
  moveCost: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 4 })).annotate({
    description:
      "Inches of movement each inch through it costs (2: double); overlapping kinds take the dearest",
  }),
  feature: Schema.optional(Schema.Literals(["sporeTerrain", "lair"])).annotate({
    description: "What the rules call it: Spore terrain (B-SETUP-02) or a Lair's ground (B-SETUP-04)",
  }),
  scatter: Schema.optional(Schema.Array(ScatterPiece).check(Schema.isMaxLength(6))).annotate({
    description: "The pieces of it a random board scatters",
  }),
}).annotate({ identifier: "TerrainKind" })
export type TerrainKind = typeof TerrainKind.Type
