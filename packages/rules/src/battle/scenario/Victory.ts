/**
 * Who won (B-BATTLE-01/02, B-ROUT-02): a Refuge that Routs loses; if every Refuge Routs it is a
 * draw (R-BATTLE-14, GAP-B-26); otherwise the scenario decides among those left. Scenarios plug
 * their rules in here by the name of their victory hook (`victoryRules`), or by their objectives'
 * kinds (`objectiveRules`): the Loot count of `core/compare-count` (Cache, Night Raid: the Refuge
 * holding more Loot tokens at the end — carried by survivors still on the table or carried off it —
 * wins; Loot of Down survivors is lost, B-BATTLE-02; equal is a draw, R-WORLD-18; Meds for The
 * Pharmacy, equal Meds decided on Loot), the Bloom Heart, the Rite, the Stranger and the Radio
 * (`Objectives.ts`), a homebrew objective completed by Uses (R-BATTLE-43). A scenario with none of
 * these is decided by Loot.
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import { isPlayerSide } from "../round/Turn.js"
import type { Result, Side, State } from "../State.js"
import { at } from "../../terms/Indexed.js"

/** A scenario's victory rule: the result among the sides still in the raid. */
export type VictoryRule = (state: State, contenders: ReadonlyArray<Side>, params: unknown) => Result

/** Holdings counted by `core/compare-count`: tokens of a kind held by standing or departed survivors. */
export const holdings = (state: State, side: string, what: "loot" | "meds"): number =>
  state.models
    .filter((m) => m.side === side && m.kind === "survivor" && (m.status === "active" || m.status === "fled"))
    .reduce(
      (n, m) =>
        n +
        m.carrying.filter((c) => (what === "meds" ? c.contents === "meds" : c.contents !== "meds")).length,
      0,
    )

const compare = (
  state: State,
  contenders: ReadonlyArray<Side>,
  what: "loot" | "meds",
  reason: string,
): Result => {
  const counts = contenders.map((s) => ({ side: s.id, n: holdings(state, s.id, what) }))
  const top = Math.max(...counts.map((c) => c.n))
  const level = contenders.filter((_, i) => at(counts, i).n === top)
  // The Pharmacy: equal Meds are decided by the Loot tokens held (its victory text, `core/compare-count`).
  if (what === "meds" && level.length > 1) {
    const tie = compare(state, level, "loot", "equal Meds; Loot tokens held")
    return {
      ...tie,
      reason: `${reason}: ${counts.map((c) => `${c.side} ${c.n}`).join(", ")}; ${tie.reason}`,
      sides: tie.sides.map((x) => (level.some((l) => l.id === x.side) ? x : { ...x, outcome: "loss" })),
    }
  }
  const winners = counts.filter((c) => c.n === top)
  const draw = winners.length > 1
  return {
    reason: `${reason}: ${counts.map((c) => `${c.side} ${c.n}`).join(", ")}`,
    sides: state.sides
      .filter((s) => isPlayerSide(s))
      .map((s) => ({
        side: s.id,
        routed: s.routed,
        outcome: s.routed ? "loss" : winners.some((w) => w.side === s.id) ? (draw ? "draw" : "win") : "loss",
      })),
  }
}

/** A result naming the sides that win (the rest of those in the raid lose; nobody: a draw). */
const winners = (
  state: State,
  won: ReadonlyArray<string>,
  reason: string,
  nobody: "draw" | "loss" = "draw",
): Result => ({
  reason,
  sides: state.sides
    .filter((s) => isPlayerSide(s))
    .map((s) => ({
      side: s.id,
      routed: s.routed,
      outcome: s.routed
        ? "loss"
        : won.length === 0
          ? nobody
          : won.includes(s.id)
            ? won.length > 1
              ? "draw"
              : "win"
            : "loss",
    })),
})

/** The Bloom Heart (R-WORLD-08): the Refuge that burned it wins; standing, the one that harvested more. */
const bloomHeart: VictoryRule = (state, contenders) => {
  const o = state.objectives.find((x) => x.kind === "bloomHeart")
  if (o?.state === "burned" && o.by !== undefined)
    return winners(
      state,
      contenders.some((c) => c.id === o.by) ? [o.by] : [],
      `${o.by} burned the Bloom Heart (B-OBJECTIVE-01)`,
    )
  const counts = contenders.map((c) => ({ side: c.id, n: o?.scores[c.id] ?? 0 }))
  const top = Math.max(...counts.map((c) => c.n))
  return winners(
    state,
    counts.filter((c) => c.n === top).map((c) => c.side),
    `the Bloom Heart stands; Amber harvested: ${counts.map((c) => `${c.side} ${c.n}`).join(", ")} (R-WORLD-08)`,
  )
}

