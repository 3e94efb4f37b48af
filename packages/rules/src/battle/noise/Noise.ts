/**
 * Noise (B-NOISE-01..07): every action that makes Noise puts that many tokens by the model, where
 * they stay until the End Phase. Making Noise ends Hiding (B-ACTION-HIDE-03). Some rules make an
 * action Quiet for a model (`actionNoise` 0, read by {@link noiseFor}); a carrier of the Radio always has at least 1
 * (a `minimumNoise` effect, read where Noise is counted).
 *
 * @since 0.2.0
 */
import type { Action } from "../../vocabulary/Vocabulary.js"
import { holds } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { reactions } from "../Reactions.js"
import type { Model } from "../State.js"

/**
 * The Noise an action makes for this model: its `usual` Noise, or what a rule of the model says
 * instead (`actionNoise`, its `when` holding: Soft Step and Soundless make it 0). The quietest
 * such rule wins.
 */
export const noiseFor = (ctx: Ctx, modelId: string, action: Action, usual: number): number => {
  const m = ctx.view(modelId)
  let ruled: number | undefined
  for (const s of effectsOf(ctx, m)) {
    const e = s.effect
    if (e.kind !== "actionNoise" || !e.actions.includes(action)) continue
    if (e.when !== undefined && !holds(ctx, e.when, { self: m, action })) continue
    ruled = Math.min(ruled ?? e.value, e.value)
  }
  return ruled ?? usual
}

/** Puts Noise tokens by a model (creatures make none, R-BATTLE-17). */
export const makeNoise = (ctx: Ctx, modelId: string, amount: number, source: string): void => {
  const m = ctx.view(modelId)
  if (amount <= 0 || m.kind === "creature") return
  ctx.emit({ type: "noise", model: modelId, amount, source })
  if (ctx.view(modelId).hidden)
    ctx.emit({ type: "revealed", model: modelId, reason: "made Noise (B-ACTION-HIDE-03)" })
  reactions.ambush(ctx, modelId, "noise") // B-BEHAVIOUR-06
}

/** The least Noise a standing survivor's rules give it (`minimumNoise`: the Radio's carrier, B-OBJECTIVE-05). */
export const minimumNoise = (ctx: Ctx, m: Model): number => {
  let min = 0
  if (m.kind === "survivor" && m.status === "active")
    for (const s of effectsOf(ctx, m))
      if (
        s.effect.kind === "minimumNoise" &&
        (s.effect.when === undefined || holds(ctx, s.effect.when, { self: m }))
      )
        min = Math.max(min, s.effect.value)
  return min
}

/** A model's Noise, never below a `minimumNoise` its rules give it (the Radio's carrier, B-OBJECTIVE-05). */
export const noiseOf = (ctx: Ctx, m: Model): number => Math.max(m.noise, minimumNoise(ctx, m))

/**
 * A survivor whose rules give it Noise all the time is always making it (R-BATTLE-63): it stops being
 * Hidden as soon as it has that rule (picking up or being handed the Radio), B-ACTION-HIDE-03.
 */
export const alwaysNoisyReveals = (ctx: Ctx, modelId: string): void => {
  const m = ctx.view(modelId)
  if (m.hidden && minimumNoise(ctx, m) > 0)
    ctx.emit({ type: "revealed", model: modelId, reason: "always has Noise (B-OBJECTIVE-05, R-BATTLE-63)" })
}
