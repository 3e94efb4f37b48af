/**
 * Slot usage (N-SLOTS-*, N-CONDITION-01/02): items by size, one Slot per Spell Shard, and each
 * Condition's Slots, against the character's total.
 *
 * @since 0.1.0
 */
import { sameCondition } from "../procedures/conditions/Conditions.js"
import type { Character, Condition } from "./Character.js"
import { slotsOf } from "./Item.js"
import { CharacterProblem } from "./Problem.js"

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

/** The character with its `slots.used` recounted from what it carries and bears. */
export const recount = (c: Character): Character => ({ ...c, slots: { ...c.slots, used: slotUsage(c).used } })

/**
 * Takes on a Condition (N-CONDITION-01). If its Slots are not free, the items at `drop` (indexes
 * into `items`) are dropped first; if there is still no room, nothing changes and a
 * {@link CharacterProblem} says how many Slots are missing (N-CONDITION-02). A Condition the
 * character already bears (its name read case-blind, "fatigue" = "fatigued") worsens that one by
 * the new one's Slots instead of adding a second copy (R-N-CONDITION-01, R-N-CONDITION-04).
 */
export const takeCondition = (
  c: Character,
  condition: Condition,
  drop: readonly number[] = [],
): Character => {
  for (const i of drop) {
    if (!Number.isInteger(i) || i < 0 || i >= c.items.length) {
      throw new CharacterProblem({
        path: `drop[${drop.indexOf(i)}]`,
        reason: `no item at index ${i} (the character carries ${c.items.length})`,
      })
    }
  }
  const borne = c.conditions.findIndex((k) => sameCondition(k.name, condition.name))
  const next = recount({
    ...c,
    items: c.items.filter((_, i) => !drop.includes(i)),
    conditions:
      borne < 0
        ? [...c.conditions, condition]
        : c.conditions.map((k, i) => (i === borne ? { ...k, slots: k.slots + condition.slots } : k)),
  })
  const usage = slotUsage(next)
  if (usage.overfilled) {
    throw new CharacterProblem({
      path: "conditions",
      reason: `"${condition.name}" needs ${condition.slots} Slot${condition.slots > 1 ? "s" : ""} but only ${slotUsage({ ...next, conditions: c.conditions }).free} ${drop.length > 0 ? "are free after dropping" : "are free"}: drop ${usage.used - usage.total} Slot${usage.used - usage.total > 1 ? "s" : ""} more of items first`,
      clause: "N-CONDITION-02",
    })
  }
  return next
}
