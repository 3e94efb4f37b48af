/**
 * Skills and skill lists (B-SKILL-*): 24 skills in 6 lists; a background allows two lists.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { SkillId, SkillListId, SkillListRef } from "../../terms/Ids.js"
import { entryFields, ruleFields } from "./Common.js"

/** A skill list. */
export const SkillList = Schema.Struct({
  ...entryFields(SkillListId),
  text: Schema.optional(Schema.String),
}).annotate({ identifier: "SkillList" })
export type SkillList = typeof SkillList.Type

/** A skill, in one list. */
export const Skill = Schema.Struct({
  ...entryFields(SkillId),
  list: SkillListRef,
  ...ruleFields,
}).annotate({ identifier: "Skill" })
export type Skill = typeof Skill.Type
