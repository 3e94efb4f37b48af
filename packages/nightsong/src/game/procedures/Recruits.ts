/**
 * Recruits' needs by the day (N-RECRUIT-01..03): the Referee rules once a day whether a recruit
 * was fed, rested and paid (R-N-RECRUIT-01). A need unmet rolls the Die of Fate against its
 * Resolve: above it the recruit deserts, else Resolve drops 10%; all met, Resolve recovers 10%.
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import { needUnmet, recover } from "../../procedures/npc/Npc.js"
import type { Needs } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { mustReferee, npcOf } from "../Seats.js"

const needs = (ctx: Ctx, c: Of<typeof Needs>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a recruit's needs")
  const n = npcOf(s, c.npc)
  if (n.status !== "active") refuse(`npc: ${c.npc} is ${n.status}`, "N-RECRUIT-02")
  if (s.needsDay?.[c.npc] === s.clock.day)
    refuse(`npc: ${c.npc}'s needs were ruled on already today (day ${s.clock.day})`, "R-N-RECRUIT-01")
  ctx.emit({ type: "needsRuled", npc: c.npc, day: s.clock.day })
  const unmet = c.unmet ?? []
  if (unmet.length === 0) {
    const npc = { ...recover(n, 1), id: n.id }
    ctx.emit({ type: "npcChanged", npc, why: `needs met: Resolve ${npc.resolve}% (N-RECRUIT-03)` })
    return
  }
  const r = ruled(() => needUnmet(diceOf(ctx, s.seats.referee, `${c.npc}'s Resolve: `), n, unmet[0]!))
  ctx.emit({
    type: "fated",
    question: `does ${c.npc} stay with ${unmet.join(", ")} unmet? (N-RECRUIT-02)`,
    threshold: n.resolve,
    roll: r.fate.roll,
    yes: r.fate.yes,
  })
  ctx.emit({
    type: "npcChanged",
    npc: { ...r.npc, id: n.id },
    why: r.deserted ? "deserted (N-RECRUIT-02)" : `Resolve drops to ${r.npc.resolve}% (N-RECRUIT-02)`,
  })
}

export const handlers = { needs }
