/**
 * Undo to the last roll. Each state carries a link (never stored) to the state before the last
 * undoable command; an `undone` event returns to it, keeping that state's own link, so undo can
 * step back several commands. A dice answer or the game's first event clears the link: nothing
 * is undone past a roll.
 *
 * @since 0.1.0
 */
const PREVIOUS = Symbol("blight.engine.previous")
type Linked<S> = S & { [PREVIOUS]?: S | undefined }

/** The state an undo returns to, if any. */
export const undoTarget = <S>(state: S): S | undefined => (state as Linked<S>)[PREVIOUS]

/** Can the last command be undone (no dice rolled since)? */
export const canUndo = <S>(state: S): boolean => undoTarget(state) !== undefined

/** Sets the state an undo from `state` returns to. */
export const setUndoTarget = <S>(state: S, previous: S | undefined): S => {
  ;(state as Linked<S>)[PREVIOUS] = previous
  return state
}

/** How an event moves the link. */
export interface UndoRules {
  /** Can this command be undone? */
  readonly undoable: (command: unknown) => boolean
  /** Is this event a game's first (nothing before it can be undone)? */
  readonly isStart: (event: { readonly type: string }) => boolean
}

/** Is this event a barrier nothing is undone past (dice rolled, or the start)? */
export const isUndoBarrier = (
  rules: UndoRules,
  e: { readonly type: string; readonly answer?: unknown },
): boolean => rules.isStart(e) || (e.type === "answered" && Array.isArray(e.answer))

/**
 * The link of the state reached from `from` by `events` (applied without {@link evolve}'s copy per
 * event): the state before the last undoable command among them, or `from`'s own link.
 */
export const linkThrough = <S>(
  rules: UndoRules,
  from: S,
  events: ReadonlyArray<{ readonly type: string; readonly command?: unknown; readonly answer?: unknown }>,
): S | undefined => {
  let previous = undoTarget(from)
  for (const e of events) {
    if (e.type === "commanded" && rules.undoable(e.command)) previous = from
    else if (isUndoBarrier(rules, e)) previous = undefined
  }
  return previous
}
