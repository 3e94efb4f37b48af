/**
 * The Effect API: a `Dice` service with Layers for a seeded and a manual source. Every die goes
 * through a recording wrapper, so a caller can read what was rolled for audit or replay.
 * Hot loops should use the plain functions instead (see the package README).
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import { type PoolRoll, type PoolSpec, reroll, rollPool, rollTest, type TestRoll } from "./blight/Pool.js"
import { type DiceError, type DieOutOfRange, isDiceError, type ManualDiceExhausted } from "./Errors.js"
import { type ExpressionRoll, expression, rollExpression } from "./Expression.js"
import {
  type CheckRoll,
  type CheckSpec,
  type NuancedRoll,
  rollCheck,
  rollNuanced,
} from "./nightsong/Check.js"
import { type FateRoll, rollFate } from "./nightsong/Fate.js"
import { rollStepDie, type StepDie, type StepDieRoll } from "./nightsong/StepDie.js"
import type { PrngState, Seed } from "./Prng.js"
import { type DiceSource, type DieRecord, manual, RecordingSource, SeededSource } from "./Source.js"
import { rollOn, rollUnique, type Table, type TableRoll } from "./Table.js"

/** What the `Dice` service offers. */
export interface DiceService {
  readonly die: (sides: number, label?: string) => Effect.Effect<number, DieOutOfRange | ManualDiceExhausted>
  readonly roll: (expression: string) => Effect.Effect<ExpressionRoll, DiceError>
  readonly pool: (spec: PoolSpec) => Effect.Effect<PoolRoll, DiceError>
  readonly test: (spec: PoolSpec & { readonly target?: number }) => Effect.Effect<TestRoll, DiceError>
  readonly reroll: (pool: PoolRoll, indices: readonly number[]) => Effect.Effect<PoolRoll, DiceError>
  readonly table: <A>(table: Table<A>) => Effect.Effect<TableRoll<A>, DiceError>
  readonly tableUnique: <A>(
    table: Table<A>,
    taken: ReadonlySet<number>,
  ) => Effect.Effect<{ readonly rolls: readonly TableRoll<A>[]; readonly final: TableRoll<A> }, DiceError>
  readonly check: (spec: CheckSpec) => Effect.Effect<CheckRoll, DiceError>
  readonly nuanced: (spec: CheckSpec) => Effect.Effect<NuancedRoll, DiceError>
  readonly fate: (threshold?: number) => Effect.Effect<FateRoll, DiceError>
  readonly stepDie: (die: StepDie) => Effect.Effect<StepDieRoll, DiceError>
  /** Every die rolled through this service so far. */
  readonly log: Effect.Effect<readonly DieRecord[]>
  /** The PRNG state, for a seeded source (to store and restore mid-stream); `undefined` for manual dice. */
  readonly snapshot: Effect.Effect<PrngState | undefined>
}

/** Runs plain dice code, turning the dice core's thrown errors into typed failures (anything else is a defect). */
export const attempt = <A>(f: () => A): Effect.Effect<A, DiceError> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(f())
    } catch (e) {
      return isDiceError(e) ? Effect.fail(e) : Effect.die(e)
    }
  })

/** Builds the service over any source. */
export const makeDice = (source: DiceSource): DiceService => {
  const rec = source instanceof RecordingSource ? source : new RecordingSource(source)
  const inner = rec.inner
  return {
    die: (sides, label) =>
      attempt(() => rec.die(sides, label)) as Effect.Effect<number, DieOutOfRange | ManualDiceExhausted>,
    roll: Effect.fn("Dice.roll")(function* (text: string) {
      const e = yield* attempt(() => expression(text))
      return yield* attempt(() => rollExpression(rec, e))
    }),
    pool: (spec) => attempt(() => rollPool(rec, spec)).pipe(Effect.withSpan("Dice.pool")),
    test: (spec) => attempt(() => rollTest(rec, spec)).pipe(Effect.withSpan("Dice.test")),
    reroll: (pool, indices) => attempt(() => reroll(rec, pool, indices)),
    table: (table) => attempt(() => rollOn(rec, table)),
    tableUnique: (table, taken) => attempt(() => rollUnique(rec, table, taken)),
    check: (spec) => attempt(() => rollCheck(rec, spec)),
    nuanced: (spec) => attempt(() => rollNuanced(rec, spec)),
    fate: (threshold) => attempt(() => rollFate(rec, threshold)),
    stepDie: (die) => attempt(() => rollStepDie(rec, die)),
    log: Effect.sync(() => [...rec.log]),
    snapshot: Effect.sync(() => (inner instanceof SeededSource ? inner.snapshot() : undefined)),
  }
}

/** The `Dice` service key. */
export class Dice extends Context.Service<Dice, DiceService>()("@blight/dice/Dice") {
  /** Dice from a seed: the same seed gives the same rolls. */
  static seeded = (seed: Seed): Layer.Layer<Dice> =>
    Layer.sync(Dice, () => makeDice(SeededSource.fromSeed(seed)))
  /** Dice continuing from a stored PRNG state. */
  static restored = (state: PrngState): Layer.Layer<Dice> =>
    Layer.sync(Dice, () => makeDice(SeededSource.fromState(state)))
  /** Dice rolled at the table: the numbers are used in order; bad or missing numbers fail with a typed error. */
  static manual = (values: Iterable<unknown>): Layer.Layer<Dice> =>
    Layer.sync(Dice, () => makeDice(manual(values)))
  /** Dice from any source. */
  static fromSource = (source: DiceSource): Layer.Layer<Dice> => Layer.sync(Dice, () => makeDice(source))
}
