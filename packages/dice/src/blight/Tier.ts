/**
 * Blight tiers and how many Blight dice each allows (B-TIER-*, B-BLIGHTDICE-01, B-BLIGHTDICE-04).
 *
 * @since 0.1.0
 */
import { DiceRuleViolation } from "../Errors.js"
import type { DiceSource } from "../Source.js"
import { rollTest, type TestRoll } from "./Pool.js"

/** The five stages of the Blight track. */
export type Tier = "clean" | "touched" | "bloomed" | "overgrown" | "turned"

/** The tier for a Blight score 0–12: 0–2 Clean, 3–5 Touched, 6–8 Bloomed, 9–11 Overgrown, 12 Turned. */
export const tierOf = (blight: number): Tier => {
  if (!Number.isInteger(blight) || blight < 0 || blight > 12) {
    throw new DiceRuleViolation({
      path: "blight",
      reason: `Blight runs from 0 to 12, got ${String(blight)}`,
      clause: "B-BLIGHT-01",
    })
  }
  return blight >= 12
    ? "turned"
    : blight >= 9
      ? "overgrown"
      : blight >= 6
        ? "bloomed"
        : blight >= 3
          ? "touched"
          : "clean"
}

/** Blight dice a survivor of this tier may add to a pool: 0, 1, 2, 3 (a Turned survivor rolls nothing). */
export const blightDiceAllowance = (tier: Tier): number =>
  tier === "touched" ? 1 : tier === "bloomed" ? 2 : tier === "overgrown" ? 3 : 0

/**
 * "Call the Blight" (B-BLIGHTDICE-04): a pool of Blight dice only, as many as the tier allows,
 * needing 1 success. A Clean survivor has no Blight dice to call with.
 */
export const callTheBlight = (source: DiceSource, tier: Tier): TestRoll => {
  const n = blightDiceAllowance(tier)
  if (n === 0) {
    throw new DiceRuleViolation({
      path: "tier",
      reason: `a ${tier} survivor has no Blight dice to call`,
      clause: "B-BLIGHTDICE-04",
    })
  }
  return rollTest(source, { dice: 0, blightDice: n, target: 1 })
}
