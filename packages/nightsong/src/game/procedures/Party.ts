/**
 * The table itself: characters joining the party, NPCs brought on, sessions opened and closed
 * (Focus set and lost, N-FOCUS-01, N-FOCUS-03), Conditions the Referee imposes, and Step Die
 * trackers for anything running down (N-STEPDIE-02..04).
 *
 * @since 0.2.0
 */
import { StepDie } from "@blight/dice"
import { refuse } from "@blight/engine"
import {
  type Adventurer,
  addCondition,
  dropItems,
  fromAbilities,
  maxFocus,
} from "../../procedures/Adventurer.js"
import { type Gear, validateGear } from "../../procedures/items/Gear.js"
import { npc } from "../../procedures/npc/Npc.js"
import { adventurerOf, gearOf } from "../../procedures/Sheet.js"
import type { AddCondition, AddNpc, Drop, Join, Session, TakeOver, Tick, Track } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand, mustReferee, npcOf } from "../Seats.js"
import type { GameState, Member } from "../State.js"

/** The play sheet and gear of a character joining: made from Abilities, or read from a whole sheet. */
const joining = (c: Of<typeof Join>): Pick<Member, "adventurer" | "gear" | "sheet"> => {
  if ((c.abilities === undefined) === (c.sheet === undefined))
    refuse("join: give the character's abilities or its whole sheet, one of the two", "N-CREATE-01")
  if (c.sheet !== undefined) {
    const sheet = c.sheet
    const gear = ruled(() => gearOf(sheet).map((g, i) => validateGear(g, `sheet.items.${i}`)))
    return { adventurer: { ...adventurerOf(sheet), name: c.name }, gear, sheet }
  }
  const gear = ruled(() =>
    (c.gear ?? []).map((g, i) => validateGear({ ...g, start: g.start ?? g.die }, `gear.${i}`)),
  )
  const made = fromAbilities(c.name, c.abilities as Adventurer["abilities"])
  return { adventurer: { ...made, itemSlots: c.slots ?? gear.length }, gear }
}

/** A character joins: its player seats it, or the Referee for a player (N-HP-01, N-SLOTS-01, N-FOCUS-01). */
/** Refuses a character `id` seated by `by` for `owner` unless the seats allow it and the id is free. */
export const mustSeat = (s: GameState, id: string, owner: string, by: string): void => {
  if (!s.seats.players.includes(owner))
    refuse(
      `owner: ${JSON.stringify(owner)} is not a player's seat (${s.seats.players.join(", ")})`,
      "R-N-GAME-01",
    )
  if (by !== "any" && by !== owner && by !== s.seats.referee)
    refuse(`join: ${by} cannot seat a character for ${owner}`, "R-N-GAME-01")
  if (Object.hasOwn(s.party, id) || Object.hasOwn(s.npcs, id)) refuse(`id: ${JSON.stringify(id)} is taken`)
}

const join = (ctx: Ctx, c: Of<typeof Join>, by: string) => {
  const s = st(ctx)
  const owner = c.owner ?? by
  mustSeat(s, c.id, owner, by)
  const { adventurer, gear, sheet } = joining(c)
  // Focus is set when a session starts (N-FOCUS-01): joining mid-session, it is set now.
  const focus = s.clock.inSession ? maxFocus(adventurer.abilities.dexterity) : 0
  ctx.emit({
    type: "joined",
    member: { id: c.id, owner, adventurer: { ...adventurer, focus }, gear, ...(sheet ? { sheet } : {}) },
  })
}

/**
 * After a death the player may take over an NPC travelling with the group (N-DEATH-01; ruling
 * R-N-GAME-10): it keeps its HP, its attack becomes its Weapon and its Armor its Armor; its
 * Abilities are the Referee's to state (0 each unless stated).
 */
const takeOver = (ctx: Ctx, c: Of<typeof TakeOver>, by: string) => {
  const s = st(ctx)
  const owner = c.owner ?? by
  if (!s.seats.players.includes(owner))
    refuse(`owner: ${JSON.stringify(owner)} is not a player's seat`, "R-N-GAME-01")
  if (by !== "any" && by !== s.seats.referee && by !== owner)
    refuse(`takeOver: ${by} cannot give ${owner} an NPC`, "R-N-GAME-01")
  if (c.abilities !== undefined) mustReferee(s, by, "an NPC's Abilities")
  const n = npcOf(s, c.npc)
  if (n.status !== "active" || (s.fight?.enemies ?? []).includes(n.id) || s.attitudes?.[n.id] === "hostile")
    refuse(`npc: ${n.id} is not travelling with the group`, "N-DEATH-01")
  if (!Object.values(s.party).some((m) => m.owner === owner && m.adventurer.status === "dead"))
    refuse(`${owner} has no character who died`, "N-DEATH-01")
  const abilities = c.abilities ?? { strength: 0, dexterity: 0, presence: 0, constitution: 0 }
  const gear: Gear[] = [
    {
      name: `${n.name}'s weapon`,
      kind: "weapon",
      die: n.attack[0] as Gear["die"],
      start: n.attack[0] as Gear["die"],
    },
    ...(n.armor ? [{ name: `${n.name}'s armor`, kind: "armor" as const, die: n.armor, start: n.armor }] : []),
  ]
  const made = fromAbilities(n.name, abilities)
  const adventurer = {
    ...made,
    hp: n.hp,
    maxHp: n.maxHp,
    itemSlots: gear.length,
    focus: s.clock.inSession ? made.focus : 0,
  }
  ctx.emit({ type: "tookOver", member: { id: n.id, owner, adventurer, gear } })
}

