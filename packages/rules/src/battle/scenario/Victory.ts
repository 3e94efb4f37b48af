/**
 * Who won (B-BATTLE-01/02, B-ROUT-02): a Refuge that Routs loses; if every Refuge Routs it is a
 * draw (R-BATTLE-14, GAP-B-26); otherwise the scenario decides among those left. Scenarios plug
 * their rules in here by the name of their victory hook (`victoryRules`); the scenarios issue adds
 * objective rules. The rule the engine has now is the Loot count of `core/compare-count` (Cache,
 * Night Raid): the Refuge holding more Loot tokens at the end — carried by survivors still on the
 * table or carried off it — wins; Loot of Down survivors is lost (B-BATTLE-02); equal is a draw
 * (R-WORLD-18). A scenario whose rule the engine does not know yet is decided the same way, and the
 * result says so.
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import { isPlayerSide } from "../round/Turn.js"
import type { Result, Side, State } from "../State.js"

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

/** Victory rules by hook name. */
export const victoryRules: Record<string, VictoryRule> = {
  "core/compare-count": (state, contenders, params) => {
    const what = (params as { what?: string } | undefined)?.what === "meds" ? "meds" : "loot"
    return compare(state, contenders, what, `${what === "meds" ? "Meds" : "Loot"} tokens held`)
  },
}

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
  if (left.length === 1)
    return all(
      "win",
      `${left[0]!.name} is the last Refuge on the table; a Refuge that Routs loses (B-BATTLE-01)`,
    )
  const scenario = ctx.env.content.get("scenarios", state.scenario)
  const hook = scenario?.victory.hook
  const rule = hook ? victoryRules[hook.hook] : undefined
  if (rule) return rule(state, left, hook!.params)
  return compare(
    state,
    left,
    "loot",
    `${scenario?.name ?? state.scenario}: its objectives are not played by the engine yet; decided by Loot tokens held`,
  )
}
