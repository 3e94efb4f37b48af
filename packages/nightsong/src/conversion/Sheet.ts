/**
 * A converted NPC as a readable stat block, for the terminal and for print.
 *
 * @since 0.1.0
 */
import { abilityTitle } from "../character/Ability.js"
import type { NightsongNpc, System } from "./Npc.js"

/** The systems' names as their publishers write them. */
export const systemTitle: Readonly<Record<System, string>> = {
  "mork-borg": "MÖRK BORG",
  cairn: "Cairn",
  knave: "Knave",
  ose: "Old-School Essentials",
  dcc: "DCC",
}

/** Writes a Nightsong NPC stat block as lines of text (N-CONVERSION-01). */
export const formatNpc = (n: NightsongNpc): string => {
  const lines = [
    `${n.name} (converted from ${systemTitle[n.from]})`,
    `HP ${n.hp}   Armor ${n.armor?.toUpperCase() ?? "none"}   Shield ${n.shield?.toUpperCase() ?? "none"}   Resolve ${n.resolve}%`,
    `Attacks: ${n.attacks.length === 0 ? "none" : n.attacks.map((a) => `${a.name} ${a.damage}`).join(", ")}`,
    `Drives: ${n.drives.length === 0 ? "(the Referee's to set)" : n.drives.join(", ")}`,
  ]
  if (n.specials.length > 0) {
    lines.push(
      "Specials:",
      ...n.specials.map(
        (s) =>
          `  - ${s.text}${s.save ? ` (save: ${abilityTitle[s.save.ability]} Check, DR ${s.save.dr})` : ""}`,
      ),
    )
  }
  lines.push("Notes:", ...n.notes.map((t) => `  - ${t}`))
  return lines.join("\n")
}
