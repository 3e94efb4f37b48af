/**
 * The wire shapes of what the dice core and the Market report (rolls, odds, trip lines). The
 * library declares these as TypeScript interfaces, not schemas, so the schemas are here, and each
 * is checked at compile time to be exactly the library's type: if the library changes a report,
 * this file stops compiling rather than the document drifting.
 */
import {
  Check,
  type CombatOdds,
  type Distribution as Dist,
  type Expression,
  type Fate,
  type NightsongOdds,
  type Pool,
  type PoolOdds,
  type Source,
  StepDie as Step,
} from "@blight/dice"
import { Ledger, type Market, Refuge } from "@blight/rules"
import { Schema } from "effect"

/** Compiles only when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const same = <_ extends true>() => undefined

const StepDie = Step.StepDie
const Advantage = Check.Advantage
const Probability = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))

export const Outcome = Schema.Struct({ value: Schema.Number, probability: Probability }).annotate({
  identifier: "OddsOutcome",
})
export const Distribution = Schema.Array(Outcome).annotate({
  identifier: "Distribution",
  description: "Every value with its exact probability, in ascending order of value",
})
same<Same<typeof Distribution.Type, Dist.Distribution>>()

export const DieRecord = Schema.Struct({
  sides: Schema.Int,
  value: Schema.Int,
  label: Schema.optionalKey(Schema.String),
}).annotate({ identifier: "DieRecord" })
same<Same<typeof DieRecord.Type, Source.DieRecord>>()

// ── rolls ───────────────────────────────────────────────────────────────────

const PoolDie = Schema.Struct({
  face: Schema.Int,
  blight: Schema.Boolean,
  rerolled: Schema.Boolean,
  history: Schema.Array(Schema.Int),
}).annotate({ identifier: "PoolDie" })
same<Same<typeof PoolDie.Type, Pool.PoolDie>>()

const poolRollFields = {
  dice: Schema.Array(PoolDie),
  desperate: Schema.Boolean,
  successes: Schema.Int,
  crits: Schema.Int,
  blightGained: Schema.Int,
}
const PoolRoll = Schema.Struct(poolRollFields).annotate({ identifier: "PoolRoll" })
same<Same<typeof PoolRoll.Type, Pool.PoolRoll>>()

const testRollFields = { pool: PoolRoll, target: Schema.Int, passed: Schema.Boolean }
same<Same<Schema.Struct.Type<typeof testRollFields>, Pool.TestRoll>>()

const stepRollFields = { before: StepDie, face: Schema.Int, after: StepDie, ended: Schema.Boolean }
same<Same<Schema.Struct.Type<typeof stepRollFields>, Step.StepDieRoll>>()

const fateRollFields = { roll: Schema.Int, threshold: Schema.Int, yes: Schema.Boolean }
same<Same<Schema.Struct.Type<typeof fateRollFields>, Fate.FateRoll>>()

const checkRollFields = {
  rolls: Schema.Array(Schema.Int),
  kept: Schema.Int,
  total: Schema.Int,
  dr: Schema.Int,
  success: Schema.Boolean,
}
same<Same<Schema.Struct.Type<typeof checkRollFields>, Check.CheckRoll>>()

const nuancedRollFields = {
  rolls: Schema.Array(Schema.Int),
  kept: Schema.Tuple([Schema.Int, Schema.Int]),
  totals: Schema.Tuple([Schema.Int, Schema.Int]),
  dr: Schema.Int,
  outcome: Schema.Literals(["strong", "weak", "failure"]),
}
same<Same<Schema.Struct.Type<typeof nuancedRollFields>, Check.NuancedRoll>>()

const expressionRollFields = {
  expression: Schema.String,
  dice: Schema.Array(Schema.Int),
  value: Schema.Int,
  key: Schema.optionalKey(Schema.String),
}
same<Same<Schema.Struct.Type<typeof expressionRollFields>, Expression.ExpressionRoll>>()

/** What every roll answer carries: how it was rolled, and every die rolled in order. */
const provenance = {
  seed: Schema.optional(Schema.Int).annotate({
    description: "Roll again with it to replay (absent when manual)",
  }),
  manual: Schema.optional(Schema.Literal(true)).annotate({
    description: "The dice were given, not rolled",
  }),
  rolled: Schema.Array(DieRecord),
}
const kind = <K extends string>(k: K) => ({ kind: Schema.Literal(k) })

/** What `POST /v1/dice/roll` answers: one shape per kind of roll (Report.rollReport). */
export const RollReport = Schema.Union([
  Schema.Struct({ ...kind("pool"), ...poolRollFields, ...provenance }).annotate({
    identifier: "PoolRollReport",
  }),
  Schema.Struct({ ...kind("test"), ...testRollFields, ...provenance }).annotate({
    identifier: "TestRollReport",
  }),
  Schema.Struct({ ...kind("step"), ...stepRollFields, ...provenance }).annotate({
    identifier: "StepRollReport",
  }),
  Schema.Struct({ ...kind("fate"), ...fateRollFields, ...provenance }).annotate({
    identifier: "FateRollReport",
  }),
  Schema.Struct({
    ...kind("d20"),
    advantage: Advantage,
    rolls: checkRollFields.rolls,
    kept: checkRollFields.kept,
    total: checkRollFields.total,
    ...provenance,
  }).annotate({ identifier: "D20RollReport" }),
  Schema.Struct({ ...kind("check"), advantage: Advantage, ...checkRollFields, ...provenance }).annotate({
    identifier: "CheckRollReport",
  }),
  Schema.Struct({
    ...kind("nuanced"),
    advantage: Advantage,
    ...nuancedRollFields,
    ...provenance,
  }).annotate({
    identifier: "NuancedRollReport",
  }),
  Schema.Struct({
    ...kind("dice"),
    ...expressionRollFields,
    halfRow: Schema.optional(Schema.Int).annotate({ description: "For d66: the half-table row (1–12)" }),
    ...provenance,
  }).annotate({ identifier: "DiceRollReport" }),
]).annotate({ identifier: "RollReport" })

