/**
 * Requests and reports: the JSON shapes of "roll this" and "what are the odds of this", shared
 * by the `blight` CLI (`--json`) and the HTTP API, so both answer the same question the same way.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { rollPool, rollTest } from "./blight/Pool.js"
import { DiceRuleViolation } from "./Errors.js"
import { Advantage, rollCheck, rollNuanced } from "./nightsong/Check.js"
import { rollFate } from "./nightsong/Fate.js"
import { rollAny, rollExpressionOf } from "./nightsong/MultipleAttack.js"
import { rollStepDie, StepDie } from "./nightsong/StepDie.js"
import { DOWN_DEFENDER_DICE, fightOdds, shootOdds } from "./odds/CombatOdds.js"
import { checkChance, nuancedOdds, stepDieLifetime } from "./odds/NightsongOdds.js"
import { poolOdds, testChance } from "./odds/PoolOdds.js"
import { halfRow } from "./Roll.js"
import type { DiceSource } from "./Source.js"

/**
 * Every number a request takes, its bounds and the rule behind them: the schemas below and the
 * CLI's arguments both use these, so an error names the same rule on either side.
 */
export const BOUNDS = {
  pool: { min: -20, max: 60, why: "this tool's bound; below 1 die is a desperate roll (B-DICE-07)" },
  blightDice: {
    min: 0,
    max: 3,
    why: "Blight dice up to the tier's allowance, 3 at Overgrown (B-BLIGHTDICE-01)",
  },
  target: { min: 1, max: 100, why: "a test needs at least 1 success (B-TEST-01, B-TEST-02)" },
  armour: { min: 0, max: 20, why: "Armour dice; Armour 0 rolls none (B-ARMOUR-01, R-DICE-03)" },
  damage: { min: 0, max: 20, why: "Health lost per hit not blocked (B-ARMOUR-03)" },
  ability: { min: -10, max: 30, why: "the Ability score added to the d20 (N-CHECK-02)" },
  dr: { min: 0, max: 60, why: "the Difficulty Rating (N-CHECK-01)" },
  threshold: { min: 0, max: 100, why: "the Die of Fate's threshold in % (N-FATE-02)" },
} as const

/** The message for a number outside its bounds. */
export const outOfBounds = (k: keyof typeof BOUNDS, actual: unknown): string =>
  `expected ${BOUNDS[k].min} to ${BOUNDS[k].max}, got ${String(actual)}: ${BOUNDS[k].why}`

const bounded = (k: keyof typeof BOUNDS) => {
  const { min, max } = BOUNDS[k]
  // A filter, not Schema.isBetween: v4 filter messages are fixed strings, and ours names the value.
  return Schema.Int.check(
    Schema.makeFilter((n: number) => (n >= min && n <= max) || outOfBounds(k, n), {
      // effect 3's between(min, max): its title and description are in the published JSON Schemas.
      title: `between(${min}, ${max})`,
      description: `a number between ${min} and ${max}`,
      toJsonSchema: () => ({ minimum: min, maximum: max }),
    }),
  )
}

const Pool = bounded("pool").annotate({
  description: "Dice in the pool after modifiers (below 1: a desperate roll)",
})
// Annotated as keys (on the optional), as in effect 3: the JSON Schema wraps the bounded $ref.
const BlightDice = Schema.optional(bounded("blightDice")).annotate({
  description: "Blight dice added (0–3)",
})
const Target = Schema.optional(bounded("target")).annotate({
  description: "Successes needed (default 1)",
})
const Ability = Schema.optional(bounded("ability"))
const DRField = bounded("dr")
const ArmourField = bounded("armour")
const DamageField = bounded("damage")

/** What to roll. */
export const RollRequest = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("pool"), dice: Pool, blightDice: BlightDice }),
  Schema.Struct({ kind: Schema.Literal("test"), dice: Pool, target: Target, blightDice: BlightDice }),
  Schema.Struct({
    kind: Schema.Literal("dice"),
    expression: Schema.String.annotate({
      description: '"2d6", "d66", "d3", "d%", "3d6x10", "half", or a multiple attack "d8+d8" (highest kept)',
    }),
  }),
  Schema.Struct({
    kind: Schema.Literal("d20"),
    advantage: Schema.optional(Advantage),
    ability: Ability,
    dr: Schema.optional(DRField),
    nuanced: Schema.optional(Schema.Boolean),
  }),
  Schema.Struct({ kind: Schema.Literal("step"), die: StepDie }),
  Schema.Struct({
    kind: Schema.Literal("fate"),
    threshold: Schema.optional(bounded("threshold")),
  }),
]).annotate({ identifier: "RollRequest" })
export type RollRequest = typeof RollRequest.Type

/** Rolls what a request asks for; the report is plain JSON. Throws the dice core's typed errors. */
export const rollReport = (source: DiceSource, r: RollRequest): Record<string, unknown> => {
  switch (r.kind) {
    case "pool":
      return { kind: "pool", ...rollPool(source, { dice: r.dice, blightDice: r.blightDice ?? 0 }) }
    case "test":
      return {
        kind: "test",
        ...rollTest(source, { dice: r.dice, blightDice: r.blightDice ?? 0, target: r.target ?? 1 }),
      }
    case "step":
      return { kind: "step", ...rollStepDie(source, r.die) }
    case "fate":
      return { kind: "fate", ...rollFate(source, r.threshold ?? 50) }
    case "d20": {
      const advantage = r.advantage ?? "none"
      const ability = r.ability ?? 0
      if (r.nuanced)
        return { kind: "nuanced", advantage, ...rollNuanced(source, { ability, dr: r.dr ?? 12, advantage }) }
      const c = rollCheck(source, { ability, dr: r.dr ?? 0, advantage })
      return r.dr === undefined
        ? { kind: "d20", advantage, rolls: c.rolls, kept: c.kept, total: c.total }
        : { kind: "check", advantage, ...c }
    }
    case "dice": {
      // A dice expression, or Nightsong's multiple attack ("d8+d8", highest kept, N-COMBAT-12).
      const e = rollExpressionOf(r.expression)
      const roll = rollAny(source, e)
      const out: Record<string, unknown> = { kind: "dice", ...roll }
      if (e.kind === "d66") out.halfRow = halfRow(roll.dice[0]!, roll.dice[1]!)
      return out
    }
  }
}

