/**
 * Load problems: each names the path in the pack document, what is wrong, and the clause or
 * ruling it breaks where there is one. A pack with problems loads nothing.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** One problem with a pack. */
export const Problem = Schema.Struct({
  /** The pack (file name or pack id) the path is in. */
  pack: Schema.optional(Schema.String),
  /** A JSON path inside the pack: `creatures[3].weapon.dice`. */
  path: Schema.String,
  message: Schema.String,
  clause: Schema.optional(Schema.String),
})
export type Problem = typeof Problem.Type

/** Writes a problem as one line: `pack: path: message (clause)`. */
export const formatProblem = (p: Problem): string =>
  [p.pack, p.path === "" ? undefined : p.path, `${p.message}${p.clause ? ` (${p.clause})` : ""}`]
    .filter((x) => x !== undefined)
    .join(": ")

/** One or more packs could not be loaded; `problems` lists every problem found. */
export class PackInvalid extends Schema.TaggedError<PackInvalid>()("PackInvalid", {
  problems: Schema.Array(Problem),
}) {
  override get message(): string {
    const n = this.problems.length
    return `${n} problem${n === 1 ? "" : "s"} in content pack(s):\n${this.problems.map(formatProblem).join("\n")}`
  }
}

/** Appends a key or index to a JSON path. */
export const joinPath = (path: string, key: PropertyKey): string =>
  typeof key === "number"
    ? `${path}[${key}]`
    : typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)
      ? path === ""
        ? key
        : `${path}.${key}`
      : `${path}[${JSON.stringify(String(key))}]`
