/**
 * The game's Land and the Living World turn (N-FACTION-06): the Referee generates a Land from a
 * seed or loads a saved one (checked as `world --load` checks it); between sessions each Faction
 * rolls its Goal Step Die, once after each session played (R-N-GAME-16).
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import { loadWorld } from "../../world/Load.js"
import { advanceFactions, generate } from "../../world/World.js"
import type { LandCmd, WorldTurn } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { mustReferee } from "../Seats.js"

const land = (ctx: Ctx, c: Of<typeof LandCmd>, by: string) => {
  mustReferee(st(ctx), by, "the Land")
  if ((c.seed === undefined) === (c.world === undefined))
    refuse("land: give a seed or a saved world, one of them")
  const world = c.world === undefined ? generate(c.seed!) : ruled(() => loadWorld(c.world))
  ctx.emit({
    type: "landChanged",
    land: world,
    why: c.world === undefined ? `generated from seed ${c.seed}` : "loaded",
  })
}

const worldTurn = (ctx: Ctx, _c: Of<typeof WorldTurn>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "the Living World turn")
  if (s.land === undefined)
    refuse("no Land in this game (`land seed=N` or `land --load FILE` first)", "N-FACTION-06")
  if (s.clock.inSession) refuse("the Living World turns between sessions, not during one", "N-FACTION-06")
  if (s.clock.session === 0 || (s.landTurnAfter ?? 0) >= s.clock.session)
    refuse(
      `the Land has taken its turn since session ${s.clock.session}: one turn after each session`,
      "R-N-GAME-16",
    )
  const r = ruled(() => advanceFactions(s.land!, diceOf(ctx, s.seats.referee, "Goal Die: ")))
  const reached = r.advances.filter((a) => a.reachedGoal).map((a) => a.faction)
  ctx.emit({
    type: "landChanged",
    land: r.world,
    why: reached.length
      ? `goals reached: ${reached.join(", ")} (N-FACTION-06)`
      : "the Factions' Goal Dice step on (N-FACTION-06)",
    afterSession: s.clock.session,
  })
}

export const handlers = { land, worldTurn }
