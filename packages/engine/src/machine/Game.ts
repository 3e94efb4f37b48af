/**
 * A game as the kernel runs it: its events' rules, its commands' handlers, its own steps, and
 * the few places where games differ (how an answer is read off a command, what a refused command
 * leaves in the log). A game's code holds only its own rules; the loop is the kernel's.
 *
 * @since 0.1.0
 */
import type { Result } from "effect"
import type { Journal } from "../fast/Journal.js"
import type { KernelState } from "../log/Bookkeeping.js"
import type { DeepMutable } from "../log/Copy.js"
import type { UndoRules } from "../log/Undo.js"
import type { Answer } from "../prompt/Prompt.js"
import type { RuleContext, RunOptions } from "../rules/Context.js"
import type { EventRules, GameEvent } from "../rules/Game.js"
import type { Rejection } from "../rules/Refusal.js"

/** A command: the kernel reads only its `type`. */
export interface GameCommand {
  readonly type: string
}

/** The engine's own step, as the command of its batch (`by` "engine"). */
export interface Continue<Step = unknown> {
  readonly type: "continue"
  readonly step?: Step
}

/** A command's rule: runs it on the context (emitting, asking, refusing). */
export type Handler<X> = (ctx: X, command: never, by: string) => void

/** Everything the kernel needs to run a game. */
export interface Game<
  S extends KernelState,
  E extends GameEvent,
  C extends GameCommand,
  Env,
  X extends RuleContext<S, E, Env> = RuleContext<S, E, Env>,
> extends UndoRules {
  readonly events: EventRules<S, E, Env>
  /** The game's context for a run (its own helpers on top of the kernel's). */
  readonly context: (draft: DeepMutable<S>, env: Env, options: RunOptions<E>) => X
  /** The rule of each command type (and of `continue`, the engine's own steps). */
  readonly handlers: { readonly [type: string]: Handler<X> | undefined }
  /** The engine's next own step, or undefined when a player must act. */
  readonly nextStep: (state: S) => Continue | undefined
  /**
   * The answer a command gives to the waiting prompt, or why it gives none (a command of the
   * wrong kind, a fact other than the one asked).
   */
  readonly answerOf: (state: S, command: C) => Result.Result<Answer, Rejection>
  /** Why a command with no handler is refused (an answer with no prompt waiting). */
  readonly noHandler: (command: C) => Rejection
  /**
   * Why a new command (none waiting) is refused before it runs: the game is over, an answer with
   * nothing waiting, facts stated that contradict the table; or undefined.
   */
  readonly before?: (state: S, command: C, by: string) => Rejection | undefined
  /** The events a refused command leaves beside its bookkeeping, once inputs were consumed. */
  readonly refusedAfterInputs: (gameEvents: ReadonlyArray<E>, rejection: Rejection) => ReadonlyArray<E>
  /** The rejection of an `undo` with nothing to undo, and of any `undo` on the fast path. */
  readonly undo: { readonly command: string; readonly nothing: Rejection; readonly inPlace: Rejection }
  /** The event an undo appends. */
  readonly undoneEvent: E
  /** A private copy of a state (the undo link is not copied). */
  readonly draftOf: (state: S) => DeepMutable<S>
  /** The first state, from the game's first event. */
  readonly initial: (first: E) => DeepMutable<S>
  /** A journal for the fast path, on a state changed in place (a game without one has no fast path). */
  readonly journal?: (state: DeepMutable<S>) => Journal<E>
  /** Readies a state for the fast path (one shape for what events add). */
  readonly readyInPlace?: (state: S) => void
}
