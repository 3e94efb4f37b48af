/**
 * What packs bring to the table (R-N-PACK-06): the Referee brings on a pack's creature as an NPC,
 * its specials with it; a character finds a Spell Shard whose Spell is rolled on a pack's Spell
 * table (N-SPELL-01: 1 Slot, its uses a Step Die; R-N-PACK-05). The packs are the game's own,
 * set up with it and kept in its state.
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import { type Content, entries, entry } from "../../pack/Content.js"
import { rollSpell } from "../../pack/Roll.js"
import { freeSlots } from "../../procedures/Adventurer.js"
import { npc } from "../../procedures/npc/Npc.js"
import type { Command, CreatureCmd, ShardCmd } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustReferee } from "../Seats.js"
import type { GameState } from "../State.js"

const contentOf = (ctx: Ctx, what: string): Content => {
  const c = st(ctx).content
  if (c === undefined) refuse(`${what}: this game was set up with no packs`, "R-N-PACK-06")
  return c
}

/** A pack's creature joins the NPCs (N-NPC-02..06), its specials with it. */
const creature = (ctx: Ctx, c: Of<typeof CreatureCmd>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "an NPC")
  const content = contentOf(ctx, "creature")
  const e = entry(content, "creatures", c.creature)
  if (e === undefined)
    refuse(
      `creature: no pack has a creature "${c.creature}" (known: ${
        entries(content, "creatures")
          .map((x) => x.id)
          .join(", ") || "none"
      })`,
      "R-N-PACK-06",
    )
  if (Object.hasOwn(s.party, c.id) || Object.hasOwn(s.npcs, c.id))
    refuse(`id: ${JSON.stringify(c.id)} is taken`)
  const made = ruled(() =>
    npc({
      name: c.name ?? e.name,
      hp: e.hp,
      attack: e.attack,
      ...(e.armour ? { armor: e.armour } : {}),
      ...(e.resolve !== undefined ? { resolve: e.resolve } : {}),
      ...(e.force ? { force: true } : {}),
      ...(e.drive ? { drives: [e.drive] } : {}),
    }),
  )
  ctx.emit({
    type: "npcAdded",
    npc: { ...made, id: c.id, creature: e.id, ...(e.specials?.length ? { specials: e.specials } : {}) },
  })
}

/** A Spell Shard found: its Spell rolled on a pack's Spell table, by the Referee (R-N-PACK-05). */
const shard = (ctx: Ctx, c: Of<typeof ShardCmd>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a Spell Shard found")
  const content = contentOf(ctx, "shard")
  const m = memberOf(s, c.character)
  if (freeSlots(m.adventurer) < 1)
    refuse(`${m.id} has no Slot free for a Spell Shard: drop something first`, "N-SPELL-01")
  const { spell } = ruled(() =>
    rollSpell(diceOf(ctx, s.seats.referee, `${m.id}'s Shard: `), content, c.table),
  )
  // A second Shard of one Spell is its own item: gear is known by its name (R-N-PACK-05).
  const taken = (n: string) => m.gear.some((g) => g.name === n)
  let name = spell.name
  for (let k = 2; taken(name); k++) name = `${spell.name} (${k})`
  const die = spell.die ?? "d6"
  ctx.emit({
    type: "gearChanged",
    id: m.id,
    gear: { name, kind: "shard", die, start: die },
    why: `found a Spell Shard: ${spell.name} (${spell.text})`,
  })
  ctx.emit({
    type: "memberChanged",
    id: m.id,
    adventurer: { ...m.adventurer, itemSlots: m.adventurer.itemSlots + 1 },
    why: "the Shard takes 1 Slot (N-SPELL-01)",
  })
}

/** What the packs let the Referee do now: bring on each creature (a fresh id), give each character a Shard. */
export const packCommands = (s: GameState): Command[] => {
  const c = s.content
  if (c === undefined) return []
  const out: Command[] = entries(c, "creatures").map((e) => ({
    type: "creature",
    id: `${e.id}-${s.seq}`,
    creature: e.id,
  }))
  if (entries(c, "spellTables").length > 0)
    for (const id of Object.keys(s.party)) out.push({ type: "shard", character: id })
  return out
}

export const handlers = { creature, shard }
