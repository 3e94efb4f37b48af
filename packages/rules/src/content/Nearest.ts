/**
 * "Did you mean": the closest known id to a mistyped one, by edit distance (fastest-levenshtein).
 *
 * @since 0.1.0
 */
import { distance } from "fastest-levenshtein"

/** Edits allowed for a guess: more than this and the guess is more likely wrong than helpful. */
const MAX_EDITS = 2

/** The known id closest to `id` within {@link MAX_EDITS} edits (the first on a tie), or undefined. */
export const nearest = (id: string, known: Iterable<string>): string | undefined => {
  let best: string | undefined
  let bestDistance = MAX_EDITS + 1
  for (const other of known) {
    const d = distance(id, other)
    if (d < bestDistance) [best, bestDistance] = [other, d]
  }
  return best
}
