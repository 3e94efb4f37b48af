/**
 * `when` conditions: a small typed language of facts the engine knows. Each condition is an
 * object with one distinguishing key; `all`, `any`, `not` and `target` combine them. Nothing is
 * evaluated as a string: an unknown key is a load error, not a silent `false`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { CreatureRef, HomeRef, ObjectiveRef, SeasonRef, WeaponRef } from "../terms/Ids.js"
import { Action, Carryable, Feature, Inches, TierName } from "./Vocabulary.js"

const strict = <F extends Schema.Struct.Fields>(fields: F, identifier: string, description: string) =>
  Schema.Struct(fields).annotate({ identifier, description })

const IntRange = Schema.Struct({
  min: Schema.optional(Schema.Int),
  max: Schema.optional(Schema.Int),
}).annotate({ identifier: "IntRange", description: "An inclusive range; either end may be left out" })

/** A distance target: a feature, a named creature, or an objective. */
export const DistanceTo = Schema.Union([
  Feature,
  Schema.Struct({ creature: CreatureRef }),
  Schema.Struct({ objective: ObjectiveRef }),
]).annotate({ identifier: "DistanceTo" })

/** The facts a condition can test, one per object. */
export const ConditionLeaf = Schema.Union([
  strict(
    { round: Schema.Union([Schema.Int, IntRange]) },
    "RoundCondition",
    "The battle round: a number or a range",
  ),
  strict({ carrying: Carryable }, "CarryingCondition", "The model carries this"),
  strict(
    { wasDown: Schema.Boolean },
    "WasDownCondition",
    "The model was (or was not) Down at the end of the battle",
  ),
  strict({ down: Schema.Boolean }, "DownCondition", "The model is (or is not) Down now"),
  strict({ shaken: Schema.Boolean }, "ShakenCondition", "The model is (or is not) Shaken"),
  strict({ hidden: Schema.Boolean }, "HiddenCondition", "The model is (or is not) Hidden"),
  strict(
    { tier: Schema.Union([TierName, Schema.Array(TierName)]) },
    "TierCondition",
    "The model's Blight tier",
  ),
  strict({ blight: IntRange }, "BlightCondition", "The model's Blight, as a range"),
  strict({ noise: IntRange }, "NoiseCondition", "The model's Noise this round, as a range"),
  strict({ within: Inches, of: DistanceTo }, "WithinCondition", "Within N inches of something"),
  strict(
    { inCover: Schema.Literals(["any", "partial", "most", "none"]) },
    "CoverCondition",
    "The model's cover: any, partial, most, or none (in the open)",
  ),
  strict({ inSporeTerrain: Schema.Boolean }, "SporeTerrainCondition", "In Spore terrain or a spore cloud"),
  strict({ season: SeasonRef }, "SeasonCondition", "The campaign's current Season"),
  strict({ home: HomeRef }, "HomeCondition", "The Refuge's Home"),
  strict(
    {
      objective: ObjectiveRef,
      state: Schema.Literals([
        "standing",
        "burned",
        "carried",
        "dropped",
        "freed",
        "rescued",
        "complete",
        "failed",
      ]),
    },
    "ObjectiveCondition",
    "A scenario objective is in this state",
  ),
  strict({ action: Action }, "ActionCondition", "The action being taken"),
  strict(
    { using: Schema.Union([Schema.Literals(["melee", "ranged", "thrown", "firearm", "blast"]), WeaponRef]) },
    "UsingCondition",
    "The weapon used: a type or a weapon id",
  ),
  strict(
    { charging: Schema.Boolean },
    "ChargingCondition",
    "The attacker moved into contact this activation",
  ),
  strict({ congregation: Schema.Boolean }, "CongregationCondition", "The model belongs to a Congregation"),
])
/** A leaf condition. */
export type ConditionLeaf = typeof ConditionLeaf.Type

// Recursion needs the types written out once; the leaves above stay derived from their schema.
/** A condition: a leaf, or `all` / `any` / `not`, or `target` (the same test on the other party). */
export type Condition =
  | ConditionLeaf
  | { readonly all: ReadonlyArray<Condition> }
  | { readonly any: ReadonlyArray<Condition> }
  | { readonly not: Condition }
  | { readonly target: Condition }
/** A condition as written in JSON. */
export type ConditionEncoded =
  | typeof ConditionLeaf.Encoded
  | { readonly all: ReadonlyArray<ConditionEncoded> }
  | { readonly any: ReadonlyArray<ConditionEncoded> }
  | { readonly not: ConditionEncoded }
  | { readonly target: ConditionEncoded }

const self: Schema.Codec<Condition, ConditionEncoded> = Schema.suspend(() => Condition)

/** A `when` condition. */
export const Condition: Schema.Codec<Condition, ConditionEncoded> = Schema.Union([
  ConditionLeaf,
  strict({ all: Schema.Array(self).check(Schema.isMinLength(1)) }, "AllCondition", "Every condition holds"),
  strict(
    { any: Schema.Array(self).check(Schema.isMinLength(1)) },
    "AnyCondition",
    "At least one condition holds",
  ),
  strict({ not: self }, "NotCondition", "The condition does not hold"),
  strict(
    { target: self },
    "TargetCondition",
    "The condition holds for the other party (the target, or the roll's subject)",
  ),
]).annotate({ identifier: "Condition", description: "A `when` condition" })
