/**
 * Aftermath step 2, Experience (B-XP-01, B-CREATURE-05; GAP-B-04 ruled as R-CAMPAIGN-05/06): a
 * survivor who slew a creature gains its XP; each survivor who took part and is still on the
 * roster gains 1; each enemy survivor it took Down gives 1. Every 5 XP is an Advance, chosen by
 * the player: a skill it lacks from its background's two lists (B-SKILL-02), or +1 to Fight,
 * Shoot, Wits or Nerve (each stat once). A survivor's own `experience` rules (the Student's Quick
 * Study) add theirs to every Aftermath it took part in.
 *
 * @since 0.3.0
 */
import type { ContentView } from "../refuge/Content.js"
import type { Survivor } from "../refuge/Survivor.js"
import type { Ctx } from "./Context.js"
import { ownRules } from "./OwnRules.js"
import { refugeAt } from "./Refuges.js"
import { type RaidRecord, sideOf } from "./State.js"

/** XP rules where the text is silent (R-CAMPAIGN-05). */
export const XP = { takingPart: 1, enemyDown: 1, perAdvance: 5 } as const
/** Stats an Advance may raise, once each (R-CAMPAIGN-06). */
export const ADVANCE_STATS = ["fight", "shoot", "wits", "nerve"] as const

/** XP a survivor's own rules give each Aftermath (`experience` in its Knack or skills), with where from. */
export const ownExperience = (content: ContentView, s: Survivor): Array<{ xp: number; from: string }> =>
  ownRules(content, s).flatMap((r) =>
    r.effects.flatMap((e) =>
      e.kind === "experience" && e.when === undefined ? [{ xp: e.xp, from: r.name }] : [],
    ),
  )

/** Step 2 for one Refuge. */
export const experience = (ctx: Ctx, refuge: number, raid: RaidRecord) => {
  const side = sideOf(raid, refuge)
  if (side === undefined) return
  for (const m of side.survivors) {
    // B-TURN-03: a survivor who Turned in the raid left the roster at once; step 3 only strikes them off.
    if (m.status === "turned") continue
    const s = refugeAt(ctx, refuge).refuge.survivors.find((x) => x.id === m.survivor)
    if (s === undefined) continue
    const slain = m.slew.map((c) => ({ c, xp: ctx.env.content.get("creatures", c)?.xp ?? 0 }))
    const fromCreatures = slain.reduce((a, x) => a + x.xp, 0)
    const own = ownExperience(ctx.env.content, s)
    const gained = XP.takingPart + fromCreatures + XP.enemyDown * m.downed + own.reduce((a, x) => a + x.xp, 0)
    const parts = [
      `${XP.takingPart} for taking part (R-CAMPAIGN-05)`,
      ...slain.map((x) => `${x.xp} for slaying ${x.c} (B-CREATURE-05)`),
      ...(m.downed ? [`${m.downed * XP.enemyDown} for enemies taken Down (R-CAMPAIGN-05)`] : []),
      ...own.map((x) => `${x.xp} from ${x.from} (B-XP-01)`),
    ]
    ctx.emit({
      type: "survivor.changed",
      refuge,
      survivor: s.id,
      xp: gained,
      reason: `XP: ${parts.join(", ")}`,
      clause: "B-XP-01",
    })
  }
  const turned = new Set(side.survivors.filter((m) => m.status === "turned").map((m) => m.survivor))
  for (const s of [...refugeAt(ctx, refuge).refuge.survivors])
    if (!turned.has(s.id)) advances(ctx, refuge, s.id)
}

/** The Advances a survivor is owed (every 5 XP, B-XP-01), each a choice. */
export const advances = (ctx: Ctx, refuge: number, id: string) => {
  for (;;) {
    const s = refugeAt(ctx, refuge).refuge.survivors.find((x) => x.id === id)
    if (s === undefined || Math.floor(s.xp / XP.perAdvance) <= s.advances.length) return
    const held = new Set<string>([...s.skills, ...s.advances.flatMap((a) => ("skill" in a ? [a.skill] : []))])
    const raised = new Set(s.advances.flatMap((a) => ("stats" in a ? Object.keys(a.stats) : [])))
    // B-SKILL-02: skills come only from the two lists the survivor's background allows.
    const lists = new Set<string>(ctx.env.content.get("backgrounds", s.background)?.skillLists ?? [])
    const options = [
      ...ADVANCE_STATS.filter((k) => !raised.has(k)).map((k) => `stat:${k}`),
      ...ctx.env.content
        .list("skills")
        .filter((k) => !held.has(k.id) && lists.has(k.list))
        .map((k) => `skill:${k.id}`),
    ]
    if (options.length === 0) return
    const pick = ctx.choose(
      `advance:${s.id}`,
      `${s.name} has ${s.xp} XP: an Advance (B-XP-01). A skill, or +1 to a stat (R-CAMPAIGN-06)`,
      options,
      String(refuge),
    )
    const [kind, what] = pick.split(":") as [string, string]
    ctx.emit({
      type: "survivor.changed",
      refuge,
      survivor: s.id,
      advance: (kind === "stat" ? { stats: { [what]: 1 } } : { skill: what }) as never,
      reason: `Advance: ${kind === "stat" ? `+1 ${what}` : what}`,
      clause: "B-XP-01",
    })
  }
}
