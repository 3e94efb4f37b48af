/**
 * Knave → Nightsong (N-CONVERSION-05): HP = Hit Dice × 4 where Hit Dice are listed, listed HP stay;
 * Weapons stay; light Armor or 1–2 Armor Points → D4, heavier or 3+ → D6; Resolve from Morale,
 * through the same bands as the others (R-N-CONV-05, AMB-N-19).
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
  ShieldIn,
} from "./Common.js"
import { ConversionError } from "./Errors.js"
import type { NightsongNpc } from "./Npc.js"
import { Morale, resolveFromMorale } from "./Resolve.js"

/** A Knave creature: HP or Hit Dice (or both: listed HP win), armor as a weight or Armor Points. */
export const KnaveBlock = Schema.Struct({
  ...common,
  hp: Schema.optional(Schema.Int.pipe(Schema.positive())),
  hitDice: Schema.optional(Schema.Number.pipe(Schema.positive())),
  armor: Schema.optional(
    Schema.Union(
      Schema.Literal("none", "light", "heavy"),
      Schema.Struct({ points: Schema.Int.pipe(Schema.nonNegative()) }),
    ),
  ),
  shield: Schema.optional(ShieldIn),
  morale: Morale,
}).annotations({ identifier: "KnaveBlock" })
export type KnaveBlock = typeof KnaveBlock.Type

/** Converts a Knave creature (N-CONVERSION-05). */
export const fromKnave = (b: KnaveBlock & CommonIn): NightsongNpc => {
  if (b.hp === undefined && b.hitDice === undefined) {
    throw new ConversionError({
      path: "hp",
      reason: "a Knave block needs its HP or its Hit Dice",
      clause: "N-CONVERSION-05",
    })
  }
  const hp = b.hp ?? Math.ceil(b.hitDice! * 4)
  const a = b.armor ?? "none"
  const armor =
    a === "none"
      ? undefined
      : a === "light"
        ? "d4"
        : a === "heavy"
          ? "d6"
          : a.points === 0
            ? undefined
            : a.points <= 2
              ? "d4"
              : "d6"
  const shield = convertShield(b.shield)
  const armorSource = typeof a === "string" ? `${a} armor` : `${a.points} Armor Points`
  return {
    name: b.name,
    from: "knave",
    drives: [...(b.drives ?? [])],
    hp,
    attacks: convertAttacks(b.attacks),
    ...(armor === undefined ? {} : { armor }),
    ...(shield === undefined ? {} : { shield }),
    resolve: resolveFromMorale(b.morale),
    specials: convertSpecials(b.specials),
    notes: [
      b.hp === undefined
        ? `HP ${hp} = Hit Dice ${b.hitDice} × 4 (N-CONVERSION-05).`
        : `HP ${hp} stay the same (N-CONVERSION-05).`,
      `Weapons stay the same; ${armorSource} becomes ${armor === undefined ? "no Armor" : armor.toUpperCase()} (N-CONVERSION-05).`,
      `Resolve ${resolveFromMorale(b.morale)}% from Morale ${b.morale}, by the Morale bands (N-CONVERSION-02, R-N-CONV-05).`,
      ...drivesNote(b.drives),
    ],
  }
}
