/**
 * The Din (B-DIN-01..06), the End Phase's first step: the Noise made this round (R-BATTLE-05) is
 * rolled as that many dice up to 12, then any extra dice after the cap (R-WORLD-09: the scenario's,
 * a creature's `din` modifier); the Season's thresholds say how many 6s bring a Lesser or a Greater
 * Encounter (B-DIN-05).
 *
 * @since 0.2.0
 */
import { holds } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { arrivalPoint, encounter } from "../creatures/Encounter.js"
import { noiseOf } from "../noise/Noise.js"
import type { Model } from "../State.js"
import { objectiveEffects } from "../scenario/ObjectiveEffects.js"

/** The Season's Din thresholds (normally one 6 Lesser, two Greater). */
const thresholds = (ctx: Ctx): { lesser: number; greater: number } => {
  const id = ctx.draft.season
  const season = id ? ctx.env.content.get("seasons", id) : undefined
  return season?.din ?? { lesser: 1, greater: 2 }
}

/** The Din (B-DIN-01..06). */
export const din = (ctx: Ctx): void => {
  let noiseTotal =
    ctx.draft.options.dinCounts === "made"
      ? ctx.draft.noiseMade
      : ctx.draft.models.filter((m) => m.status === "active").reduce((a, m) => a + m.noise, 0)
  const scenario = ctx.env.content.get("scenarios", ctx.draft.scenario)
  let extra = scenario?.dinDice ?? 0
  for (const c of ctx.draft.models) {
    if (c.kind !== "creature" || c.status !== "active") continue
    for (const s of effectsOf(ctx, c as Model))
      if (s.effect.kind === "poolModifier" && s.effect.pool === "din" && s.effect.when === undefined)
        extra += s.effect.dice
  }
  // The scenario's objectives' Din dice while their `when` holds (the Bloom Heart standing, B-OBJECTIVE-03),
  // and the scenario's and the Season's own (Glassfall's ringing glass, B-SEASON-01, R-CONTENT-43).
  const season = ctx.draft.season ? ctx.env.content.get("seasons", ctx.draft.season) : undefined
  for (const e of [
    ...objectiveEffects(ctx).map((o) => o.effect),
    ...(scenario?.effects ?? []),
    ...(season?.raidEffect.effects ?? []),
  ]) {
    if (e.kind !== "poolModifier" || e.pool !== "din") continue
    if (e.when !== undefined && !holds(ctx, e.when, {})) continue
    extra += e.dice
  }
  // A carrier's minimum Noise counts towards the Din (the Radio, B-OBJECTIVE-05).
  for (const m of ctx.draft.models)
    if (m.kind === "survivor" && m.status === "active") noiseTotal += noiseOf(ctx, m as Model) - m.noise
  const dice = Math.max(0, Math.min(12, noiseTotal) + extra)
  const faces = dice > 0 ? ctx.dice(dice, "the Din (B-DIN-01)") : []
  const sixes = faces.filter((f) => f === 6).length
  const t = thresholds(ctx)
  const result = sixes >= t.greater ? "greater" : sixes >= t.lesser ? "lesser" : "none"
  ctx.emit({ type: "din.rolled", noise: noiseTotal, dice, faces: [...faces], sixes, result })
  if (result !== "none") encounter(ctx, result, arrivalPoint(ctx, false))
}
