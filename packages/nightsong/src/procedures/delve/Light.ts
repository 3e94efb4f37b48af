/**
 * Delving and light (N-DELVE): one careful move and one action per Turn; a lit light's duration is
 * a Step Die (D6 torch, D8 lantern) rolled each Turn; without light, Disadvantage on all rolls.
 *
 * Ruling R-N-DELVE-01 (AMB-N-09): lighting a torch rolls the torch bundle's Step Die once (one torch
 * taken); lighting a lantern rolls its oil's Step Die once. The duration die starts fresh each time.
 *
 * @since 0.1.0
 */
import { type DiceSource, StepDie } from "@blight/dice"
import { Schema } from "effect"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"
import { type Gear, use } from "../items/Gear.js"

/** Kinds of light and their duration dice (N-DELVE-04). */
export const LIGHT_DIE = { torch: "d6", lantern: "d8" } as const
/** A torch or an oil lantern. */
export const LightKind = Schema.Literals(["torch", "lantern"])
export type LightKind = typeof LightKind.Type

/** The group's light: none, or a lit light with its duration die (N-DELVE-02: one is enough for all). */
export const Light = Schema.Struct({
  lit: Schema.Boolean,
  kind: Schema.optional(LightKind),
  die: StepDie.StepDie,
}).annotate({ identifier: "Light" })
export type Light = typeof Light.Type

/** No light. */
export const DARK: Light = { lit: false, die: "d0" }

/** Rolls are made with Disadvantage without a light (N-DELVE-02). */
export const rollsInDarkness = (light: Light): "none" | "disadvantage" =>
  light.lit ? "none" : "disadvantage"

/** Lights a torch or lantern from a consumable (N-DELVE-03), starting its duration die (N-DELVE-04). */
export const light = (source: DiceSource, kind: LightKind, consumable: Gear) =>
  tracked(source, (s) => {
    ensure(
      consumable.die !== "d0",
      "consumable.die",
      `${consumable.name} is used up; nothing left to light`,
      "N-ITEM-01",
    )
    const { dice: _d, ...taken } = use(s, consumable, "consumable")
    const lit: Light = { lit: true, kind, die: LIGHT_DIE[kind] }
    return { light: lit, consumable: taken.gear, consumableRoll: taken.roll }
  })

/** What a delving Turn allows: a careful move to a nearby area and one more action (N-DELVE-01). */
export const TURN_ALLOWANCE = { moves: 1, actions: 1 } as const

/** A Turn passes: the Referee rolls the light's die; at D0 it goes out (N-DELVE-04). */
export const turn = (source: DiceSource, current: Light) =>
  tracked(source, (s) => {
    if (!current.lit) return { light: current, wentOut: false, advantage: rollsInDarkness(current) }
    const roll = StepDie.rollStepDie(s, current.die)
    const next: Light = roll.ended ? DARK : { ...current, die: roll.after }
    return { light: next, roll, wentOut: roll.ended, advantage: rollsInDarkness(next) }
  })
