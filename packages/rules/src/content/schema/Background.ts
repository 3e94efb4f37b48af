/**
 * Backgrounds (B-PROFILE-02, GAP-B-02): what a survivor was before the Bloom. A cost in Salvage,
 * changes to the base profile, a Knack, and the two skill lists it may learn from.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { BackgroundId, SkillListRef } from "../../terms/Ids.js"
import { entryFields, NamedRule, Salvage } from "./Common.js"
import { StatChanges } from "./Profile.js"

/** A background. */
export const Background = Schema.Struct({
  ...entryFields(BackgroundId),
  cost: Salvage,
  stats: StatChanges,
  knack: NamedRule,
  skillLists: Schema.Tuple([SkillListRef, SkillListRef]).check(
    Schema.makeFilter((lists) => (lists[0] === lists[1] ? "the two skill lists must differ" : undefined)),
  ),
  text: Schema.optional(Schema.String),
}).annotate({ identifier: "Background" })
export type Background = typeof Background.Type
