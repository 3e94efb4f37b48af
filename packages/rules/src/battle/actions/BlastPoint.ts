/**
 * A blast weapon thrown at a point (R-CONTENT-23: the thrower picks a point within the weapon's range
 * and sight; R-BATTLE-77): on a board the point is given as {x, y} and the board measures range,
 * sight and who is caught; on a declared table the point is the one the table agrees on, told by
 * the models within the blast's radius of it (`{catches: [...]}`), as a move's distance is told.
 *
 * @since 0.3.0
 */

import { onBoard } from "../table/board/BoardData.js"
import { dist } from "../table/board/Geometry.js"
import { ruled } from "../table/board/Ground.js"
import { radiusOf, sees } from "../table/board/Sight.js"
import type { BlastPoint } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import type { Model } from "../State.js"

/** Can a blast catch this model (B-BLAST-01, R-BATTLE-64: Down survivors too)? */
const catchable = (x: Model): boolean => x.status === "active" || x.status === "down"

/** The models a blast thrown at `at` catches, after checking the throw; refuses a bad one (nothing changes). */
export const pointCaught = (ctx: Ctx, m: Model, weaponId: string, at: BlastPoint): Model[] => {
  const weapon = ctx.env.content.get("weapons", weaponId)
  const b = weapon?.traits?.blast
  const name = weapon?.name ?? weaponId
  if (b === undefined)
    return refuse(`at: ${name} is no blast weapon; only a blast is thrown at a point`, "R-CONTENT-23")
  const board = ctx.draft.board
  if ("catches" in at) {
    if (board !== undefined)
      return refuse(
        "at.catches: on a board give the point as {x, y}; the board says what it catches",
        "R-BATTLE-77",
      )
    const caught: Model[] = []
    for (const [i, id] of at.catches.entries()) {
      const x = ctx.draft.models.find((o) => o.id === id)
      if (x === undefined) return refuse(`at.catches.${i}: there is no model "${id}"`, "R-BATTLE-54")
      if (!catchable(x))
        return refuse(`at.catches.${i}: ${x.name} is ${x.status}, off the table`, "B-BLAST-01")
      if (caught.includes(x)) return refuse(`at.catches.${i}: ${x.name} is named twice`, "R-BATTLE-77")
      caught.push(x)
    }
    return caught
  }
  if (board === undefined)
    return refuse(
      "at: a point {x, y} needs a board; on a declared table tell it by the models it catches ({catches: [...]})",
      "R-BATTLE-77",
    )
  if (!onBoard(board, at)) return refuse(`at: (${at.x}, ${at.y}) is off the table`, "B-SETUP-01")
  const from = m.position
  if (from === undefined) return refuse(`model: ${m.name} has no place on the board`, "R-BATTLE-77")
  const range = weapon?.range ?? 0
  // Range to the point from the thrower's base, as to a model (R-BOARD-05).
  if (dist(from, at) - radiusOf(m) > range)
    return refuse(`at: (${at.x}, ${at.y}) is out of ${name}'s range (${range}")`, "B-SHOOT-01")
  const point = { id: `point:${at.x},${at.y}`, c: at, r: 0 }
  if (!sees(ruled(board, ctx.env.content), { id: m.id, c: from, r: radiusOf(m) }, point))
    return refuse(`at: ${m.name} can't see (${at.x}, ${at.y})`, "B-SHOOT-01")
  return ctx.draft.models.filter(
    (x) => catchable(x) && x.position !== undefined && dist(x.position, at) - radiusOf(x) <= b.radius,
  )
}
