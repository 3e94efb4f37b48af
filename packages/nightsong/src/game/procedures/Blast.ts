/**
 * Blasts through the game (N-COMBAT-13, R-N-COMBAT-03): one Damage roll for each target caught;
 * when how many are caught is unclear, the attack's Damage dice are rolled and the highest is the
 * number, taken from the targets named, nearest first (R-N-GAME-09). Each defender still rolls its
 * own Armor and may block with a Shield.
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import type { Blast } from "../Command.js"
import { type Ctx, diceOf, type Of, st } from "../Context.js"
import { mustCommand, seatOf } from "../Seats.js"
import { mustAct } from "../Turns.js"
import { checkFighters, specOf, strike } from "./Combat.js"
import { withSpecials } from "./Specials.js"

const blast = (ctx: Ctx, c: Of<typeof Blast>, by: string) => {
  const s = st(ctx)
  if (new Set(c.targets).size !== c.targets.length) refuse("targets: a target is named twice", "N-COMBAT-13")
  const sides = c.targets.map((target) => checkFighters(s, { attacker: c.attacker, target }))
  const side = sides[0] as "players" | "enemies"
  mustCommand(s, by, c.attacker, "a blast")
  mustAct(ctx, c.attacker, side)
  const attack = specOf(ctx, c, `${c.attacker}'s blast`)
  let caught = c.targets
  if (c.unclear === true) {
    const roll = diceOf(ctx, seatOf(s, c.attacker), `${c.attacker}'s blast, how many: `)
    const count = Math.max(...attack.dice.map((d) => roll.die(Number(d.slice(1)), "targets")))
    caught = c.targets.slice(0, count)
  }
  // Each target's specials bend its own Damage roll (R-N-PACK-03).
  for (const target of caught)
    strike(
      ctx,
      { ...c, target },
      by,
      { ...attack, spec: withSpecials(s, c.attacker, target, attack.spec) },
      {
        engaged: false,
        keepRoll: false,
      },
    )
}

export const handlers = { blast }
