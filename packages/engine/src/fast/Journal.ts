/**
 * The fast path's rollback journal. A simulation changes its state in place instead of copying it
 * for each command; the journal keeps what each event is about to change, so a command that
 * suspends or is refused can be taken back. The kernel needs only these three acts: which parts
 * an event touches is the game's to know.
 *
 * @since 0.1.0
 */

/** What the kernel asks of a game's journal. */
export interface Journal<E> {
  /** Keeps what `event` is about to change. */
  touch(event: E): void
  /** Keeps what a fused `prompted` + `answered` pair is about to change (the pending entry, the dice). */
  touchAnswered(): void
  /** Puts back everything kept since the journal began. */
  rollback(): void
}
