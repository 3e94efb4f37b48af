/**
 * Pack problems: each names the pack, the path inside it, what is wrong and, where there is one,
 * the clause or ruling broken. A set of packs with any problem loads nothing.
 *
 * @since 0.3.0
 */
import { SchemaText } from "@blight/dice"
import { Schema } from "effect"

/** One problem with a pack. */
export const PackProblem = Schema.Struct({
  /** The pack (its file name or id). */
  pack: Schema.optional(Schema.String),
  /** A path inside the pack document: `creatures[2].attack`. */
  path: Schema.String,
  message: Schema.String,
  clause: Schema.optional(Schema.String),
}).annotate({ identifier: "NightsongPackProblem" })
export type PackProblem = typeof PackProblem.Type

/** One line: `pack: path: message (clause)`. */
export const formatPackProblem = (p: PackProblem): string =>
  [p.pack, p.path === "" ? undefined : p.path, `${p.message}${p.clause ? ` (${p.clause})` : ""}`]
    .filter((x) => x !== undefined)
    .join(": ")

/** Nightsong packs could not be loaded; `problems` lists every problem found. */
export class NightsongPackInvalid extends Schema.TaggedError<NightsongPackInvalid>()("NightsongPackInvalid", {
  problems: Schema.Array(PackProblem),
}) {
  override get message(): string {
    return `${this.problems.length} problem(s) in Nightsong pack(s):\n${this.problems.map(formatPackProblem).join("\n")}`
  }
}

/** A path with one more key: `a.b`, `a[3]`. */
export const at = (path: string, key: PropertyKey): string =>
  typeof key === "number"
    ? `${path}[${key}]`
    : path === ""
      ? String(key)
      : /^[A-Za-z_$][\w$]*$/.test(String(key))
        ? `${path}.${String(key)}`
        : `${path}[${JSON.stringify(String(key))}]`

/**
 * A decode failure as problems, their paths under `root`. An optional field's value is checked
 * against "left out" too; that half of the answer is dropped when the field's own rule speaks.
 */
export const decodeProblems = (e: Schema.SchemaError, root: string): PackProblem[] => {
  const all = SchemaText.problems(e).map((p) => ({
    path: p.path.reduce<string>(at, root),
    message: p.message,
  }))
  const absent = (p: PackProblem) => p.message.startsWith("Expected undefined")
  return all.filter((p) => !absent(p) || !all.some((q) => q.path === p.path && !absent(q)))
}
