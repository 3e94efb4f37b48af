/**
 * The entry schema of every kind, and the typed map from kind to entry type.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { KINDS, type Kind } from "../../terms/Ids.js"
import { Armour } from "./Armour.js"
import { Background } from "./Background.js"
import { Behaviour } from "./Behaviour.js"
import { Creature } from "./Creature.js"
import { EncounterTable } from "./Encounter.js"
import { Errand } from "./Errand.js"
import { Gift, Mark } from "./Gift.js"
import { Home } from "./Home.js"
import { Improvement } from "./Improvement.js"
import { Kit } from "./Kit.js"
import { LeaderRules } from "./Leader.js"
import { Objective } from "./Objective.js"
import { Scenario } from "./Scenario.js"
import { Season } from "./Season.js"
import { Skill, SkillList } from "./Skill.js"
import { RollTableEntry } from "./Tables.js"
import { TerrainKind } from "./TerrainKind.js"
import { UpkeepRules } from "./Upkeep.js"
import { Weapon } from "./Weapon.js"

/**
 * The schema of each kind's entry, as a named type: declaration files then refer to each schema
 * (`typeof Weapon`) instead of spelling every one out again wherever the map is used, which kept
 * a consumer's typecheck slow.
 */
export interface EntrySchemas {
  readonly skillLists: typeof SkillList
  readonly skills: typeof Skill
  readonly backgrounds: typeof Background
  readonly weapons: typeof Weapon
  readonly armour: typeof Armour
  readonly kit: typeof Kit
  readonly gifts: typeof Gift
  readonly marks: typeof Mark
  readonly behaviours: typeof Behaviour
  readonly creatures: typeof Creature
  readonly encounters: typeof EncounterTable
  readonly tables: typeof RollTableEntry
  readonly homes: typeof Home
  readonly seasons: typeof Season
  readonly improvements: typeof Improvement
  readonly errands: typeof Errand
  readonly objectives: typeof Objective
  readonly scenarios: typeof Scenario
  readonly terrain: typeof TerrainKind
  readonly leader: typeof LeaderRules
  readonly upkeep: typeof UpkeepRules
}

/** The entry schema of each kind. */
export const entrySchemas: EntrySchemas = {
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
  errands: Errand,
  objectives: Objective,
  scenarios: Scenario,
  terrain: TerrainKind,
  leader: LeaderRules,
  upkeep: UpkeepRules,
} satisfies Record<Kind, Schema.Top>

/** The decoded entry type of each kind. */
export type EntryOf = { readonly [K in Kind]: Schema.Schema.Type<EntrySchemas[K]> }
/** Any entry. */
export type AnyEntry = EntryOf[Kind]

/** The fields of {@link Entries}: each kind an optional array of its entries. */
export type EntryFields = { readonly [K in Kind]: Schema.optional<Schema.$Array<EntrySchemas[K]>> }

/** The entries of a pack or fragment, by kind; every kind optional. */
export const Entries: Schema.Struct<EntryFields> = Schema.Struct(
  Object.fromEntries(
    KINDS.map((k) => [k, Schema.optional(Schema.Array(entrySchemas[k]))]),
  ) as unknown as EntryFields,
).annotate({ identifier: "Entries" })
export type Entries = typeof Entries.Type
