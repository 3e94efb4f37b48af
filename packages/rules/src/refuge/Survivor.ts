/**
 * A survivor on a Refuge's roster: background, equipment, XP, advances, skills, injuries,
 * Blight, Gifts and Marks (B-PROFILE-*, B-TIER-*).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { StatChanges } from "../content/schema/Profile.js"
import { ArmourRef, BackgroundRef, GiftRef, KitRef, MarkRef, SkillRef, WeaponRef } from "../terms/Ids.js"

/** A survivor's id within its Refuge ("survivor-3"). */
export const SurvivorId = Schema.String.pipe(
  Schema.check(
    Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      toJsonSchema: () => ({ pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/.source }),
    }),
  ),
  Schema.brand("SurvivorId"),
).annotate({ description: "A survivor's id within its Refuge", brand: "SurvivorId" })
export type SurvivorId = typeof SurvivorId.Type

/** An Advance taken (every 5 XP, B-XP-01): a skill or a stat increase. */
export const Advance = Schema.Union([
  Schema.Struct({ skill: SkillRef }),
  Schema.Struct({ stats: StatChanges }),
]).annotate({ identifier: "Advance" })

/** A lasting injury from the Casualty table. */
export const Injury = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  stats: Schema.optional(StatChanges),
}).annotate({ identifier: "Injury" })

/** What a survivor carries: at most 2 weapons (not counting Molotovs and bombs), 1 armour, 2 kit (B-FOUNDING-06). */
export const Equipment = Schema.Struct({
  weapons: Schema.Array(WeaponRef),
  armour: Schema.Array(ArmourRef),
  kit: Schema.Array(KitRef),
}).annotate({ identifier: "Equipment" })
export type Equipment = typeof Equipment.Type

/** A survivor. */
export const Survivor = Schema.Struct({
  id: SurvivorId,
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(200)),
  background: BackgroundRef,
  /** "leader" in a Refuge, "verdantMother" in a Congregation (B-FOUNDING-04, B-CONGREGATION-04). */
  role: Schema.optional(Schema.Literals(["leader", "verdantMother"])),
  equipment: Equipment,
  xp: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  advances: Schema.Array(Advance),
  skills: Schema.Array(SkillRef),
  injuries: Schema.Array(Injury),
  blight: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })),
  gifts: Schema.Array(GiftRef),
  marks: Schema.Array(MarkRef),
}).annotate({ identifier: "Survivor" })
export type Survivor = typeof Survivor.Type

/**
 * A survivor who has just joined (founding, B-FOUNDING-*, or recruiting, B-RECRUIT-*): no XP,
 * advances, skills or injuries yet; a Congregation's member comes with the Gift and Mark rolled
 * for them (B-CONGREGATION-03).
 */
export const newSurvivor = (
  joins: Pick<Survivor, "id" | "name"> & {
    readonly role?: Survivor["role"] | undefined
    readonly background: string
    readonly equipment: unknown
  },
  blessing: { readonly gift: string; readonly mark: string } | undefined,
  blight: number,
): Survivor => ({
  id: joins.id,
  name: joins.name,
  background: joins.background as Survivor["background"],
  ...(joins.role ? { role: joins.role } : {}),
  equipment: joins.equipment as Survivor["equipment"],
  xp: 0,
  advances: [],
  skills: [],
  injuries: [],
  blight,
  gifts: blessing ? [blessing.gift as Survivor["gifts"][number]] : [],
  marks: blessing ? [blessing.mark as Survivor["marks"][number]] : [],
})
