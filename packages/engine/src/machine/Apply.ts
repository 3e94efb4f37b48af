/**
 * `apply(state, command)`: a rejection (the reason and the rule; nothing changes), or the
 * command's batch followed by the engine's own steps, each its own batch, until a player must
 * act or a prompt waits. An answer to the waiting prompt runs the waiting command again with
 * every answer so far; `undo` goes back one undoable command, never past a roll.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import type { KernelState } from "../log/Bookkeeping.js"
import type { DeepMutable } from "../log/Copy.js"
import { evolve } from "../log/Fold.js"
import { canUndo } from "../log/Undo.js"
import type { GameEvent } from "../rules/Game.js"
import { Refusal, type Rejection, Suspend } from "../rules/Refusal.js"
import type { Game, GameCommand } from "./Game.js"
import { AUDITED, type Batch, type Mode, runBatch } from "./Run.js"

/** A decision: the events, and the state they lead to. */
export interface Decision<S, E> {
  readonly events: ReadonlyArray<E>
  readonly state: S
}

// biome-ignore lint/suspicious/noExplicitAny: any game's own context (the kernel calls only its RuleContext part).
type AnyGame<S extends KernelState, E extends GameEvent, C extends GameCommand, Env> = Game<S, E, C, Env, any>

/** Who a waiting prompt is for, when it is not this seat's to answer (or undefined). */
const notYours = (state: KernelState, by: string): Rejection | undefined => {
  const prompt = state.pending?.prompt
  const asked = prompt?.by ?? "any"
  if (by === "any" || asked === "any" || asked === by) return undefined
  const what = prompt === undefined ? "" : prompt.kind === "dice" ? prompt.purpose : prompt.question
  return { reason: `the waiting prompt is for ${asked} to answer: ${what}` }
}

/** The first batch of a command: an answer to the waiting prompt, or a new command. */
const firstBatch = <S extends KernelState, E extends GameEvent, C extends GameCommand, Env>(
  game: AnyGame<S, E, C, Env>,
  state: S,
  command: C,
  env: Env,
  by: string,
  mode: Mode<E>,
): Result.Result<Batch<S, E>, Rejection> => {
  const pending = state.pending
  if (pending !== undefined) {
    const seat = notYours(state, by)
    if (seat !== undefined) return Result.fail(seat)
    const answer = game.answerOf(state, command)
    if (Result.isFailure(answer)) return Result.fail(answer.failure)
    const waiting = pending.command as GameCommand
    return runBatch(
      game,
      state,
      env,
      {
        command: waiting,
        by: pending.by ?? by,
        recorded: pending.answers,
        answer: answer.success,
        fresh: false,
      },
      mode,
    )
  }
  const before = game.before?.(state, command, by)
  if (before !== undefined) return Result.fail(before)
  return runBatch(game, state, env, { command, by, recorded: [], fresh: true }, mode)
}

/** Runs the engine's own steps until a player must act or a prompt waits; their events go to `out`. */
export const engineSteps = <S extends KernelState, E extends GameEvent, C extends GameCommand, Env>(
  game: AnyGame<S, E, C, Env>,
  state: S,
  env: Env,
  out: E[],
  mode: Mode<E>,
): S => {
  let s = state
  for (let guard = 0; guard < 10_000; guard++) {
    const step = game.nextStep(s)
    if (step === undefined) break
    const b = runBatch(game, s, env, { command: step, by: "engine", recorded: [], fresh: true }, mode)
    if (Result.isFailure(b))
      throw new Error(`the engine refused its own step ${JSON.stringify(step)}: ${b.failure.reason}`)
    for (const e of b.success.events) out.push(e)
    s = b.success.state
    if (b.success.suspended) break
  }
  return s
}

/** Applies a command (by a seat, or "any"), then the engine's own steps. */
export const applyCommand = <S extends KernelState, E extends GameEvent, C extends GameCommand, Env>(
  game: AnyGame<S, E, C, Env>,
  state: S,
  command: C,
  env: Env,
  by = "any",
  mode: Mode<E> = AUDITED,
): Result.Result<Decision<S, E>, Rejection> => {
  if (command.type === game.undo.command) {
    if (mode.inPlace) return Result.fail(game.undo.inPlace)
    if (!canUndo(state)) return Result.fail(game.undo.nothing)
    const events = [{ type: "commanded", command, by } as unknown as E, game.undoneEvent]
    return Result.succeed({ events, state: events.reduce((s, e) => evolve(game, s, e), state) })
  }
  const first = firstBatch(game, state, command, env, by, mode)
  if (Result.isFailure(first)) return Result.fail(first.failure)
  const out = [...first.success.events]
  const s = first.success.suspended
    ? first.success.state
    : engineSteps(game, first.success.state, env, out, mode)
  return Result.succeed({ events: out, state: s })
}

/** Runs the engine's own steps from a fresh start until a player must act. */
export const startGame = <S extends KernelState, E extends GameEvent, C extends GameCommand, Env>(
  game: AnyGame<S, E, C, Env>,
  state: S,
  env: Env,
  mode: Mode<E> = AUDITED,
): Decision<S, E> => {
  if (mode.inPlace) game.readyInPlace?.(state)
  const out: E[] = []
  return { state: engineSteps(game, state, env, out, mode), events: out }
}

/**
 * Would the rules refuse this command outright? Runs its rule on a probe that stops at the first
 * input or event (so only what is already known can refuse it).
 */
export const refusedOutright = <S extends KernelState, E extends GameEvent, C extends GameCommand, Env>(
  game: AnyGame<S, E, C, Env>,
  state: S,
  command: C,
  env: Env,
  by = "any",
): boolean => {
  if (state.pending !== undefined || command.type === game.undo.command) return false
  const handler = game.handlers[command.type]
  if (handler === undefined) return true
  // The probe never changes its state (it stops at the first event), so it reads the real one.
  const ctx = game.context(state as DeepMutable<S>, env, { recorded: [], probe: true })
  try {
    handler(ctx, command as never, by)
  } catch (e) {
    if (e instanceof Refusal) return true
    if (e instanceof Suspend) return false
    throw e
  }
  return false
}
