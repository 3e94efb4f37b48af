/**
 * The founding check on gear: every piece exists; the Congregation's Market (B-CONGREGATION-07/08);
 * limits per survivor (B-FOUNDING-06); free items (B-FOUNDING-07); rarity across the Refuge
 * (B-FOUNDING-08).
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../../content/schema/Entries.js"
import { congregationAllows, congregationMaySell, type GearKind } from "../CongregationMarket.js"
import type { RosterSurvivor } from "../Roster.js"
import { violation } from "../Violation.js"
import { type Carried, type FoundingDraft, spend } from "./Check.js"
import { countsTowardLimit, FOUNDING, freeWeaponIds, type Gear } from "./Numbers.js"
import { unknown } from "./Unknown.js"

/** One survivor's pieces of one kind: checked, paid for, and kept in `kept`; Uncommon ones noted. */
const pieces = (
  d: FoundingDraft,
  s: RosterSurvivor,
  i: number,
  gearKind: GearKind,
  what: string,
  kept: Carried,
  uncommon: string[],
): void => {
  const { content, congregation, violations: v } = d
  ;(s[gearKind] ?? []).forEach((id, j) => {
    const path = `survivors[${i}].${gearKind}[${j}]`
    const item = content.get(gearKind, id) as Gear | undefined
    if (!item) {
      v.push(violation(path, unknown(content, gearKind, id, what), "B-FOUNDING-05"))
      return
    }
    const free = gearKind === "weapons" && (item as EntryOf["weapons"]).free === true
    // A survivor has one of each free weapon (B-FOUNDING-07), however often the roster lists it.
    if (free) {
      if (!kept.weapons.includes(item.id)) kept.weapons.push(item.id)
      return
    }
    kept[gearKind].push(item.id)
    if (congregation && gearKind === "weapons" && (item as EntryOf["weapons"]).firearm === true) {
      // B-CONGREGATION-08 is the rule that forbids it, not the Market's list (B-CONGREGATION-07).
      v.push(
        violation(
          path,
          `a Congregation's firearms come only from Loot; ${item.name} cannot be bought at founding`,
          "B-CONGREGATION-08",
        ),
      )
    } else if (congregation && !congregationMaySell(gearKind, item)) {
      v.push(
        violation(
          path,
          `the Market sells a Congregation only ${congregationAllows(gearKind)}; ${item.name} is not one`,
          "B-CONGREGATION-07",
        ),
      )
    }
    if (item.rarity === "rare") {
      v.push(violation(path, `no Rare items at founding: ${item.name} is Rare`, "B-FOUNDING-08"))
    } else if (item.rarity === "uncommon") uncommon.push(path)
    spend(d, item.cost, `bought ${item.name} for ${s.name}`, "B-FOUNDING-05", { kind: gearKind, id: item.id })
  })
}

/** What one survivor carries within the limits (B-FOUNDING-06). */
const limits = (d: FoundingDraft, s: RosterSurvivor, i: number, kept: Carried): void => {
  const v = d.violations
  const counted = kept.weapons.filter((id) => countsTowardLimit(d.content, "weapons", id))
  if (counted.length > FOUNDING.maxWeapons) {
    v.push(
      violation(
        `survivors[${i}].weapons`,
        `${s.name} can carry at most ${FOUNDING.maxWeapons} weapons (Molotovs and bombs don't count), got ${counted.length}`,
        "B-FOUNDING-06",
      ),
    )
  }
  if (kept.armour.length > FOUNDING.maxArmour) {
    v.push(
      violation(
        `survivors[${i}].armour`,
        `${s.name} can wear 1 armour, got ${kept.armour.length}`,
        "B-FOUNDING-06",
      ),
    )
  }
  if (kept.kit.length > FOUNDING.maxKit) {
    v.push(
      violation(
        `survivors[${i}].kit`,
        `${s.name} can carry ${FOUNDING.maxKit} pieces of kit, got ${kept.kit.length}`,
        "B-FOUNDING-06",
      ),
    )
  }
}

/** Gear (B-FOUNDING-05…08, B-CONGREGATION-07/08); fills the draft's `carried`. */
export const gearCheck = (d: FoundingDraft): void => {
  const freeWeapons = freeWeaponIds(d.content)
  const uncommon: string[] = []
  d.roster.survivors.forEach((s, i) => {
    const kept: Carried = { weapons: [], armour: [], kit: [] }
    pieces(d, s, i, "weapons", "weapon", kept, uncommon)
    pieces(d, s, i, "armour", "armour", kept, uncommon)
    pieces(d, s, i, "kit", "piece of kit", kept, uncommon)
    limits(d, s, i, kept)
    // Everyone also has the free weapons (B-FOUNDING-07), listed so a UI shows them.
    for (const w of freeWeapons) if (!kept.weapons.includes(w)) kept.weapons.push(w)
    d.carried.push(kept)
  })
  if (uncommon.length > FOUNDING.maxUncommon) {
    d.violations.push(
      violation(
        uncommon[FOUNDING.maxUncommon]!,
        `at most ${FOUNDING.maxUncommon} Uncommon items across the whole ${d.kind} at founding, got ${uncommon.length} (${uncommon.join(", ")})`,
        "B-FOUNDING-08",
      ),
    )
  }
}
