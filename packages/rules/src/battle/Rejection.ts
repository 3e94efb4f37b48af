/**
 * Why a command was refused: what `decide` and the stated-facts check answer with instead of events.
 * Its own module so the checks that refuse need not import `Decide`.
 *
 * @since 0.2.0
 */

/** Why a command was refused. */
export interface Rejection {
  readonly reason: string
  readonly clause?: string | undefined
}
