/**
 * Old-School Essentials → Nightsong (N-CONVERSION-06): HP = Hit Dice × 4; Weapons stay;
 * unarmored, hide or leather → none or D4 (R-N-CONV-08: none when unarmored, D4 for hide or
 * leather, AMB-N-20); mail, plate or supernatural plating → D6; shields stay if noted; Resolve
 * from Morale. Saves are dropped: an NPC "saves" on the Die of Fate (N-SAVE-02).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import {
  type CommonIn,
  common,
  convertAttacks,
  convertShield,
  convertSpecials,
  drivesNote,
  npcSavesNote,
  ShieldIn,
} from "./Common.js"
import type { NightsongNpc, ProtectionDie } from "./Npc.js"
import { Morale, resolveFromMorale } from "./Resolve.js"

/** The armor an OSE or DCC creature wears, by kind (N-CONVERSION-06, N-CONVERSION-07). */
export const ArmorKind = Schema.Literal(
  "unarmored",
  "hide",
  "leather",
  "mail",
  "plate",
  "supernatural",
).annotations({
  identifier: "ArmorKind",
})
export type ArmorKind = typeof ArmorKind.Type

/** Unarmored → none; hide or leather → D4 (R-N-CONV-08); mail, plate or supernatural plating → D6. */
export const armorFromKind = (kind: ArmorKind): ProtectionDie | undefined =>
  kind === "unarmored" ? undefined : kind === "hide" || kind === "leather" ? "d4" : "d6"

/** HP from Hit Dice: HD × 4, a fraction rounded up, plus any "+N" bonus (R-N-CONV-04). */
export const hpFromHitDice = (hitDice: number, bonus = 0): number => Math.ceil(hitDice * 4) + bonus

/** An OSE monster: Hit Dice (e.g. 2, or 0.5 for ½), an optional "+N" bonus, armor kind, Morale. */
export const OseBlock = Schema.Struct({
  ...common,
  hitDice: Schema.Number.pipe(Schema.positive()),
  hitDiceBonus: Schema.optional(Schema.Int),
  armor: ArmorKind,
  shield: Schema.optional(ShieldIn),
  morale: Morale,
  /** The block's "Save As" line, e.g. "F2"; not converted (N-SAVE-02). */
  saveAs: Schema.optional(Schema.String),
}).annotations({ identifier: "OseBlock" })
export type OseBlock = typeof OseBlock.Type

/** Converts an OSE monster (N-CONVERSION-06). */
export const fromOse = (b: OseBlock & CommonIn): NightsongNpc => {
  const hp = hpFromHitDice(b.hitDice, b.hitDiceBonus)
  const armor = armorFromKind(b.armor)
  const shield = convertShield(b.shield)
  return {
    name: b.name,
    from: "ose",
    drives: [...(b.drives ?? [])],
    hp,
    attacks: convertAttacks(b.attacks),
    ...(armor === undefined ? {} : { armor }),
    ...(shield === undefined ? {} : { shield }),
    resolve: resolveFromMorale(b.morale),
    specials: convertSpecials(b.specials),
    notes: [
      `HP ${hp} = Hit Dice ${b.hitDice} × 4${b.hitDiceBonus ? ` ${b.hitDiceBonus > 0 ? "+" : "-"} ${Math.abs(b.hitDiceBonus)}` : ""} (N-CONVERSION-06, R-N-CONV-04).`,
      `Weapons stay the same; ${b.armor} armor becomes ${armor === undefined ? "no Armor" : armor.toUpperCase()} (N-CONVERSION-06, R-N-CONV-08).`,
      `Resolve ${resolveFromMorale(b.morale)}% from Morale ${b.morale} (N-CONVERSION-02).`,
      ...npcSavesNote(b.saveAs),
      ...drivesNote(b.drives),
    ],
  }
}
