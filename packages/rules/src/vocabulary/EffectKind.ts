/**
 * How an effect kind is written: its `kind`, its own fields, and the fields every effect may have
 * (`when`, `scope`, `uses`). Both the first vocabulary (`Effect.ts`) and the second
 * (`VocabularyV2.ts`) build their kinds with it.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { DiceExpression } from "../terms/Dice.js"
import { Condition } from "./Condition.js"
import { Scope, Uses } from "./Vocabulary.js"

/** A whole number or a dice expression ("d3", "2d6"). */
export const Amount = Schema.Union([Schema.Int, DiceExpression]).annotate({
  identifier: "Amount",
  description: 'A whole number, or a dice expression such as "d3" or "2d6"',
})
export type Amount = typeof Amount.Type

/**
 * An amount the campaign rolls (a Loot row's stores, a scenario's rewards): a whole number, "d3", or
 * six-sided dice ("d6", "2d6+1"). The campaign's dice are d6s, asked of the players by name, so a
 * "d20" here could only be misread as a d6 (R-CAMPAIGN-28).
 */
export const D6Amount = Amount.check(
  Schema.makeFilter(
    (a) =>
      typeof a === "number" ||
      a.kind === "d3" ||
      (a.kind === "sum" && a.sides === 6) ||
      'the campaign rolls six-sided dice only: a whole number, "d3", or d6 dice such as "d6" or "2d6+1" (R-CAMPAIGN-28)',
  ),
).annotate({
  identifier: "D6Amount",
  description: 'A whole number, "d3", or six-sided dice such as "d6" or "2d6+1"',
  // The editor's check says what the loader says: d6 dice only (the dice grammar's d3 and sum forms).
  // It replaces the JSON Schema of Amount (the annotation lands on the check above).
  toJsonSchema: () => ({
    description: 'A whole number, "d3", or six-sided dice such as "d6" or "2d6+1"',
    anyOf: [
      { type: "integer" },
      { type: "string", pattern: "^(?:1?[dD]3|\\d*[dD]6(?:[+-]\\d+)?(?:[xX×*]\\d+)?)$" },
    ],
  }),
})

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
  Schema.Struct({ kind: Schema.Literal(kind), ...fields, ...common }).annotate({
    identifier: `${kind[0]!.toUpperCase()}${kind.slice(1)}Effect`,
    description,
  })
