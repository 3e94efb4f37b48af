/**
 * Small helpers both core hook modules use.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Effect } from "../../../vocabulary/Effect.js"
import type { Operation } from "../../../vocabulary/Hooks.js"

/** A whole number from `min` to `max`. */
export const small = (min: number, max: number) =>
  Schema.Int.check(Schema.isBetween({ minimum: min, maximum: max }))

/** An operation: an effect, for the model or survivor `to` (left out: by the effect's scope). */
export const op = (effect: Effect, to?: string): Operation => (to === undefined ? { effect } : { to, effect })
