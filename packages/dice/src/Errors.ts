/**
 * Typed errors of the dice core. Each is a `Schema.TaggedError`, so it is a real `Error`
 * in plain code and a typed failure inside Effect, and it serialises for an HTTP answer.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** A manual source was given a number that the die cannot show. */
export class DieOutOfRange extends Schema.TaggedError<DieOutOfRange>()("DieOutOfRange", {
  index: Schema.Number,
  sides: Schema.Number,
  value: Schema.Unknown,
}) {
  override get message(): string {
    return `manual dice[${this.index}]: a d${this.sides} shows 1 to ${this.sides}, got ${JSON.stringify(this.value)}`
  }
}

/** A manual source ran out of the numbers the players entered. */
export class ManualDiceExhausted extends Schema.TaggedError<ManualDiceExhausted>()("ManualDiceExhausted", {
  index: Schema.Number,
  sides: Schema.Number,
  provided: Schema.Number,
}) {
  override get message(): string {
    return `manual dice[${this.index}]: a d${this.sides} is needed but only ${this.provided} number(s) were given`
  }
}

/** A dice expression ("2d6", "d%", "d66") could not be read. */
export class InvalidDiceExpression extends Schema.TaggedError<InvalidDiceExpression>()(
  "InvalidDiceExpression",
  { expression: Schema.String, reason: Schema.String },
) {
  override get message(): string {
    return `dice expression ${JSON.stringify(this.expression)}: ${this.reason}`
  }
}

/**
 * A request that breaks a dice rule, e.g. re-rolling a die twice (B-REROLL-01). `clause` is explained
 * in docs/rules-reference.md under the ID in lower case (#b-reroll-01).
 */
export class DiceRuleViolation extends Schema.TaggedError<DiceRuleViolation>()("DiceRuleViolation", {
  path: Schema.String,
  reason: Schema.String,
  clause: Schema.optional(Schema.String),
}) {
  override get message(): string {
    return `${this.path}: ${this.reason}${this.clause ? ` (${this.clause})` : ""}`
  }
}

/** A table whose rows do not cover its die exactly once, or a lookup outside it. */
export class InvalidTable extends Schema.TaggedError<InvalidTable>()("InvalidTable", {
  path: Schema.String,
  reason: Schema.String,
}) {
  override get message(): string {
    return `${this.path}: ${this.reason}`
  }
}

/** Every error the dice core raises. */
export type DiceError =
  | DieOutOfRange
  | ManualDiceExhausted
  | InvalidDiceExpression
  | DiceRuleViolation
  | InvalidTable

/** True for any error raised by the dice core. */
export const isDiceError = (u: unknown): u is DiceError =>
  u instanceof DieOutOfRange ||
  u instanceof ManualDiceExhausted ||
  u instanceof InvalidDiceExpression ||
  u instanceof DiceRuleViolation ||
  u instanceof InvalidTable
