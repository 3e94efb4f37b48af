/**
 * Synchronous decoding that throws the error text the package has always thrown: effect's
 * `SchemaError`, but with the message (and `String(error)`) effect 3's `ParseError` printed, the
 * indented tree, e.g. `["name"]\n   └─ … Expected a non empty string, actual ""`. Callers such as
 * the CLI print that message.
 *
 * @internal
 */
import { SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"

/** A `SchemaError` that reads as effect 3's `ParseError` did. */
class TreeSchemaError extends Schema.SchemaError {
  override get message(): string {
    return SchemaText.tree(this.issue)
  }
  override toString(): string {
    return this.message
  }
}

/** `Schema.decodeUnknownSync`, throwing a {@link TreeSchemaError}. */
export const decodeUnknownSync = <A, I>(schema: Schema.Codec<A, I>): ((input: unknown) => A) => {
  const decode = Schema.decodeUnknownResult(schema, SchemaText.parseOptions)
  return (input) => {
    const result = decode(input)
    if (Result.isFailure(result)) throw new TreeSchemaError(result.failure.issue)
    return result.success
  }
}
