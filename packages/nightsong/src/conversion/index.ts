/**
 * Conversions of NPCs and creatures from MÖRK BORG, Cairn, Knave, Old-School Essentials and DCC
 * into Nightsong NPC stat blocks (N-CONVERSION-*), with saves handled per N-SAVE-*.
 *
 * @since 0.1.0
 */
export * from "./Cairn.js"
export * from "./Common.js"
export * from "./Convert.js"
export * from "./Dcc.js"
export * from "./Errors.js"
export * from "./Knave.js"
export * from "./MorkBorg.js"
export * from "./Npc.js"
export * from "./Ose.js"
export * from "./Resolve.js"
export * from "./Sheet.js"
