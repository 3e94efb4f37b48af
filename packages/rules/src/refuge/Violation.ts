/**
 * A broken rule in a roster or a request: where (`path`), what a player should read (`message`),
 * and which rule (`clause`). Builders collect every violation at once, never just the first.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** One broken rule. */
export const Violation = Schema.Struct({
  path: Schema.String,
  message: Schema.String,
  clause: Schema.optional(Schema.String),
}).annotations({ identifier: "Violation" })
export type Violation = typeof Violation.Type

/** A request broke one or more rules; nothing was changed. */
export class RulesViolated extends Schema.TaggedError<RulesViolated>()("RulesViolated", {
  violations: Schema.Array(Violation),
}) {
  override get message(): string {
    const [first] = this.violations
    const more = this.violations.length > 1 ? ` (and ${this.violations.length - 1} more)` : ""
    return first ? `${first.path}: ${first.message}${more}` : "rules violated"
  }
}

/** Builds a violation. */
export const violation = (path: string, message: string, clause?: string): Violation =>
  clause === undefined ? { path, message } : { path, message, clause }

/** Turns effect/Schema parse errors into violations with JSON-style paths. */
export const fromParseIssues = (
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
  prefix = "",
): Violation[] =>
  issues.map((i) => ({
    path:
      (prefix ? [prefix] : [])
        .concat(
          i.path.map((p, k) =>
            typeof p === "number" ? `[${p}]` : `${k === 0 && !prefix ? "" : "."}${String(p)}`,
          ),
        )
        .join("")
        .replace(/^\./, "") || "(root)",
    message: i.message,
  }))
