/**
 * Special rules as data: each effect is an object with a `kind`, what it selects, a value, and
 * an optional `when` condition. Anything the vocabulary cannot say is a named code `hook`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { CreatureRef, EncounterRef, HookName, TableRef } from "../terms/Ids.js"
import { Amount, type common, effect } from "./EffectKind.js"

export { Amount, D6Amount } from "./EffectKind.js"

import { Action, Carryable, Die, EventName, Inches, Noise, Pool, Stat, Store, Token } from "./Vocabulary.js"
import {
  ActionNoise,
  DamageModifier,
  Exchange,
  Experience,
  FreeAction,
  GainItem,
  Heal,
  Hit,
  IgnoreTerrain,
  Lurking,
  MarketRestriction,
  ReplaceOutcome,
  SetCounter,
  SetStatus,
  Threshold,
  Untargetable,
} from "./VocabularyV2.js"

/** A profile stat changes (Radio carrier: move −2). */
export const StatModifier = effect(
  "statModifier",
  { stat: Stat, value: Schema.Int },
  "Adds to (or takes from) a profile stat",
)
/** A pool gains or loses dice; `blightDice` makes the extra dice Blight dice (B-BLIGHTDICE-*). */
export const PoolModifier = effect(
  "poolModifier",
  {
    pool: Schema.Union([Pool, Schema.Literal("any")]),
    dice: Schema.Int.check(Schema.isBetween({ minimum: -6, maximum: 6 })),
    blightDice: Schema.optional(Schema.Boolean),
  },
  "Adds dice to (or removes dice from) a pool; never changes the 4+ (B-DICE-06)",
)
/** A single die's result is adjusted (Hard to Kill: casualty +1). */
export const DieModifier = effect(
  "dieModifier",
  { die: Die, value: Schema.Int.check(Schema.isBetween({ minimum: -6, maximum: 6 })) },
  "Adds to (or takes from) a single die's result",
)
/** A re-roll; the engine still lets no die be re-rolled twice (B-REROLL-01). */
export const Reroll = effect(
  "reroll",
  {
    roll: Schema.Union([Pool, Die, Schema.Literal("any")]),
    dice: Schema.Literals(["one", "failures", "all"]),
    cost: Schema.optional(Schema.Struct({ store: Store, amount: Schema.Int.check(Schema.isGreaterThan(0)) })),
  },
  "Re-roll dice of a pool or a single die; no die is re-rolled twice (B-REROLL-01)",
)
/** An action is not allowed (Radio carrier: no Sprint). */
export const ForbidAction = effect("forbidAction", { action: Action }, "An action may not be taken")
/** The minimum Noise a model has (Radio carrier: at least 1). */
export const MinimumNoise = effect(
  "minimumNoise",
  { value: Noise },
  "The model always has at least this much Noise",
)
/** Noise tokens made (B-NOISE-*). */
export const MakeNoise = effect(
  "noise",
  { value: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })) },
  "Makes Noise",
)
/** Blight gained, optionally on a d6 chance ("on 1–2, +1 Blight"). */
export const GainBlight = effect(
  "blight",
  {
    value: Schema.Int.check(Schema.isBetween({ minimum: -12, maximum: 12 })),
    chance: Schema.optional(
      Schema.Struct({
        on: Schema.Tuple([
          Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })),
          Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })),
        ]),
      }).annotate({
        description: "Roll a d6: the effect happens on a result in [from, to]",
      }),
    ),
  },
  "Gains (or loses) Blight",
)
/** A Ledger entry: stores gained or spent, with the reason. */
export const StoresChange = effect(
  "stores",
  {
    store: Store,
    amount: Amount,
    reason: Schema.Trimmed.check(Schema.isNonEmpty()),
    boosted: Schema.optional(Schema.Boolean),
  },
  "Adds to (or takes from) a Refuge store, with a Ledger reason; `boosted` applies the reward boost (B-LOOT-03)",
)
/** A roll on a table. */
export const RollOnTable = effect(
  "rollTable",
  {
    table: TableRef,
    times: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 }))),
  },
  "Rolls on a table",
)
/** A token placed on the table (Seed-Bearer drops an Amber Loot token). */
export const PlaceToken = effect(
  "placeToken",
  {
    token: Token,
    contents: Schema.optional(Carryable),
    radius: Schema.optional(Inches),
    at: Schema.optional(Schema.Literals(["here", "target", "lair", "blightEdge"])),
  },
  "Places a token (Loot, spore cloud, fire, light, Noise)",
)
/** Creatures arrive: a named creature, or a roll on an Encounter table. */
export const Spawn = effect(
  "spawn",
  {
    creature: Schema.optional(CreatureRef),
    encounter: Schema.optional(EncounterRef),
    count: Schema.optional(Amount),
    at: Schema.Literals(["here", "lair", "blightEdge", "nearestLairOrEdge"]),
  },
  "Brings creatures: `creature` (with `count`) or a roll on `encounter`, exactly one of them",
).check(
  Schema.makeFilter((e) =>
    (e.creature === undefined) === (e.encounter === undefined)
      ? { path: ["creature"], issue: "a spawn names exactly one of `creature` or `encounter`" }
      : undefined,
  ),
)
/** The model skips a test and passes it (Med kit: no first-aid test). */
export const SkipTest = effect("skipTest", { test: Pool }, "The test is passed without rolling")
/** Crits are blocked on this face or better (Helmet: 5, B-ARMOUR-02). */
export const CritBlock = effect(
  "critBlock",
  { on: Schema.Int.check(Schema.isBetween({ minimum: 2, maximum: 6 })) },
  "Armour dice block a Crit on this face or better",
)
/** Some models ignore this one (One with the Garden, B-CONGREGATION-14). */
export const IgnoreBy = effect(
  "ignoreBy",
  { by: Schema.Literals(["creatures", "creaturesHuntingByNoise", "gardeners", "enemies"]) },
  "The model is ignored by these",
)
/** A named code hook registered in TypeScript, with its parameters. */
export const Hook = effect(
  "hook",
  {
    hook: HookName,
    params: Schema.optional(Schema.Unknown).annotate({
      description: "Free-form: its shape depends on the hook, whose own schema checks it when the pack loads",
    }),
  },
  "Runs a named code hook (registered with registerHook); `params` are checked by the hook's own schema",
)

