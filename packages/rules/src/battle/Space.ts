/**
 * Moved to `table/Space.ts` (the table's folder). This re-export stays only while the engine core
 * being moved to its own package (Context.ts, Battle.ts) still imports this path; delete it once none does.
 *
 * @since 0.6.0
 */
export * from "./table/Space.js"
