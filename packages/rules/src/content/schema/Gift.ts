/**
 * Gifts and Marks (B-GIFT-*, GAP-B-06): gained at Blight 3, 6 and 9, rolled on 12-row half
 * tables (the tables are `tables` entries of kind `gifts` / `marks`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { GiftId, MarkId } from "../../terms/Ids.js"
import { entryFields, ruleFields } from "./Common.js"

/**
 * What using a Gift is: `callTheBlight` (a pool of Blight dice equal to the tier, 1 success,
 * B-BLIGHTDICE-04), `action` (takes an action), `attack` (takes an action and is the one
 * attack), or `passive` (always on).
 */
export const GiftKind = Schema.Literals(["callTheBlight", "action", "attack", "passive"])

/** A Gift. */
export const Gift = Schema.Struct({
  ...entryFields(GiftId),
  kind: GiftKind,
  ...ruleFields,
}).annotate({ identifier: "Gift" })
export type Gift = typeof Gift.Type

/** A Mark. */
export const Mark = Schema.Struct({
  ...entryFields(MarkId),
  ...ruleFields,
}).annotate({ identifier: "Mark" })
export type Mark = typeof Mark.Type
