/**
 * The End Phase (B-ROUND-03..05), in order: the Din (B-DIN-01..06), Spores (B-ROUND-04,
 * B-BLIGHT-02), Rout (B-ROUT-01/02, B-CONGREGATION-12), Clear (B-ROUND-05).
 *
 * - The Din totals the Noise made this round (R-BATTLE-05), rolls that many dice up to 12, then
 *   any extra dice after the cap (R-WORLD-09: the scenario's, a creature's `din` modifier); the
 *   Season's thresholds say how many 6s bring a Lesser or a Greater Encounter (B-DIN-05).
 * - Spores: each survivor on the table in Spore terrain or a spore cloud rolls a die; 1–2 is +1
 *   Blight (R-BATTLE-02: once, in the End Phase). Congregation members don't roll (B-CONGREGATION-15).
 * - Rout: a Refuge with half or more of its starting survivors Down, Turned or off the table tests
 *   its Leader's Nerve (1), or the highest Nerve standing (R-BATTLE-27, AMB-B-03/04); a Congregation
 *   only at three-quarters (R-BATTLE-28, AMB-B-38). Fail: it Routs and its survivors leave the table
 *   with what they carry. With nobody standing it Routs without a test.
 *
 * @since 0.2.0
 */

import { holds } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import { gainBlight } from "../combat/Blight.js"
import { effectsOf } from "../combat/Pools.js"
import { arrivalPoint, encounter } from "../creatures/Encounter.js"
import { nerveTest } from "../nerve/Nerve.js"
import { noiseOf } from "../noise/Noise.js"
import type { Model, Side } from "../State.js"
import { objectiveEffects } from "../scenario/Objectives.js"
import { isPlayerSide } from "./Turn.js"

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

/** Spores (B-ROUND-04). */
export const spores = (ctx: Ctx): void => {
  for (const m of [...ctx.draft.models]) {
    if (m.kind !== "survivor" || (m.status !== "active" && m.status !== "down")) continue
    if (ctx.draft.sides.find((s) => s.id === m.side)?.kind === "congregation") continue
    const inSpores = ctx.fact(
      { q: "in", a: m.id, terrain: "spore" },
      `Is ${m.name} in Spore terrain or a spore cloud?`,
      m.side,
    )
    if (inSpores !== true) continue
    sporeRoll(ctx, m as Model)
  }
}

/** One Spore roll: 1–2 is +1 Blight, after any die modifier (a Gas mask). */
export const sporeRoll = (ctx: Ctx, m: Model): void => {
  let [face] = ctx.dice(1, `Spores for ${m.name} (B-BLIGHT-02)`, m.side)
  let mod = 0
  for (const s of effectsOf(ctx, m))
    if (s.effect.kind === "dieModifier" && s.effect.die === "spores") mod += s.effect.value
  // A re-roll of the Spores die (Iron Lungs), offered when it would give Blight (B-REROLL-01: once).
  const reroll = effectsOf(ctx, m).find((s) => s.effect.kind === "reroll" && s.effect.roll === "spores")
  if (reroll && face! + mod <= 2) {
    const again = ctx.choose(
      `reroll:${m.id}:spores:${ctx.draft.seq}`,
      `Re-roll ${m.name}'s Spores die (${face}) with ${reroll.source}?`,
      ["no", "yes"],
      m.side,
    )
    if (again === "yes")
      face = ctx.dice(1, `re-roll of the Spores die (${reroll.source}, B-REROLL-01)`, m.side)[0]
  }
  ctx.emit({ type: "spores", model: m.id, face: face! })
  if (face! + mod <= 2) gainBlight(ctx, m.id, 1, "Spores (B-BLIGHT-02)")
}

const gone = (m: Model): boolean =>
  m.status === "down" || m.status === "finished" || m.status === "turned" || m.status === "fled"

/** Does this side have to test (B-ROUT-01, B-CONGREGATION-12)? */
export const mustTest = (state: { readonly models: ReadonlyArray<Model> }, side: Side): boolean => {
  const mine = state.models.filter((m) => m.side === side.id && m.kind === "survivor" && m.ref !== "stranger")
  const out = mine.filter(gone).length
  return side.kind === "congregation" ? out * 4 >= side.starting * 3 : out * 2 >= side.starting
}

/** Rout tests (B-ROUT-01/02). */
export const rout = (ctx: Ctx): void => {
  for (const side of ctx.draft.sides) {
    if (!isPlayerSide(side as Side) || side.routed || !mustTest(ctx.draft as never, side as Side)) continue
    const standing = ctx.draft.models.filter(
      (m) => m.side === side.id && m.kind === "survivor" && m.status === "active",
    ) as Model[]
    const tester =
      standing.find((m) => m.leader) ??
      [...standing].sort((a, b) => b.profile.nerve - a.profile.nerve || a.id.localeCompare(b.id))[0]
    if (!tester) {
      ctx.emit({ type: "rout.test", side: side.id, passed: false })
      routSide(ctx, side.id, "nobody left standing")
      continue
    }
    const { roll, passed } = nerveTest(ctx, tester, "nerve.rout", 1, "Rout test")
    ctx.emit({ type: "rout.test", side: side.id, model: tester.id, roll, passed })
    if (!passed) routSide(ctx, side.id, "failed its Rout test")
  }
}

/** A side Routs: it loses, and its survivors leave with what they carry (B-ROUT-02). */
export const routSide = (ctx: Ctx, side: string, reason: string): void => {
  ctx.emit({ type: "routed", side, reason })
  for (const m of ctx.draft.models)
    if (m.side === side && m.status === "active") ctx.emit({ type: "fled", model: m.id })
}
