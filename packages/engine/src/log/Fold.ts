/**
 * A state is the fold of its events. `evolve` is the pure step (a copy, then the event applied
 * in place); `fold` takes a whole log on one private copy; `resume` rebuilds a state so that undo
 * works on it as it did live (at speed up to the last roll, then event by event).
 *
 * @since 0.1.0
 */

import type { EventRules, GameEvent } from "../rules/Game.js"
import type { KernelState } from "./Bookkeeping.js"
import { applyBookkeeping, isBookkeeping } from "./Bookkeeping.js"
import type { DeepMutable } from "./Copy.js"
import { isUndoBarrier, linkThrough, setUndoTarget, type UndoRules, undoTarget } from "./Undo.js"

/** What folding needs of a game. */
export interface FoldRules<S extends KernelState, E extends GameEvent> extends UndoRules {
  readonly events: Pick<EventRules<S, E, never>, "applyGame">
  readonly draftOf: (state: S) => DeepMutable<S>
  readonly initial: (first: E) => DeepMutable<S>
}

/** Applies one event to a draft, in place: the kernel's bookkeeping, or the game's rule. */
export const applyEvent = <S extends KernelState, E extends GameEvent>(
  rules: Pick<EventRules<S, E, never>, "applyGame">,
  d: DeepMutable<S>,
  e: E,
): void => {
  const k = d as DeepMutable<KernelState>
  k.seq++
  if (isBookkeeping(e)) return applyBookkeeping(k, e)
  k.pending = undefined
  rules.applyGame(d, e)
}

/** The state after an event. Pure. */
export const evolve = <S extends KernelState, E extends GameEvent>(
  rules: FoldRules<S, E>,
  state: S,
  e: E,
): S => {
  const previous = undoTarget(state)
  if (e.type === "undone") {
    if (previous === undefined) return state
    const back = rules.draftOf(previous) as DeepMutable<KernelState>
    back.seq = state.seq + 1
    return setUndoTarget(back as unknown as S, undoTarget(previous))
  }
  const next = rules.draftOf(state)
  applyEvent(rules.events, next, e)
  const command = (e as { readonly command?: unknown }).command
  const link =
    e.type === "commanded" && rules.undoable(command) ? state : isUndoBarrier(rules, e) ? undefined : previous
  return setUndoTarget(next as S, link)
}

/** The state after a batch of events (one copy, then each applied in place); no `undone` inside. */
export const evolveAll = <S extends KernelState, E extends GameEvent>(
  rules: FoldRules<S, E>,
  state: S,
  events: ReadonlyArray<E>,
): S => {
  const d = rules.draftOf(state)
  for (const e of events) applyEvent(rules.events, d, e)
  return setUndoTarget(d as S, linkThrough(rules, state, events))
}

/** Folds events from nothing, or from `from`. */
export const fold = <S extends KernelState, E extends GameEvent>(
  rules: FoldRules<S, E>,
  events: ReadonlyArray<E>,
  from?: S,
): S => {
  // Without an undo in the log, one private copy takes every event in place.
  if (!events.some((e) => e.type === "undone")) {
    const [first, ...rest] = events
    if (first === undefined) return from as S
    if (from !== undefined) return evolveAll(rules, from, events)
    const d = rules.initial(first)
    for (const e of rest) applyEvent(rules.events, d, e)
    return d as S
  }
  let s = from
  for (const e of events) s = s === undefined ? (rules.initial(e) as S) : evolve(rules, s, e)
  return s as S
}

/**
 * Rebuilds the state after `events` (from nothing, or from a state saved where nothing could be
 * undone), so that undo works on it as it did when the events were made.
 */
export const resume = <S extends KernelState, E extends GameEvent>(
  rules: FoldRules<S, E>,
  events: ReadonlyArray<E>,
  from?: S,
): S => {
  let cut = -1
  for (let i = events.length - 1; i >= 0 && cut < 0; i--) if (isUndoBarrier(rules, events[i] as E)) cut = i
  let s = cut >= 0 ? fold(rules, events.slice(0, cut + 1), from) : from
  for (const e of events.slice(cut + 1)) {
    if (s === undefined) throw new Error("a game's first event starts it")
    s = evolve(rules, s, e)
  }
  if (s === undefined) throw new Error("a game's first event starts it")
  return s
}
