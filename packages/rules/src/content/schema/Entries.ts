/**
 * The entry schema of every kind, and the typed map from kind to entry type.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Armour } from "./Armour.js"
import { Background } from "./Background.js"
import { Behaviour } from "./Behaviour.js"
import { Creature } from "./Creature.js"
import { EncounterTable } from "./Encounter.js"
import { Gift, Mark } from "./Gift.js"
import { Home } from "./Home.js"
import { KINDS, type Kind } from "./Ids.js"
import { Improvement } from "./Improvement.js"
import { Kit } from "./Kit.js"
import { LeaderRules } from "./Leader.js"
import { Objective } from "./Objective.js"
import { Scenario } from "./Scenario.js"
import { Season } from "./Season.js"
import { Skill, SkillList } from "./Skill.js"
import { RollTableEntry } from "./Tables.js"
import { UpkeepRules } from "./Upkeep.js"
import { Weapon } from "./Weapon.js"

/** The entry schema of each kind. */
export const entrySchemas = {
  skillLists: SkillList,
  skills: Skill,
  backgrounds: Background,
  weapons: Weapon,
  armour: Armour,
  kit: Kit,
  gifts: Gift,
  marks: Mark,
  behaviours: Behaviour,
  creatures: Creature,
  encounters: EncounterTable,
  tables: RollTableEntry,
  homes: Home,
  seasons: Season,
  improvements: Improvement,
  objectives: Objective,
  scenarios: Scenario,
  leader: LeaderRules,
  upkeep: UpkeepRules,
} as const satisfies Record<Kind, Schema.Schema.Any>

/** The decoded entry type of each kind. */
export type EntryOf = { readonly [K in Kind]: Schema.Schema.Type<(typeof entrySchemas)[K]> }
/** Any entry. */
export type AnyEntry = EntryOf[Kind]

/** The entries of a pack or fragment, by kind; every kind optional. */
export const Entries = Schema.Struct(
  Object.fromEntries(KINDS.map((k) => [k, Schema.optional(Schema.Array(entrySchemas[k]))])) as {
    readonly [K in Kind]: Schema.optional<Schema.Array$<(typeof entrySchemas)[K]>>
  },
).annotations({ identifier: "Entries" })
export type Entries = typeof Entries.Type
