/**
 * Old-School Essentials → Nightsong (N-CONVERSION-06): HP = Hit Dice × 4; Weapons stay;
 * unarmored, hide or leather → none or D4 (R-N-CONV-08: none when unarmored, D4 for hide or
 * leather, AMB-N-20); mail, plate or supernatural plating → D6; shields stay if noted; Resolve
 * from Morale. Saves are dropped: an NPC "saves" on the Die of Fate (N-SAVE-02).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { armorName, buildNpc, type CommonIn, common, hpFromHitDice, ShieldIn } from "./Common.js"
import type { NightsongNpc, ProtectionDie } from "./Npc.js"
import { Morale, resolveFromMorale } from "./Resolve.js"

/** The armor an OSE or DCC creature wears, by kind (N-CONVERSION-06, N-CONVERSION-07). */
export const ArmorKind = Schema.Literals([
  "unarmored",
  "hide",
  "leather",
  "mail",
  "plate",
  "supernatural",
]).annotate({
  identifier: "ArmorKind",
})
export type ArmorKind = typeof ArmorKind.Type

/** Unarmored → none; hide or leather → D4 (R-N-CONV-08); mail, plate or supernatural plating → D6. */
export const armorFromKind = (kind: ArmorKind): ProtectionDie | undefined =>
  kind === "unarmored" ? undefined : kind === "hide" || kind === "leather" ? "d4" : "d6"

/** An OSE monster: Hit Dice (e.g. 2, or 0.5 for ½), an optional "+N" bonus, armor kind, Morale. */
export const OseBlock = Schema.Struct({
  ...common,
  hitDice: Schema.Number.check(Schema.isGreaterThan(0)),
  hitDiceBonus: Schema.optional(Schema.Int),
  armor: ArmorKind,
  shield: Schema.optional(ShieldIn),
  morale: Morale,
  /** The block's "Save As" line, e.g. "F2"; not converted (N-SAVE-02). */
  saveAs: Schema.optional(Schema.String),
}).annotate({ identifier: "OseBlock" })
export type OseBlock = typeof OseBlock.Type

/** Converts an OSE monster (N-CONVERSION-06). */
export const fromOse = (b: OseBlock & CommonIn): NightsongNpc => {
  const hp = hpFromHitDice(b.hitDice, b.hitDiceBonus)
  const armor = armorFromKind(b.armor)
  const resolve = resolveFromMorale(b.morale)
  const bonus = b.hitDiceBonus ? ` ${b.hitDiceBonus > 0 ? "+" : "-"} ${Math.abs(b.hitDiceBonus)}` : ""
  return buildNpc("ose", b, {
    hp,
    armor,
    shield: b.shield,
    resolve,
    saves: b.saveAs,
    notes: [
      `HP ${hp} = Hit Dice ${b.hitDice} × 4${bonus} (N-CONVERSION-06, R-N-CONV-04).`,
      `Weapons stay the same; ${b.armor} armor becomes ${armorName(armor)} (N-CONVERSION-06, R-N-CONV-08).`,
      `Resolve ${resolve}% from Morale ${b.morale} (N-CONVERSION-02).`,
    ],
  })
}
