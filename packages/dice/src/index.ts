/**
 * @blight/dice — deterministic dice for The Blight and Nightsong.
 *
 * Plain functions for hot paths (`Pool.rollPool(source, …)`), an Effect service (`Dice`) for
 * call boundaries, and exact odds (`PoolOdds.poolOdds(5)`).
 *
 * @since 0.1.0
 */
export * as Armour from "./blight/Armour.js"
export * as Pool from "./blight/Pool.js"
export * as Tier from "./blight/Tier.js"
export * as Errors from "./Errors.js"
export {
  DiceRuleViolation,
  DieOutOfRange,
  InvalidDiceExpression,
  InvalidTable,
  ManualDiceExhausted,
} from "./Errors.js"
export * as Expression from "./Expression.js"
export * as Check from "./nightsong/Check.js"
export * as Fate from "./nightsong/Fate.js"
export * as MultipleAttack from "./nightsong/MultipleAttack.js"
export * as StepDie from "./nightsong/StepDie.js"
export * as CombatOdds from "./odds/CombatOdds.js"
export * as Distribution from "./odds/Distribution.js"
export * as NightsongOdds from "./odds/NightsongOdds.js"
export * as PoolOdds from "./odds/PoolOdds.js"
export * as Prng from "./Prng.js"
export * as Report from "./Report.js"
export * as Roll from "./Roll.js"
export * as Service from "./Service.js"
// The most used names, flat, for convenience.
export { Dice, makeDice } from "./Service.js"
export type { DiceSource, DieRecord } from "./Source.js"
export * as Source from "./Source.js"
export { manual, recording, replay, restore, seeded } from "./Source.js"
export * as SchemaJson from "./schema/SchemaJson.js"
export * as SchemaText from "./schema/SchemaText.js"
export * as Table from "./Table.js"
