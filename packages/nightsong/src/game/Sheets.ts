/**
 * A party member's whole sheet as it stands now: the sheet it joined with, with what play changed
 * written back (Abilities, HP, Focus, Slots, Conditions through `Sheet.applyTo`; each item's and
 * Shard's Step Die from the gear in play).
 *
 * @since 0.2.0
 */
import type { Character } from "../character/Character.js"
import { applyTo } from "../procedures/Sheet.js"
import type { Member } from "./State.js"

/** The member's sheet now, or undefined when it joined without one. */
export const sheetNow = (m: Member): Character | undefined => {
  if (m.sheet === undefined) return undefined
  const die = new Map(m.gear.map((g) => [g.name, g.die]))
  const sheet = applyTo(m.sheet, m.adventurer)
  return {
    ...sheet,
    items: sheet.items.map((i) =>
      i.die !== undefined && die.has(i.name) ? { ...i, die: die.get(i.name)! } : i,
    ),
    spellShards: sheet.spellShards.map((s) => (die.has(s.spell) ? { ...s, die: die.get(s.spell)! } : s)),
  }
}
