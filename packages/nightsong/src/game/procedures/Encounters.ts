/**
 * Events through the game (N-EVENT-01..04): what the start of each Turn and Watch brings (is the
 * way ahead clear; every looming event's Step Die rolled, unfolding at D0), a looming event
 * started, and the Die of Fate on an encounter's distance and an NPC's reaction.
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import {
  distance as distanceOf,
  loom,
  reaction as reactionOf,
  tickLooming,
  wayAhead,
} from "../../procedures/events/Events.js"
import type { Distance, Loom, Reaction } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { mustReferee, npcOf } from "../Seats.js"
import { fateBy } from "./Fate.js"

/**
 * The start of a Turn or Watch (N-EVENT-01, N-EVENT-02): the way ahead first, then each looming
 * event's die (R-N-GAME-14). Returns whether the way stayed clear.
 */
export const startOfSpan = (ctx: Ctx, way: number | undefined, span: "Turn" | "Watch"): boolean => {
  const r = fateBy(ctx, way, `does the way ahead stay clear this ${span}? (N-EVENT-01)`, wayAhead)
  for (const t of Object.values(st(ctx).trackers)) {
    if (t.looming !== true || t.die === "d0") continue
    const tick = ruled(() =>
      tickLooming(diceOf(ctx, st(ctx).seats.referee, `${t.name}: `), { name: t.name, die: t.die }),
    )
    ctx.emit({ type: "trackerRolled", name: t.name, face: tick.roll.face, die: tick.looming.die })
    if (tick.unfolds) ctx.emit({ type: "unfolded", name: t.name })
  }
  return r.clear
}

/** A looming event starts its Event Step Die (N-EVENT-02: D6 when unsure). */
const loomCmd = (ctx: Ctx, c: Of<typeof Loom>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a looming event")
  if (Object.hasOwn(s.trackers, c.name))
    refuse(`name: a tracker ${JSON.stringify(c.name)} is running`, "N-EVENT-02")
  const l = ruled(() => loom(c.name, c.die))
  ctx.emit({ type: "trackerSet", tracker: { name: l.name, die: l.die, start: l.die, looming: true } })
}

/** How far off an encounter starts (N-EVENT-03). */
const distance = (ctx: Ctx, c: Of<typeof Distance>, by: string) => {
  mustReferee(st(ctx), by, "an encounter's distance")
  fateBy(ctx, c.threshold, "does the encounter start far off? (N-EVENT-03)", distanceOf)
}

/**
 * An uncertain reaction of an NPC in play (N-EVENT-04): yes, it is friendly (curious, kind or
 * helpful); no, hostile (wary, dangerous). The game keeps the answer: a hostile NPC is no
 * companion to take over (N-DEATH-01), and `legal` offers a fight only with NPCs not friendly.
 * An enemy in the fight under way is not uncertain: no reaction is rolled for it (R-N-GAME-22).
 */
const reaction = (ctx: Ctx, c: Of<typeof Reaction>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a reaction")
  const n = npcOf(s, c.npc)
  if (n.status !== "active") refuse(`npc: ${c.npc} is ${n.status}`, "N-EVENT-04")
  if (s.fight?.enemies.includes(n.id) === true)
    refuse(`npc: ${c.npc} is fighting the party: its response is not uncertain`, "N-EVENT-04")
  const r = fateBy(ctx, c.threshold, `is ${c.npc} curious, kind or helpful? (N-EVENT-04)`, reactionOf)
  ctx.emit({ type: "reacted", npc: n.id, attitude: r.reaction })
}

export const handlers = { loom: loomCmd, distance, reaction }
