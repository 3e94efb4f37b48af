/**
 * Survivors' actions on a board, as an outsider scripts them from the rules text: a command on a
 * placed model, the outcome asserted exactly (B-ACTION-*, B-DOWN-04, R-BOARD-06).
 */
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { make } from "../../src/battle/board/PlaneSpace.js"
import type { Command } from "../../src/battle/Command.js"
import { apply } from "../../src/battle/Decide.js"
import type { Model, State } from "../../src/battle/State.js"
import { A, A2, activating, at, B, board, rect, registry, stateOn } from "./fixtures.js"

const env = envOf(registry, make(registry))

/** A's activation under way on a board, the models where given. */
const acting = (
  terrain: Parameters<typeof board>[0],
  where: Record<string, { x: number; y: number }>,
  patch: Record<string, Partial<Model>> = {},
): State => activating(at(stateOn(board(terrain)), where, false, patch), A)

const run = (s: State, c: Command) => {
  const r = apply(s, c, env)
  if (Either.isLeft(r)) return { refused: r.left, events: [], state: s }
  const refused = r.right.events.find((e) => e.type === "refused")
  return { refused, events: r.right.events, state: r.right.state }
}
const pos = (s: State, id: string) => s.models.find((m) => m.id === id)!.position

describe("dragging a Down friend on a board (B-DOWN-04)", () => {
  const down = { [A2]: { status: "down" as const, health: 0 } }

  it("B-DOWN-04 R-BOARD-22 the friend follows by the same steps: a drag that would pull it into a wall is refused", () => {
    // A stands just clear of a low wall's corner; Wren lies south of A, level with the wall.
    const wall = rect("wall", "wall", 12.7, 10.55, 13.7, 12)
    const s = acting([wall], { [A]: { x: 10, y: 10 }, [A2]: { x: 10, y: 11 }, [B]: { x: 30, y: 30 } }, down)
    const into = run(s, { type: "move", model: A, to: { x: 12.4, y: 10 }, drag: A2 })
    expect(into.refused).toMatchObject({ clause: "B-DOWN-04" })
    expect(String((into.refused as { reason: string }).reason)).toMatch(
      /^drag: .* would end at \(12\.4, 11\)/,
    )
    expect(pos(into.state, A2)).toEqual({ x: 10, y: 11 })
    // Short of the wall the drag goes through, the friend still in contact.
    const short = run(s, { type: "move", model: A, to: { x: 11.5, y: 10 }, drag: A2 })
    expect(short.refused).toBeUndefined()
    expect(pos(short.state, A)).toEqual({ x: 11.5, y: 10 })
    expect(pos(short.state, A2)).toEqual({ x: 11.5, y: 11 })
  })

  it("B-DOWN-04 R-BOARD-22 a friend can't be dragged through a wall the mover passes beside", () => {
    // A thin wall between the friend's way and the mover's: A passes north of it, Wren would cross it.
    const wall = rect("wall", "wall", 11.5, 10.6, 11.7, 11.6)
    const s = acting([wall], { [A]: { x: 10, y: 10 }, [A2]: { x: 10, y: 11 }, [B]: { x: 30, y: 30 } }, down)
    const r = run(s, { type: "move", model: A, to: { x: 12.5, y: 10 }, drag: A2 })
    expect(r.refused).toMatchObject({ clause: "B-DOWN-04" })
  })
})
