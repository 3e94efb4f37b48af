/**
 * Nightsong's multiple attack dice (N-COMBAT-12): Damage dice joined by a plus sign, "D8 + D8",
 * every one rolled and the single highest kept. Written like every dice expression, without spaces
 * and with "d" or "D": "d8+d8", "D12+D12+D12".
 *
 * The form is read beside the core grammar, not inside it: "d8+d8" is disjoint from every existing
 * expression (a "+" there is followed by a number, "d8+8"), so nothing already written changes
 * meaning, and the content packs' grammar (`Expression.DICE_PATTERN`, The Blight's data) does not
 * take up a Nightsong reading it has no rule for.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import { InvalidDiceExpression } from "../Errors.js"
import { type DiceExpression, type ExpressionRoll, parseExpression, rollExpression } from "../Expression.js"
import type { DiceSource } from "../Source.js"

/** Several Damage dice, the highest kept (N-COMBAT-12). */
export interface MultipleAttack {
  readonly kind: "highest"
  /** The sides of each die, in the order written. */
  readonly sides: readonly number[]
}

/** The form: two or more single dice joined by "+", no spaces ("d8+d8", "1D6+1D6+1D6"). */
export const MULTIPLE_ATTACK_PATTERN = "^1?[dD]\\d+(?:\\+1?[dD]\\d+)+$"
const FORM = new RegExp(MULTIPLE_ATTACK_PATTERN, "u")

/** Damage dice run D4 to D12 (N-COMBAT-05, N-WEAPON-01); a D20 or a D7 is no Damage die. */
const DAMAGE_SIDES = [4, 6, 8, 10, 12]
/** A blast rolls three (R-N-COMBAT-03); ten leaves room and bounds a typo. */
const MAX_DICE = 10

/**
 * Reads a multiple attack: `undefined` when the text is not of this form (so the caller may read it
 * another way), else the attack or why it cannot be one.
 */
export const parseMultipleAttack = (
  text: string,
): Result.Result<MultipleAttack, InvalidDiceExpression> | undefined => {
  if (!FORM.test(text)) return undefined
  const sides = text.split("+").map((t) => Number(t.replace(/^1?[dD]/, "")))
  const fail = (reason: string) => Result.fail(new InvalidDiceExpression({ expression: text, reason }))
  const odd = sides.find((s) => !DAMAGE_SIDES.includes(s))
  if (odd !== undefined)
    return fail(`a multiple attack joins Damage dice D4 to D12 (N-COMBAT-12), got D${odd}`)
  if (sides.length > MAX_DICE)
    return fail(`a multiple attack has at most ${MAX_DICE} dice (N-COMBAT-12), got ${sides.length}`)
  return Result.succeed({ kind: "highest", sides })
}

/** Writes a multiple attack back: "d8+d8". */
export const formatMultipleAttack = (e: MultipleAttack): string => e.sides.map((s) => `d${s}`).join("+")

/** Rolls every die in order and keeps the single highest (N-COMBAT-12). */
export const rollMultipleAttack = (source: DiceSource, e: MultipleAttack, label?: string): ExpressionRoll => {
  const dice = e.sides.map((s) => source.die(s, label))
  return { expression: formatMultipleAttack(e), dice, value: Math.max(...dice) }
}

/** What `blight roll` and a roll request read: a dice expression, or a multiple attack. */
export type RollExpression = DiceExpression | MultipleAttack

/**
 * Reads a dice expression or a multiple attack, or throws {@link InvalidDiceExpression}; an
 * expression of neither form is told both ("… or \"d8+d8\"").
 */
export const rollExpressionOf = (text: string): RollExpression => {
  const attack = parseMultipleAttack(text)
  if (attack !== undefined) {
    if (Result.isFailure(attack)) throw attack.failure
    return attack.success
  }
  const e = parseExpression(text)
  if (Result.isSuccess(e)) return e.success
  const reason = e.failure.reason.replace(
    / or "half"/,
    ', "half" or "d8+d8" (a multiple attack, highest kept)',
  )
  throw new InvalidDiceExpression({ expression: text, reason })
}

/** Rolls what {@link rollExpressionOf} read. */
export const rollAny = (source: DiceSource, e: RollExpression, label?: string): ExpressionRoll =>
  e.kind === "highest" ? rollMultipleAttack(source, e, label) : rollExpression(source, e, label)
