/**
 * What is stored with a Nightsong game: its row (seats, set-up, version) and its log of the game's
 * events. The set-up is the server's own (the dice's seed never leaves it).
 */
import type { Game, Packs } from "@blight/nightsong"
import * as Games from "../../db/nightsongGames.js"
import type * as Repo from "../../db/repositories.js"
import type { Player } from "../App.js"
import { loader } from "../stream/index.js"

export interface Setup {
  readonly referee: string
  readonly players: ReadonlyArray<string>
  readonly dice: { readonly seed: number } | "manual"
  /** The stored packs it was set up with, as named (a record only: the first event holds their content). */
  readonly packs?: ReadonlyArray<{ readonly id: string; readonly version: string }> | undefined
}

export const setupOf = (g: Games.StoredGame) => g.setup as Setup

/** The game's own set-up (`Game.Setup`) from what is stored, with the packs' merged content if any. */
export const gameSetup = (s: Setup, content?: Packs.Content): Game.Setup => ({
  players: s.players,
  referee: s.referee,
  ...(s.dice === "manual" ? {} : { seed: s.dice.seed }),
  ...(content === undefined ? {} : { content }),
})

type GameEvent = Parameters<typeof Game.replay>[0][number]

export type { GameEvent }

/** The log is the server's own writing: its rows are the events the game decided. */
export const decodeLog = (rows: ReadonlyArray<Repo.StoredEvent>): ReadonlyArray<GameEvent> =>
  rows.map((r) => JSON.parse(r.body) as GameEvent)

/** The seat the player holds at the game, if any. */
export const seatOf = (g: Pick<Games.StoredGame, "seats">, player: Player): string | undefined =>
  g.seats.find((s) => s.player === player.id)?.seat

/** A game's row (404 when there is none). */
export const load = loader("Nightsong game", Games.gameById)
