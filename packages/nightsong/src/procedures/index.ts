/**
 * Nightsong's play procedures: each a pure function of state and a DiceSource that returns the new
 * state, what happened, and every die rolled (`dice`).
 *
 * @since 0.1.0
 */
export * as Adventurer from "./Adventurer.js"
export * as Advance from "./advancement/Advance.js"
export * as Check from "./checks/Check.js"
export * as Fate from "./checks/Fate.js"
export * as Focus from "./checks/Focus.js"
export * as Save from "./checks/Save.js"
export * as Damage from "./combat/Damage.js"
export * as Harm from "./combat/Harm.js"
export * as Round from "./combat/Round.js"
export * as Conditions from "./conditions/Conditions.js"
export * as Dice from "./Dice.js"
export * as Light from "./delve/Light.js"
export { ProcedureError } from "./Errors.js"
export * as Events from "./events/Events.js"
export * as Gear from "./items/Gear.js"
export * as Journey from "./journey/Journey.js"
export * as Npc from "./npc/Npc.js"
export { type RunError, withDice } from "./Run.js"
export * as Rest from "./rest/Rest.js"
export * as Sheet from "./Sheet.js"
export * as Shard from "./spells/Shard.js"
export * as Structures from "./structures/Structures.js"
