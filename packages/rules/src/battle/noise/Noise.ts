/**
 * Noise (B-NOISE-01..07): every action that makes Noise puts that many tokens by the model, where
 * they stay until the End Phase. Making Noise ends Hiding (B-ACTION-HIDE-03). Some rules make an
 * action Quiet for a model (`actionNoise` 0); a carrier of the Radio always has at least 1
 * (a `minimumNoise` effect, read where Noise is counted).
 *
 * @since 0.2.0
 */
import { holds } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { checkEmerge } from "../creatures/Ambush.js"
import type { Model } from "../State.js"

/** Is this action Quiet for this model by a rule (an `actionNoise` of 0: Soft Step, Soundless)? */
export const quietFor = (ctx: Ctx, modelId: string, action: string): boolean =>
  effectsOf(ctx, ctx.view(modelId)).some(
    (s) =>
      s.effect.kind === "actionNoise" &&
      s.effect.value === 0 &&
      (s.effect.actions as ReadonlyArray<string>).includes(action),
  )

/** Puts Noise tokens by a model (creatures make none, R-BATTLE-17). */
export const makeNoise = (ctx: Ctx, modelId: string, amount: number, source: string): void => {
  const m = ctx.view(modelId)
  if (amount <= 0 || m.kind === "creature") return
  ctx.emit({ type: "noise", model: modelId, amount, source })
  if (ctx.view(modelId).hidden)
    ctx.emit({ type: "revealed", model: modelId, reason: "made Noise (B-ACTION-HIDE-03)" })
  checkEmerge(ctx, modelId, "noise") // B-BEHAVIOUR-06
}

/** A model's Noise, never below a `minimumNoise` its rules give it (the Radio's carrier, B-OBJECTIVE-05). */
export const noiseOf = (ctx: Ctx, m: Model): number => {
  let min = 0
  if (m.kind === "survivor" && m.status === "active")
    for (const s of effectsOf(ctx, m))
      if (
        s.effect.kind === "minimumNoise" &&
        (s.effect.when === undefined || holds(ctx, s.effect.when, { self: m }))
      )
        min = Math.max(min, s.effect.value)
  return Math.max(m.noise, min)
}