const addNpc = (ctx: Ctx, c: Of<typeof AddNpc>, by: string) => {
  mustReferee(st(ctx), by, "an NPC")
  if (Object.hasOwn(st(ctx).party, c.id) || Object.hasOwn(st(ctx).npcs, c.id))
    refuse(`id: ${JSON.stringify(c.id)} is taken`)
  const made = ruled(() =>
    npc({
      name: c.name,
      hp: c.hp,
      attack: c.attack,
      ...(c.armor ? { armor: c.armor } : {}),
      ...(c.resolve !== undefined ? { resolve: c.resolve } : {}),
      ...(c.force ? { force: true } : {}),
      ...(c.drives ? { drives: c.drives } : {}),
    }),
  )
  ctx.emit({ type: "npcAdded", npc: { ...made, id: c.id } })
}

const session = (ctx: Ctx, c: Of<typeof Session>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a session's start and end")
  if (c.action === "start") {
    if (s.clock.inSession) refuse(`session ${s.clock.session} is already under way`, "N-FOCUS-01")
    const focus = Object.fromEntries(
      Object.values(s.party).map((m) => [m.id, maxFocus(m.adventurer.abilities.dexterity)]),
    )
    ctx.emit({ type: "sessionStarted", session: s.clock.session + 1, focus })
  } else {
    if (!s.clock.inSession) refuse("no session is under way", "N-FOCUS-03")
    ctx.emit({ type: "sessionEnded", session: s.clock.session })
  }
}

/** Drops a piece of gear; its Slot is freed (N-CONDITION-02, N-SLOTS-03). */
const drop = (ctx: Ctx, c: Of<typeof Drop>, by: string) => {
  const m = memberOf(st(ctx), c.character)
  mustCommand(st(ctx), by, m.id, "dropping an item")
  if (!m.gear.some((g) => g.name === c.item))
    refuse(`item: ${m.id} carries no ${JSON.stringify(c.item)}`, "N-CONDITION-02")
  const adventurer = ruled(() => dropItems(m.adventurer, Math.min(1, m.adventurer.itemSlots)))
  ctx.emit({ type: "dropped", id: m.id, item: c.item, adventurer })
}

const condition = (ctx: Ctx, c: Of<typeof AddCondition>, by: string) => {
  mustReferee(st(ctx), by, "a Condition")
  const m = memberOf(st(ctx), c.character)
  const r = ruled(() => addCondition(m.adventurer, c.name, c.severity))
  ctx.emit({ type: "memberChanged", id: m.id, adventurer: r.adventurer, why: `condition ${c.name}` })
}

const track = (ctx: Ctx, c: Of<typeof Track>, by: string) => {
  mustReferee(st(ctx), by, "a tracker")
  if (c.die === "d0") refuse("die: a tracker cannot start spent at D0", "N-STEPDIE-04")
  ctx.emit({ type: "trackerSet", tracker: { name: c.name, die: c.die, start: c.die } })
}

const tick = (ctx: Ctx, c: Of<typeof Tick>, by: string) => {
  mustReferee(st(ctx), by, "rolling a tracker")
  const t = Object.hasOwn(st(ctx).trackers, c.name) ? st(ctx).trackers[c.name] : undefined
  if (t === undefined) refuse(`name: no tracker ${JSON.stringify(c.name)}`)
  if (t.die === "d0") refuse(`${c.name} is at D0: it has run out`, "N-STEPDIE-04")
  const roll = ruled(() => StepDie.rollStepDie(diceOf(ctx, by === "any" ? st(ctx).seats.referee : by), t.die))
  ctx.emit({ type: "trackerRolled", name: c.name, face: roll.face, die: roll.after })
}

export const handlers = {
  join,
  npc: addNpc,
  session,
  condition,
  drop,
  takeOver,
  track,
  tick,
}
