/**
 * The dice core's schemas, re-exported with names this package's declarations can print.
 *
 * @since 0.1.0
 */
import { Expression, Table } from "@blight/dice"
import type { Schema } from "effect"

declare const local: unique symbol
/**
 * A decoded dice expression. (The optional phantom key only gives the type a name this
 * package's declaration files can print; it is never present.)
 */
export type DiceExpression = Expression.DiceExpression & { readonly [local]?: never }

/** A dice expression written as text ("d6", "2d6", "d3", "half"), decoded once. */
export const DiceExpression: Schema.Codec<DiceExpression, string> = Expression.DiceExpressionFromString

/** The fields of a roll table (the dice core's `RollTable`): a die and keyed rows. */
export const rollTableFields = <A, I>(result: Schema.Codec<A, I>) => ({
  die: DiceExpression,
  rows: Table.RollTable(result).fields.rows,
})
