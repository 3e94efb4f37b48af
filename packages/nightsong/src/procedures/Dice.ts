/**
 * Shared dice plumbing for procedures: every procedure records each die it rolls, so what
 * happened can be shown, audited and replayed with `replay(dice)`.
 *
 * @since 0.1.0
 */
import { type DiceSource, type DieRecord, recording, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { ensure } from "./Errors.js"

/** One die rolled, as data. */
export const RolledDie = Schema.Struct({
  sides: Schema.Int,
  value: Schema.Int,
  label: Schema.optional(Schema.String),
}).annotate({ identifier: "RolledDie" })
export type RolledDie = typeof RolledDie.Type

/** A die that can be rolled for Damage or Armor: D4 to D12 (a spent D0 cannot be rolled). */
export const LiveDie = Schema.Literals(["d4", "d6", "d8", "d10", "d12"]).annotate({ identifier: "LiveDie" })
export type LiveDie = typeof LiveDie.Type

/** Runs `f` on a recording wrapper of `source` and returns its result with every die rolled. */
export const tracked = <A>(
  source: DiceSource,
  f: (dice: DiceSource) => A,
): A & { readonly dice: DieRecord[] } => {
  const rec = recording(source)
  const result = f(rec)
  return { ...result, dice: [...rec.log] }
}

/** Sides of a die. */
export const sides = (die: StepDie.StepDie): number => StepDie.sidesOf(die)

/** Rolls a die by name ("d8" → 1–8). */
export const rollDie = (source: DiceSource, die: LiveDie, label: string): number =>
  source.die(sides(die), label)

/** Checks that a step die sits inside an allowed band of the chain (e.g. Armor D4–D6). */
export const requireBand = (
  die: StepDie.StepDie,
  lowest: LiveDie,
  highest: LiveDie,
  path: string,
  clause: string,
  what = "this die",
): void => {
  const s = sides(die)
  const band = `${lowest.toUpperCase()} to ${highest.toUpperCase()}`
  ensure(
    s === 0 || (s >= sides(lowest) && s <= sides(highest)),
    path,
    `${what} runs ${band}, got ${die.toUpperCase()}`,
    clause,
  )
}

/** Steps a die up `steps` steps, stopping at D12 (used by foraging). */
export const stepUp = (die: StepDie.StepDie, steps = 1): StepDie.StepDie => StepDie.step(die, -steps)
