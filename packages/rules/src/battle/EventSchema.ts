/**
 * How a game's events are declared (the raid's and the campaign's): a struct tagged by its `type`.
 *
 * @since 0.6.0
 */
import { Schema } from "effect"

/** An event of one type, with its fields. */
export const event = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields })
