/**
 * Nightsong characters: the schema, creation (array or 2D6), validation with paths and clauses,
 * and Slot usage.
 *
 * @since 0.1.0
 */
export * from "./Ability.js"
export * from "./Character.js"
export * from "./Generate.js"
export * from "./Item.js"
export * from "./Problem.js"
export * from "./Sheet.js"
export * from "./Slots.js"
export * from "./Validate.js"
