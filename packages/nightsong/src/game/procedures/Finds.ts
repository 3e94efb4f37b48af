/**
 * Something found in play (N-BACKGROUND-05, N-SLOTS-02, N-SPELL-01): the Referee puts an item the
 * party finds into a character's pack, with its Step Die, and it takes its Slots. Only the
 * Referee can: a player cannot copy or craft a Spell Shard, and no character carries two of the
 * same Shard. A find that fills the pack past its Slots makes the player drop something (Room.ts;
 * R-N-GAME-23).
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import { validateGear } from "../../procedures/items/Gear.js"
import type { Find } from "../Command.js"
import { type Ctx, type Of, ruled, st } from "../Context.js"
import { memberOf, mustReferee } from "../Seats.js"

const find = (ctx: Ctx, c: Of<typeof Find>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "what is found (a Spell Shard is never copied or crafted)")
  const m = memberOf(s, c.character)
  if (m.adventurer.status === "dead") refuse(`character: ${m.id} is dead`, "N-DEATH-01")
  if (c.item.die === "d0" && c.item.start === undefined)
    refuse(
      "item.start: a spent find needs the die it started at, to be refilled or repaired to",
      "N-STEPDIE-04",
    )
  const g = ruled(() => validateGear({ ...c.item, start: c.item.start ?? c.item.die }, "item"))
  if (m.gear.some((x) => x.name === g.name))
    refuse(
      `item.name: ${m.id} already carries ${JSON.stringify(g.name)}${g.kind === "shard" ? ": a Shard is not copied" : ""}`,
      g.kind === "shard" ? "N-BACKGROUND-05" : "N-SLOTS-03",
    )
  const slots = c.slots ?? 1
  if (g.kind === "shard" && slots !== 1) refuse("slots: a Spell Shard takes 1 Slot", "N-SPELL-01")
  ctx.emit({ type: "gearChanged", id: m.id, gear: g, why: "found (N-BACKGROUND-05)" })
  ctx.emit({
    type: "memberChanged",
    id: m.id,
    adventurer: { ...m.adventurer, itemSlots: m.adventurer.itemSlots + slots },
    why: `${g.name} takes ${slots} Slot(s) (N-SLOTS-02)`,
  })
}

export const handlers = { find }
