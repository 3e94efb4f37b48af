/**
 * @blight/rules: The Blight's rules as typed, pure functions over typed data.
 *
 * @since 0.1.0
 */

/** The ruleset this package implements. */
export const ruleset = "the-blight@0.3.0" as const

// The raid engine.
export * from "./battle/index.js"
// The campaign.
export * from "./campaign/index.js"
export * as Core from "./content/core/index.js"
export { corePack, coreRegistry, loadCore, loadWithCore } from "./content/core/index.js"
export * as Loader from "./content/Loader.js"
// The most used names, flat.
export { loadPack, loadPacks, type PackInput } from "./content/Loader.js"
export { nearest } from "./content/Nearest.js"
export * as Pack from "./content/Pack.js"
export * as Problem from "./content/Problem.js"
export { formatProblem, PackInvalid } from "./content/Problem.js"
export * as Registry from "./content/Registry.js"
export * as Semver from "./content/Semver.js"
export * as ContentService from "./content/Service.js"
export { Content } from "./content/Service.js"
export * as Armour from "./content/schema/Armour.js"
export * as Background from "./content/schema/Background.js"
export * as Behaviour from "./content/schema/Behaviour.js"
export * as Common from "./content/schema/Common.js"
export * as Creature from "./content/schema/Creature.js"
export * as Encounter from "./content/schema/Encounter.js"
export * as Entries from "./content/schema/Entries.js"
export * as Errand from "./content/schema/Errand.js"
export * as Gift from "./content/schema/Gift.js"
export * as Home from "./content/schema/Home.js"
export * as Improvement from "./content/schema/Improvement.js"
export * as Kit from "./content/schema/Kit.js"
export * as Leader from "./content/schema/Leader.js"
export * as Objective from "./content/schema/Objective.js"
export * as Profile from "./content/schema/Profile.js"
export * as Scenario from "./content/schema/Scenario.js"
export * as Season from "./content/schema/Season.js"
export * as Skill from "./content/schema/Skill.js"
export * as Tables from "./content/schema/Tables.js"
export * as TerrainKind from "./content/schema/TerrainKind.js"
export * as Upkeep from "./content/schema/Upkeep.js"
export * as Weapon from "./content/schema/Weapon.js"
export * as JsonSchemas from "./JsonSchemas.js"
export type { ContentView } from "./refuge/Content.js"
export * as EffectiveProfile from "./refuge/EffectiveProfile.js"
export * as RefugeExamples from "./refuge/examples.js"
export * as Founding from "./refuge/Founding.js"
export * as HomeActions from "./refuge/HomeActions.js"
export * as Interpretations from "./refuge/Interpretations.js"
// The Refuge builder: roster, founding, the Ledger, the Market.
export * as Ledger from "./refuge/Ledger.js"
export * as Market from "./refuge/Market.js"
export * as MarketCrew from "./refuge/MarketCrew.js"
export * as Recruit from "./refuge/Recruit.js"
export * as Refuge from "./refuge/Refuge.js"
export * as Roster from "./refuge/Roster.js"
export * as Survivor from "./refuge/Survivor.js"
export * as SurvivorEffects from "./refuge/SurvivorEffects.js"
export * as Violation from "./refuge/Violation.js"
export * from "./sim/index.js"
// Content model: entry schemas, the pack format.
export * as Ids from "./terms/Ids.js"
export * as Condition from "./vocabulary/Condition.js"
// `Effects`, not `Effect`: a consumer imports `Effect` from effect alongside.
export * as Effects from "./vocabulary/Effect.js"
export * as Hooks from "./vocabulary/Hooks.js"
export * as Interpreters from "./vocabulary/Interpreters.js"
// Plugin system: the effects vocabulary and code hooks.
export * as Vocabulary from "./vocabulary/Vocabulary.js"
