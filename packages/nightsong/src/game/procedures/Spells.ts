/**
 * Spells through the game (N-SPELL-01..04): a character casts from a Shard they carry; the DR 12
 * Presence Check is rolled (fatigued on a failure), then the Shard's Step Die; a drained Shard
 * cannot be cast until a Long Rest refills it (Recovery.ts).
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import { cast as castSpell } from "../../procedures/spells/Shard.js"
import type { Cast } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand } from "../Seats.js"
import { mustAct } from "../Turns.js"

const cast = (ctx: Ctx, c: Of<typeof Cast>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "casting")
  const shard = m.gear.find((g) => g.name === c.shard && g.kind === "shard")
  if (shard === undefined)
    refuse(`shard: ${m.id} carries no Spell Shard ${JSON.stringify(c.shard)}`, "N-SPELL-01")
  if (s.fight !== undefined) mustAct(ctx, m.id, "players")
  const r = ruled(() => castSpell(diceOf(ctx, m.owner, `${m.id} casts ${shard.name}: `), m.adventurer, shard))
  ctx.emit({
    type: "memberChanged",
    id: m.id,
    adventurer: r.adventurer,
    why: `cast ${shard.name}: Presence ${r.strain.roll.rolls.join("/")}, ${r.fatigued ? "fatigued (N-SPELL-03)" : "no strain"}${r.mustDropSlots > 0 ? `; must drop ${r.mustDropSlots} Slot(s) (N-CONDITION-02)` : ""}`,
  })
  ctx.emit({
    type: "gearChanged",
    id: m.id,
    gear: r.shard,
    face: r.shardRoll.face,
    why: r.drained ? "drained (N-SPELL-04)" : "the Shard's Step Die (N-SPELL-04)",
  })
  if (s.fight !== undefined) ctx.emit({ type: "acted", id: m.id, why: `cast ${shard.name}` })
}

export const handlers = { cast }
