/**
 * Which Hollowed is which (B-HOLLOWED-03/04): a Hollowed is the survivor it was, so it is known by
 * the Refuge it remembers and that survivor's roster id, not by its name: two Refuges' survivors,
 * or a recruit and a Turned survivor of one Refuge, may share a name. Records saved before the id
 * was kept have only the name (and the Refuge), and are matched by those.
 */
import type { BattleProfile } from "../State.js"

/** The injury a Hungry survivor raids with (R-CAMPAIGN-04): a raid's, not the survivor's (R-CAMPAIGN-35). */
export const HUNGRY_INJURY = "Hungry"

/**
 * The Turned survivor's profile a Hollowed is made from (B-HOLLOWED-01, R-CAMPAIGN-35): its raid
 * profile with the Health its Hunger took given back — Hunger was the living survivor's.
 */
export const turnedProfile = (m: {
  readonly profile: BattleProfile
  readonly hunger?: number | undefined
}): BattleProfile => (m.hunger ? { ...m.profile, health: m.profile.health + m.hunger } : m.profile)

/** What names a Hollowed: the campaign's record, a raid's set-up entry, or a model on the table. */
export interface HollowedWho {
  readonly name: string
  /** The raid side id of the Refuge it remembers (a model's `remembers`). */
  readonly refuge?: string | undefined
  /** The survivor's roster id. */
  readonly survivor?: string | undefined
}

/** Do two records name the same Hollowed? By Refuge and survivor id when both carry them, else by name. */
export const sameHollowed = (a: HollowedWho, b: HollowedWho): boolean => {
  if (a.refuge !== undefined && b.refuge !== undefined && a.refuge !== b.refuge) return false
  if (a.survivor !== undefined && b.survivor !== undefined) return a.survivor === b.survivor
  return a.name === b.name
}

/** The Hollowed a model on the table is ("Danny (Hollowed)", remembering its Refuge). */
export const hollowedOf = (m: {
  readonly name: string
  readonly remembers?: string | undefined
  readonly survivor?: string | undefined
}): HollowedWho => ({ name: m.name.replace(/ \(Hollowed\)$/, ""), refuge: m.remembers, survivor: m.survivor })
