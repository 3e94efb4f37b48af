/**
 * Cairn → Nightsong (N-CONVERSION-04): HP and Weapons stay the same; Armor 1 becomes D4, Armor 2
 * or 3 D6; Resolve from WIL.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { armorName, buildNpc, type CommonIn, common } from "./Common.js"
import type { NightsongNpc } from "./Npc.js"
import { resolveFromWil, Wil } from "./Resolve.js"

/** A Cairn creature. Armor 0 is none (R-N-CONV-01). */
export const CairnBlock = Schema.Struct({
  ...common,
  hp: Schema.Int.check(Schema.isGreaterThan(0)),
  armor: Schema.optional(Schema.Literals([0, 1, 2, 3])),
  str: Schema.optional(Schema.Int),
  dex: Schema.optional(Schema.Int),
  wil: Wil,
}).annotate({ identifier: "CairnBlock" })
export type CairnBlock = typeof CairnBlock.Type

/** Converts a Cairn creature (N-CONVERSION-04). */
export const fromCairn = (b: CairnBlock & CommonIn): NightsongNpc => {
  const points = b.armor ?? 0
  const armor = points === 0 ? undefined : points === 1 ? "d4" : "d6"
  const resolve = resolveFromWil(b.wil)
  return buildNpc("cairn", b, {
    hp: b.hp,
    armor,
    resolve,
    notes: [
      `HP ${b.hp} and Weapons stay the same (N-CONVERSION-04).`,
      `Armor: ${points === 0 ? "none (R-N-CONV-01)" : `Armor ${points} becomes ${armorName(armor)} (N-CONVERSION-04)`}.`,
      `Resolve ${resolve}% from WIL ${b.wil} (N-CONVERSION-04).`,
    ],
  })
}
