/**
 * Steady (B-ACTION-STEADY-01): stop being Shaken — for a survivor made Shaken during its own
 * activation, before its next one (R-BATTLE-33, AMB-B-34 (a)).
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { afterAction, beginAction, takeAction } from "./Activation.js"

export const steady = (ctx: Ctx, c: CommandOf<"steady">, by: string): void => {
  const m = beginAction(ctx, c.model, "steady", by)
  if (!m.shaken) refuse(`steady: ${m.name} is not Shaken`, "B-ACTION-STEADY-01")
  takeAction(ctx, m.id, "steady")
  ctx.emit({ type: "steadied", model: m.id })
  afterAction(ctx, m.id)
}
