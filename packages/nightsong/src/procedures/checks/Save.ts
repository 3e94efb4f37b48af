/**
 * Saves (N-SAVE): a character saves with a DR 12 Check, raised or lowered for the threat; an NPC
 * that would save gets the Die of Fate instead.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { type CheckRequest, check } from "./Check.js"
import { ask } from "./Fate.js"

/**
 * A player character's save: DR 12 plus `severity` (e.g. +3 for a worse threat) with the fitting
 * Ability (N-SAVE-01). A save is a Check, so the rest of a Check applies: Advantage, a helper, and
 * in solo play a Nuanced Check (N-NUANCED-03).
 */
export const save = (
  source: DiceSource,
  ability: number,
  severity = 0,
  options: Omit<CheckRequest, "ability" | "dr"> = {},
) => check(source, { ...options, ability, dr: 12 + severity })

/** An NPC's "save": the Die of Fate at the Referee's threshold (N-SAVE-02). */
export const npcSave = (source: DiceSource, threshold = 50) => ask(source, threshold)
