/**
 * Initiative (B-INIT-01..05, B-IMPROVEMENT-01/02): each Refuge rolls its Leader's Wits as a pool
 * plus its Home's and improvements' dice and any content modifier; a brood uses its fixed
 * Initiative. Highest first; Refuges that tie roll off (a die each, again on a tie); creatures go
 * before a Refuge they tie with; broods that tie keep the order they arrived in (R-BATTLE-18,
 * AMB-B-09). A Refuge whose Leader is not standing rolls the highest Wits standing (R-BATTLE-18).
 * A rule that re-rolls the Initiative pool (the Radio trophy, B-OBJECTIVE-08, R-WORLD-07) is offered
 * to the Refuge once its pool is seen; the re-rolled pool is the one that scores.
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import { poolModifiers, reactiveBlight, roll } from "../combat/Pools.js"
import type { Model, Side } from "../State.js"
import { isPlayerSide } from "./Turn.js"
import { got } from "../../terms/Indexed.js"

/** Who rolls a Refuge's Initiative. */
export const initiativeRoller = (ctx: Ctx, side: Side): Model | undefined => {
  const mine = ctx.draft.models.filter((m) => m.side === side.id && m.status === "active")
  return (mine.find((m) => m.leader) ??
    [...mine].sort((a, b) => b.profile.wits - a.profile.wits || a.id.localeCompare(b.id))[0]) as
    | Model
    | undefined
}

/**
 * B-INIT-04: Refuges with the same score roll off, a die each, highest first; those still tied roll
 * off again among themselves (bounded: after 100 roll-offs the order they came in stands).
 */
const rollOff = (ctx: Ctx, tied: ReadonlyArray<string>, rolloffs: number[][], depth = 0): string[] => {
  if (tied.length < 2 || depth >= 100) return [...tied]
  const faces = ctx.dice(tied.length, `roll-off for Initiative: ${tied.join(", ")}`)
  rolloffs.push([...faces])
  return [6, 5, 4, 3, 2, 1]
    .map((f) => tied.filter((_, i) => faces[i] === f))
    .flatMap((same) => rollOff(ctx, same, rolloffs, depth + 1))
}

/** Rolls Initiative and sets the order. */
export const rollInitiative = (ctx: Ctx): void => {
  const scores = new Map<string, number>()
  for (const side of ctx.draft.sides) {
    if (side.routed) continue
    if (!isPlayerSide(side as Side)) {
      if (
        ctx.draft.models.some((m) => m.side === side.id && (m.status === "active" || m.status === "lurking"))
      )
        scores.set(side.id, side.initiative ?? 0)
      continue
    }
    const roller = initiativeRoller(ctx, side as Side)
    if (!roller) continue
    const home = side.home ? ctx.env.content.get("homes", side.home) : undefined
    const mods = poolModifiers(ctx, roller, "initiative", { self: roller })
    // Leaderless (the Leader rules' `whenDown`): a stand-in rolls with its effects (1 die fewer).
    if (!roller.leader && ctx.draft.models.some((m) => m.side === side.id && m.leader))
      for (const l of ctx.env.content.list("leader"))
        for (const e of l.whenDown.effects ?? [])
          if (e.kind === "poolModifier" && e.pool === "initiative") {
            mods.dice += e.dice
            mods.reasons.push(`${e.dice} ${l.whenDown.name}`)
          }
    const blight = reactiveBlight(ctx, roller, "Initiative") + mods.blight
    const pool = roll(
      ctx,
      roller,
      roller.profile.wits + (home?.initiativeDice ?? 0) + mods.dice,
      blight,
      `${side.name}'s Initiative`,
      side.id,
      // Re-rolls of the whole pool, offered once it is seen (the Radio trophy, R-WORLD-07).
      "initiative",
    )
    ctx.emit({ type: "initiative.rolled", side: side.id, pool, score: pool.successes })
    scores.set(side.id, pool.successes)
  }
  const ids = [...scores.keys()]
  const arrival = (id: string) => ctx.draft.sides.findIndex((s) => s.id === id)
  const player = (id: string) => isPlayerSide(ctx.draft.sides.find((s) => s.id === id) as Side)
  // Roll-offs between Refuges with the same score (B-INIT-04): each tied group's order.
  const rolloffs: number[][] = []
  const place = new Map<string, number>()
  const groups = new Map<number, string[]>()
  for (const [id, score] of scores) if (player(id)) groups.set(score, [...(groups.get(score) ?? []), id])
  for (const tied of groups.values())
    for (const [i, id] of rollOff(ctx, tied, rolloffs).entries()) place.set(id, i)
  const order = [...ids].sort((a, b) => {
    const d = got(scores, b) - got(scores, a)
    if (d !== 0) return d
    // B-INIT-05: creatures before a Refuge they tie with.
    if (player(a) !== player(b)) return player(a) ? 1 : -1
    if (!player(a)) return arrival(a) - arrival(b)
    return got(place, a) - got(place, b)
  })
  ctx.emit({ type: "initiative.order", order, rolloffs })
}
