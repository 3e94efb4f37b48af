/**
 * Small helpers both core hook modules use.
 *
 * @since 0.1.0
 */
import { Either, ParseResult, Schema } from "effect"
import type { HookContext, HookResult } from "../../../plugin/Hooks.js"

/** A whole number from `min` to `max`. */
export const small = (min: number, max: number) => Schema.Int.pipe(Schema.between(min, max))

/** Decodes the facts a hook needs; a hook given the wrong facts says which, instead of guessing. */
export const withFacts = <A, I>(
  name: string,
  schema: Schema.Schema<A, I>,
  context: HookContext,
  answer: (facts: A) => HookResult,
): HookResult => {
  const facts = Schema.decodeUnknownEither(schema)(context.facts)
  return Either.isRight(facts)
    ? answer(facts.right)
    : { note: `${name}: facts not understood: ${ParseResult.TreeFormatter.formatErrorSync(facts.left)}` }
}

/** "1 Reload", "3 Reloads". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
