/**
 * The Nightsong games' engine adapter for the event-stream module (app/stream): a game's log is
 * the kernel game's events, its state their fold, and a command is decided once for the seat the
 * player holds. A refusal naming the seats' ruling (R-N-GAME-01: another seat's character, or the
 * Referee's call) is a seat refusal (403); any other refusal is the rules' (400, with the clause).
 */
import { Game } from "@blight/nightsong"
import { Effect, Result } from "effect"
import * as Games from "../../db/nightsongGames.js"
import * as Repo from "../../db/repositories.js"
import type { Deps } from "../Deps.js"
import type { StreamEngine } from "../stream/index.js"
import { decodeLog, type GameEvent, seatOf } from "./stored.js"

type State = ReturnType<typeof Game.replay>

/** Answers and undo, which take back nothing of their own (the kernel's list, Game.ts). */
const ANSWERS = new Set(["undo", "roll", "choose", "continue"])

/** The seat of the last command an undo would take back ("any" when there is none). */
const lastCommander = (deps: Deps, id: string, version: number) =>
  Effect.gen(function* () {
    for (let upTo = version; upTo > 0; upTo -= 200) {
      const rows = yield* Effect.promise(() =>
        Repo.eventsAfter(deps.db, id, Math.max(0, upTo - 200), { upTo }),
      )
      for (const e of decodeLog(rows).toReversed())
        if (e.type === "commanded" && e.by !== "engine") {
          const type = String((e.command as { type?: unknown } | undefined)?.type)
          if (!ANSWERS.has(type)) return e.by
        }
    }
    return "any"
  })

/** Where in the body a refusal points: the library's reasons lead with the command's field. */
const refusedPath = (command: object, reason: string): string => {
  const lead = /^([A-Za-z]+)(?:\.[A-Za-z0-9]+)*: /.exec(reason)?.[1]
  return lead !== undefined && Object.hasOwn(command, lead) ? `command.${lead}` : "command"
}

export const gameEngine: StreamEngine<{
  row: Games.StoredGame
  state: State
  event: GameEvent
  command: Game.Command
  status: "playing"
  extra: object
}> = {
  noun: "Nightsong game",
  kept: 500,
  decode: decodeLog,
  fold: (events, from) => Game.rebuild(events, from),
  status: () => "playing",
  decide: (deps, game, player, state, command) =>
    Effect.gen(function* () {
      const by = seatOf(game, player)
      if (by === undefined)
        return Result.fail({ kind: "seat" as const, reason: `you hold no seat at game "${game.id}"` })
      if (command.type === "undo" && by !== state.seats.referee) {
        const last = yield* lastCommander(deps, game.id, game.version)
        if (last !== by && last !== "any")
          return Result.fail({
            kind: "seat" as const,
            reason: `the last command was ${last}'s: only they or the Referee may undo it`,
            clause: Game.SEATS,
          })
      }
      const played = Game.play({ events: [], state }, command, by)
      if (Result.isSuccess(played)) return Result.succeed(played.success)
      const r = played.failure
      return Result.fail({
        kind: r.clause === Game.SEATS ? ("seat" as const) : ("rules" as const),
        reason: r.reason,
        clause: r.clause,
        path: refusedPath(command, r.reason),
      })
    }),
  write: (deps, append) => Games.appendGameEvents(deps.db, append),
}
