/**
 * Nightsong packs: Spells and Spell tables, creatures with specials, gear and tables of one's own,
 * versioned and merged over the core pack as The Blight's packs are.
 *
 * @since 0.3.0
 */
export * from "./Content.js"
export { CORE_ID, CORE_VERSION, coreContent, corePack, loadWithCore } from "./Core.js"
export * from "./Entries.js"
export { jsonSchemas, SCHEMA_BASE, schemaText } from "./JsonSchemas.js"
export { loadPacks, type PackInput } from "./Loader.js"
export * from "./Pack.js"
export * from "./Problem.js"
export * from "./Roll.js"
