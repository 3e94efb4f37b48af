/**
 * Harm through the game (N-HP-02, N-HP-03, N-DEATH-01): Damage taken starts the dying timer
 * (Constitution + 1D4, R-N-HP-01), the game counts it down by the Round in a fight and by the
 * Turn outside one (R-N-GAME-06), help in time stops it (R-N-HP-02), and at its end the
 * character dies and the player seats a new one.
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import { help as stabilise, takeDamage, tickDying } from "../../procedures/combat/Harm.js"
import type { HelpCmd } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand } from "../Seats.js"
import type { Member } from "../State.js"
import { mustAct } from "../Turns.js"

/** Minutes in a Turn (N-TIME-01): a dying timer outside a fight runs in minutes (R-N-HP-01). */
const MINUTES_PER_TURN = 10

/** Damage to a party member: HP fall, and at 0 the dying timer starts (its 1D4 rolled by the owner). */
export const hurt = (ctx: Ctx, m: Member, amount: number, why: string): void => {
  if (amount <= 0) return
  const r = ruled(() =>
    takeDamage(diceOf(ctx, m.owner, `${m.id}'s dying timer: `), m.adventurer, amount, {
      inCombat: st(ctx).fight !== undefined,
    }),
  )
  ctx.emit({ type: "memberChanged", id: m.id, adventurer: r.adventurer, why })
}

/** The dying timers run: `rounds` in a fight, or `turns` of ten minutes outside one. */
export const tickTimers = (
  ctx: Ctx,
  elapsed: { readonly rounds?: number; readonly turns?: number },
): void => {
  for (const m of Object.values(st(ctx).party)) {
    const t = m.adventurer.dying
    if (m.adventurer.status !== "takenOut" || t === undefined || t.stabilised) continue
    // Outside a fight a Turn is ten minutes, longer than any timer in Rounds (R-N-GAME-06).
    const n =
      (elapsed.rounds ?? 0) + (elapsed.turns ?? 0) * (t.unit === "minutes" ? MINUTES_PER_TURN : t.remaining)
    if (n <= 0) continue
    const r = tickDying(m.adventurer, n)
    ctx.emit({
      type: "memberChanged",
      id: m.id,
      adventurer: r.adventurer,
      why: r.died ? "died: no help came in time (N-HP-03, N-DEATH-01)" : "dying",
    })
  }
}

/** Time passes on the clock, and the dying timers with it. */
export const timePasses = (ctx: Ctx, turns: number, watches: number, days: number, why: string): void => {
  ctx.emit({ type: "timePassed", turns, watches, days, why })
  tickTimers(ctx, { turns: turns + watches * 36 + days * 144 })
}

/** Help for a dying character (N-HP-03, R-N-HP-02): in a fight it is the helper's action. */
const help = (ctx: Ctx, c: Of<typeof HelpCmd>, by: string) => {
  const s = st(ctx)
  const helper = memberOf(s, c.helper, "helper")
  mustCommand(s, by, helper.id, "help")
  if (helper.adventurer.status !== "active")
    refuse(`${helper.id} is ${helper.adventurer.status} and cannot help`, "N-HP-03")
  const dying = memberOf(s, c.dying, "dying")
  if (dying.adventurer.dying?.stabilised === true) refuse(`${dying.id} has had help already`, "R-N-HP-02")
  const after = ruled(() => stabilise(dying.adventurer))
  if (s.fight !== undefined) {
    mustAct(ctx, helper.id, "players")
    ctx.emit({ type: "acted", id: helper.id, why: `helped ${dying.id}` })
  }
  ctx.emit({
    type: "memberChanged",
    id: dying.id,
    adventurer: after,
    why: `helped by ${helper.id}: the timer stops`,
  })
}

export const handlers = { help }
