/**
 * Creatures (GAP-B-09): Move, Fight, weapon dice and Damage, Health, Armour, fixed Initiative,
 * Senses, behaviour, Infectious, Dread, XP, special rules, escorts and drops.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { BehaviourRef, CreatureId } from "../../terms/Ids.js"
import { Carryable, Inches } from "../../vocabulary/Vocabulary.js"
import { CreatureGroup, entryFields, NamedRule } from "./Common.js"

const small = (max: number, description: string) =>
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: max })).annotate({ description })

/** A creature. */
export const Creature = Schema.Struct({
  ...entryFields(CreatureId),
  faction: Schema.Literals(["blight", "gardeners"]).annotate({
    description: "blight: the Blight's creatures; gardeners: third-party Gardeners (B-GARDENER-*)",
  }),
  move: small(16, "Move in inches"),
  fight: small(10, "Fight dice"),
  weapon: Schema.Struct({
    name: Schema.optional(Schema.String),
    dice: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 })),
    damage: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })),
  }).annotate({ description: "Weapon dice added to Fight, and Damage per hit" }),
  health: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })),
  armour: small(6, "Armour dice"),
  initiative: small(12, "Fixed Initiative (B-INIT-02)"),
  senses: Inches.annotate({ description: "Senses, in inches (GAP-B-19)" }),
  behaviour: BehaviourRef,
  infectious: small(6, "Blight per unblocked hit (B-INFECT-01); 0 if not Infectious"),
  dread: small(6, "Dread: successes needed on the Nerve test (0: no Dread)"),
  xp: small(20, "XP for slaying it"),
  specialRules: Schema.optional(Schema.Array(NamedRule)),
  escorts: Schema.optional(Schema.Array(CreatureGroup)).annotate({
    description: "Creatures that come with it: a `spawn` naming it brings one set of them (R-CONTENT-40)",
  }),
  drops: Schema.optional(
    Schema.Array(
      Schema.Struct({ token: Schema.Literal("loot"), contents: Carryable }).annotate({
        description: "A token left where it is slain (Seed-Bearer: Amber Loot, B-CREATURE-08)",
      }),
    ),
  ),
  text: Schema.optional(Schema.String),
}).annotate({ identifier: "Creature" })
export type Creature = typeof Creature.Type
