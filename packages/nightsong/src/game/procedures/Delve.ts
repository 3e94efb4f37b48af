/**
 * Delving by the Turn (N-DELVE-01..04, N-TIME-01): the party goes into the depths in the dark
 * (Disadvantage on every roll there until a light is lit, N-DELVE-02, applied by `advantageCall`);
 * a character lights a torch or lantern from a consumable; each Turn begins with the way ahead and
 * looming events and ends with the Referee rolling the light's die: at D0 it goes out (R-N-GAME-14).
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import { DARK, light as lightOf, turn as turnOf } from "../../procedures/delve/Light.js"
import type { Delve, LightCmd, TurnCmd } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand, mustReferee } from "../Seats.js"
import { startOfSpan } from "./Encounters.js"
import { timePasses } from "./Harm.js"

/** Into the depths (in the dark) or back out (N-DELVE-02). */
const delve = (ctx: Ctx, c: Of<typeof Delve>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "delving")
  if (c.action === "start") {
    if (s.light !== undefined) refuse("the party is already delving", "N-DELVE-01")
    ctx.emit({ type: "lightChanged", light: DARK, why: "into the depths, in the dark (N-DELVE-02)" })
  } else {
    if (s.light === undefined) refuse("the party is not delving", "N-DELVE-01")
    ctx.emit({ type: "lightChanged", light: undefined, why: "out of the depths" })
  }
}

/** A character lights a torch or lantern: the consumable's Step Die is rolled (N-DELVE-03, R-N-DELVE-01). */
const lightCmd = (ctx: Ctx, c: Of<typeof LightCmd>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "lighting a light")
  if (s.light === undefined) refuse("light: the party is not delving (`delve start` first)", "N-DELVE-02")
  if (s.light.lit) refuse("light: a light is already lit, and one is enough for the group", "N-DELVE-02")
  const g = m.gear.find((x) => x.name === c.from)
  if (g === undefined) refuse(`from: ${m.id} carries no ${JSON.stringify(c.from)}`, "N-DELVE-03")
  const r = ruled(() => lightOf(diceOf(ctx, m.owner, `${m.id} lights the ${c.kind}: `), c.kind, g))
  ctx.emit({ type: "gearChanged", id: m.id, gear: r.consumable, why: `lit a ${c.kind} (N-DELVE-03)` })
  ctx.emit({ type: "lightChanged", light: r.light, why: `${m.id} lit a ${c.kind} (N-DELVE-04)` })
}

/** A Turn in the depths: its start's events, ten minutes, then the light's die (N-DELVE-04). */
const turn = (ctx: Ctx, c: Of<typeof TurnCmd>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a Turn")
  if (s.fight !== undefined) refuse("a fight runs by the Round, not the Turn", "N-TIME-01")
  if (s.light === undefined) refuse("the party is not delving (`delve start` first)", "N-DELVE-01")
  startOfSpan(ctx, c.way, "Turn")
  timePasses(ctx, 1, 0, 0, "a Turn in the depths (N-DELVE-01)")
  const now = st(ctx).light
  if (now === undefined || !now.lit) return
  const r = ruled(() => turnOf(diceOf(ctx, st(ctx).seats.referee, "the light: "), now))
  ctx.emit({
    type: "lightChanged",
    light: r.light,
    why: r.wentOut ? "the light goes out (N-DELVE-04)" : "the light burns down (N-DELVE-04)",
  })
}

export const handlers = { delve, light: lightCmd, turn }
