/**
 * What the raid engine reads of content effects, for the "nothing silent" check
 * (`vocabulary/Interpreters.ts`): each line names the kind and selector and the function that acts on
 * it. Battle effects not listed here are reported by the check (issue 11 turns the list to failing).
 *
 * @since 0.2.0
 */

import type { Kind } from "../terms/Ids.js"
import type { Interpretation } from "../vocabulary/Interpreters.js"
import { POOLS, type Pool } from "../vocabulary/Vocabulary.js"

/**
 * The pools a model's own rules modify in a raid: every pool but the armour roll, the Blight call
 * and the Din (rolled for a model or by the engine, not by the model's rules).
 */
const NOT_A_MODELS_POOL: ReadonlyArray<Pool> = ["armour", "blight.call", "din"]
const BATTLE_POOLS = POOLS.filter((p) => !NOT_A_MODELS_POOL.includes(p))

/** The kinds of entry a model's rules in a raid are gathered from (`combat/Pools.effectsOf`). */
const RULES_OF_A_MODEL: ReadonlyArray<Kind> = [
  "backgrounds",
  "skills",
  "gifts",
  "marks",
  "kit",
  "weapons",
  "leader",
  "objectives",
  "homes",
  "improvements",
  "creatures",
]

/** Everything the raid engine interprets. */
export const battleInterpretations: ReadonlyArray<Interpretation> = [
  ...BATTLE_POOLS.map(
    (pool): Interpretation => ({
      area: "battle",
      kind: "poolModifier",
      selects: pool,
      scopes: ["self", "refuge"],
      // What `Pools.effectsOf` gathers a model's rules from: an armour's or a scenario's own pool
      // modifier is not read, so the check reports it rather than let it sit silent.
      from: RULES_OF_A_MODEL,
      by: "combat/Pools.poolModifiers",
    }),
  ),
  {
    area: "battle",
    kind: "poolModifier",
    selects: "shoot",
    scopes: ["target"],
    from: ["gifts"],
    by: "actions/Shoot.targetShootModifiers",
  },
  // The Din's dice: a creature's own (unconditional), an objective's, the scenario's and the
  // Season's (R-CONTENT-43); a survivor's rule about the Din is not read, so it is reported.
  {
    area: "battle",
    kind: "poolModifier",
    selects: "din",
    unconditional: true,
    from: ["creatures"],
    by: "round/Din.din",
  },
  {
    area: "battle",
    kind: "poolModifier",
    selects: "din",
    from: ["objectives", "scenarios", "seasons"],
    by: "round/Din.din",
  },
  {
    area: "battle",
    kind: "poolModifier",
    selects: "any",
    scopes: ["oneFriend", "refuge"],
    uses: ["raid", "battle", "round"],
    from: ["improvements"],
    by: "combat/Pools.extraBlightDice",
  },
  { area: "battle", kind: "statModifier", selects: "move", by: "actions/Move.moveAllowance" },
  // A conditional Fight, Shoot, Wits or Nerve: dice on the pools rolled from it (R-CONTENT-44).
  ...(["fight", "shoot", "wits", "nerve"] as const).map(
    (stat): Interpretation => ({
      area: "battle",
      kind: "statModifier",
      selects: stat,
      scopes: ["self"],
      from: RULES_OF_A_MODEL,
      by: "combat/Pools.poolModifiers (as dice on its pools)",
    }),
  ),
  { area: "battle", kind: "forbidAction", by: "actions/Activation.forbidden" },
  { area: "battle", kind: "aura", by: "combat/Pools.aurasOn, effects/Triggers.doEffect" },
  { area: "battle", kind: "skipTest", by: "actions/Use (first aid, doors)" },
  ...BATTLE_POOLS.map(
    (pool): Interpretation => ({
      area: "battle",
      kind: "reroll",
      selects: pool,
      scopes: ["self", "refuge", "oneFriend"],
      uses: ["battle", "raid", "round"],
      by: "combat/Pools.offerReroll",
    }),
  ),
  { area: "battle", kind: "reroll", selects: "spores", by: "round/Spores.sporeRoll" },
  // An objective's rules at the end of the raid, for the Refuge that burned, freed or rescued it.
  {
    area: "battle",
    kind: "trigger",
    selects: "battle.end",
    from: ["objectives"],
    by: "campaign/NextRaid.endEffects (a clean street), campaign/Loot (the Stranger's table)",
  },
  { area: "battle", kind: "rollTable", by: "effects/Triggers.doEffect (the Congregation table)" },
  { area: "battle", kind: "dieModifier", selects: "spores", by: "round/Spores.sporeRoll" },
  { area: "battle", kind: "ignoreBy", by: "creatures/Hunt.ignoredBy" },
  ...(
    [
      "creature.arrives",
      "round.start",
      "activation.start",
      "activation.end",
      "action",
      "slain",
      "damage.taken",
      "down",
      "round.end",
    ] as const
  ).map(
    // A model's own rules (a Home's or an improvement's trigger is not one: it would fire for each survivor).
    (on): Interpretation => ({
      area: "battle",
      kind: "trigger",
      selects: on,
      from: RULES_OF_A_MODEL.filter((k) => k !== "homes" && k !== "improvements"),
      by: "effects/Triggers.fire",
    }),
  ),
  // Set-up: the scenario's, each Refuge's Home's and the Season's (R-CONTENT-43).
  {
    area: "battle",
    kind: "trigger",
    selects: "battle.setup",
    from: ["scenarios", "homes", "seasons"],
    by: "effects/Triggers.fireSetup",
  },
  { area: "battle", kind: "placeToken", by: "effects/Triggers.doEffect" },
  { area: "battle", kind: "noise", by: "effects/Triggers.doEffect, actions/Gift" },
  { area: "battle", kind: "blight", by: "effects/Triggers.doEffect, actions/Gift" },
  { area: "battle", kind: "spawn", by: "effects/Triggers.doEffect" },
  { area: "battle", kind: "grantAction", from: ["gifts"], by: "actions/Gift" },
  {
    area: "battle",
    kind: "grantAction",
    from: ["backgrounds", "skills", "marks", "kit", "weapons", "leader"],
    by: "actions/Act",
  },
  {
    area: "battle",
    kind: "grantAction",
    from: ["objectives"],
    by: "scenario/Objectives.useObjective (Use on the objective)",
  },
  {
    area: "battle",
    kind: "trigger",
    selects: "hit",
    from: ["objectives"],
    by: "scenario/Objectives.shootObjective",
  },
  {
    area: "battle",
    kind: "trigger",
    selects: "round.end",
    from: ["objectives"],
    by: "scenario/Objectives.riteRises",
  },
  { area: "battle", kind: "minimumNoise", by: "noise/Noise.noiseOf" },
  // Vocabulary v2 (what used to be hooks). These readers evaluate no `when` and read the model's
  // own rules: an effect with a condition or another scope is reported, not silently ignored.
  ...(
    [
      ["damageModifier", "crit", "combat/Damage.critDamageOf"],
      ["threshold", "jam", "actions/Shoot.jamThreshold"],
      ["replaceOutcome", "panic", "nerve/Dread.faithful"],
      ["freeAction", "reload", "actions/Reload"],
      ["untargetable", "shoot", "actions/Shoot.shootingLimit (by, beyond, unless)"],
    ] as const
  ).map(
    ([kind, selects, by]): Interpretation => ({
      area: "battle",
      kind,
      selects,
      unconditional: true,
      scopes: ["self"],
      by,
    }),
  ),
  {
    area: "battle",
    kind: "actionNoise",
    scopes: ["self"],
    by: "noise/Noise.noiseFor (Sprint, Fight, Shoot)",
  },
  { area: "battle", kind: "heal", unconditional: true, from: ["gifts"], by: "actions/Gift.apply" },
  // Climbing and dense growth cost a creature with these words nothing on a board, and with
  // `blocking` it passes under walls, surfacing clear of them (R-BOARD-15); at a table the players
  // measure its move.
  {
    area: "battle",
    kind: "ignoreTerrain",
    unconditional: true,
    from: ["creatures"],
    by: "combat/Blight.blankCreature → board/PlaneSpace.costBoardFor",
  },
  {
    area: "battle",
    kind: "poolModifier",
    selects: "any",
    scopes: ["self"],
    unconditional: true,
    from: ["creatures"],
    by: "combat/Pools.aurasOn (an aura on every pool)",
  },
  {
    area: "battle",
    kind: "trigger",
    selects: "damage.taken",
    from: ["creatures"],
    by: "combat/Damage.seedBearerJar",
  },
  {
    area: "battle",
    kind: "trigger",
    selects: "round.start",
    from: ["creatures"],
    by: "round/Flow.unseenBonus",
  },
  ...(
    [
      ["core/hold-on", "combat/Damage.holdOn"],
      ["core/carrion-feed", "combat/Damage.feed"],
      ["core/seed-bearer-jar", "combat/Damage.seedBearerJar"],
      ["core/grafting", "combat/Damage.grafting"],
      ["core/strike", "actions/Gift"],
      ["core/jam-weapon", "actions/Gift"],
      ["core/area-attack", "actions/Gift"],
      ["core/root", "actions/Gift, actions/Activation.forbidden"],
      ["core/aim-bonus", "actions/Shoot"],
      ["core/order", "actions/Act, combat/Pools.roll"],
      ["core/choir-in-time", "round/Flow.inTime"],
      ["core/unseen-move-bonus", "round/Flow.unseenBonus, creatures/Hunt"],
      ["core/bloom-heart-fire", "scenario/Objectives.shootObjective"],
      ["core/planting-rite", "scenario/Objectives.riteRises, useObjective"],
      ["core/hollowed-profile", "combat/Blight.arriveHollowed"],
      ["core/hollowed-old-refuge", "creatures/Hunt (remembers)"],
      ["core/hollowed-return", "creatures/Encounter.encounter"],
    ] as const
  ).map(([hook, by]): Interpretation => ({ area: "battle", kind: "hook", selects: hook, by })),
]
