/**
 * The Nightsong NPC stat block a conversion produces (N-CONVERSION-01): Drives, Hit Points,
 * Attacks, Armor/Shields, Resolve and Specials, plus notes that say what was converted and how.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { AbilityName } from "../character/Ability.js"

/** An Armor or Shield die (N-ARMOR-01, N-SHIELD-02). */
export const ProtectionDie = Schema.Literals(["d4", "d6"]).annotate({ identifier: "ProtectionDie" })
export type ProtectionDie = typeof ProtectionDie.Type

/** An attack: its name and its Damage, e.g. "D8", "2D6", or "D6 + D6" for multiple attacks. */
export const NpcAttack = Schema.Struct({ name: Schema.NonEmptyString, damage: Schema.NonEmptyString })
export type NpcAttack = typeof NpcAttack.Type

/** A player character's save against a special: a Check with an Ability against a DR (N-SAVE-01). */
export const SaveCheck = Schema.Struct({ ability: AbilityName, dr: Schema.Int })
export type SaveCheck = typeof SaveCheck.Type

/** A special trait or power, with the Check a player character makes to resist it, if any. */
export const NpcSpecial = Schema.Struct({ text: Schema.NonEmptyString, save: Schema.optional(SaveCheck) })
export type NpcSpecial = typeof NpcSpecial.Type

/** The systems a stat block can be converted from. */
export const SYSTEMS = ["mork-borg", "cairn", "knave", "ose", "dcc"] as const
export const System = Schema.Literals(SYSTEMS).annotate({ identifier: "ConversionSystem" })
export type System = typeof System.Type

/** A Nightsong NPC (N-CONVERSION-01). No `armor` or `shield` means none. */
export const NightsongNpc = Schema.Struct({
  name: Schema.NonEmptyString,
  from: System,
  drives: Schema.Array(Schema.String),
  hp: Schema.Int,
  attacks: Schema.Array(NpcAttack),
  armor: Schema.optional(ProtectionDie),
  shield: Schema.optional(ProtectionDie),
  /** Percent: a morale test holds on 1D% equal to or under it (N-CONVERSION-01). */
  resolve: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  specials: Schema.Array(NpcSpecial),
  /** How each number was converted, with the clause or ruling, for the Referee to adjust (N-CONVERSION-01). */
  notes: Schema.Array(Schema.String),
}).annotate({ identifier: "NightsongNpc" })
export type NightsongNpc = typeof NightsongNpc.Type

/** Whether a morale test holds: 1D% equal to or under Resolve (N-CONVERSION-01). */
export const moraleHolds = (roll: number, resolve: number): boolean => roll <= resolve
