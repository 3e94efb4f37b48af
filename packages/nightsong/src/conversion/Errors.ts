/**
 * The error for a stat block that cannot be converted: the path of the bad value, the problem in
 * words, and the clause it breaks where there is one.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** A stat block that cannot be converted. */
export class ConversionError extends Schema.TaggedError<ConversionError>()("ConversionError", {
  path: Schema.String,
  reason: Schema.String,
  clause: Schema.optional(Schema.String),
}) {
  override get message(): string {
    return `${this.path}: ${this.reason}${this.clause ? ` (${this.clause})` : ""}`
  }
}
