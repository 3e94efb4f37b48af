/**
 * DCC → Nightsong (N-CONVERSION-07, N-CONVERSION-08): listed HP stay, otherwise Hit Dice × 4;
 * Weapons stay, "funky dice" rounded to the closest standard die (R-N-CONV-02: ties round up);
 * Armor as for OSE; Resolve from temperament. Saves are dropped (N-SAVE-02).
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
import { ConversionError } from "./Errors.js"
import type { NightsongNpc } from "./Npc.js"
import { ArmorKind, armorFromKind, hpFromHitDice } from "./Ose.js"
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
  hp: Schema.optional(Schema.Int.pipe(Schema.positive())),
  hitDice: Schema.optional(Schema.Number.pipe(Schema.positive())),
  armor: ArmorKind,
  shield: Schema.optional(ShieldIn),
  temperament: Temperament,
  /** The block's saves, e.g. "Fort +2, Ref +1, Will -1"; not converted (N-SAVE-02). */
  saves: Schema.optional(Schema.String),
}).annotations({ identifier: "DccBlock" })
export type DccBlock = typeof DccBlock.Type

/** Converts a DCC creature (N-CONVERSION-07, N-CONVERSION-08). */
export const fromDcc = (b: DccBlock & CommonIn): NightsongNpc => {
  if (b.hp === undefined && b.hitDice === undefined) {
    throw new ConversionError({
      path: "hp",
      reason: "a DCC block needs its HP or its Hit Dice",
      clause: "N-CONVERSION-07",
    })
  }
  const hp = b.hp ?? hpFromHitDice(b.hitDice!)
  const armor = armorFromKind(b.armor)
  const shield = convertShield(b.shield)
  const resolve = resolveFromTemperament(b.temperament)
  return {
    name: b.name,
    from: "dcc",
    drives: [...(b.drives ?? [])],
    hp,
    attacks: convertAttacks(b.attacks, closestStandardDie),
    ...(armor === undefined ? {} : { armor }),
    ...(shield === undefined ? {} : { shield }),
    resolve,
    specials: convertSpecials(b.specials),
    notes: [
      b.hp === undefined
        ? `HP ${hp} = Hit Dice ${b.hitDice} × 4 (N-CONVERSION-07).`
        : `HP ${hp} stay the same (N-CONVERSION-07).`,
      `Weapons stay the same, funky dice rounded to the closest standard die (N-CONVERSION-07, R-N-CONV-02); ${b.armor} armor becomes ${armor === undefined ? "no Armor" : armor.toUpperCase()} (R-N-CONV-08).`,
      `Resolve ${resolve}% for a ${b.temperament} temperament (N-CONVERSION-08).`,
      ...npcSavesNote(b.saves),
      ...drivesNote(b.drives),
    ],
  }
}
