/**
 * Weapons (B-MARKET-01, GAP-B-05, GAP-B-21): melee, ranged or thrown; dice added to Fight or
 * Shoot; Damage; range; Mag; Noise 0–3; rarity and cost; traits (Scrap, blast, Crit effects);
 * ammunition; and whether the weapon counts toward the 2-weapon limit (B-FOUNDING-06).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { WeaponId } from "../../terms/Ids.js"
import { Effects } from "../../vocabulary/Effect.js"
import { Inches, Noise } from "../../vocabulary/Vocabulary.js"
import { entryFields, Rarity, Salvage } from "./Common.js"

/** A blast (B-BLAST-*): an attack of `dice` dice on every model within `radius` inches. */
export const Blast = Schema.Struct({
  radius: Inches,
  dice: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 })),
}).annotate({
  identifier: "Blast",
  description: "An attack of `dice` dice on each model within `radius` inches",
})

/** Weapon traits. */
export const WeaponTraits = Schema.Struct({
  scrap: Schema.optional(Schema.Boolean).annotate({ description: "Jams on two or more 1s (B-JAM-01)" }),
  blast: Schema.optional(Blast),
  fire: Schema.optional(Schema.Boolean).annotate({
    description: "Its hits are Fire hits (burn a Bloom Heart)",
  }),
  light: Schema.optional(Schema.Boolean).annotate({ description: "It is a light that draws Swarms" }),
  crit: Schema.optional(
    Schema.Struct({
      text: Schema.Trimmed.check(Schema.isNonEmpty()),
      effects: Schema.optional(Effects),
    }).annotate({
      description: "What a Crit does beyond a hit",
    }),
  ),
}).annotate({ identifier: "WeaponTraits" })

/** A weapon. */
export const Weapon = Schema.Struct({
  ...entryFields(WeaponId),
  type: Schema.Literals(["melee", "ranged", "thrown"]),
  firearm: Schema.optional(Schema.Boolean).annotate({ description: "A gun: magazine and Reloads" }),
  dice: Schema.Int.check(Schema.isBetween({ minimum: -2, maximum: 6 })).annotate({
    description: "Dice added to Fight or Shoot",
  }),
  damage: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })),
  range: Schema.optional(Inches),
  mag: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 }))),
  noise: Noise,
  rarity: Rarity,
  cost: Salvage,
  ammunition: Schema.Literals(["reloads", "arrows", "bolts", "none"]),
  countsTowardLimit: Schema.Boolean.annotate({
    description: "Counts toward the 2-weapon limit (Molotovs and bombs don't, B-FOUNDING-06)",
  }),
  free: Schema.optional(Schema.Boolean).annotate({
    description: "Every survivor has it for free (Improvised weapon, Thrown junk, B-FOUNDING-07)",
  }),
  traits: Schema.optional(WeaponTraits),
  text: Schema.optional(Schema.String),
  effects: Schema.optional(Effects),
})
  .check(
    Schema.makeFilter((w) => {
      const issues: Array<{ path: ReadonlyArray<string>; issue: string }> = []
      if (w.type !== "melee" && w.range === undefined)
        issues.push({ path: ["range"], issue: "a ranged or thrown weapon has a range" })
      if (w.type === "melee" && w.range !== undefined)
        issues.push({ path: ["range"], issue: "a melee weapon has no range" })
      if (w.ammunition === "reloads" && w.mag === undefined)
        issues.push({ path: ["mag"], issue: "a weapon that uses Reloads has a Mag (B-AMMO-01)" })
      if (w.mag !== undefined && w.ammunition !== "reloads")
        issues.push({ path: ["mag"], issue: "only a weapon that uses Reloads has a Mag" })
      if (w.type === "melee" && w.ammunition !== "none")
        issues.push({ path: ["ammunition"], issue: "a melee weapon uses no ammunition" })
      return issues.length === 0 ? true : issues
    }),
  )
  .annotate({ identifier: "Weapon" })
export type Weapon = typeof Weapon.Type
