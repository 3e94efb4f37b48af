/**
 * A board: the table's size and its terrain, as data (B-SETUP-01/02/04/05, GAP-B-23). A table
 * can enter its own layout as JSON (decoded with {@link decodeBoard}: every list and polygon is
 * bounded, every point must lie on the table), or take a seeded random one ({@link random}, in
 * `Generator.ts`) and copy it. North is y = 0 (the top of a picture), x grows to the east;
 * inches throughout.
 *
 * Terrain kinds are content (`terrain` entries, R-BOARD-01): a piece names its kind by id, and the
 * kind's entry says what it does (`Ground.ts`). The core pack's: `wall` (walls, buildings and
 * wrecks: impassable, block sight), `dense` (Blight growth: sight through more than 1" of it is
 * blocked, moving through it costs double), `climbable` (ruins, rubble heaps, wreck roofs: cover,
 * climbing over costs double), `difficult` (bogs, debris: costs double, no cover), `spore` (Spore
 * terrain, B-SETUP-02), `lair` (a Lair's ground, B-SETUP-04).
 *
 * Exported for the CLI: `Board.random(seed, { refuges, scenario, terrain })` and
 * `Board.decodeBoard(json, content)`.
 *
 * @since 0.3.0
 */
import { SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"
import { Board } from "./BoardData.js"
import { layoutProblems } from "./Check.js"
import { type TerrainSource, unknownKinds } from "./Ground.js"

export * from "./BoardData.js"

const MAX_JSON = 256 * 1024

/**
 * Decodes a table's own layout (JSON text or a parsed value): bounded in size, every problem named
 * by its path; points must lie on the board; given the loaded content, every piece's kind must be
 * one of its `terrain` entries.
 */
export const decodeBoard = (
  input: unknown,
  content?: TerrainSource,
): Result.Result<Board, ReadonlyArray<string>> => {
  let value = input
  if (typeof input === "string") {
    if (input.length > MAX_JSON) return Result.fail([`board: at most ${MAX_JSON} characters of JSON`])
    try {
      value = JSON.parse(input)
    } catch {
      return Result.fail(["board: not valid JSON"])
    }
  }
  const decoded = Schema.decodeUnknownResult(Board, {
    errors: "all",
    onExcessProperty: "error",
    reportInput: true,
  })(value)
  if (Result.isFailure(decoded))
    return Result.fail(
      SchemaText.problems(decoded.failure)
        .slice(0, 20)
        .map((i) => `${i.path.length ? i.path.join(".") : "board"}: ${i.message}`),
    )
  const b = decoded.success
  // Each problem says its rule (B-SETUP-01, R-BOARD-01, R-BOARD-19; the Loot spacing needs the
  // Refuges' edges, so set-up checks it).
  const problems = layoutProblems(b, content).map((p) => `${p.path}: ${p.message} (${p.clause})`)
  if (content) for (const p of unknownKinds(b, content)) problems.push(`${p.path}: ${p.message} (R-BOARD-01)`)
  return problems.length > 0 ? Result.fail(problems.slice(0, 20)) : Result.succeed(b)
}

export { type RandomOptions, random } from "./Generator.js"
