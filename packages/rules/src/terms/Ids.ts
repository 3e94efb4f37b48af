/**
 * Entry IDs and typed references. An ID is a branded slug; a reference is the same branded slug
 * annotated with the kind it points to, so the loader can find every reference by walking the
 * schema and check that it resolves.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** Annotation key marking a string schema as a reference to an entry of a kind. */
export const RefKind: unique symbol = Symbol.for("@blight/rules/content/RefKind")

/** A slug: lower-case words joined by single hyphens, at most 64 characters ("thorn-matriarch"). */
export const Slug = Schema.String.check(
  Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    toJsonSchema: () => ({ pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/.source }),
    message: 'an id is a slug: lower-case letters and digits in words joined by "-", e.g. "thorn-matriarch"',
  }),
  Schema.isMaxLength(64),
).annotate({ title: "Slug" })

/** The kinds of entry a pack holds, in the order a pack file lists them. */
export const KINDS = [
  "skillLists",
  "skills",
  "backgrounds",
  "weapons",
  "armour",
  "kit",
  "gifts",
  "marks",
  "behaviours",
  "creatures",
  "encounters",
  "tables",
  "homes",
  "seasons",
  "improvements",
  "errands",
  "objectives",
  "scenarios",
  "terrain",
  "leader",
  "upkeep",
] as const

/** A kind of entry. */
export const Kind = Schema.Literals(KINDS)
export type Kind = typeof Kind.Type

// `brand`: effect 4's `Schema.brand` leaves no trace in the schema; the annotation keeps effect 3's
// ` & Brand<"GiftId">` in problem messages (see `SchemaText` in @blight/dice).
const id = <B extends string>(brand: B, what: string) =>
  // `as never`: effect 4 cannot check a type parameter is a single brand key.
  Slug.pipe(Schema.brand<B>(brand as never)).annotate({ description: `The id of ${what} (a slug)`, brand })

const ref = <S extends Schema.Top>(schema: S, kind: Kind, what: string): S =>
  schema.annotate({ [RefKind]: kind, description: `A reference to ${what}, by id` }) as S

/** @category ids */
export const SkillListId = id("SkillListId", "a skill list")
/** @category ids */
export const SkillId = id("SkillId", "a skill")
/** @category ids */
export const BackgroundId = id("BackgroundId", "a background")
/** @category ids */
export const WeaponId = id("WeaponId", "a weapon")
/** @category ids */
export const ArmourId = id("ArmourId", "an armour")
/** @category ids */
export const KitId = id("KitId", "a piece of kit")
/** @category ids */
export const GiftId = id("GiftId", "a Gift")
/** @category ids */
export const MarkId = id("MarkId", "a Mark")
/** @category ids */
export const BehaviourId = id("BehaviourId", "a creature behaviour")
/** @category ids */
export const CreatureId = id("CreatureId", "a creature")
/** @category ids */
export const EncounterId = id("EncounterId", "an Encounter table")
/** @category ids */
export const TableId = id("TableId", "a roll table")
/** @category ids */
export const HomeId = id("HomeId", "a Home")
/** @category ids */
export const SeasonId = id("SeasonId", "a Season")
/** @category ids */
export const ImprovementId = id("ImprovementId", "an improvement")
/** @category ids */
export const ErrandId = id("ErrandId", "an Errand")
/** @category ids */
export const ObjectiveId = id("ObjectiveId", "a scenario objective")
/** @category ids */
export const ScenarioId = id("ScenarioId", "a scenario")
/** @category ids */
export const TerrainKindId = id("TerrainKindId", "a kind of terrain")
/** @category ids */
export const LeaderRulesId = id("LeaderRulesId", "a set of Leader rules")
/** @category ids */
export const UpkeepRulesId = id("UpkeepRulesId", "a set of Upkeep rules")
/** @category ids */
export const PackId = id("PackId", "a content pack")
export type PackId = typeof PackId.Type

