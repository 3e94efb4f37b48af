/**
 * Commands on a Nightsong game, through the event-stream module's one cycle: decided once against
 * the version the caller names (409 if stale or beaten by another; 403 for another seat's
 * character or the Referee's call; 400 with the rule named when the rules refuse it; nothing is
 * stored then).
 */
import type { Game } from "@blight/nightsong"
import { Effect } from "effect"
import { type Caller, type Deps, decodeBody } from "../App.js"
import { runCommand } from "../stream/index.js"
import { gameEngine } from "./engine.js"
import { GameCommandRequest, GameUndoRequest } from "./requests.js"
import { load } from "./stored.js"
import { hashShown, viewed } from "./view.js"

/** Applies a command decided against `version`. */
export const command = (deps: Deps, player: Caller, id: string, version: number, c: Game.Command) =>
  Effect.gen(function* () {
    const game = yield* load(deps, id)
    const { events, state, version: stored } = yield* runCommand(gameEngine, deps, player, game, version, c)
    const prompt = state.pending?.prompt
    return {
      version: stored,
      events: viewed(events, version + 1),
      ...(prompt !== undefined ? { pending: prompt } : {}),
      hash: hashShown(state),
    }
  })

export const commandGame = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.flatMap(decodeBody(GameCommandRequest, body), (input) =>
    command(deps, player, id, input.version, input.command),
  )

export const undoGame = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.flatMap(decodeBody(GameUndoRequest, body), (input) =>
    command(deps, player, id, input.version, { type: "undo" }),
  )
