/**
 * A creature from another game's book brought to the table (N-CONVERSION-01..08): the Referee
 * gives the stat block and its system; the game converts it as `blight nightsong convert` does
 * and brings the NPC into play with its HP, Armor, Resolve and Drives. Its attack in play is the
 * block's first, whose "D8 + D8" is a multiple attack (N-COMBAT-12); a Shield, Specials and the
 * other attacks stay in the conversion's notes, the Referee's to use (R-N-GAME-19).
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import { convert } from "../../conversion/Convert.js"
import { ConversionError } from "../../conversion/Errors.js"
import type { NightsongNpc } from "../../conversion/Npc.js"
import type { LiveDie } from "../../procedures/Dice.js"
import { npc } from "../../procedures/npc/Npc.js"
import type { ConvertNpc } from "../Command.js"
import { type Ctx, type Of, ruled, st } from "../Context.js"
import { mustReferee } from "../Seats.js"

/** Converts the block; a block the converter refuses refuses the command, naming its path. */
const converted = (c: Of<typeof ConvertNpc>): NightsongNpc => {
  try {
    return convert(c.system, c.block)
  } catch (e) {
    if (e instanceof ConversionError)
      refuse(`block${e.path === "block" ? "" : `.${e.path}`}: ${e.reason}`, e.clause ?? "N-CONVERSION-01")
    throw e
  }
}

/** "D8 + D8" → ["d8", "d8"]. */
const diceOf = (damage: string): LiveDie[] =>
  damage
    .toLowerCase()
    .split("+")
    .map((d) => d.trim() as LiveDie)

const convertNpc = (ctx: Ctx, c: Of<typeof ConvertNpc>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "an NPC")
  if (Object.hasOwn(s.party, c.id) || Object.hasOwn(s.npcs, c.id))
    refuse(`id: ${JSON.stringify(c.id)} is taken`)
  const n = converted(c)
  const first = n.attacks[0]
  if (first === undefined) refuse("block.attacks: an NPC in a fight needs an attack", "N-CONVERSION-01")
  const made = ruled(() =>
    npc({
      name: n.name,
      hp: n.hp,
      attack: diceOf(first.damage),
      ...(n.armor ? { armor: n.armor } : {}),
      resolve: n.resolve,
      drives: n.drives,
    }),
  )
  ctx.emit({ type: "npcAdded", npc: { ...made, id: c.id } })
}

export const handlers = { convert: convertNpc }
