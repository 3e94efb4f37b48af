/**
 * A character as a readable sheet, for the terminal and for print.
 *
 * @since 0.1.0
 */
import { ABILITIES, abilityTitle } from "./Ability.js"
import type { Character } from "./Character.js"
import { dieShown, formatItem } from "./Item.js"
import { slotUsage } from "./Slots.js"

const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`)

/** Writes a character sheet as lines of text. */
export const formatSheet = (c: Character): string => {
  const usage = slotUsage(c)
  const lines = [
    `${c.name}${c.pronouns ? ` (${c.pronouns})` : ""}, ${c.background.name} (${abilityTitle[c.background.table]} background)`,
    ABILITIES.map((a) => `${a} ${signed(c.abilities[a])}`).join("   "),
    `HP ${c.hp}/${c.maxHp}   Focus ${c.focus}   Slots ${usage.used}/${usage.total}   Coins ${c.coins}`,
    "Items:",
    ...c.items.map((i) => `  - ${formatItem(i)}`),
  ]
  if (c.spellShards.length > 0) {
    lines.push(
      "Spell Shards:",
      ...c.spellShards.map(
        (s) => `  - ${s.spell} (${dieShown(s.die, s.start)}${s.provisional ? ", provisional" : ""})`,
      ),
    )
  }
  if (c.conditions.length > 0)
    lines.push(
      "Conditions:",
      ...c.conditions.map((k) => `  - ${k.name} (${k.slots} Slot${k.slots > 1 ? "s" : ""})`),
    )
  if (c.leftBehind.length > 0) lines.push(`Left behind (no room): ${c.leftBehind.map(formatItem).join(", ")}`)
  const d = c.details
  lines.push(
    `Face ${d.face}, Eyes ${d.eyes}, Hair ${d.hair}, Physique ${d.physique}, Clothing ${d.clothing}`,
    `Mannerism ${d.mannerism}, Speech ${d.speech}, Virtue ${d.virtue}, Flaw ${d.flaw}, Drive ${d.drive}`,
  )
  return lines.join("\n")
}
