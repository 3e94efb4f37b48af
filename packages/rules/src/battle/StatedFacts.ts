/**
 * Moved to `table/StatedFacts.ts` (the table's folder). This re-export stays only while the engine core
 * being moved to its own package (Decide.ts) still imports this path; delete it once none does.
 *
 * @since 0.6.0
 */
export * from "./table/StatedFacts.js"
