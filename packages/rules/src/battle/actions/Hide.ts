/**
 * Hide (B-ACTION-HIDE-01..03): in cover, with no enemy within 6" able to see it (creatures are
 * enemies, R-BATTLE-26), the survivor becomes Hidden. Hiding is Quiet. A survivor that always has
 * Noise (the Radio's carrier) can't hide (R-BATTLE-63); any attack ends Hiding (B-ACTION-HIDE-03).
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { minimumNoise } from "../noise/Noise.js"
import { areEnemies } from "../round/Turn.js"
import type { Model } from "../State.js"
import { afterAction, beginAction, takeAction } from "./Activation.js"
import { refused } from "./TableAnswers.js"

export const hide = (ctx: Ctx, c: CommandOf<"hide">, by: string): void => {
  const m = beginAction(ctx, c.model, "hide", by)
  if (m.hidden) refuse(`hide: ${m.name} is already Hidden`, "B-ACTION-HIDE-01")
  // R-BATTLE-63: a survivor that always has Noise (the Radio's carrier) is always making it.
  if (minimumNoise(ctx, m) > 0)
    refuse(`hide: ${m.name} always has Noise (B-OBJECTIVE-05) and can't be Hidden`, "B-ACTION-HIDE-03")
  const fail = (reason: string) => refused(ctx, reason, "B-ACTION-HIDE-01")
  if (
    ctx.fact({ q: "in", a: m.id, terrain: "open" }, `Is ${m.name} in the open (not in cover)?`, m.side) !==
    false
  ) {
    fail(`hide: ${m.name} is not in cover`)
    return
  }
  for (const e of ctx.draft.models) {
    if (e.status !== "active" || !areEnemies(m, e)) continue
    if (
      ctx.fact(
        { q: "within", a: m.id, b: e.id, inches: 6 },
        `Is ${e.name} within 6" of ${m.name}?`,
        m.side,
      ) !== true
    )
      continue
    if (ctx.fact({ q: "sees", a: e.id, b: m.id }, `Can ${e.name} see ${m.name}?`, m.side) === true) {
      fail(`hide: ${e.name} is within 6" and can see ${m.name}`)
      return
    }
  }
  takeAction(ctx, m.id, "hide")
  ctx.emit({ type: "hidden", model: m.id })
  afterAction(ctx, m.id)
}

/** An attack ends Hiding (B-ACTION-HIDE-03): a Shoot, a Fight, an attacking Gift or granted action. */
export const revealOnAttack = (ctx: Ctx, modelId: string): void => {
  if (ctx.view(modelId).hidden)
    ctx.emit({ type: "revealed", model: modelId, reason: "attacked (B-ACTION-HIDE-03)" })
}

/**
 * B-ACTION-HIDE-02: "enemies more than 6" away can't target you". Is the target Hidden and not
 * within 6" of the attacker? Asked only of a Hidden target.
 */
export const hiddenBeyondSix = (ctx: Ctx, attacker: Model, target: Model): boolean =>
  target.hidden &&
  ctx.fact(
    { q: "within", a: attacker.id, b: target.id, inches: 6 },
    `Is ${target.name} (Hidden) within 6" of ${attacker.name}?`,
    attacker.side,
  ) !== true

/** A Hidden model that ends a move (a Panic move too) in the open stops being Hidden (B-ACTION-HIDE-03). */
export const revealInTheOpen = (ctx: Ctx, m: Model, move: "move" | "Panic move"): void => {
  if (!m.hidden) return
  const open = ctx.fact(
    { q: "in", a: m.id, terrain: "open" },
    `Does ${m.name} end the ${move} in the open?`,
    m.side,
  )
  if (open === true)
    ctx.emit({ type: "revealed", model: m.id, reason: `ended a ${move} in the open (B-ACTION-HIDE-03)` })
}
