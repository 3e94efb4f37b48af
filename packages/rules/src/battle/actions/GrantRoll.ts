/**
 * The test a granted action rolls before it does anything (`grantAction`'s `test`: `{ pool,
 * target }`), for a Gift's action and for one a skill, kit, weapon or Knack grants alike.
 * "Call the Blight" (`blight.call`) rolls only Blight dice, as many as the tier allows
 * (B-BLIGHTDICE-04), and a Clean survivor has none to call; any other pool rolls the stat it is
 * rolled from with its modifiers, as the pool's own test would.
 *
 * @since 0.3.0
 */
import type { Pool } from "../../vocabulary/Vocabulary.js"
import type { Ctx } from "../Context.js"
import { blightAllowance, poolModifiers, roll, statOfPool, witsDice } from "../combat/Pools.js"
import type { Model } from "../State.js"

/** The dice a pool starts from: its stat (a creature's Wits is 1). */
const baseDice = (m: Model, pool: Pool): number => {
  const stat = statOfPool(pool)
  return stat === undefined ? 0 : stat === "wits" ? witsDice(m) : m.profile[stat]
}

/**
 * Rolls the test; `passed` false stops the action there (the action is spent). A 6 on the Call
 * keeps a Crit (Thorn Lash: "a Crit stays a Crit").
 */
export const grantRoll = (
  ctx: Ctx,
  m: Model,
  test: { readonly pool: Pool; readonly target: number },
  name: string,
): { passed: boolean; crit: boolean } => {
  if (test.pool === "blight.call") {
    const n = blightAllowance(m)
    if (n === 0) {
      ctx.emit({
        type: "refused",
        reason: `gift: ${m.name} is Clean and has no Blight to call`,
        clause: "B-BLIGHTDICE-04",
      })
      return { passed: false, crit: false }
    }
    const r = roll(ctx, m, 0, n, `${m.name} calls the Blight (${name})`)
    const passed = r.successes >= test.target
    ctx.emit({ type: "test.rolled", model: m.id, pool: "blight.call", roll: r, target: test.target, passed })
    return { passed, crit: r.crits > 0 }
  }
  const mods = poolModifiers(ctx, m, test.pool, { self: m })
  const r = roll(
    ctx,
    m,
    baseDice(m, test.pool) + mods.dice,
    mods.blight,
    `${m.name}'s ${name}`,
    undefined,
    test.pool,
  )
  const passed = r.successes >= test.target
  ctx.emit({ type: "test.rolled", model: m.id, pool: test.pool, roll: r, target: test.target, passed })
  return { passed, crit: r.crits > 0 }
}
