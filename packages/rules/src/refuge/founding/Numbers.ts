/**
 * The founding numbers the rules state (B-FOUNDING-01…09, B-AMMO-08, B-CONGREGATION-03), and the
 * free weapons and carrying limits that founding, equipping and recruiting share.
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import type { ContentView } from "../Content.js"
import type { Equipment } from "../Survivor.js"

/** The founding numbers the rules state. */
export const FOUNDING = {
  budget: 150, // B-FOUNDING-01
  minSurvivors: 4, // B-FOUNDING-03
  maxSurvivors: 8,
  maxPerBackground: 2,
  maxWeapons: 2, // B-FOUNDING-06
  maxArmour: 1,
  maxKit: 2,
  maxUncommon: 2, // B-FOUNDING-08
  reloadCost: 4, // B-FOUNDING-09
  arrowsPerSalvage: 5, // B-AMMO-08
  congregationBlight: 3, // B-CONGREGATION-03
} as const

export type Gear = EntryOf["weapons"] | EntryOf["armour"] | EntryOf["kit"]

/** The weapons everyone has for free (B-FOUNDING-07: an Improvised weapon and Thrown junk), by id. */
export const freeWeaponIds = (content: ContentView): string[] =>
  content
    .list("weapons")
    .filter((w) => w.free)
    .map((w) => w.id)

/**
 * Whether a carried piece counts toward its kind's limit (B-FOUNDING-06): Molotovs and bombs
 * don't, nor the free weapons everyone has (B-FOUNDING-07). One check for founding and `equip`.
 */
export const countsTowardLimit = (
  content: ContentView,
  kind: "weapons" | "armour" | "kit",
  id: string,
): boolean => {
  if (kind !== "weapons") return true
  const w = content.get("weapons", id)
  return w?.countsTowardLimit !== false && !w?.free
}

/** A newcomer's gear: the free weapons only (they are listed, as at founding, so a raid and a UI see them). */
export const freeGear = (content: ContentView): Equipment =>
  ({ weapons: freeWeaponIds(content), armour: [], kit: [] }) as unknown as Equipment
