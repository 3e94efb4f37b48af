/**
 * Where a survivor's effects come from: their Knack, the Leader rules (for the Leader), skills
 * (chosen and from Advances), Gifts, Marks and the gear they carry. The effective profile and the
 * Market read the same list, so a rule cannot count in one and be forgotten in the other.
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../content/schema/Entries.js"
import type { Kind } from "../terms/Ids.js"
import type { Effect } from "../vocabulary/Effect.js"
import type { ContentView } from "./Content.js"
import type { Survivor } from "./Survivor.js"

/** One rule a survivor has, with its effects and a name for reports. */
export interface EffectSource {
  readonly kind: Kind
  /** For reports: "Knack: Knows a Supplier", "skill: Tough", "armour: Riot gear". */
  readonly source: string
  readonly effects: ReadonlyArray<Effect>
  /** The armour entry, when this is worn armour (its Armour value and Helmet are profile facts). */
  readonly armour?: EntryOf["armour"]
}

/** Every rule a survivor has, in a fixed order (Knack, Leader, skills, Gifts, Marks, armour, kit, weapons). */
export const survivorEffects = (survivor: Survivor, content: ContentView): EffectSource[] => {
  const out: EffectSource[] = []
  const bg = content.get("backgrounds", survivor.background)
  if (bg)
    out.push({ kind: "backgrounds", source: `Knack: ${bg.knack.name}`, effects: bg.knack.effects ?? [] })
  // The Leader's bonus is whatever the content's Leader rules say (core: +1 Nerve, R-CONTENT-26).
  if (survivor.role === "leader")
    for (const l of content.list("leader"))
      out.push({ kind: "leader", source: `Leader: ${l.name}`, effects: l.effects ?? [] })
  const skills = new Set([
    ...survivor.skills,
    ...survivor.advances.flatMap((a) => ("skill" in a ? [a.skill] : [])),
  ])
  const add = <K extends "skills" | "gifts" | "marks" | "armour" | "kit" | "weapons">(
    kind: K,
    ids: Iterable<string>,
    label: string,
  ) => {
    for (const id of ids) {
      const e = content.get(kind, id) as EntryOf[K] | undefined
      if (!e) continue
      const armour = kind === "armour" ? { armour: e as EntryOf["armour"] } : {}
      out.push({ kind, source: `${label}: ${e.name}`, effects: e.effects ?? [], ...armour })
    }
  }
  add("skills", skills, "skill")
  add("gifts", survivor.gifts, "Gift")
  add("marks", survivor.marks, "Mark")
  add("armour", survivor.equipment.armour, "armour")
  add("kit", survivor.equipment.kit, "kit")
  add("weapons", survivor.equipment.weapons, "weapon")
  return out
}