// ── odds ────────────────────────────────────────────────────────────────────

const Joint = Schema.Array(
  Schema.Struct({ successes: Schema.Int, crits: Schema.Int, probability: Probability }),
)
const poolOddsFields = {
  dice: Schema.Int,
  blightDice: Schema.Int,
  desperate: Schema.Boolean,
  successes: Distribution,
  crits: Distribution,
  joint: Joint,
  mean: Schema.Struct({ successes: Schema.Number, crits: Schema.Number, blight: Schema.Number }),
  blight: Distribution,
}
same<Same<Schema.Struct.Type<typeof poolOddsFields>, PoolOdds.PoolOdds>>()

const shootOddsFields = {
  damage: Distribution,
  hitsThrough: Distribution,
  mean: Schema.Number,
  meanBlight: Schema.Number,
}
same<Same<Schema.Struct.Type<typeof shootOddsFields>, CombatOdds.ShootOdds>>()

const fightOddsFields = {
  margin: Distribution,
  attackerWins: Probability,
  defenderWins: Probability,
  tie: Probability,
  mean: Schema.Number,
  meanBlight: Schema.Struct({ attacker: Schema.Number, defender: Schema.Number }),
}
same<Same<Schema.Struct.Type<typeof fightOddsFields>, CombatOdds.FightOdds>>()

/** Expected Blight gained (B-BLIGHTDICE-03): answered, as the pool's, only when Blight dice are rolled. */
const onlyWithBlight = <S extends Schema.Top>(s: S) =>
  Schema.optional(s).annotate({
    description:
      "Only with Blight dice: the Blight expected from their 1s, Blight dice / 6 (B-BLIGHTDICE-03)",
  })

const nuancedOddsFields = { strong: Probability, weak: Probability, failure: Probability }
same<Same<Schema.Struct.Type<typeof nuancedOddsFields>, NightsongOdds.NuancedOdds>>()

const lifetimeFields = { die: StepDie, mean: Schema.Number, rolls: Distribution }
same<Same<Schema.Struct.Type<typeof lifetimeFields>, NightsongOdds.StepDieLifetime>>()

/** What each `POST /v1/odds/{kind}` answers (Report.oddsReport), by kind. */
export const OddsReport = {
  pool: Schema.Struct({
    ...poolOddsFields,
    blight: Schema.optional(Distribution).annotate({ description: "Only with Blight dice" }),
    mean: Schema.Struct({
      successes: Schema.Number,
      crits: Schema.Number,
      blight: Schema.optional(Schema.Number).annotate({ description: "Only with Blight dice" }),
    }),
  }).annotate({ identifier: "PoolOdds" }),
  test: Schema.Struct({ probability: Probability }).annotate({ identifier: "TestOdds" }),
  shoot: Schema.Struct({
    damage: shootOddsFields.damage,
    mean: shootOddsFields.mean,
    meanBlight: onlyWithBlight(shootOddsFields.meanBlight),
  }).annotate({
    identifier: "ShootOdds",
  }),
  fight: Schema.Struct({
    ...fightOddsFields,
    meanBlight: onlyWithBlight(fightOddsFields.meanBlight),
  }).annotate({ identifier: "FightOdds" }),
  check: Schema.Union([
    Schema.Struct({
      ability: Schema.Int,
      dr: Schema.Int,
      advantage: Advantage,
      probability: Probability,
    }).annotate({ identifier: "CheckOdds" }),
    Schema.Struct({
      ability: Schema.Int,
      dr: Schema.Int,
      advantage: Advantage,
      nuanced: Schema.Literal(true),
      ...nuancedOddsFields,
    }).annotate({ identifier: "NuancedCheckOdds" }),
  ]).annotate({ identifier: "CheckOddsReport" }),
  step: Schema.Struct(lifetimeFields).annotate({ identifier: "StepDieLifetime" }),
} as const

// ── the Market ──────────────────────────────────────────────────────────────

const TripLine = Schema.Struct({
  order: Schema.Int,
  what: Schema.String,
  done: Schema.Boolean,
  availability: Schema.optionalKey(
    Schema.Struct({
      rarity: Schema.String,
      roll: Schema.Int,
      modifiers: Schema.Array(Ledger.RollModifier),
      total: Schema.Int,
      needs: Schema.Int,
      available: Schema.Boolean,
      rerolled: Schema.optionalKey(Schema.Struct({ roll: Schema.Int, by: Schema.String })),
    }).annotate({ identifier: "Availability" }),
  ),
  note: Schema.optionalKey(Schema.String),
}).annotate({ identifier: "TripLine" })
same<Same<typeof TripLine.Type, Market.TripLine>>()

/** A Market trip as recorded with the Refuge: its seed, when, and what happened line by line. */
export const TripRecord = Schema.Struct({
  seed: Schema.Int,
  at: Schema.String,
  lines: Schema.Array(TripLine),
}).annotate({ identifier: "MarketTrip" })

/** A stored Refuge as answered: the document, and the stores its Ledger folds to. */
export const RefugeDocument = Schema.Struct({ ...Refuge.Refuge.fields, stores: Ledger.Stores }).annotate({
  identifier: "RefugeWithStores",
  description: "The Refuge, and the stores its Ledger folds to",
})
