/**
 * Focus (N-FOCUS): set each session to Dexterity (up to 3), spent 1 at a time to give a Check or a
 * Damage roll Advantage even after seeing the result, and lost at the end of the session.
 *
 * Ruling R-N-FOCUS-03 (AMB-N-03; supersedes R-N-FOCUS-02): spending Focus after the roll adds one
 * die and keeps the best, exactly as if the roll had been made with Advantage (for a Nuanced Check:
 * 3D20, keep the highest two, N-NUANCED-04). On a roll that had Disadvantage, Focus cancels it
 * (R-N-ADV-01): no die is added and the Disadvantage no longer picks the low dice, so the best of
 * the dice already rolled count (the higher d20; the higher two of a Nuanced Check's three),
 * whatever order they were rolled in. Only 1 Focus per roll, and not on a roll that already had
 * Advantage.
 *
 * @since 0.1.0
 */
import { Check, type DiceSource } from "@blight/dice"
import { type Adventurer, maxFocus } from "../Adventurer.js"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"
import type { CheckResult } from "./Check.js"
import { outcomeOf } from "./Check.js"

/** Start of a session: Focus is set to Dexterity, up to 3 (N-FOCUS-01; R-N-CHAR-01: never below 0). */
export const startSession = (a: Adventurer): Adventurer => ({ ...a, focus: maxFocus(a.abilities.dexterity) })

/** End of a session: unspent Focus is lost (N-FOCUS-03). */
export const endSession = (a: Adventurer): Adventurer => ({ ...a, focus: 0 })

/** Takes 1 Focus, or throws when none is left (N-FOCUS-02). */
export const takeFocus = (a: Adventurer): Adventurer => {
  ensure(a.focus >= 1, "adventurer.focus", `${a.name} has no Focus left to spend`, "N-FOCUS-02")
  return { ...a, focus: a.focus - 1 }
}

/** Checks Focus may go on a roll made with `advantage` (R-N-FOCUS-03). */
export const ensureFocusable = (
  advantage: Check.Advantage,
  focusSpent: boolean | undefined,
  path: string,
): void => {
  ensure(focusSpent !== true, path, "only 1 Focus may be spent on a roll", "N-FOCUS-02")
  ensure(
    advantage !== "advantage",
    path,
    "the roll already has Advantage; Focus would add nothing",
    "N-FOCUS-02",
  )
}

/** A Check result after Focus was spent on it. */
export type FocusedCheck = CheckResult & { readonly focusSpent: true }

/**
 * Spends 1 Focus on a Check already rolled, giving it Advantage (N-FOCUS-02, ruling R-N-FOCUS-03).
 * Returns the character with 1 Focus less and the re-read Check; rolls at most one new d20, and
 * none on a Disadvantaged roll, whose result then depends on its dice only, not their order.
 */
export const spendOnCheck = (
  source: DiceSource,
  a: Adventurer,
  result: CheckResult & { readonly focusSpent?: true },
) =>
  tracked(source, (s) => {
    ensureFocusable(result.advantage, result.focusSpent, "check")
    const adventurer = takeFocus(a)
    const cancel = result.advantage === "disadvantage"
    const advantage: Check.Advantage = cancel ? "none" : "advantage"
    const spec = { ability: result.ability, dr: result.dr }
    let roll: Check.CheckRoll | Check.NuancedRoll
    if (result.kind === "plain") {
      const old = result.roll.rolls
      const rolls = cancel ? old : [...old, s.die(20, "d20")]
      const kept = Math.max(...rolls)
      roll = { rolls, kept, total: kept + spec.ability, dr: spec.dr, success: kept + spec.ability >= spec.dr }
    } else {
      const old = result.roll.rolls
      const rolls = cancel ? old : [...old, s.die(20, "d20")]
      // Cancelled or advanced, the highest two of the three dice count (R-N-FOCUS-03).
      const kept = Check.keepTwo(rolls, "advantage")
      const totals: [number, number] = [kept[0] + spec.ability, kept[1] + spec.ability]
      roll = {
        rolls,
        kept,
        totals,
        dr: spec.dr,
        outcome: Check.nuancedOutcome(totals[0], totals[1], spec.dr),
      }
    }
    const outcome = outcomeOf(roll)
    const check: FocusedCheck = {
      ...result,
      advantage,
      roll,
      outcome,
      succeeded: outcome !== "failure",
      focusSpent: true,
    }
    return { adventurer, check }
  })
