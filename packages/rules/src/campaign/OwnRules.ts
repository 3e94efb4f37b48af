/**
 * A survivor's own rules between raids: its Knack, skills (advances included), Marks and Gifts,
 * each with its name and what kind of rule it is, for the Aftermath steps that read their effects.
 *
 * @since 0.3.0
 */

import type { ContentView } from "../refuge/Content.js"
import type { Survivor } from "../refuge/Survivor.js"
import type { Effect } from "../vocabulary/Effect.js"

/** One of a survivor's rules. */
export interface OwnRule {
  readonly name: string
  readonly from: "knack" | "skill" | "Mark" | "Gift"
  readonly effects: ReadonlyArray<Effect>
}

/** A survivor's own rules, in a fixed order (Knack, skills, Marks, Gifts). */
export const ownRules = (content: ContentView, s: Survivor): OwnRule[] => {
  const skills = [...s.skills, ...s.advances.flatMap((a) => ("skill" in a ? [a.skill] : []))] as string[]
  const bg = content.get("backgrounds", s.background)
  const rule = (
    from: OwnRule["from"],
    e: { readonly name: string; readonly effects?: ReadonlyArray<Effect> | undefined } | undefined,
  ): OwnRule[] => (e === undefined ? [] : [{ name: e.name, from, effects: e.effects ?? [] }])
  return [
    ...rule("knack", bg?.knack),
    ...skills.flatMap((k) => rule("skill", content.get("skills", k))),
    ...s.marks.flatMap((k) => rule("Mark", content.get("marks", k))),
    ...s.gifts.flatMap((k) => rule("Gift", content.get("gifts", k))),
  ]
}
