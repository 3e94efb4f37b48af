/**
 * Nerve tests (B-NERVE-01, B-DREAD-*, B-ROUT-*): a survivor's Nerve pool, or the Leader's when a
 * friend within 6" of a standing Leader uses it (R-BATTLE-22: every Nerve test, AMB-B-35 (a); the
 * tester's own Blight dice, never the Leader's).
 *
 * @since 0.2.0
 */
import type { Pool } from "../../vocabulary/Vocabulary.js"
import type { Ctx } from "../Context.js"
import { poolModifiers, reactiveBlight, roll } from "../combat/Pools.js"
import type { RolledPool } from "../Event.js"
import type { Model } from "../State.js"

/** The Nerve dice a survivor tests with, and why. */
export const nerveDice = (ctx: Ctx, m: Model): { dice: number; why: string } => {
  const own = m.profile.nerve
  const leader = ctx.draft.models.find(
    (x) => x.side === m.side && x.leader && x.id !== m.id && x.status === "active",
  )
  if (!leader || leader.profile.nerve <= own) return { dice: own, why: `Nerve ${own}` }
  const near = ctx.fact(
    { q: "within", a: m.id, b: leader.id, inches: 6 },
    `Is ${m.name} within 6" of ${leader.name} (the Leader)?`,
    m.side,
  )
  return near === true
    ? { dice: leader.profile.nerve, why: `the Leader's Nerve ${leader.profile.nerve} (B-NERVE-01)` }
    : { dice: own, why: `Nerve ${own}` }
}

/** Rolls a Nerve test for a survivor. */
export const nerveTest = (
  ctx: Ctx,
  m: Model,
  pool: Pool,
  target: number,
  what: string,
): { roll: RolledPool; passed: boolean } => {
  const base = nerveDice(ctx, m)
  const mods = poolModifiers(ctx, m, pool, { self: m })
  const blight = reactiveBlight(ctx, m, what) + mods.blight
  const r = roll(ctx, m, base.dice + mods.dice, blight, `${m.name}'s ${what}`, undefined, pool, target)
  const passed = r.successes >= target
  ctx.emit({ type: "test.rolled", model: m.id, pool, roll: r, target, passed })
  return { roll: r, passed }
}
