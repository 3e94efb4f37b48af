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
}).annotate({ identifier: "Violation" })
export type Violation = typeof Violation.Type

/**
 * A request broke one or more rules; nothing was changed. At most {@link MAX_VIOLATIONS} are
 * listed; `omitted` counts the rest (R-BUILDER-07).
 */
export class RulesViolated extends Schema.TaggedError<RulesViolated>()("RulesViolated", {
  violations: Schema.Array(Violation),
  omitted: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
}) {
  override get message(): string {
    const [first] = this.violations
    const others = this.violations.length - 1 + (this.omitted ?? 0)
    const more = others > 0 ? ` (and ${others} more)` : ""
    return first ? `${first.path}: ${first.message}${more}` : "rules violated"
  }
}

/**
 * The most violations one refusal lists (R-BUILDER-07): a roster or a trip this broken is fixed
 * from the top, and a 3,000-survivor roster must not answer with 12,000 lines.
 */
export const MAX_VIOLATIONS = 50

/** A refusal listing the first {@link MAX_VIOLATIONS} violations and counting the rest. */
export const refused = (violations: ReadonlyArray<Violation>): RulesViolated =>
  violations.length <= MAX_VIOLATIONS
    ? new RulesViolated({ violations })
    : new RulesViolated({
        violations: violations.slice(0, MAX_VIOLATIONS),
        omitted: violations.length - MAX_VIOLATIONS,
      })

/** Builds a violation. */
export const violation = (path: string, message: string, clause?: string): Violation =>
  clause === undefined ? { path, message } : { path, message, clause }

/** A parse issue as effect/Schema's ArrayFormatter gives it. */
export type ParseIssue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }

/**
 * Drops the "Expected undefined, actual …" issue an optional field adds beside the real one: an
 * optional value is a union with `undefined`, and a reader told both "expected 0 to 100" and
 * "expected undefined" for one bad number is misled. Kept when it is the only issue at or under
 * its path.
 */
export const withoutUndefinedAlternatives = <I extends ParseIssue>(issues: ReadonlyArray<I>): I[] => {
  // How many issues lie at or under each path (every prefix of each issue's path counts it once).
  const under = new Map<string, number>()
  for (const i of issues) {
    let key = ""
    under.set(key, (under.get(key) ?? 0) + 1)
    for (const p of i.path) {
      key += `/${String(p)}`
      under.set(key, (under.get(key) ?? 0) + 1)
    }
  }
  return issues.filter(
    (i) =>
      !i.message.startsWith("Expected undefined, actual ") ||
      (under.get(i.path.map((p) => `/${String(p)}`).join("")) ?? 0) === 1,
  )
}

/**
 * One issue per value that matches none of several literals: effect reports each member
 * ("Expected \"declared\", actual \"hex\""; "Expected \"board\", actual \"hex\""), read as one
 * "Expected \"declared\" | \"board\", actual \"hex\"" at the first one's place.
 */
export const withAlternativesMerged = <I extends ParseIssue>(issues: ReadonlyArray<I>): I[] => {
  const literal = /^Expected ("(?:[^"\\]|\\.)*"|-?\d[\d.e+-]*|true|false|null), actual ([\s\S]*)$/
  type Group = { readonly issue: I; readonly actual: string; readonly expected: string[] }
  const groups = new Map<string, Group>()
  const out: Array<I | Group> = []
  for (const issue of issues) {
    const m = literal.exec(issue.message)
    if (!m) {
      out.push(issue)
      continue
    }
    const key = `${issue.path.map(String).join("/")}\u0000${m[2]}`
    const seen = groups.get(key)
    if (seen) seen.expected.push(m[1]!)
    else {
      const group: Group = { issue, actual: m[2]!, expected: [m[1]!] }
      groups.set(key, group)
      out.push(group)
    }
  }
  const grouped = new Set<unknown>(groups.values())
  return out.map((o) =>
    grouped.has(o)
      ? {
          ...(o as Group).issue,
          message: `Expected ${(o as Group).expected.join(" | ")}, actual ${(o as Group).actual}`,
        }
      : (o as I),
  )
}

/** The issues a reader should see: no `undefined` alternative beside a real one, literals merged. */
export const readableIssues = <I extends ParseIssue>(issues: ReadonlyArray<I>): I[] =>
  withAlternativesMerged(withoutUndefinedAlternatives(issues))

/** Turns effect/Schema parse errors into violations with JSON-style paths. */
export const fromParseIssues = (issues: ReadonlyArray<ParseIssue>, prefix = ""): Violation[] =>
  readableIssues(issues).map((i) => ({
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