/** What to compute the odds of. */
export const OddsRequest = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("pool"), dice: Pool, blightDice: BlightDice }),
  Schema.Struct({ kind: Schema.Literal("test"), dice: Pool, target: Target, blightDice: BlightDice }),
  Schema.Struct({
    kind: Schema.Literal("shoot"),
    dice: Pool,
    armour: ArmourField,
    helmet: Schema.optional(Schema.Boolean),
    damage: Schema.optional(DamageField),
    blightDice: BlightDice,
  }),
  Schema.Struct({
    kind: Schema.Literal("fight"),
    attacker: Pool,
    defender: Schema.optional(Pool).annotate({
      description:
        "The defender's Fight dice: needed unless defenderDown, refused with it (B-FIGHT-01, B-FIGHT-05)",
    }),
    defenderDown: Schema.optional(Schema.Boolean).annotate({
      description: "The defender is Down: no roll, a certain Finish (B-FIGHT-05/06, R-DICE-05)",
    }),
    attackerBlight: Schema.optional(bounded("blightDice")).annotate({
      description: "Blight dice the attacker adds (0–3, B-BLIGHTDICE-01)",
    }),
    defenderBlight: Schema.optional(bounded("blightDice")).annotate({
      description: "Blight dice the defender adds (0–3, B-BLIGHTDICE-01); none if it is Down (B-FIGHT-05)",
    }),
  }),
  Schema.Struct({
    kind: Schema.Literal("check"),
    ability: bounded("ability"),
    dr: DRField,
    advantage: Schema.optional(Advantage),
    nuanced: Schema.optional(Schema.Boolean),
  }),
  Schema.Struct({ kind: Schema.Literal("step"), die: StepDie }),
]).annotate({ identifier: "OddsRequest" })
export type OddsRequest = typeof OddsRequest.Type

/** Exact odds for a request, as plain JSON (the CLI's `--json` shapes). */
export const oddsReport = (r: OddsRequest): Record<string, unknown> => {
  switch (r.kind) {
    case "pool": {
      const blightDice = r.blightDice ?? 0
      const o = poolOdds(r.dice, blightDice)
      return {
        dice: r.dice,
        blightDice,
        desperate: o.desperate,
        successes: o.successes,
        crits: o.crits,
        joint: o.joint,
        ...(blightDice > 0 ? { blight: o.blight } : {}),
        mean: blightDice > 0 ? o.mean : { successes: o.mean.successes, crits: o.mean.crits },
      }
    }
    case "test":
      return { probability: testChance(r.dice, r.target ?? 1, r.blightDice ?? 0) }
    case "shoot": {
      const o = shootOdds({
        dice: r.dice,
        armour: r.armour,
        helmet: r.helmet ?? false,
        damage: r.damage ?? 1,
        blightDice: r.blightDice ?? 0,
      })
      // As the pool's report: what Blight dice give only when some are rolled.
      return {
        damage: o.damage,
        mean: o.mean,
        ...((r.blightDice ?? 0) > 0 ? { meanBlight: o.meanBlight } : {}),
      }
    }
    case "fight": {
      // Without this a missing defender would quietly be a desperate 0-dice pool.
      if (r.defender === undefined && !r.defenderDown)
        throw new DiceRuleViolation({
          path: "defender",
          reason: "the defender's Fight dice are needed (both sides roll) unless it is Down",
          clause: "B-FIGHT-01",
        })
      // Refused, not ignored: whoever gave the dice believes the defender rolls them.
      if (r.defender !== undefined && r.defenderDown)
        throw new DiceRuleViolation({ path: "defender", reason: DOWN_DEFENDER_DICE, clause: "B-FIGHT-05" })
      const o = fightOdds({
        attacker: r.attacker,
        defender: r.defender ?? 0,
        defenderDown: r.defenderDown ?? false,
        attackerBlight: r.attackerBlight ?? 0,
        defenderBlight: r.defenderBlight ?? 0,
      })
      return {
        margin: o.margin,
        attackerWins: o.attackerWins,
        defenderWins: o.defenderWins,
        tie: o.tie,
        mean: o.mean,
        ...((r.attackerBlight ?? 0) + (r.defenderBlight ?? 0) > 0 ? { meanBlight: o.meanBlight } : {}),
      }
    }
    case "check": {
      const advantage = r.advantage ?? "none"
      return r.nuanced
        ? {
            ability: r.ability,
            dr: r.dr,
            advantage,
            nuanced: true,
            ...nuancedOdds(r.ability, r.dr, advantage),
          }
        : { ability: r.ability, dr: r.dr, advantage, probability: checkChance(r.ability, r.dr, advantage) }
    }
    case "step":
      return { ...stepDieLifetime(r.die) }
  }
}
