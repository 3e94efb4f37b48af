/**
 * Who may read and command a raid. Each side is played by the player seated at it; the player who
 * set a raid up for others (its organiser) reads it too. A command is the side's it is for: a seat
 * refusal is one kind of the engine adapter's rejection (engine.ts), decided with the command.
 */
import { Auto, type BattleCommand, type BattleState } from "@blight/rules"
import { Effect } from "effect"
import * as Repo from "../../db/repositories.js"
import { type ApiError, forbidden } from "../ApiError.js"
import type { Player } from "../App.js"
import type { Deps } from "../Deps.js"
import { decodeLog } from "./stored.js"

/** The sides a player plays. */
export const sidesOf = (raid: Repo.StoredRaid, player: Player): string[] =>
  raid.seats.filter((s) => s.player === player.id && s.side !== undefined).map((s) => s.side!)

/** What the read checks need of a raid's row. */
export type Head = Pick<Repo.StoredRaid, "id" | "ownerId" | "seats" | "version" | "updatedAt">

/** Why the player may not read the raid (a reader, not only a player: see {@link reader}), or undefined. */
const seatRefusal = (raid: Head, player: Player): ApiError | undefined =>
  raid.seats.some((s) => s.player === player.id)
    ? undefined
    : forbidden(`raid "${raid.id}" is played by other players`)

/** Its players read a raid, and so does the player who set it up for others (an organiser). */
export const readRefusal = (raid: Head, player: Player): ApiError | undefined =>
  raid.ownerId === player.id ? undefined : seatRefusal(raid, player)

const failWith = (refused: ApiError | undefined): Effect.Effect<void, ApiError> =>
  refused ? Effect.fail(refused) : Effect.void

export const seated = (raid: Head, player: Player) => failWith(seatRefusal(raid, player))

export const reader = (raid: Head, player: Player) => failWith(readRefusal(raid, player))

/** The side a player's command is for: every side (any) when they play them all, else theirs. */
export const byFor = (raid: Repo.StoredRaid, player: Player, state: BattleState.State): string => {
  const mine = sidesOf(raid, player)
  if (mine.length === raid.seats.length) return "any"
  const deciding = Auto.decider(state)
  return mine.includes(deciding) ? deciding : (mine[0] ?? "none")
}

/** The side of the last command a player gave (what an undo would take back). */
const lastCommander = (deps: Deps, raid: Repo.StoredRaid) =>
  Effect.gen(function* () {
    for (let upTo = raid.version; upTo > 0; upTo -= 200) {
      const rows = yield* Effect.promise(() =>
        Repo.eventsAfter(deps.db, raid.id, Math.max(0, upTo - 200), { upTo }),
      )
      for (const e of decodeLog(rows).toReversed())
        if (e.type === "commanded" && e.by !== "engine" && (e.command as { type?: string })?.type !== "undo")
          return e.by
    }
    return "any"
  })

/**
 * The side a command is for, the one the engine checks it against: the model's, the side
 * withdrawing, or the prompt's addressee.
 */
const sideCommanded = (state: BattleState.State, c: BattleCommand.Command): string | undefined => {
  // A side the raid does not have is no one's: the engine refuses it (400), not another's (403).
  if (c.type === "withdraw") return state.sides.some((s) => s.id === c.side) ? c.side : undefined
  if (c.type === "undo" || c.type === "adjust") return undefined
  if ("model" in c) return state.models.find((m) => m.id === c.model)?.side
  if (c.type === "roll" || c.type === "choose" || c.type === "state") return state.pending?.prompt?.by
  return undefined
}

/**
 * Why the player may not give this command as `by` (undefined: they may; the rules decide the
 * rest). The engine lets anyone undo or correct: here only what is one's own.
 */
export const commandRefusal = (
  deps: Deps,
  raid: Repo.StoredRaid,
  player: Player,
  state: BattleState.State,
  c: BattleCommand.Command,
  by: string,
): Effect.Effect<string | undefined> =>
  Effect.gen(function* () {
    if (by === "any") return undefined
    const mine = sidesOf(raid, player)
    if (c.type === "undo") {
      const last = yield* lastCommander(deps, raid)
      if (last !== by && last !== "any") return `the last command was ${last}'s: only they may undo it`
    }
    if (c.type === "adjust") {
      const side = state.models.find((m) => m.id === c.model)?.side
      if (side !== undefined && !mine.includes(side))
        return `${c.model} is ${side}'s: only they may correct it`
    }
    const whose = sideCommanded(state, c)
    if (whose === undefined || whose === "any") return undefined
    if (!mine.includes(whose)) return `that is ${whose}'s to command: you play ${mine.join(", ")}`
    // One of the player's other sides (they play several, not all): not the one they command as now.
    return whose === by ? undefined : `that is not yours to command: you play ${mine.join(", ")}`
  })