/** The Rite (R-WORLD-14): complete, every Refuge loses; stopped, the one with more slain Gardeners and disruptions wins. */
const rite: VictoryRule = (state, contenders) => {
  const o = state.objectives.find((x) => x.kind === "rite")
  if (o?.state === "complete")
    return winners(
      state,
      [],
      "the Rite is complete: a Bloom Heart takes root, and every Refuge loses (R-WORLD-14)",
      "loss",
    )
  const counts = contenders.map((c) => ({ side: c.id, n: o?.scores[c.id] ?? 0 }))
  const top = Math.max(...counts.map((c) => c.n))
  return winners(
    state,
    counts.filter((c) => c.n === top).map((c) => c.side),
    `the Rite is stopped at ${o?.progress ?? 0}; Gardeners slain and disruptions: ${counts.map((c) => `${c.side} ${c.n}`).join(", ")} (R-WORLD-14)`,
  )
}

/** The Stranger (R-WORLD-06): the Refuge that gets it off its own edge wins; nobody, a draw. */
const stranger: VictoryRule = (state) => {
  const o = state.objectives.find((x) => x.kind === "stranger")
  return o?.state === "rescued" && o.by !== undefined
    ? winners(state, [o.by], `${o.by} rescued the Stranger off its own edge (B-OBJECTIVE-11)`)
    : winners(state, [], "nobody rescued the Stranger: a draw (R-WORLD-06)")
}

/** The Radio: held by a standing survivor at the end, or carried off its own edge from round 4 on, wins. */
const radio: VictoryRule = (state) => {
  const o = state.objectives.find((x) => x.kind === "radio")
  if (o?.state === "rescued" && o.by !== undefined && o.progress >= 4)
    return winners(state, [o.by], `${o.by} carried the Radio off its own edge in round ${o.progress}`)
  const holder = state.models.find(
    (m) => m.status === "active" && m.kind === "survivor" && m.carrying.some((c) => c.contents === "radio"),
  )
  return holder
    ? winners(state, [holder.side], `${holder.name} holds the Radio at the end`)
    : winners(state, [], "nobody holds the Radio at the end: a draw (R-WORLD-18)")
}

/** Victory rules by hook name. */
export const victoryRules: Record<string, VictoryRule> = {
  "core/compare-count": (state, contenders, params) => {
    const what = (params as { what?: string } | undefined)?.what
    if (what === "bloomHeart") return bloomHeart(state, contenders, params)
    return what === "meds"
      ? compare(state, contenders, "meds", "Meds tokens held")
      : compare(state, contenders, "loot", "Loot tokens held")
  },
  "core/planting-rite": rite,
}

/**
 * A homebrew objective completed by Use actions (`uses`, e.g. the Sluice Gates' wheel), with no
 * victory hook (R-BATTLE-43): the Refuge that completed it wins if it also holds more Loot tokens
 * than every other Refuge left; nobody completed it, or its Refuge does not hold the most: a draw.
 */
const completed: VictoryRule = (state, contenders) => {
  const o = state.objectives.find((x) => x.kind === "other" && x.state === "complete")
  if (o?.by === undefined || !contenders.some((c) => c.id === o.by))
    return winners(state, [], `nobody completed ${o?.id ?? "the objective"}: a draw (R-BATTLE-43)`)
  const counts = contenders.map((c) => ({ side: c.id, n: holdings(state, c.id, "loot") }))
  const mine = holdings(state, o.by, "loot")
  const more = counts.every((c) => c.side === o.by || c.n < mine)
  return winners(
    state,
    more ? [o.by] : [],
    `${o.by} completed ${o.id}; Loot tokens held: ${counts.map((c) => `${c.side} ${c.n}`).join(", ")} (R-BATTLE-43)`,
  )
}

/** Victory by objective kind, for scenarios that name no hook. */
export const objectiveRules: Partial<Record<string, VictoryRule>> = { stranger, radio, bloomHeart, rite }

/** The raid's result. */
export const decideResult = (ctx: Ctx): Result => {
  const state = ctx.draft as unknown as State
  const players = state.sides.filter((s) => isPlayerSide(s))
  const left = players.filter((s) => !s.routed)
  const all = (outcome: "win" | "draw" | "loss", reason: string): Result => ({
    reason,
    sides: players.map((s) => ({
      side: s.id,
      routed: s.routed,
      outcome: s.routed && outcome === "win" ? "loss" : outcome,
    })),
  })
  if (left.length === 0)
    return state.options.doubleRout === "draw"
      ? all("draw", "every Refuge Routed (R-BATTLE-14)")
      : all("loss", "every Refuge Routed (R-BATTLE-14)")
  const last = left.length === 1 ? left[0] : undefined
  if (last)
    return all("win", `${last.name} is the last Refuge on the table; a Refuge that Routs loses (B-BATTLE-01)`)
  const scenario = ctx.env.content.get("scenarios", state.scenario)
  const hook = scenario?.victory.hook
  const rule = hook ? victoryRules[hook.hook] : undefined
  if (hook && rule) return rule(state, left, hook.params)
  for (const o of state.objectives) {
    const byKind = objectiveRules[o.kind]
    if (byKind) return byKind(state, left, undefined)
    if (o.kind === "other" && ctx.env.content.get("objectives", o.id)?.uses !== undefined)
      return completed(state, left, undefined)
  }
  return compare(state, left, "loot", `${scenario?.name ?? state.scenario}: Loot tokens held`)
}
