/**
 * Nightsong's tables as data on the @blight/dice table model: backgrounds, details and names,
 * and the Living World tables, with a registry of every table by id.
 *
 * @since 0.1.0
 */
export * as Backgrounds from "./backgrounds.js"
export * as Details from "./details.js"
export * from "./NightsongTable.js"
export * from "./registry.js"
export * from "./rollables.js"
export * as World from "./world.js"
