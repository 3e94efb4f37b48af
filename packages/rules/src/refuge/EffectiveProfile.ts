/**
 * A survivor's effective profile (B-PROFILE-*): the base M5 F2 S2 W2 N2 H2 (B-PROFILE-06),
 * changed by the background, Advances, injuries, the Verdant Mother's +1 Nerve, worn armour, and
 * every always-on stat modifier of their Knack, skills, Gifts, Marks and gear (and whether a
 * Helmet makes Crits blocked on 5+), each change with
 * its reason so a UI can show "why is my Nerve 3?". Situational modifiers (with a `when`) are
 * listed, not applied.
 *
 * @since 0.1.0
 */
import { Tier } from "@blight/dice"
import { BASE_SURVIVOR, type Profile, type StatChanges } from "../content/schema/Profile.js"
import type { Effect } from "../plugin/Effect.js"
import type { ContentView } from "./Content.js"
import type { Survivor } from "./Survivor.js"

type Stat = Exclude<keyof Profile, "blight">
const STATS: readonly Stat[] = ["move", "fight", "shoot", "wits", "nerve", "health", "armour"]

/** One change to a stat and where it came from. */
export interface ProfileChange {
  readonly stat: Stat
  readonly delta: number
  readonly source: string
  readonly clause?: string
}

/** The derived profile, with every change and the situational modifiers not applied. */
export interface EffectiveProfile {
  readonly profile: Profile
  readonly helmet: boolean
  readonly tier: Tier.Tier
  readonly blightDice: number
  readonly changes: readonly ProfileChange[]
  readonly situational: ReadonlyArray<{ readonly source: string; readonly effect: Effect }>
}

const fromStatChanges = (stats: StatChanges | undefined, source: string, clause?: string): ProfileChange[] =>
  STATS.flatMap((stat) => {
    const delta = stats?.[stat]
    return delta ? [clause === undefined ? { stat, delta, source } : { stat, delta, source, clause }] : []
  })

/** Derives a survivor's profile from their background, history and gear. */
export const effectiveProfile = (survivor: Survivor, content: ContentView): EffectiveProfile => {
  const changes: ProfileChange[] = []
  const situational: Array<{ source: string; effect: Effect }> = []
  let helmet = false
  const collect = (effects: ReadonlyArray<Effect> | undefined, source: string) => {
    for (const e of effects ?? []) {
      // A Helmet (armour or kit) blocks Crits on 5+ (B-ARMOUR-02).
      if (e.kind === "critBlock" && e.when === undefined && e.on <= 5) helmet = true
      if (e.kind !== "statModifier") continue
      const scoped = e.scope === undefined || e.scope === "self"
      if (e.when === undefined && scoped) changes.push({ stat: e.stat as Stat, delta: e.value, source })
      else situational.push({ source, effect: e })
    }
  }

  const bg = content.get("backgrounds", survivor.background)
  if (bg) {
    changes.push(...fromStatChanges(bg.stats, `background: ${bg.name}`, "B-PROFILE-07"))
    collect(bg.knack.effects, `Knack: ${bg.knack.name}`)
  }
  survivor.advances.forEach((a, i) => {
    if ("stats" in a) changes.push(...fromStatChanges(a.stats, `Advance ${i + 1}`, "B-XP-02"))
  })
  for (const injury of survivor.injuries)
    changes.push(...fromStatChanges(injury.stats, `injury: ${injury.name}`))
  if (survivor.role === "verdantMother")
    changes.push({ stat: "nerve", delta: 1, source: "the Verdant Mother", clause: "B-CONGREGATION-04" })

  const skillIds = new Set([
    ...survivor.skills,
    ...survivor.advances.flatMap((a) => ("skill" in a ? [a.skill] : [])),
  ])
  for (const id of skillIds) {
    const s = content.get("skills", id)
    if (s) collect(s.effects, `skill: ${s.name}`)
  }
  for (const id of survivor.gifts) {
    const g = content.get("gifts", id)
    if (g) collect(g.effects, `Gift: ${g.name}`)
  }
  for (const id of survivor.marks) {
    const m = content.get("marks", id)
    if (m) collect(m.effects, `Mark: ${m.name}`)
  }
  for (const id of survivor.equipment.armour) {
    const a = content.get("armour", id)
    if (!a) continue
    if (a.armour)
      changes.push({ stat: "armour", delta: a.armour, source: `armour: ${a.name}`, clause: "B-PROFILE-04" })
    helmet ||= a.helmet
    collect(a.effects, `armour: ${a.name}`)
  }
  for (const id of survivor.equipment.kit) {
    const k = content.get("kit", id)
    if (k) collect(k.effects, `kit: ${k.name}`)
  }
  for (const id of survivor.equipment.weapons) {
    const w = content.get("weapons", id)
    if (w) collect(w.effects, `weapon: ${w.name}`)
  }

  const profile: Record<keyof Profile, number> = { ...BASE_SURVIVOR, blight: survivor.blight }
  for (const c of changes) profile[c.stat] += c.delta
  for (const stat of STATS) profile[stat] = Math.max(0, profile[stat]) // a stat never goes below 0
  const tier = Tier.tierOf(survivor.blight)
  return {
    profile: profile as Profile,
    helmet,
    tier,
    blightDice: Tier.blightDiceAllowance(tier),
    changes,
    situational,
  }
}
