/**
 * Spores (B-ROUND-04, B-BLIGHT-02), the End Phase's second step: each survivor on the table in
 * Spore terrain or a spore cloud rolls a die; 1–2 is +1 Blight (R-BATTLE-02: once, in the End
 * Phase). Congregation members don't roll (B-CONGREGATION-15).
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import { gainBlight } from "../combat/Blight.js"
import { effectsOf } from "../combat/Pools.js"
import { faceOf } from "../Faces.js"
import type { Model } from "../State.js"

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
  let face = faceOf(ctx.dice(1, `Spores for ${m.name} (B-BLIGHT-02)`, m.side))
  let mod = 0
  for (const s of effectsOf(ctx, m))
    if (s.effect.kind === "dieModifier" && s.effect.die === "spores") mod += s.effect.value
  // A re-roll of the Spores die (Iron Lungs), offered when it would give Blight (B-REROLL-01: once).
  const reroll = effectsOf(ctx, m).find((s) => s.effect.kind === "reroll" && s.effect.roll === "spores")
  if (reroll && face + mod <= 2) {
    const again = ctx.choose(
      `reroll:${m.id}:spores:${ctx.draft.seq}`,
      `Re-roll ${m.name}'s Spores die (${face}) with ${reroll.source}?`,
      ["no", "yes"],
      m.side,
    )
    if (again === "yes")
      face = faceOf(ctx.dice(1, `re-roll of the Spores die (${reroll.source}, B-REROLL-01)`, m.side))
  }
  ctx.emit({ type: "spores", model: m.id, face: face })
  if (face + mod <= 2) gainBlight(ctx, m.id, 1, "Spores (B-BLIGHT-02)")
}
