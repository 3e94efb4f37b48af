/**
 * What a raid leaves a Refuge for the raids after it: a clean street (B-OBJECTIVE-04, R-WORLD-08:
 * the objective's `battle.end` trigger runs `core/clean-street`, one fewer creature lurking in the
 * burning Refuge's next raid) kept as a status lasting one raid, and a trophy (the Radio,
 * B-OBJECTIVE-08) kept for good by the Refuge that wins it (R-CAMPAIGN-20). The raid's set-up reads
 * both ({@link raidContext}); a raid the Refuge plays spends its statuses.
 *
 * @since 0.4.0
 */
import type { State as BattleState } from "../battle/State.js"
import type { ContentView } from "../refuge/Content.js"
import { at } from "../terms/Indexed.js"
import type { Effect } from "../vocabulary/Effect.js"
import type { Ctx } from "./Context.js"
import type { CampaignState, EndedObjective, RaidRecord } from "./State.js"

/** The hook a clean street runs, and what it answers: `lurking` for the burning Refuge's next raid. */
export const CLEAN_STREET_HOOK = "core/clean-street"

/** Does an objective's condition hold for how the raid ended it? Other conditions: not at the end. */
const holds = (when: Effect["when"], o: EndedObjective): boolean => {
  if (when === undefined) return true
  const c = when as { objective?: string; state?: string }
  return Object.keys(c).length === 2 && c.objective === o.id && c.state === o.state
}

/** The effects an objective's `battle.end` triggers do for the Refuge that burned, freed or rescued it. */
export const endEffects = (
  content: ContentView,
  raid: RaidRecord,
): ReadonlyArray<{ readonly refuge: number; readonly objective: string; readonly effect: Effect }> =>
  (raid.objectives ?? []).flatMap((o) => {
    const refuge = o.refuge
    if (refuge === undefined) return []
    const entry = content.get("objectives", o.id)
    return (entry?.rules ?? []).flatMap((r) =>
      (r.effects ?? []).flatMap((e) =>
        e.kind === "trigger" && e.on === "battle.end" && holds(e.when, o)
          ? e.do.map((effect) => ({ refuge, objective: o.id, effect }))
          : [],
      ),
    )
  })

/** Objectives kept as trophies: those with a Refuge-wide rule for later raids (the Radio's re-roll). */
export const isTrophy = (content: ContentView, objective: string): boolean =>
  (content.get("objectives", objective)?.rules ?? []).some((r) =>
    (r.effects ?? []).some((e) => e.kind === "reroll" && e.scope === "refuge"),
  )

/**
 * After `raid.recorded`: the raid spends the statuses of the Refuges that played it, a clean street
 * is kept for the burning Refuge's next raid, and the winner keeps a trophy objective.
 */
export const carryOver = (ctx: Ctx, raid: RaidRecord): void => {
  const content = ctx.env.content
  for (const side of raid.sides)
    if ((ctx.draft.refuges[side.refuge]?.statuses ?? []).length > 0)
      ctx.emit({ type: "refuge.statusesSpent", refuge: side.refuge, raid: raid.number })
  for (const { refuge, objective, effect } of endEffects(content, raid)) {
    if (effect.kind !== "hook" || effect.hook !== CLEAN_STREET_HOOK) continue
    const value = Number((effect.params as { lurking?: number } | undefined)?.lurking ?? -1)
    const name = content.get("objectives", objective)?.name ?? objective
    ctx.emit({
      type: "refuge.status",
      refuge,
      status: {
        kind: "lurking",
        value,
        raids: 1,
        reason: `a clean street: burned ${name} in raid ${raid.number}`,
        clause: "B-OBJECTIVE-04",
      },
    })
  }
  const trophies = (raid.objectives ?? []).filter((o) => isTrophy(content, o.id))
  for (const side of raid.sides) {
    if (side.outcome !== "win") continue
    for (const o of trophies) {
      if ((ctx.draft.refuges[side.refuge]?.trophies ?? []).includes(o.id)) continue
      ctx.emit({
        type: "trophy.kept",
        refuge: side.refuge,
        objective: o.id,
        reason: `won ${content.get("objectives", o.id)?.name ?? o.id} in raid ${raid.number}`,
        clause: "B-OBJECTIVE-08",
      })
    }
  }
}

/**
 * What a raid's set-up takes from the campaign (B-HOLLOWED-03, B-OBJECTIVE-04, B-OBJECTIVE-08): the
 * Hollowed not yet at rest, and each Refuge's clean street and trophies.
 */
export const campaignContext = (
  state: CampaignState,
  refuges?: ReadonlyArray<number>,
): NonNullable<BattleState["campaign"]> => ({
  hollowed: state.hollowed
    .filter((h) => !h.atRest)
    .map((h) => ({
      name: h.name,
      refuge: h.refuge,
      ...(h.survivor !== undefined ? { survivor: h.survivor } : {}),
      profile: h.profile,
      ...(h.gifts ? { gifts: h.gifts } : {}),
    })),
  refuges: raidContext(state, refuges),
})

/**
 * What the next raid's set-up takes from the campaign for each of its Refuges (left out: every
 * Refuge), in the campaign's order.
 */
export const raidContext = (
  state: CampaignState,
  refuges?: ReadonlyArray<number>,
): ReadonlyArray<{ readonly lurking: number; readonly trophies: ReadonlyArray<string> }> =>
  (refuges === undefined ? state.refuges : refuges.map((i) => at(state.refuges, i))).map((r) => ({
    lurking: (r.statuses ?? []).reduce((n, s) => (s.kind === "lurking" ? n + s.value : n), 0),
    trophies: [...(r.trophies ?? [])],
  }))
