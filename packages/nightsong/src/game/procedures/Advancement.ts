/**
 * Advancement through the game (N-ADVANCE-01..04): the Referee grants it; the character's
 * player rolls the HP and each Ability's die.
 *
 * @since 0.2.0
 */
import { advance as advanceOne } from "../../procedures/advancement/Advance.js"
import type { Advance } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustReferee } from "../Seats.js"

const advance = (ctx: Ctx, c: Of<typeof Advance>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "an Advancement (N-ADVANCE-01)")
  const m = memberOf(s, c.character)
  const r = ruled(() => advanceOne(diceOf(ctx, m.owner, `${m.id}'s Advancement: `), m.adventurer))
  const rose = r.rolls.filter((x) => x.after > x.before).map((x) => x.ability)
  ctx.emit({
    type: "memberChanged",
    id: m.id,
    adventurer: r.adventurer,
    why: `Advancement: +${r.hpGain} max HP${rose.length ? `, ${rose.join(", ")} +1` : ""}`,
  })
}

export const handlers = { advance }
