/**
 * The one error every play procedure raises for bad input or an illegal move: it names the
 * path, the rule broken and, where there is one, the clause.
 *
 * @since 0.1.0
 */
import { SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"

/** A procedure was asked to do something the rules (or its input's shape) forbid. */
export class ProcedureError extends Schema.TaggedError<ProcedureError>()("ProcedureError", {
  path: Schema.String,
  reason: Schema.String,
  clause: Schema.optional(Schema.String),
}) {
  override get message(): string {
    return `${this.path}: ${this.reason}${this.clause ? ` (${this.clause})` : ""}`
  }
}

/** Throws a {@link ProcedureError} unless `ok`. */
export const ensure = (ok: boolean, path: string, reason: string, clause?: string): void => {
  if (!ok) throw new ProcedureError(clause === undefined ? { path, reason } : { path, reason, clause })
}

/**
 * Builds a decoder that reads JSON-like input into a schema's type (unknown keys refused), or throws
 * a {@link ProcedureError} whose path starts at `root`, e.g. "world.regions.0.type".
 */
export const decoder = <A, I>(schema: Schema.Codec<A, I>, root: string): ((input: unknown) => A) => {
  const decode = Schema.decodeUnknownResult(schema, SchemaText.parseOptions)
  return (input) => {
    const result = decode(input, { onExcessProperty: "error" })
    if (Result.isSuccess(result)) return result.success
    const [issue] = SchemaText.problems(result.failure)
    throw new ProcedureError({
      path: [root, ...(issue?.path ?? [])].join("."),
      reason: issue?.message ?? `not a ${root}`,
    })
  }
}
