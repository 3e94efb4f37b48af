/**
 * Dice sources: where every random number comes from. A seeded source draws from a
 * {@link Prng}; a manual source takes the numbers players rolled on the table, so a tracker
 * can accept physical dice. Any source can be wrapped to record every die for audit and replay.
 *
 * @since 0.1.0
 */
import { DieOutOfRange, ManualDiceExhausted } from "./Errors.js"
import { Prng, type PrngState, type Seed } from "./Prng.js"

/** One die rolled: how many sides, what came up, and (optionally) what it was for. */
export interface DieRecord {
  readonly sides: number
  readonly value: number
  readonly label?: string
}

/** Anything that can roll a die. `die(6)` is a d6 showing 1–6. */
export interface DiceSource {
  readonly kind: "seeded" | "manual" | "recording"
  /** A number from 1 to `sides`. A manual source throws {@link DieOutOfRange} or {@link ManualDiceExhausted}. */
  die(sides: number, label?: string): number
}

const checkSides = (sides: number): void => {
  if (!Number.isInteger(sides) || sides < 1 || sides > 4294967296) {
    throw new RangeError(`sides: a die has a whole number of sides from 1 to 2^32, got ${String(sides)}`)
  }
}

/** A source driven by a seeded PRNG; its state can be saved and restored mid-stream. */
export class SeededSource implements DiceSource {
  readonly kind = "seeded" as const
  private constructor(readonly prng: Prng) {}

  static fromSeed(seed: Seed): SeededSource {
    return new SeededSource(Prng.fromSeed(seed))
  }
  static fromState(state: PrngState): SeededSource {
    return new SeededSource(Prng.fromState(state))
  }
  die(sides: number): number {
    checkSides(sides)
    return this.prng.die(sides)
  }
  snapshot(): PrngState {
    return this.prng.snapshot()
  }
}

/** A source that hands out, in order, the numbers players rolled on the table. */
export class ManualSource implements DiceSource {
  readonly kind = "manual" as const
  private position = 0
  private readonly values: readonly unknown[]

  constructor(values: Iterable<unknown>) {
    this.values = [...values]
  }
  die(sides: number): number {
    checkSides(sides)
    const index = this.position
    if (index >= this.values.length) {
      throw new ManualDiceExhausted({ index, sides, provided: this.values.length })
    }
    const value = this.values[index]
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > sides) {
      throw new DieOutOfRange({ index, sides, value })
    }
    this.position++
    return value
  }
  /** How many numbers have been used. */
  get used(): number {
    return this.position
  }
  /** How many numbers are left. */
  get remaining(): number {
    return this.values.length - this.position
  }
}

/** Wraps a source and records every die it rolls, in order. */
export class RecordingSource implements DiceSource {
  readonly kind = "recording" as const
  private readonly records: DieRecord[] = []
  constructor(readonly inner: DiceSource) {}

  die(sides: number, label?: string): number {
    const value = this.inner.die(sides, label)
    this.records.push(label === undefined ? { sides, value } : { sides, value, label })
    return value
  }
  /** Everything rolled so far. */
  get log(): readonly DieRecord[] {
    return this.records
  }
  /** Forget the log (e.g. after persisting it), keeping the inner source where it is. */
  drain(): DieRecord[] {
    return this.records.splice(0, this.records.length)
  }
}

/** A seeded source. */
export const seeded = (seed: Seed): SeededSource => SeededSource.fromSeed(seed)
/** A seeded source restored from a snapshot. */
export const restore = (state: PrngState): SeededSource => SeededSource.fromState(state)
/** A manual source from the numbers rolled at the table. */
export const manual = (values: Iterable<unknown>): ManualSource => new ManualSource(values)
/** A recording wrapper around any source. */
export const recording = (source: DiceSource): RecordingSource => new RecordingSource(source)
/** A manual source that replays a recorded log exactly. */
export const replay = (log: readonly DieRecord[]): ManualSource => new ManualSource(log.map((r) => r.value))
