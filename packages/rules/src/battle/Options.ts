/**
 * Rulings a table may flip (docs/rulings/battle.md): where the rules can be read two ways and
 * players may reasonably differ, the raid's settings hold the reading, stored in the state, so a
 * replay and a simulation use the same one. Every option names the ruling that sets its default.
 *
 * @since 0.2.0
 */
import { Effect, Schema } from "effect"

const option = <A extends string>(values: readonly [A, ...A[]], fallback: A, description: string) =>
  Schema.Literals(values)
    .pipe(Schema.withDecodingDefaultType(Effect.sync(() => fallback)))
    .annotate({ description })
const flag = (fallback: boolean, description: string) =>
  Schema.Boolean.pipe(Schema.withDecodingDefaultType(Effect.sync(() => fallback))).annotate({ description })

/** The raid's ruleset options; every field has a default. */
export const Options = Schema.Struct({
  critsInFight: option(
    ["keptFirst", "cancelledFirst"],
    "keptFirst",
    "R-BATTLE-01 (AMB-B-01): a Fight winner's hits are Crits first (min(Crits, hits)), or the loser's successes cancel Crits first",
  ),
  spores: option(
    ["endPhase", "activation", "both"],
    "endPhase",
    "R-BATTLE-02 (AMB-B-02): when Spore terrain is rolled for",
  ),
  outnumbering: option(["both", "attacker"], "both", "R-BATTLE-03 (AMB-B-15): who counts Outnumbering dice"),
  meleeNoise: option(
    ["own", "attacker"],
    "own",
    "R-BATTLE-04 (AMB-B-17): each fighter makes its own melee weapon's Noise, or both make the attacker's",
  ),
  dinCounts: option(
    ["made", "onTable"],
    "made",
    "R-BATTLE-05 (AMB-B-18): the Din totals all Noise made this round, or only tokens still on the table",
  ),
  intoFightOnes: option(
    ["extraHit", "divertHit"],
    "extraHit",
    "R-BATTLE-06 (AMB-B-14): each 1 shooting into a fight is an extra hit on a friend, or turns a hit onto a friend",
  ),
  blightDiceOnArmour: flag(false, "R-BATTLE-07 (AMB-B-10): Blight dice may be added to Armour rolls"),
  blightOnesJam: flag(true, "R-BATTLE-08 (AMB-B-27): 1s on Blight dice count towards a Jam"),
  creaturesAttackDown: flag(
    false,
    "R-BATTLE-09 (AMB-B-07): creatures target and Finish Down survivors (default: their behaviours skip them)",
  ),
  bowsLoadedFree: flag(
    false,
    "R-BATTLE-11 (AMB-B-29): a bow or crossbow starts loaded for free (default: loading it draws 1 Arrow or Bolt)",
  ),
  giftsAtOnce: flag(false, "R-BATTLE-12 (B-GIFT-03): roll Gifts and Marks as soon as a threshold is reached"),
  reactiveBlightDice: option(
    ["ask", "never"],
    "ask",
    "R-BATTLE-13: a survivor with Blight dice is asked whether to add them to pools it rolls in reply (defending, Dread, Rout)",
  ),
  doubleRout: option(
    ["draw", "bothLose"],
    "draw",
    "R-BATTLE-14 (GAP-B-26): every Refuge Routing at once is a draw",
  ),
  rerolls: option(
    ["perDie", "perRoll"],
    "perDie",
    "R-BATTLE-39 (B-REROLL-01): several rules may each re-roll different dice of one roll, no die twice; or one re-roll per roll",
  ),
}).annotate({ identifier: "BattleOptions" })
export type Options = typeof Options.Type
export type OptionsInput = typeof Options.Encoded

/** The default options. */
export const defaults: Options = Schema.decodeUnknownSync(Options)({})
