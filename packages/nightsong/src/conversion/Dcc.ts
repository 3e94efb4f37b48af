/**
 * DCC → Nightsong (N-CONVERSION-07, N-CONVERSION-08): listed HP stay, otherwise Hit Dice × 4;
 * Weapons stay, "funky dice" rounded to the closest standard die (R-N-CONV-02: ties round up);
 * Armor as for OSE; Resolve from temperament. Saves are dropped (N-SAVE-02).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { armorName, buildNpc, type CommonIn, common, hpListedOrFromHitDice, ShieldIn } from "./Common.js"
import type { NightsongNpc } from "./Npc.js"
import { ArmorKind, armorFromKind } from "./Ose.js"
import { resolveFromTemperament, Temperament } from "./Resolve.js"

/** The standard dice a funky die rounds to. */
export const STANDARD_DICE = [4, 6, 8, 10, 12, 20] as const

/** The closest standard die to any die, rounding up on a tie: d3 → d4, d5 → d6, d7 → d8, d14 → d12, d16 → d20, d24 → d20 (R-N-CONV-02). */
export const closestStandardDie = (sides: number): number =>
  STANDARD_DICE.reduce((best, s) => {
    const d = Math.abs(s - sides)
    const b = Math.abs(best - sides)
    return d < b || (d === b && s > best) ? s : best
  }, STANDARD_DICE[0])

/** A DCC creature: HP or Hit Dice, armor kind, temperament, and its saves line. */
export const DccBlock = Schema.Struct({
  ...common,
  hp: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  hitDice: Schema.optional(Schema.Number.check(Schema.isGreaterThan(0))),
  armor: ArmorKind,
  shield: Schema.optional(ShieldIn),
  temperament: Temperament,
  /** The block's saves, e.g. "Fort +2, Ref +1, Will -1"; not converted (N-SAVE-02). */
  saves: Schema.optional(Schema.String),
}).annotate({ identifier: "DccBlock" })
export type DccBlock = typeof DccBlock.Type

/** Converts a DCC creature (N-CONVERSION-07, N-CONVERSION-08). */
export const fromDcc = (b: DccBlock & CommonIn): NightsongNpc => {
  const { hp, note } = hpListedOrFromHitDice(b, "N-CONVERSION-07")
  const armor = armorFromKind(b.armor)
  const resolve = resolveFromTemperament(b.temperament)
  return buildNpc("dcc", b, {
    hp,
    armor,
    shield: b.shield,
    resolve,
    adjust: closestStandardDie,
    saves: b.saves,
    notes: [
      note,
      `Weapons stay the same, funky dice rounded to the closest standard die (N-CONVERSION-07, R-N-CONV-02); ${b.armor} armor becomes ${armorName(armor)} (R-N-CONV-08).`,
      `Resolve ${resolve}% for a ${b.temperament} temperament (N-CONVERSION-08).`,
    ],
  })
}
