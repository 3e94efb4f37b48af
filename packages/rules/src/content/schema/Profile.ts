/**
 * A survivor's profile (B-PROFILE-01): Move, Fight, Shoot, Wits, Nerve, Health, Armour and
 * Blight 0–12, and the stat changes a background makes to the base survivor.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const stat = (max: number, description: string) =>
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: max })).annotate({ description })

/** A full profile. */
export const Profile = Schema.Struct({
  move: stat(12, "Move (M): inches moved by a Move action"),
  fight: stat(10, "Fight (F): dice in close combat"),
  shoot: stat(10, "Shoot (S): dice when shooting or throwing"),
  wits: stat(10, "Wits (W): dice for Initiative, Searching and using things"),
  nerve: stat(10, "Nerve (N): dice against horror and pressure"),
  health: stat(10, "Health (H): damage taken before going Down"),
  armour: stat(6, "Armour (A): dice rolled to block hits"),
  blight: stat(12, "Blight: 0 to 12"),
}).annotate({ identifier: "Profile" })
export type Profile = typeof Profile.Type

/** The base survivor, M5 F2 S2 W2 N2 H2 (B-PROFILE-02), with no Armour and no Blight. */
export const BASE_SURVIVOR: Profile = {
  move: 5,
  fight: 2,
  shoot: 2,
  wits: 2,
  nerve: 2,
  health: 2,
  armour: 0,
  blight: 0,
}

const change = Schema.Int.check(Schema.isBetween({ minimum: -3, maximum: 3 }))

/** Changes to the base profile; stats left out are unchanged. */
export const StatChanges = Schema.Struct({
  move: Schema.optional(change),
  fight: Schema.optional(change),
  shoot: Schema.optional(change),
  wits: Schema.optional(change),
  nerve: Schema.optional(change),
  health: Schema.optional(change),
  armour: Schema.optional(change),
}).annotate({
  identifier: "StatChanges",
  description: 'Changes to the base survivor, e.g. { "fight": 1, "wits": -1 }',
})
export type StatChanges = typeof StatChanges.Type
