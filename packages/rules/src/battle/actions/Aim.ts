/**
 * Aim (B-ACTION-AIM-01, B-SHOOT-03): +1 die to the survivor's next Shoot this activation.
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"

export const aim = (ctx: Ctx, c: CommandOf<"aim">, by: string): void => {
  const m = beginAction(ctx, c.model, "aim", by)
  const a = activationOf(ctx)
  if (a.attacked || a.sprinted)
    refuse(
      `aim: ${m.name} can't Shoot again this activation, so Aiming does nothing`,
      a.sprinted ? "B-ACTION-SPRINT-02" : "B-ACT-09",
    )
  if (!m.weapons.some((w) => !w.spent && ctx.env.content.get("weapons", w.weapon)?.type !== "melee"))
    refuse(`aim: ${m.name} has nothing to shoot with`, "B-ACTION-AIM-01")
  takeAction(ctx, m.id, "aim")
  afterAction(ctx, m.id)
}