/** The id schema of each kind. */
export const idOf = {
  skillLists: SkillListId,
  skills: SkillId,
  backgrounds: BackgroundId,
  weapons: WeaponId,
  armour: ArmourId,
  kit: KitId,
  gifts: GiftId,
  marks: MarkId,
  behaviours: BehaviourId,
  creatures: CreatureId,
  encounters: EncounterId,
  tables: TableId,
  homes: HomeId,
  seasons: SeasonId,
  improvements: ImprovementId,
  errands: ErrandId,
  objectives: ObjectiveId,
  scenarios: ScenarioId,
  terrain: TerrainKindId,
  leader: LeaderRulesId,
  upkeep: UpkeepRulesId,
} as const satisfies Record<Kind, Schema.Top>

/** @category refs */
export const SkillListRef = ref(SkillListId, "skillLists", "a skill list")
/** @category refs */
export const SkillRef = ref(SkillId, "skills", "a skill")
/** @category refs */
export const BackgroundRef = ref(BackgroundId, "backgrounds", "a background")
/** @category refs */
export const WeaponRef = ref(WeaponId, "weapons", "a weapon")
/** @category refs */
export const ArmourRef = ref(ArmourId, "armour", "an armour")
/** @category refs */
export const KitRef = ref(KitId, "kit", "a piece of kit")
/** @category refs */
export const GiftRef = ref(GiftId, "gifts", "a Gift")
/** @category refs */
export const MarkRef = ref(MarkId, "marks", "a Mark")
/** @category refs */
export const BehaviourRef = ref(BehaviourId, "behaviours", "a creature behaviour")
/** @category refs */
export const CreatureRef = ref(CreatureId, "creatures", "a creature")
/** @category refs */
export const EncounterRef = ref(EncounterId, "encounters", "an Encounter table")
/** @category refs */
export const TableRef = ref(TableId, "tables", "a roll table")
/** @category refs */
export const HomeRef = ref(HomeId, "homes", "a Home")
/** @category refs */
export const SeasonRef = ref(SeasonId, "seasons", "a Season")
/** @category refs */
export const ImprovementRef = ref(ImprovementId, "improvements", "an improvement")
/** @category refs */
export const ObjectiveRef = ref(ObjectiveId, "objectives", "a scenario objective")
/** @category refs */
export const ScenarioRef = ref(ScenarioId, "scenarios", "a scenario")
/** @category refs */
export const TerrainKindRef = ref(TerrainKindId, "terrain", "a kind of terrain")

/** A code hook's name: a slug, optionally namespaced by a package ("core/radio-trophy"). */
export const HookName = Schema.String.pipe(
  Schema.check(
    Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/, {
      toJsonSchema: () => ({ pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/.source }),
      message: 'a hook name is a slug, optionally with one "/" namespace, e.g. "core/radio-trophy"',
    }),
  ),
  Schema.brand("HookName"),
).annotate({ description: "The name of a code hook registered in TypeScript", brand: "HookName" })
export type HookName = typeof HookName.Type

/** A clause ID from the rules catalogue ("B-FOUNDING-05") or a ruling ID ("R-CONTENT-01"). */
export const ClauseId = Schema.String.check(
  Schema.isPattern(/^(?:B|N|R)-[A-Z]+(?:-[A-Z]+)*-\d{2,3}$|^(?:GAP|AMB)-B-\d{2}$/, {
    toJsonSchema: () => ({ pattern: /^(?:B|N|R)-[A-Z]+(?:-[A-Z]+)*-\d{2,3}$|^(?:GAP|AMB)-B-\d{2}$/.source }),
    message: 'a clause id looks like "B-FOUNDING-05", "R-CONTENT-01", "GAP-B-09" or "AMB-B-45"',
  }),
).annotate({ description: 'A clause, ruling, gap or ambiguity ID, e.g. "B-FOUNDING-05"' })
