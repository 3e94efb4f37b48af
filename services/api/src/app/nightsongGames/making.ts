/**
 * Making a Nightsong game and taking its seats. The game starts when it is made (its first event
 * is stored with its row); the caller takes a seat (the Referee's by default) and each other seat
 * waits for a player to take it with their own key. Nothing but the seats changes when one joins.
 */
import { randomInt, randomUUID } from "node:crypto"
import { Game } from "@blight/nightsong"
import { Effect } from "effect"
import * as Games from "../../db/nightsongGames.js"
import { badRequest, conflict } from "../ApiError.js"
import { type Caller, type Deps, decodeBody } from "../App.js"
import { gameContent } from "../NightsongPacks.js"
import { appendedAt, appendRow } from "../stream/index.js"
import { gameEngine } from "./engine.js"
import { getGame } from "./reads.js"
import { CreateGameRequest, JoinGameRequest } from "./requests.js"
import { gameSetup, load, type Setup, seatOf } from "./stored.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

/** The seats a set-up names, each once (400 naming the one given twice). */
const seatsOf = (setup: Setup) => {
  const names = [setup.referee, ...setup.players]
  const twice = names.find((n, i) => names.indexOf(n) !== i)
  return twice === undefined
    ? Effect.succeed(names)
    : Effect.fail(
        badRequest(`the seat "${twice}" is named twice`, [
          { path: "players", message: `"${twice}" is named twice: each seat has its own name` },
        ]),
      )
}

/** Makes a game: stored with its first event at version 0, the caller in their seat. */
export const createGame = (deps: Deps, player: Caller, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CreateGameRequest, body)
    const setup: Setup = {
      referee: input.referee ?? "referee",
      players: input.players,
      dice: input.dice === "manual" ? "manual" : { seed: input.seed ?? randomInt(0, 2 ** 48 - 1) },
      ...(input.packs?.length ? { packs: input.packs } : {}),
    }
    const names = yield* seatsOf(setup)
    const mine = input.seat ?? setup.referee
    if (!names.includes(mine))
      return yield* Effect.fail(
        badRequest(`the game has no seat "${mine}"`, [
          { path: "seat", message: `one of: ${names.join(", ")}` },
        ]),
      )
    // Read from the stored packs once, here: replay reads the content from the first event.
    const content = setup.packs ? yield* gameContent(deps, setup.packs) : undefined
    const made = Game.newGame(gameSetup(setup, content))
    const game: Games.StoredGame = {
      id: randomUUID(),
      ownerId: player.id,
      status: "playing",
      seats: names.map((seat) => (seat === mine ? { seat, player: player.id } : { seat })),
      setup,
      version: 0,
      snapshotSeq: 0,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    }
    const first = appendRow(gameEngine, deps, { row: game, expected: 0, decided: made })
    yield* db(() => Games.insertGame(deps.db, game, first))
    appendedAt(gameEngine, deps, game.id, made.events.length, made.state)
    return yield* getGame(deps, player, game.id)
  })

/** Takes an open seat with the caller's key (409 when it is taken, or the caller holds one already). */
export const joinGame = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const { seat } = yield* decodeBody(JoinGameRequest, body)
    const game = yield* load(deps, id)
    const at = game.seats.findIndex((s) => s.seat === seat)
    if (at < 0)
      return yield* Effect.fail(
        badRequest(`the game has no seat "${seat}"`, [
          { path: "seat", message: `one of: ${game.seats.map((s) => s.seat).join(", ")}` },
        ]),
      )
    const held = seatOf(game, player)
    if (held !== undefined)
      return yield* Effect.fail(conflict(`you hold the seat "${held}" at game "${id}" already`))
    if (game.seats[at]!.player !== undefined)
      return yield* Effect.fail(conflict(`the seat "${seat}" at game "${id}" is taken`))
    const after = game.seats.map((s, i) => (i === at ? { seat: s.seat, player: player.id } : s))
    const stored = yield* db(() =>
      Games.takeSeat(deps.db, id, player.id, JSON.stringify(game.seats), JSON.stringify(after), deps.now()),
    )
    if (!stored) return yield* Effect.fail(conflict(`game "${id}" changed while joining: try again`))
    return yield* getGame(deps, player, id)
  })
