/**
 * Who may command what (ruling R-N-GAME-01): a player commands their own characters; the Referee
 * commands NPCs, the world and the calls. A command from the wrong seat is refused, naming the
 * ruling. The seat "any" is a table where one person runs every seat (a script, a solo game).
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import type { Figure, GameState, Member } from "./State.js"

/** The ruling every seat refusal names. */
export const SEATS = "R-N-GAME-01"

/** The party member `id`, or a refusal naming the path. */
export const memberOf = (s: GameState, id: string, path = "character"): Member => {
  const m = Object.hasOwn(s.party, id) ? s.party[id] : undefined
  if (m === undefined) refuse(`${path}: no character ${JSON.stringify(id)} in the party`)
  return m
}

/** The NPC `id`, or a refusal naming the path. */
export const npcOf = (s: GameState, id: string, path = "npc"): Figure => {
  const n = Object.hasOwn(s.npcs, id) ? s.npcs[id] : undefined
  if (n === undefined) refuse(`${path}: no NPC ${JSON.stringify(id)}`)
  return n
}

/** The seat that commands a figure: a character's owner, or the Referee for an NPC. */
export const seatOf = (s: GameState, id: string): string =>
  Object.hasOwn(s.party, id) ? (s.party[id] as Member).owner : s.seats.referee

/** Refuses unless `by` may command the figure `id`. */
export const mustCommand = (s: GameState, by: string, id: string, what: string): void => {
  const seat = seatOf(s, id)
  if (by !== "any" && by !== seat) refuse(`${what}: ${id} is commanded by ${seat}, not ${by}`, SEATS)
}

/** Refuses unless `by` is the Referee (or the one-person table). */
export const mustReferee = (s: GameState, by: string, what: string): void => {
  if (by !== "any" && by !== s.seats.referee)
    refuse(`${what} is the Referee's call (${s.seats.referee}), not ${by}'s`, SEATS)
}
