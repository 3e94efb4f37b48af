/**
 * What a game tells the kernel about its events and inputs: how a game event changes a draft,
 * how it answers a fact or a choice on its own (a board answers facts; a simulation's policy
 * answers choices), and which rule a bad answer breaks. Everything else about a run (recorded
 * answers, seeded dice, suspending, the bookkeeping) is the kernel's.
 *
 * @since 0.1.0
 */

import type { KernelState } from "../log/Bookkeeping.js"
import type { DeepMutable } from "../log/Copy.js"
import type { Answer, Prompt } from "../prompt/Prompt.js"

/** A game's event: the kernel reads only its `type`. */
export interface GameEvent {
  readonly type: string
}

/** How a game's events and inputs work. */
export interface EventRules<S extends KernelState, E extends GameEvent, Env> {
  /** Applies a game event (never bookkeeping) to a draft; `seq` and `pending` are the kernel's. */
  readonly applyGame: (draft: DeepMutable<S>, event: E) => void
  /** Answers a fact or choice without asking (or leaves it to wait: undefined). */
  readonly answerItself?: (
    draft: DeepMutable<S>,
    prompt: Exclude<Prompt, { kind: "dice" }>,
    env: Env,
  ) => Answer | undefined
  /** The rule a bad answer to this prompt breaks. */
  readonly badAnswerClause: (prompt: Prompt) => string | undefined
  /** On the fast path, after an event is applied (to keep the shapes an event adds alike). */
  readonly afterFastEmit?: (draft: DeepMutable<S>, event: E) => void
}
