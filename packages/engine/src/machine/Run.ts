/**
 * One batch: a command (or the engine's own step) run on a draft until it completes, suspends on
 * a prompt, or is refused. Audited, the draft is a copy and the state given stays as it was; on
 * the fast path the draft is the state itself and a journal takes back what a batch that does not
 * complete changed.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import type { KernelState } from "../log/Bookkeeping.js"
import type { DeepMutable } from "../log/Copy.js"
import { applyEvent, evolveAll } from "../log/Fold.js"
import { linkThrough, setUndoTarget } from "../log/Undo.js"
import type { Answer } from "../prompt/Prompt.js"
import type { Keep, RuleContext } from "../rules/Context.js"
import type { GameEvent } from "../rules/Game.js"
import { Refusal, type Rejection, Suspend } from "../rules/Refusal.js"
import type { Game, GameCommand } from "./Game.js"

/** A batch's outcome: its events, the state after them, and whether it waits on a prompt. */
export interface Batch<S, E> {
  readonly events: ReadonlyArray<E>
  readonly state: S
  readonly suspended: boolean
}

/** How a batch runs. */
export interface Mode<E = GameEvent> {
  /** Change the state itself (the fast path) rather than a copy. */
  readonly inPlace: boolean
  /** Which events to keep (`Context.Keep`: all, none, or the game events a listener wants). */
  readonly record: Keep<E>
}

/** The audited mode: a copy per batch, every event kept. */
export const AUDITED: Mode = { inPlace: false, record: true }

/** What a batch runs. */
export interface BatchInput {
  readonly command: GameCommand
  readonly by: string
  /** Answers already recorded for this command. */
  readonly recorded: ReadonlyArray<Answer>
  /** A new answer to the waiting prompt. */
  readonly answer?: Answer | undefined
  /** A new command (its `commanded` event opens the batch), not one run again. */
  readonly fresh: boolean
  /** The inputs a lean run of this batch took, taken again (`RunOptions.replay`). */
  readonly replay?: ReadonlyArray<Answer> | undefined
}

/** Runs one batch. */
export const runBatch = <
  S extends KernelState,
  E extends GameEvent,
  C extends GameCommand,
  Env,
  X extends RuleContext<S, E, Env>,
>(
  game: Game<S, E, C, Env, X>,
  state: S,
  env: Env,
  input: BatchInput,
  mode: Mode<E>,
): Result.Result<Batch<S, E>, Rejection> => {
  if (mode.inPlace && game.journal === undefined) throw new Error("this game has no fast path (no journal)")
  const journal = mode.inPlace ? game.journal?.(state as DeepMutable<S>) : undefined
  const draft = mode.inPlace ? (state as DeepMutable<S>) : game.draftOf(state)
  const ctx = game.context(draft, env, {
    recorded: input.recorded,
    answer: input.answer,
    journal,
    record: mode.record,
    replay: input.replay,
  })
  if (input.fresh) ctx.commanded(input.command, input.by)
  try {
    const handler = game.handlers[input.command.type]
    if (handler === undefined) {
      const no = game.noHandler(input.command as C)
      throw new Refusal(no.reason, no.clause)
    }
    handler(ctx, input.command as never, input.by)
  } catch (e) {
    // A lean batch that stops short is run again, recording: its bookkeeping is committed.
    if (
      mode.record !== true &&
      (e instanceof Suspend || (e instanceof Refusal && !e.badAnswer && ctx.consumedInputs))
    ) {
      journal?.rollback()
      const again = runBatch(game, state, env, { ...input, replay: ctx.taken }, { ...mode, record: true })
      // Its state is the recording run's; its events, what the lean run would have kept.
      const keep = mode.record
      return Result.map(again, (b) => ({ ...b, events: keep === false ? [] : b.events.filter(keep) }))
    }
    return stopped(game, state, ctx, e, journal)
  }
  const events = [...ctx.bookkeeping, ...ctx.game]
  // Every command that completes changes the game: one that changes nothing is refused.
  if (ctx.gameEvents === 0) {
    journal?.rollback()
    return Result.fail({ reason: `${input.command.type}: nothing to do (the command changes nothing)` })
  }
  if (mode.inPlace) return Result.succeed({ events, state, suspended: false })
  return Result.succeed({
    events,
    state: setUndoTarget(draft as S, linkThrough(game, state, events)),
    suspended: false,
  })
}

/** The committed state after a batch that does not complete: the state with only `events` applied. */
const settle = <S extends KernelState, E extends GameEvent>(
  game: Game<S, E, GameCommand, never, never>,
  state: S,
  events: ReadonlyArray<E>,
  journal: { rollback(): void } | undefined,
): S => {
  if (journal === undefined) return evolveAll(game, state, events)
  journal.rollback()
  for (const e of events) applyEvent(game.events, state as DeepMutable<S>, e)
  return state
}

/** A batch stopped by a refusal or a prompt. */
const stopped = <
  S extends KernelState,
  E extends GameEvent,
  C extends GameCommand,
  Env,
  X extends RuleContext<S, E, Env>,
>(
  game: Game<S, E, C, Env, X>,
  state: S,
  ctx: X,
  e: unknown,
  journal: { rollback(): void } | undefined,
): Result.Result<Batch<S, E>, Rejection> => {
  const g = game as unknown as Game<S, E, GameCommand, never, never>
  if (e instanceof Refusal) {
    const rejection: Rejection = { reason: e.reason, clause: e.clause }
    if (e.badAnswer || !ctx.consumedInputs) {
      journal?.rollback()
      return Result.fail(rejection)
    }
    // The answers made the command impossible: they stand (a die rolled is rolled), the command does nothing.
    const events = [...ctx.bookkeeping, ...game.refusedAfterInputs(ctx.game, rejection)]
    return Result.succeed({ events, state: settle(g, state, events, journal), suspended: false })
  }
  if (e instanceof Suspend) {
    const events = [...ctx.bookkeeping, { type: "prompted", prompt: e.prompt } as unknown as E]
    return Result.succeed({ events, state: settle(g, state, events, journal), suspended: true })
  }
  journal?.rollback()
  throw e
}
