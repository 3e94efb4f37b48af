/**
 * Slot usage (N-SLOTS-*, N-CONDITION-01/02): items by size, one Slot per Spell Shard, and each
 * Condition's Slots, against the character's total.
 *
 * @since 0.1.0
 */
import type { Character } from "./Character.js"
import { slotsOf } from "./Item.js"

/** What fills a character's Slots. */
export interface SlotUsage {
  readonly items: number
  readonly spellShards: number
  readonly conditions: number
  readonly used: number
  readonly total: number
  readonly free: number
  /** True when more Slots are filled than the character has: something must be dropped (N-CONDITION-02). */
  readonly overfilled: boolean
}

/** Counts the Slots in use (N-SLOTS-02, N-SLOTS-03, N-CONDITION-01). */
export const slotUsage = (
  c: Pick<Character, "items" | "spellShards" | "conditions" | "slots">,
): SlotUsage => {
  const items = c.items.reduce((n, i) => n + slotsOf(i), 0)
  const spellShards = c.spellShards.length
  const conditions = c.conditions.reduce((n, k) => n + k.slots, 0)
  const used = items + spellShards + conditions
  return {
    items,
    spellShards,
    conditions,
    used,
    total: c.slots.total,
    free: Math.max(0, c.slots.total - used),
    overfilled: used > c.slots.total,
  }
}
