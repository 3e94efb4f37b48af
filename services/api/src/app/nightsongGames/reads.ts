/**
 * Reading a Nightsong game: as its seats see it (the game's owner and every seated player; never
 * the dice state), its log (a page, or followed live), and what the caller's seat may do now.
 */
import { Game } from "@blight/nightsong"
import { Effect } from "effect"
import * as Games from "../../db/nightsongGames.js"
import { type ApiError, forbidden } from "../ApiError.js"
import { type Caller, type Deps, decodeQuery } from "../App.js"
import { PageQuery, paged } from "../paging.js"
import { EventsQuery } from "../raids/requests.js"
import { eventsPage, followStream, stateAt } from "../stream/index.js"
import { gameEngine } from "./engine.js"
import { load, seatOf } from "./stored.js"
import { rowsViewed, summaryOf, viewOf } from "./view.js"

type Row = Effect.Success<ReturnType<typeof load>>

/** Its owner and its seated players read a game. */
const reader = (game: Row, player: Caller): Effect.Effect<void, ApiError> =>
  game.ownerId === player.id || seatOf(game, player) !== undefined
    ? Effect.void
    : Effect.fail(forbidden(`Nightsong game "${game.id}" is played by other players`))

/** A game the caller may read. */
export const followable = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const game = yield* load(deps, id)
    yield* reader(game, player)
    return game
  })

/** The state of a stored game at its version. */
export const gameStateOf = (deps: Deps, game: Row) => stateAt(gameEngine, deps, game)

/** A game as the caller may see it (403 for a player with no seat at it). */
export const getGame = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const game = yield* followable(deps, player, id)
    return viewOf(game, player, yield* gameStateOf(deps, game))
  })

/** The commands the caller's seat may give now (none without a seat). */
export const legalFor = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const game = yield* followable(deps, player, id)
    const by = seatOf(game, player)
    if (by === undefined) return { version: game.version, by: "none", commands: [] }
    const state = yield* gameStateOf(deps, game)
    return { version: game.version, by, commands: Game.legal(state, by) }
  })

/** A page of the log: events after `after`, at most `limit` (default 200). */
export const gameEvents = (deps: Deps, player: Caller, id: string, query: unknown) =>
  Effect.gen(function* () {
    const q = yield* decodeQuery(EventsQuery, query)
    const game = yield* followable(deps, player, id)
    return yield* eventsPage(deps, game, q, rowsViewed)
  })

/** Every event of a game after `after`, in order, then each new one as it is stored, until `signal` aborts. */
export const follow = (deps: Deps, id: string, after: number, signal: AbortSignal) =>
  followStream(deps, id, after, signal, rowsViewed)

/** A page of the games the caller made or sits at, oldest first. */
export const listGames = (deps: Deps, player: Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(
      q,
      2,
      (req) => Games.gamesPage(deps.db, player.id, req),
      (g) => summaryOf(g, player),
    ),
  )