/** An effect with no nested effects. */
export const LeafEffect = Schema.Union([
  StatModifier,
  PoolModifier,
  DieModifier,
  Reroll,
  ForbidAction,
  MinimumNoise,
  MakeNoise,
  GainBlight,
  StoresChange,
  RollOnTable,
  PlaceToken,
  Spawn,
  SkipTest,
  CritBlock,
  IgnoreBy,
  Experience,
  GainItem,
  Heal,
  DamageModifier,
  Hit,
  Threshold,
  FreeAction,
  ActionNoise,
  ReplaceOutcome,
  Untargetable,
  IgnoreTerrain,
  SetStatus,
  Exchange,
  MarketRestriction,
  SetCounter,
  Lurking,
  Hook,
])
/** A leaf effect. */
export type LeafEffect = typeof LeafEffect.Type
type LeafEffectEncoded = typeof LeafEffect.Encoded
type Common = Schema.Struct.Type<typeof common>
type CommonEncoded = Schema.Struct.Encoded<typeof common>

// Recursion needs the nesting kinds written out once; every leaf stays derived from its schema.
/** A trigger: on an event, if `when` holds, do the effects. */
export interface Trigger extends Common {
  readonly kind: "trigger"
  readonly on: EventName
  readonly do: ReadonlyArray<Effect>
}
/** An aura: effects on models within `radius` inches. */
export interface Aura extends Common {
  readonly kind: "aura"
  readonly radius: number
  readonly affects: "friends" | "enemies" | "creatures" | "models"
  readonly effects: ReadonlyArray<Effect>
}
/** A new action (an action Gift, an attacking Gift, a Leader's order). */
export interface GrantAction extends Common {
  readonly kind: "grantAction"
  readonly name: string
  readonly attack: boolean
  readonly noise?: number | undefined
  readonly test?: { readonly pool: Pool; readonly target: number } | undefined
  readonly do: ReadonlyArray<Effect>
}
/** Any effect. */
export type Effect = LeafEffect | Trigger | Aura | GrantAction
interface TriggerEncoded extends CommonEncoded {
  readonly kind: "trigger"
  readonly on: EventName
  readonly do: ReadonlyArray<EffectEncoded>
}
interface AuraEncoded extends CommonEncoded {
  readonly kind: "aura"
  readonly radius: number
  readonly affects: "friends" | "enemies" | "creatures" | "models"
  readonly effects: ReadonlyArray<EffectEncoded>
}
interface GrantActionEncoded extends CommonEncoded {
  readonly kind: "grantAction"
  readonly name: string
  readonly attack: boolean
  readonly noise?: number | undefined
  readonly test?: { readonly pool: Pool; readonly target: number } | undefined
  readonly do: ReadonlyArray<EffectEncoded>
}
/** An effect as written in JSON. */
export type EffectEncoded = LeafEffectEncoded | TriggerEncoded | AuraEncoded | GrantActionEncoded

const self: Schema.Codec<Effect, EffectEncoded> = Schema.suspend(() => Effect)

/** Any effect. */
export const Effect: Schema.Codec<Effect, EffectEncoded> = Schema.Union([
  LeafEffect,
  effect(
    "trigger",
    { on: EventName, do: Schema.Array(self).check(Schema.isMinLength(1)) },
    "On an event, do the effects",
  ),
  effect(
    "aura",
    {
      radius: Inches,
      affects: Schema.Literals(["friends", "enemies", "creatures", "models"]),
      effects: Schema.Array(self).check(Schema.isMinLength(1)),
    },
    "Effects on models within `radius` inches",
  ),
  effect(
    "grantAction",
    {
      name: Schema.Trimmed.check(Schema.isNonEmpty()),
      attack: Schema.Boolean,
      noise: Schema.optional(Noise),
      test: Schema.optional(
        Schema.Struct({ pool: Pool, target: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })) }),
      ),
      do: Schema.Array(self),
    },
    "A new action; `attack: true` makes it the activation's one attack (B-ACT-03)",
  ),
]).annotate({ identifier: "Effect", description: "A special rule as data" })

/** A list of effects. */
export const Effects = Schema.Array(Effect)
