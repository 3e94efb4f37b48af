/**
 * Dice expressions as typed values, read once from text ("2d6", "3d6x10", "d%", "d3", "1D66",
 * "half") and never evaluated as strings at run time.
 *
 * @since 0.1.0
 */
import { Effect, Result, Schema, SchemaGetter, SchemaIssue } from "effect"
import { InvalidDiceExpression } from "./Errors.js"
import { d3FromD6, d66Key, halfRow } from "./Roll.js"
import type { DiceSource } from "./Source.js"

/** NdS, plus a modifier, times a multiplier: "2d6+1", "d20", "3d6x10". */
export interface SumExpression {
  readonly kind: "sum"
  readonly count: number
  readonly sides: number
  readonly modifier: number
  readonly multiplier: number
}
/** A d3: one d6 halved, rounded up (B-DICE-03). */
export interface D3Expression {
  readonly kind: "d3"
}
/** A d% (1–100). */
export interface PercentExpression {
  readonly kind: "percent"
}
/** Nightsong's 1D66: two d6 read as a band and an entry, keyed "a·b/c" (N-TABLE-01). */
export interface D66Expression {
  readonly kind: "d66"
}
/** The Blight's "half" roll: two d6, the first picks rows 1–6 or 7–12, the second the row (B-DICE-04). */
export interface HalfExpression {
  readonly kind: "half"
}

/** Every dice expression the core knows. */
export type DiceExpression = SumExpression | D3Expression | PercentExpression | D66Expression | HalfExpression

/**
 * The one grammar of dice notation: the parser below matches it and the JSON Schema's pattern is
 * this same text, so an editor and the loader accept exactly the same strings. No spaces anywhere
 * ("2d6+1", not "2d6 + 1"); the die letter may be "d" or "D" ("1D66" is Nightsong's spelling).
 * Only the numeric bounds (dice, sides, multiplier) are checked past the pattern.
 */
const FORMS = {
  percent: "1?[dD](?:100)?%",
  d3: "1?[dD]3",
  d66: "1?[dD]66",
  half: "(?:2?[dD]6)?half",
  sum: "(\\d*)[dD](\\d+)(?:([+-])(\\d+))?(?:[xX×*](\\d+))?",
} as const

/** The dice-notation pattern (JSON Schema `pattern`, ECMA-262). */
export const DICE_PATTERN = `^(?:(${FORMS.percent})|(${FORMS.d3})|(${FORMS.d66})|(${FORMS.half})|${FORMS.sum})$`
const GRAMMAR = new RegExp(DICE_PATTERN, "u")

/** Reads an expression; returns a `Result` so callers decide how to fail. */
export const parseExpression = (text: string): Result.Result<DiceExpression, InvalidDiceExpression> => {
  const fail = (reason: string) => Result.fail(new InvalidDiceExpression({ expression: text, reason }))
  const m = GRAMMAR.exec(text)
  if (!m)
    return fail(
      `expected something like "d6", "2d6+1", "3d6x10", "d%", "d3", "d66" or "half"${/\s/.test(text) ? ", with no spaces" : ""}`,
    )
  if (m[1] !== undefined) return Result.succeed({ kind: "percent" })
  if (m[2] !== undefined) return Result.succeed({ kind: "d3" })
  if (m[3] !== undefined) return Result.succeed({ kind: "d66" })
  if (m[4] !== undefined) return Result.succeed({ kind: "half" })
  const count = m[5] === "" || m[5] === undefined ? 1 : Number(m[5])
  const sides = Number(m[6])
  const modifier = m[8] === undefined ? 0 : (m[7] === "-" ? -1 : 1) * Number(m[8])
  const multiplier = m[9] === undefined ? 1 : Number(m[9])
  if (count < 1 || count > 100) return fail(`the number of dice must be 1 to 100, got ${count}`)
  if (sides < 2 || sides > 1000) return fail(`a die must have 2 to 1000 sides, got ${sides}`)
  if (multiplier < 1) return fail("the multiplier must be at least 1")
  return Result.succeed({ kind: "sum", count, sides, modifier, multiplier })
}

/** Reads an expression or throws {@link InvalidDiceExpression}. */
export const expression = (text: string): DiceExpression => {
  const r = parseExpression(text)
  if (Result.isFailure(r)) throw r.failure
  return r.success
}

