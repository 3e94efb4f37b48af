/**
 * Playing a game as a log: start one (seeded or with dice typed in), apply a command by a seat,
 * rebuild a state from its events. What the CLI and the tests use.
 *
 * @since 0.2.0
 */
import { seeded } from "@blight/dice"
import { applyCommand, fold, hash, type Rejection, resume } from "@blight/engine"
import { Result, Schema } from "effect"
import { Content } from "../pack/Content.js"
import type { Command } from "./Command.js"
import type { GameEvent } from "./Event.js"
import { nightsong } from "./Game.js"
import { SEATS } from "./Seats.js"
import { emptyState, type GameState } from "./State.js"

/** A seat's name, as the log calls it ("any" and "engine" are the engine's own words). */
export const SeatName = Schema.String.check(
  Schema.isPattern(/^(?!any$|engine$)[A-Za-z][A-Za-z0-9_-]{0,39}$/),
).annotate({
  description: "A seat's name: a letter, then letters, digits, _ or - (at most 40); not any or engine",
})

/** How a game is set up. */
export const Setup = Schema.Struct({
  players: Schema.Array(SeatName)
    .check(Schema.isMinLength(1), Schema.isMaxLength(8))
    .annotate({ description: "The players' seats, by name (1 to 8)" }),
  referee: Schema.optional(SeatName.annotate({ description: "The Referee's seat (default: referee)" })),
  /** A seed: the game rolls its own dice. Left out: every die is typed in. */
  seed: Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })).annotate({
      description: "A whole number from 0 to 2^53−1: the dice's seed; left out, every die is typed in",
    }),
  ),
  /** Solo play (N-CHECK-03, N-NUANCED-03). */
  solo: Schema.optional(Schema.Boolean.annotate({ description: "Solo play: every Check Nuanced, DR 12" })),
  /** Packs loaded over the core pack (`Packs.loadWithCore`): their creatures, Spells and tables (R-N-PACK-06). */
  content: Schema.optional(Content),
}).annotate({ identifier: "NightsongSetup", description: "How a Nightsong game is set up" })
export type Setup = typeof Setup.Type

/** A game's first event. */
export const start = (setup: Setup): GameEvent => {
  const dice: GameState["dice"] =
    setup.seed === undefined
      ? { mode: "manual" }
      : { mode: "seeded", prng: [...seeded(setup.seed).snapshot().state] }
  const state = emptyState(setup.players, dice, setup.referee, setup.solo === true)
  return {
    type: "started",
    state: setup.content === undefined ? state : { ...state, content: setup.content },
  }
}

/** A game in memory: its log and the state it folds to. */
export interface Log {
  readonly events: ReadonlyArray<GameEvent>
  readonly state: GameState
}

/** A new game. */
export const newGame = (setup: Setup): Log => {
  const first = start(setup)
  return { events: [first], state: fold(nightsong, [first]) }
}

/** Applies a command by a seat: the longer log, or the refusal (the log unchanged). */
export const play = (log: Log, command: Command, by = "any"): Result.Result<Log, Rejection> => {
  const r = applyCommand(nightsong, log.state, command, undefined, by)
  if (Result.isFailure(r)) {
    // The kernel's own refusal of a seat answering another's prompt names no rule: it is R-N-GAME-01.
    const seat = r.failure.clause === undefined && /^the waiting prompt is for /.test(r.failure.reason)
    return Result.fail(seat ? { ...r.failure, clause: SEATS } : r.failure)
  }
  return Result.succeed({ events: [...log.events, ...r.success.events], state: r.success.state })
}

/**
 * The state after a log, rebuilt so that undo works as it did live; `from`: a state the log
 * continues (a kept or saved state, and the events after it).
 */
export const rebuild = (events: ReadonlyArray<GameEvent>, from?: GameState): GameState =>
  resume(nightsong, events, from)

/** The state after a log, folded from the events alone. */
export const replay = (events: ReadonlyArray<GameEvent>): GameState => fold(nightsong, events)

/** The commands a log was played with, read back from it: each seat's command and each answer typed in. */
export const commandsOf = (
  events: ReadonlyArray<GameEvent>,
): Array<{ readonly command: Command; readonly by: string }> => {
  const first = events[0]
  const seededDice = first?.type === "started" && first.state.dice.mode === "seeded"
  const out: Array<{ command: Command; by: string }> = []
  let asked: string | undefined
  for (const e of events) {
    if (e.type === "commanded" && e.by !== "engine") out.push({ command: e.command as Command, by: e.by })
    else if (e.type === "prompted") asked = e.prompt.by
    else if (e.type === "answered") {
      const a = e.answer
      // A seeded game rolls its own dice: only its calls were answered by a seat.
      if (Array.isArray(a) && !seededDice)
        out.push({ command: { type: "roll", faces: [...a] }, by: asked ?? "any" })
      else if (typeof a === "string") out.push({ command: { type: "choose", option: a }, by: asked ?? "any" })
    }
  }
  return out
}

/** Plays a log's commands again from its start: the events this engine decides, or the first refusal. */
export const redecide = (events: ReadonlyArray<GameEvent>): Result.Result<Log, Rejection> => {
  const first = events[0]
  if (first === undefined) return Result.fail({ reason: "events: an empty log" })
  let log: Log = { events: [first], state: fold(nightsong, [first]) }
  for (const { command, by } of commandsOf(events)) {
    const r = play(log, command, by)
    if (Result.isFailure(r)) return r
    log = r.success
  }
  return Result.succeed(log)
}

/** A stable hash of a state. */
export const hashOf = (s: GameState): string => hash(s)
