/**
 * Dice and odds: `rollDice` (REST: POST /v1/dice/roll) and `oddsPool`, `oddsTest`, `oddsShoot`,
 * `oddsFight`, `oddsCheck`, `oddsStep` (REST: POST /v1/odds/{kind}). Reports are JSON, the same
 * shapes as REST and the CLI's `--json`.
 */
import { Check, StepDie } from "@blight/dice"
import * as App from "../../app/App.js"
import { OddsReport, RollReport } from "../../http/reports.js"
import { builder } from "../builder.js"
import { wordsEnum } from "../enums.js"
import { outputType } from "../fromSchema.js"
import { bodyOf, resolving } from "../resolve.js"

export const RollKindRef = wordsEnum(
  "RollKind",
  ["pool", "test", "dice", "d20", "step", "fate"],
  "pool: a Blight pool; test: a test against a target; dice: a dice expression; d20: a Nightsong d20 or Check; step: a Step Die; fate: the Die of Fate",
)

export const AdvantageRef = wordsEnum(
  "Advantage",
  Check.Advantage.literals,
  "A d20 Check rolled with advantage, disadvantage or neither",
)

export const StepDieRef = wordsEnum(
  "StepDie",
  StepDie.STEP_CHAIN,
  "A Nightsong Step Die: d12, d10, d8, d6, d4 or d0 (spent)",
)

export const RollInputRef = builder.inputType("RollInput", {
  description:
    "What to roll: `kind` and the fields that kind takes (pool: dice, blightDice; test: dice, target, blightDice; dice: expression; d20: advantage, ability, dr, nuanced; step: die; fate: threshold)",
  fields: (t) => ({
    kind: t.field({ type: RollKindRef, required: true }),
    dice: t.int({ description: "Dice in the pool after modifiers (below 1: a desperate roll)" }),
    blightDice: t.int({ description: "Blight dice added (0–3)" }),
    target: t.int({ description: "Successes needed (default 1)" }),
    expression: t.string({ description: '"2d6", "d66", "d3", "d%", "3d6x10", "half"' }),
    advantage: t.field({ type: AdvantageRef }),
    ability: t.int(),
    dr: t.int(),
    nuanced: t.boolean(),
    die: t.field({ type: StepDieRef }),
    threshold: t.int({ description: "The Die of Fate's threshold (default 50)" }),
    seed: t.float({
      description:
        "A whole number from 0 to 2^53−1; the same seed replays the same roll (default: a new one)",
    }),
    manual: t.intList({ description: "The numbers rolled at the table, used in order, instead of a seed" }),
  }),
})

builder.mutationField("rollDice", (t) =>
  t.field({
    description:
      "Roll a pool, a test, a dice expression, a d20, a step die or the Die of Fate (seeded, or manual dice). The report carries the seed, so any roll replays.",
    type: outputType(RollReport, "RollReport"),
    nullable: true,
    args: { input: t.arg({ type: RollInputRef, required: true }) },
    resolve: resolving((a) => App.roll(bodyOf(a.input))),
  }),
)

const odds = (kind: string, args: Record<string, unknown>) => App.odds(kind, bodyOf(args))

/** Each kind's odds report type, from the same schemas as the REST answers. */
const oddsType = {
  pool: outputType(OddsReport.pool, "PoolOdds"),
  test: outputType(OddsReport.test, "TestOdds"),
  shoot: outputType(OddsReport.shoot, "ShootOdds"),
  fight: outputType(OddsReport.fight, "FightOdds"),
  check: outputType(OddsReport.check, "CheckOddsReport"),
  step: outputType(OddsReport.step, "StepDieLifetime"),
}

builder.queryFields((t) => ({
  oddsPool: t.field({
    description: "Exact odds: the successes and crits of a pool",
    type: oddsType.pool,
    nullable: true,
    args: { dice: t.arg.int({ required: true }), blightDice: t.arg.int() },
    resolve: resolving((a) => odds("pool", a)),
  }),
  oddsTest: t.field({
    description: "Exact odds: the chance a test passes (B-TEST-01)",
    type: oddsType.test,
    nullable: true,
    args: { dice: t.arg.int({ required: true }), target: t.arg.int(), blightDice: t.arg.int() },
    resolve: resolving((a) => odds("test", a)),
  }),
  oddsShoot: t.field({
    description: "Exact odds: the damage a shot does through armour",
    type: oddsType.shoot,
    nullable: true,
    args: {
      dice: t.arg.int({ required: true }),
      armour: t.arg.int({ required: true }),
      helmet: t.arg.boolean(),
      damage: t.arg.int(),
      blightDice: t.arg.int(),
    },
    resolve: resolving((a) => odds("shoot", a)),
  }),
  oddsFight: t.field({
    description: "Exact odds: who wins a fight, and by how much",
    type: oddsType.fight,
    nullable: true,
    args: {
      attacker: t.arg.int({ required: true }),
      defender: t.arg.int({
        description: "The defender's Fight dice: needed unless defenderDown (B-FIGHT-01)",
      }),
      defenderDown: t.arg.boolean({
        description: "The defender is Down: no roll, a certain Finish (B-FIGHT-05/06, R-DICE-05)",
      }),
      attackerBlight: t.arg.int({ description: "Blight dice the attacker adds (0–3, B-BLIGHTDICE-01)" }),
      defenderBlight: t.arg.int({
        description: "Blight dice the defender adds (0–3, B-BLIGHTDICE-01); none if it is Down (B-FIGHT-05)",
      }),
    },
    resolve: resolving((a) => odds("fight", a)),
  }),
  oddsCheck: t.field({
    description: "Exact odds: a Nightsong Check (or a Nuanced Check)",
    type: oddsType.check,
    nullable: true,
    args: {
      ability: t.arg.int({ required: true }),
      dr: t.arg.int({ required: true }),
      advantage: t.arg({ type: AdvantageRef }),
      nuanced: t.arg.boolean(),
    },
    resolve: resolving((a) => odds("check", a)),
  }),
  oddsStep: t.field({
    description: "Exact odds: how long a Step Die lasts",
    type: oddsType.step,
    nullable: true,
    args: { die: t.arg({ type: StepDieRef, required: true }) },
    resolve: resolving((a) => odds("step", a)),
  }),
}))
