/**
 * Nightsong's Die of Fate (N-FATE-*): a d% against a threshold.
 * Ruling R-N-FATE-01 (AMB-N-01): a result at or below the threshold is the positive answer,
 * anything above it the negative one, so the default 50 leaves no gap at 51–59.
 *
 * @since 0.1.0
 */
import { DiceRuleViolation } from "../Errors.js"
import type { DiceSource } from "../Source.js"

export interface FateRoll {
  readonly roll: number
  readonly threshold: number
  readonly yes: boolean
}

/** Rolls the Die of Fate; `threshold` is the chance in % of the positive answer (default 50). */
export const rollFate = (source: DiceSource, threshold = 50): FateRoll => {
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 100) {
    throw new DiceRuleViolation({
      path: "threshold",
      reason: `a threshold is 0 to 100, got ${String(threshold)}`,
      clause: "N-FATE-02",
    })
  }
  const roll = source.die(100, "fate")
  return { roll, threshold, yes: roll <= threshold }
}
