/** A Nightsong game and its events as a seat sees them: everything but the dice state. */
import { Game } from "@blight/nightsong"
import type * as Games from "../../db/nightsongGames.js"
import type * as Repo from "../../db/repositories.js"
import type { Player } from "../App.js"
import type { GameEventEntry, GameSummary, GameView } from "./schemas.js"
import { decodeLog, type GameEvent, seatOf, setupOf } from "./stored.js"

type State = ReturnType<typeof Game.replay>

/** The state without the dice state (the PRNG) or the engine's own bookkeeping of a prompt. */
const shown = (state: State) => {
  const { dice, pending: _pending, ...rest } = state
  return { ...rest, dice: { mode: dice.mode } }
}

/**
 * The hash of the state as the table sees it: a client folding the log it was shown (`Game.replay`,
 * the dice state and the prompt left out as here) gets the same hash.
 */
export const hashShown = (state: State): string => Game.hashOf(shown(state) as State)

/** A game as a list shows it, to the caller: its seats, the caller's, its version. */
export const summaryOf = (game: Games.StoredGame, player: Player): GameSummary => {
  const referee = setupOf(game).referee
  const you = seatOf(game, player)
  return {
    id: game.id,
    owner: game.ownerId,
    version: game.version,
    seats: game.seats.map((s) => ({
      seat: s.seat,
      referee: s.seat === referee,
      ...(s.player !== undefined ? { player: s.player } : {}),
      joined: s.player !== undefined,
    })),
    ...(you !== undefined ? { you } : {}),
    createdAt: game.createdAt,
    updatedAt: game.updatedAt,
  }
}

export const viewOf = (game: Games.StoredGame, player: Player, state: State): GameView => {
  const prompt = state.pending?.prompt
  // The packs' merged content is in the log's first event (and in the hash); a read names the packs.
  const { content, ...rest } = shown(state)
  return {
    ...summaryOf(game, player),
    ...(prompt !== undefined ? { pending: prompt as GameView["pending"] & object } : {}),
    ...(content !== undefined ? { packs: content.packs.map((p) => ({ id: p.id, version: p.version })) } : {}),
    hash: hashShown(state),
    state: rest as GameView["state"],
  }
}

/** An event as the table sees it: the first one's state without the dice state. */
const eventShown = (e: GameEvent): GameEventEntry["event"] =>
  (e.type === "started" ? { ...e, state: shown(e.state) } : e) as GameEventEntry["event"]

/** Events as a seat sees them, numbered from `first`. */
export const viewed = (events: ReadonlyArray<GameEvent>, first: number): GameEventEntry[] =>
  events.map((e, i) => ({ seq: first + i, event: eventShown(e) }))

/** Stored rows as a reader sees them. */
export const rowsViewed = (rows: ReadonlyArray<Repo.StoredEvent>) => viewed(decodeLog(rows), rows[0]!.seq)
