/**
 * Focus spent after seeing the result (N-FOCUS-02, R-N-FOCUS-03): on the character's own last
 * Check, or on their last Damage roll while the side's turn lasts, whose extra Damage then lands.
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import { spendOnCheck } from "../../procedures/checks/Focus.js"
import { spendFocusOnDamage } from "../../procedures/combat/Damage.js"
import type { Focus } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand } from "../Seats.js"
import type { Member } from "../State.js"
import { hitNpc } from "./Combat.js"

const onCheck = (ctx: Ctx, m: Member): void => {
  const last = st(ctx).lastCheck
  if (last === undefined || last.character !== m.id)
    refuse(`${m.id} has no Check of their own to spend Focus on`, "N-FOCUS-02")
  const r = ruled(() => spendOnCheck(diceOf(ctx, m.owner), m.adventurer, last.result))
  const { focusSpent: _f, ...result } = r.check
  ctx.emit({ type: "focusSpent", character: m.id, adventurer: r.adventurer, result })
}

const onDamage = (ctx: Ctx, m: Member): void => {
  const last = st(ctx).lastDamage
  if (last === undefined || last.character !== m.id)
    refuse(`${m.id} has no Damage roll of their own to spend Focus on this turn`, "N-FOCUS-02")
  const targetSeat = st(ctx).seats.referee
  const source = diceOf(ctx, (label) => (label === "damage" ? m.owner : targetSeat), `${m.id}'s Focus: `)
  const r = ruled(() => spendFocusOnDamage(source, m.adventurer, last.attack, last.defender, last.result))
  const { dice: _d, ...result } = r
  const extra = Math.max(0, result.result.damage - last.result.damage)
  ctx.emit({
    type: "damageFocused",
    character: m.id,
    adventurer: result.adventurer,
    result: result.result,
    extra,
  })
  if (extra > 0) hitNpc(ctx, last.target, extra, m.id)
}

const focus = (ctx: Ctx, c: Of<typeof Focus>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "spending Focus")
  const on = c.on ?? (s.lastCheck?.character === m.id ? "check" : "damage")
  if (on === "check") onCheck(ctx, m)
  else onDamage(ctx, m)
}

export const handlers = { focus }
