/**
 * Commands on a raid, through the event-stream module's one cycle: decided once against the version
 * the caller names (409 if stale or beaten by another; 403 if it is another side's to give; 400
 * with the engine's reason and clause if the rules refuse it; nothing is stored then).
 */
import { Auto, Battle, type BattleCommand } from "@blight/rules"
import { Effect, Result } from "effect"
import { type ApiError, conflict } from "../ApiError.js"
import { type Caller, type Deps, decodeBody } from "../App.js"
import { commandMismatch, runCommand } from "../stream/index.js"
import { raidEngine } from "./engine.js"
import { AdjustRequest, CommandBody, UndoRequest } from "./requests.js"
import { seated } from "./seats.js"
import { load } from "./stored.js"
import { viewed } from "./view.js"

const parseCommand = (input: unknown): Effect.Effect<BattleCommand.Command, ApiError> => {
  const c = Battle.parseCommand(input)
  return Result.isSuccess(c) ? Effect.succeed(c.success) : Effect.fail(commandMismatch(c.failure))
}

/** Applies a command decided against `version`. */
export const command = (deps: Deps, player: Caller, id: string, version: number, c: BattleCommand.Command) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* seated(raid, player)
    if (raid.status === "waiting")
      return yield* Effect.fail(conflict(`raid "${id}" is waiting for its players to join`))
    const {
      events,
      state: after,
      version: stored,
    } = yield* runCommand(raidEngine, deps, player, raid, version, c)
    return {
      version: stored,
      events: viewed(events, version + 1),
      over: after.phase === "over",
      decider: Auto.decider(after),
      ...(after.pending?.prompt ? { pending: after.pending.prompt } : {}),
      ...(after.result ? { result: after.result } : {}),
    }
  })

export const commandRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CommandBody, body)
    const c = yield* parseCommand(input.command)
    return yield* command(deps, player, id, input.version, c)
  })

export const undoRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.flatMap(decodeBody(UndoRequest, body), (input) =>
    command(deps, player, id, input.version, { type: "undo" }),
  )

export const adjustRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.flatMap(decodeBody(AdjustRequest, body), ({ version, ...fields }) =>
    command(deps, player, id, version, { type: "adjust", ...fields }),
  )
