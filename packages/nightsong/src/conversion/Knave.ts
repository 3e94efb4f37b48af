/**
 * Knave → Nightsong (N-CONVERSION-05): HP = Hit Dice × 4 where Hit Dice are listed, listed HP stay;
 * Weapons stay; light Armor or 1–2 Armor Points → D4, heavier or 3+ → D6; Resolve from Morale,
 * through the same bands as the others (R-N-CONV-05, AMB-N-19).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { armorName, buildNpc, type CommonIn, common, hpListedOrFromHitDice, ShieldIn } from "./Common.js"
import type { NightsongNpc, ProtectionDie } from "./Npc.js"
import { Morale, resolveFromMorale } from "./Resolve.js"

/** Knave armor: by weight, or by Armor Points. */
export const KnaveArmor = Schema.Union([
  Schema.Literals(["none", "light", "heavy"]),
  Schema.Struct({ points: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) }),
])

/** A Knave creature: HP or Hit Dice (listed HP win), armor as a weight or Armor Points. */
export const KnaveBlock = Schema.Struct({
  ...common,
  hp: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  hitDice: Schema.optional(Schema.Number.check(Schema.isGreaterThan(0))),
  armor: Schema.optional(KnaveArmor),
  shield: Schema.optional(ShieldIn),
  morale: Morale,
}).annotate({ identifier: "KnaveBlock" })
export type KnaveBlock = typeof KnaveBlock.Type

/** Light or 1–2 Armor Points → D4; heavy or 3+ → D6; none or 0 → no Armor (N-CONVERSION-05). */
export const knaveArmor = (a: typeof KnaveArmor.Type): ProtectionDie | undefined => {
  const points = a === "none" ? 0 : a === "light" ? 1 : a === "heavy" ? 3 : a.points
  return points === 0 ? undefined : points <= 2 ? "d4" : "d6"
}

/** Converts a Knave creature (N-CONVERSION-05). */
export const fromKnave = (b: KnaveBlock & CommonIn): NightsongNpc => {
  const { hp, note } = hpListedOrFromHitDice(b, "N-CONVERSION-05")
  const a = b.armor ?? "none"
  const armor = knaveArmor(a)
  const resolve = resolveFromMorale(b.morale)
  return buildNpc("knave", b, {
    hp,
    armor,
    shield: b.shield,
    resolve,
    notes: [
      note,
      `Weapons stay the same; ${typeof a === "string" ? `${a} armor` : `${a.points} Armor Points`} becomes ${armorName(armor)} (N-CONVERSION-05).`,
      `Resolve ${resolve}% from Morale ${b.morale}, by the Morale bands (N-CONVERSION-02, R-N-CONV-05).`,
    ],
  })
}
