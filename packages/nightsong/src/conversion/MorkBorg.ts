/**
 * MÖRK BORG → Nightsong (N-CONVERSION-03): HP and Weapons stay the same, except D2 damage becomes
 * D4; Tier 1 Armor becomes D4, Tier 2 or 3 D6; shields stay; Resolve from Morale.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { armorName, buildNpc, type CommonIn, common, ShieldIn } from "./Common.js"
import type { NightsongNpc } from "./Npc.js"
import { Morale, resolveFromMorale } from "./Resolve.js"

/** A MÖRK BORG creature. `armorTier` 0 (or absent) is no armor (R-N-CONV-01). */
export const MorkBorgBlock = Schema.Struct({
  ...common,
  hp: Schema.Int.check(Schema.isGreaterThan(0)),
  morale: Morale,
  armorTier: Schema.optional(Schema.Literals([0, 1, 2, 3])),
  shield: Schema.optional(ShieldIn),
}).annotate({ identifier: "MorkBorgBlock" })
export type MorkBorgBlock = typeof MorkBorgBlock.Type

/** MÖRK BORG's D2 becomes a D4; every other die stays (N-CONVERSION-03). */
export const morkBorgSides = (sides: number): number => (sides === 2 ? 4 : sides)

/** Converts a MÖRK BORG creature (N-CONVERSION-03). */
export const fromMorkBorg = (b: MorkBorgBlock & CommonIn): NightsongNpc => {
  const tier = b.armorTier ?? 0
  const armor = tier === 0 ? undefined : tier === 1 ? "d4" : "d6"
  const resolve = resolveFromMorale(b.morale)
  return buildNpc("mork-borg", b, {
    hp: b.hp,
    armor,
    shield: b.shield,
    resolve,
    adjust: morkBorgSides,
    notes: [
      `HP ${b.hp} stay the same; Weapons stay the same, D2 becomes D4 (N-CONVERSION-03).`,
      `Armor: ${tier === 0 ? "none (R-N-CONV-01)" : `Tier ${tier} becomes ${armorName(armor)} (N-CONVERSION-03)`}.`,
      `Resolve ${resolve}% from Morale ${b.morale} (N-CONVERSION-02).`,
    ],
  })
}
