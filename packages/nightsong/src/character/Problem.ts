/**
 * The error for a character that breaks a rule, or a creation request that cannot be met: the
 * path of the bad value, what is wrong in words, and the clause it breaks.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** One problem with a character (or with options for making one). */
export class CharacterProblem extends Schema.TaggedError<CharacterProblem>()("CharacterProblem", {
  path: Schema.String,
  reason: Schema.String,
  clause: Schema.optional(Schema.String),
}) {
  override get message(): string {
    return `${this.path}: ${this.reason}${this.clause ? ` (${this.clause})` : ""}`
  }
}

/** Writes a schema issue path the way JavaScript reads it: ["items", 3, "die"] → "items[3].die". */
export const formatPath = (path: ReadonlyArray<PropertyKey>, root: string): string =>
  path.length === 0
    ? root
    : path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join("")

/** Splits a trailing "(N-…-nn)" clause off a schema message, so errors carry it as a field. */
export const splitClause = (message: string): { readonly reason: string; readonly clause?: string } => {
  const m = / \((N-[A-Z]+-\d+)\)$/.exec(message)
  return m === null ? { reason: message } : { reason: message.slice(0, m.index), clause: m[1]! }
}
