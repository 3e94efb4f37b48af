/**
 * The sentence for an id the content does not have, with a "did you mean" for a near miss: what
 * every founding check says of a mistyped Home, background or piece of gear.
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import type { ContentView } from "../Content.js"

/** Edit distance, for "did you mean" hints on mistyped ids. */
const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]!
}

/** "there is no … (did you mean …?)" for an id of `kind` the content lacks. */
export const unknown = <K extends keyof EntryOf>(
  content: ContentView,
  kind: K,
  id: string,
  what: string,
): string => {
  const near = content
    .list(kind)
    .map((e) => (e as { id: string }).id)
    .filter((x) => distance(x, id) <= 2)
    .slice(0, 1)
  return `there is no ${what} "${id}"${near.length ? ` (did you mean "${near[0]}"?)` : ""}`
}