/** Writes an expression back in its canonical text form. */
export const formatExpression = (e: DiceExpression): string => {
  switch (e.kind) {
    case "percent":
      return "d%"
    case "d3":
      return "d3"
    case "d66":
      return "d66"
    case "half":
      return "half"
    case "sum": {
      const mod = e.modifier === 0 ? "" : e.modifier > 0 ? `+${e.modifier}` : `${e.modifier}`
      const mult = e.multiplier === 1 ? "" : `x${e.multiplier}`
      return `${e.count}d${e.sides}${mod}${mult}`
    }
  }
}

const ExpressionValue = Schema.declare(
  (u: unknown): u is DiceExpression =>
    typeof u === "object" &&
    u !== null &&
    ["sum", "d3", "percent", "d66", "half"].includes((u as { kind?: string }).kind ?? ""),
  { identifier: "DiceExpressionValue" },
)

const DICE_DESCRIPTION =
  'A dice expression: "d6", "2d6+1", "3d6x10", "d%", "d3", "d66" (Nightsong 1D66) or "half"'

/**
 * A dice expression in data: written as text, decoded to a typed {@link DiceExpression}.
 * Its JSON Schema is a string with a pattern, so pack authors get editor checks.
 */
export const DiceExpressionFromString = Schema.String.check(
  // Always passes: the grammar's pattern is published in the JSON Schema, while the decoder below
  // gives the reason a string is refused (the pattern alone cannot say "with no spaces"). The
  // fragment replaces the string's JSON Schema whole, as the published one always was.
  Schema.makeFilter(() => true, {
    toJsonSchema: () => ({ type: "string", pattern: DICE_PATTERN, description: DICE_DESCRIPTION }),
  }),
)
  .annotate({ description: DICE_DESCRIPTION })
  .pipe(
    Schema.decodeTo(ExpressionValue, {
      decode: SchemaGetter.transformEffect((s: string) =>
        Result.match(parseExpression(s), {
          onFailure: (e) => Effect.fail(new SchemaIssue.InvalidValue({ message: e.reason }, s)),
          onSuccess: (v) => Effect.succeed(v),
        }),
      ),
      encode: SchemaGetter.transform(formatExpression),
    }),
  )
  .annotate({ identifier: "DiceExpression" })

/** What an expression rolled: the dice in order, the value, and the table key where it has one. */
export interface ExpressionRoll {
  readonly expression: string
  readonly dice: readonly number[]
  /** The number rolled: a sum, a d%, a d3, a half-table row (1–12), or a 1D66 row index (1–18). */
  readonly value: number
  /** For d66 only: the Nightsong key, e.g. "3·4/5". */
  readonly key?: string
}

/** Rolls an expression on a source. */
export const rollExpression = (source: DiceSource, e: DiceExpression, label?: string): ExpressionRoll => {
  const text = formatExpression(e)
  switch (e.kind) {
    case "percent": {
      const v = source.die(100, label)
      return { expression: text, dice: [v], value: v }
    }
    case "d3": {
      const f = source.die(6, label)
      return { expression: text, dice: [f], value: d3FromD6(f) }
    }
    case "half": {
      const a = source.die(6, label)
      const b = source.die(6, label)
      return { expression: text, dice: [a, b], value: halfRow(a, b) }
    }
    case "d66": {
      const a = source.die(6, label)
      const b = source.die(6, label)
      return { expression: text, dice: [a, b], value: Math.floor((a - 1) / 2) * 6 + b, key: d66Key(a, b) }
    }
    case "sum": {
      const dice = new Array<number>(e.count)
      let sum = 0
      for (let i = 0; i < e.count; i++) {
        const f = source.die(e.sides, label)
        dice[i] = f
        sum += f
      }
      return { expression: text, dice, value: (sum + e.modifier) * e.multiplier }
    }
  }
}

/** Every value an expression can produce with its probability, in ascending order (d66: row 1–18). */
export const outcomes = (
  e: DiceExpression,
): ReadonlyArray<{ readonly value: number; readonly probability: number }> => {
  switch (e.kind) {
    case "percent":
      return uniform(1, 100)
    case "d3":
      return uniform(1, 3)
    case "half":
      return uniform(1, 12)
    case "d66":
      return uniform(1, 18)
    case "sum": {
      let dist = [1]
      const face = 1 / e.sides
      for (let i = 0; i < e.count; i++) {
        const next = new Array<number>(dist.length + e.sides - 1).fill(0)
        for (let j = 0; j < dist.length; j++)
          for (let f = 0; f < e.sides; f++) next[j + f]! += dist[j]! * face
        dist = next
      }
      return dist.map((p, i) => ({ value: (i + e.count + e.modifier) * e.multiplier, probability: p }))
    }
  }
}

const uniform = (lo: number, hi: number) =>
  Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, probability: 1 / (hi - lo + 1) }))
