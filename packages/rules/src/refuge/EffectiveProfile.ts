/**
 * A survivor's effective profile (B-PROFILE-*): the base M5 F2 S2 W2 N2 H2 (B-PROFILE-06),
 * changed by the background, Advances, injuries, the Verdant Mother's +1 Nerve, the content's
 * Leader rules (the core pack's +1 Nerve, R-CONTENT-26) for the Leader, worn armour, and every
 * always-on stat modifier of their Knack, skills, Gifts, Marks and gear (and whether a Helmet makes
 * Crits blocked on 5+), each change with its reason so a UI can show "why is my Nerve 3?".
 * Situational modifiers (with a `when`, or for someone else) are listed, not applied.
 *
 * @since 0.1.0
 */
import { Tier } from "@blight/dice"
import { BASE_SURVIVOR, type Profile, type StatChanges } from "../content/schema/Profile.js"
import type { Effect } from "../vocabulary/Effect.js"
import { type Interpretation, SURVIVOR_KINDS } from "../vocabulary/Interpreters.js"
import type { ContentView } from "./Content.js"
import type { Survivor } from "./Survivor.js"
import { survivorEffects } from "./SurvivorEffects.js"

/**
 * The effects this module applies (checked against every content effect by the interpreters
 * test): unconditional stat modifiers on the survivor themself, and an unconditional Crit block
 * (a Helmet). A stat modifier with a `when` or for others is listed in `situational`; the battle
 * engine reads those.
 */
const always = { unconditional: true, scopes: ["self"], from: SURVIVOR_KINDS } as const
export const interprets: ReadonlyArray<Interpretation> = [
  { area: "profile", kind: "statModifier", ...always, by: "effectiveProfile" },
  { area: "profile", kind: "critBlock", ...always, by: "effectiveProfile (a Helmet)" },
]

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
  const collect = (effects: ReadonlyArray<Effect> | undefined, source: string, clause?: string) => {
    for (const e of effects ?? []) {
      const scoped = e.scope === undefined || e.scope === "self"
      // A Helmet (armour or kit) blocks Crits on 5+ (B-ARMOUR-02).
      if (e.kind === "critBlock" && e.when === undefined && scoped && e.on <= 5) helmet = true
      if (e.kind !== "statModifier") continue
      if (e.when === undefined && scoped)
        changes.push({ stat: e.stat as Stat, delta: e.value, source, ...(clause ? { clause } : {}) })
      else situational.push({ source, effect: e })
    }
  }

  const bg = content.get("backgrounds", survivor.background)
  if (bg) changes.push(...fromStatChanges(bg.stats, `background: ${bg.name}`, "B-PROFILE-07"))
  survivor.advances.forEach((a, i) => {
    if ("stats" in a) changes.push(...fromStatChanges(a.stats, `Advance ${i + 1}`, "B-XP-01"))
  })
  for (const injury of survivor.injuries)
    changes.push(...fromStatChanges(injury.stats, `injury: ${injury.name}`))
  if (survivor.role === "verdantMother")
    changes.push({ stat: "nerve", delta: 1, source: "the Verdant Mother", clause: "B-CONGREGATION-04" })

  for (const s of survivorEffects(survivor, content)) {
    if (s.armour) {
      if (s.armour.armour)
        changes.push({ stat: "armour", delta: s.armour.armour, source: s.source, clause: "B-PROFILE-04" })
      helmet ||= s.armour.helmet
    }
    collect(s.effects, s.source, s.kind === "leader" ? "B-FOUNDING-04" : undefined)
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
