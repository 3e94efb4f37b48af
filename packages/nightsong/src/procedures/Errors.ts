/**
 * The one error every play procedure raises for bad input or an illegal move: it names the
 * path, the rule broken and, where there is one, the clause.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

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
