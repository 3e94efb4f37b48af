/**
 * How an effect kind is written: its `kind`, its own fields, and the fields every effect may have
 * (`when`, `scope`, `uses`). Both the first vocabulary (`Effect.ts`) and the second
 * (`VocabularyV2.ts`) build their kinds with it.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { DiceExpression } from "../content/schema/Dice.js"
import { Condition } from "./Condition.js"
import { Scope, Uses } from "./Vocabulary.js"

/** A whole number or a dice expression ("d3", "2d6"). */
export const Amount = Schema.Union(Schema.Int, DiceExpression).annotations({
  identifier: "Amount",
  description: 'A whole number, or a dice expression such as "d3" or "2d6"',
})
export type Amount = typeof Amount.Type

/** The fields every effect may have: a condition, who it applies to, how often. */
export const common = {
  when: Schema.optional(Condition),
  scope: Schema.optional(Scope),
  uses: Schema.optional(Uses),
}

/** An effect kind's schema: its `kind`, its own fields and the common ones. */
export const effect = <K extends string, F extends Schema.Struct.Fields>(
  kind: K,
  fields: F,
  description: string,
) =>
  Schema.Struct({ kind: Schema.Literal(kind), ...fields, ...common }).annotations({
    identifier: `${kind[0]!.toUpperCase()}${kind.slice(1)}Effect`,
    description,
  })
