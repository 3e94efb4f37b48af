/**
 * A Nightsong game's events. Each game event carries what it leaves behind (a character's sheet
 * after the Damage, a Shard's die after the cast), so the fold (`apply`) never rolls or decides:
 * the rules decided when the command ran, and the log says what they decided. The events are
 * schemas (`GameEvent`), so a saved log or a transport checks them, and their types come from them.
 *
 * @since 0.2.0
 */

import { StepDie } from "@blight/dice"
import { bookkeepingEvents, copy, type DeepMutable } from "@blight/engine"
import { Schema } from "effect"
import { Adventurer } from "../procedures/Adventurer.js"
import { CheckResult, Judgement } from "../procedures/checks/Check.js"
import { AttackResult } from "../procedures/combat/Damage.js"
import { Side, Surprise } from "../procedures/combat/Round.js"
import { Light } from "../procedures/delve/Light.js"
import { Gear } from "../procedures/items/Gear.js"
import { Structure } from "../procedures/structures/Structures.js"
import { World } from "../world/World.js"
import {
  Answer,
  Attitude,
  type Fight,
  Figure,
  type GameState,
  GameState as GameStateSchema,
  LastCheck,
  LastDamage,
  Member,
  Prompt,
  Tracker,
} from "./State.js"

/** An event of one type, with its fields. */
const event = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields })

const Ids = Schema.Array(Schema.String)
const why = Schema.String

/** The game's own events. */
export const PlayEvent = Schema.Union([
  event("joined", { member: Member }),
  event("npcAdded", { npc: Figure }),
  event("tookOver", { member: Member }),
  event("sessionStarted", { session: Schema.Int, focus: Schema.Record(Schema.String, Schema.Int) }),
  event("sessionEnded", { session: Schema.Int }),
  event("checked", { what: Schema.String, last: LastCheck }),
  event("focusSpent", { character: Schema.String, adventurer: Adventurer, result: CheckResult }),
  event("opposed", {
    a: Schema.String,
    b: Schema.String,
    rounds: Schema.Array(Schema.Struct({ a: Schema.Int, b: Schema.Int })),
    winner: Schema.String,
  }),
  event("fated", { question: Schema.String, threshold: Schema.Int, roll: Schema.Int, yes: Schema.Boolean }),
  event("fightBegan", { enemies: Ids, surprise: Surprise, order: Schema.Tuple([Side, Side]) }),
  event("attacked", {
    attacker: Schema.String,
    target: Schema.String,
    weapon: Schema.String,
    dice: Ids,
    kept: Schema.optional(Schema.Int),
    armor: Schema.optional(Schema.Int),
    blocked: Schema.Boolean,
    miss: Schema.Boolean,
    damage: Schema.Int,
    engaged: Schema.Boolean,
    /** A character's Damage roll, kept so that Focus may still be spent on it. */
    roll: Schema.optional(LastDamage),
  }),
  event("damageFocused", {
    character: Schema.String,
    adventurer: Adventurer,
    result: AttackResult,
    extra: Schema.Int,
  }),
  event("memberChanged", { id: Schema.String, adventurer: Adventurer, why }),
  event("gearChanged", { id: Schema.String, gear: Gear, face: Schema.optional(Schema.Int), why }),
  event("dropped", { id: Schema.String, item: Schema.String, adventurer: Adventurer }),
  event("judged", { character: Schema.String, what: Schema.String, judgement: Judgement }),
  event("npcChanged", { npc: Figure, why }),
  event("morale", { npcs: Ids, resolve: Schema.Int, roll: Schema.Int, holds: Schema.Boolean }),
  event("turnEnded", { side: Side }),
  event("roundBegan", { round: Schema.Int }),
  event("disengaged", { id: Schema.String }),
  event("acted", { id: Schema.String, why }),
  event("fightEnded", { why }),
  event("timePassed", { turns: Schema.Int, watches: Schema.Int, days: Schema.Int, why }),
  event("trackerSet", { tracker: Tracker }),
  event("trackerRolled", { name: Schema.String, face: Schema.Int, die: StepDie.StepDie }),
  event("refused", { reason: Schema.String, clause: Schema.optional(Schema.String) }),
  event("journeyed", {
    miles: Schema.Number,
    choice: Schema.Literals(["travel", "wait", "pressOn"]),
    offCourse: Schema.Boolean,
  }),
  event("rested", { ids: Ids, day: Schema.Int }),
  event("lightChanged", { light: Schema.optional(Light), why }),
  event("unfolded", { name: Schema.String }),
  event("reacted", { npc: Schema.String, attitude: Attitude }),
  event("needsRuled", { npc: Schema.String, day: Schema.Int }),
  event("structureChanged", { structure: Structure, why }),
  event("landChanged", {
    land: World,
    why,
    /** Set by a Living World turn: the session it followed. */
    afterSession: Schema.optional(Schema.Int),
  }),
]).annotate({ identifier: "NightsongPlayEvent" })
export type PlayEvent = typeof PlayEvent.Type

/**
 * A log's events, with the schema of the state its `started` event holds: the game's own state,
 * or a view of it (a service's, without the dice state).
 */
export const eventsStartingWith = <S extends Schema.Top>(state: S) =>
  Schema.Union([
    event("started", { state }),
    ...bookkeepingEvents(Prompt, Answer),
    event("undone", {}),
    ...PlayEvent.members,
  ])

/** Every event of a game's log: the start, the kernel's bookkeeping, undo, and the game's own. */
export const GameEvent = eventsStartingWith(GameStateSchema).annotate({
  identifier: "NightsongLogEvent",
  description: "An event of a Nightsong game's log",
})
export type GameEvent = typeof GameEvent.Type

type Draft = DeepMutable<GameState>

const fightOf = (d: Draft): DeepMutable<Fight> => {
  if (d.fight === undefined) throw new Error("no fight under way")
  return d.fight
}

const markActed = (d: Draft, id: string): void => {
  const f = d.fight
  if (f !== undefined && !f.acted.includes(id)) f.acted.push(id)
}

const passTime = (d: Draft, e: Extract<PlayEvent, { type: "timePassed" }>): void => {
  const c = d.clock
  c.turn += e.turns
  const watches = c.watch + e.watches
  c.watch = watches % 4
  c.day += Math.floor(watches / 4) + e.days
}

/** The list without its first element that matches. */
const withoutFirst = <T>(list: T[], matches: (x: T) => boolean): T[] => {
  const i = list.findIndex(matches)
  return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)]
}

/** A private copy of an event's payload: the draft changes later, the log never does. */
const own = <T>(v: T): DeepMutable<T> => copy(v) as DeepMutable<T>

const nothing = (): void => {}

/** An NPC's sheet as the event left it (added or changed). */
const npcSet = (d: Draft, e: { readonly npc: Figure }): void => {
  d.npcs[e.npc.id] = own(e.npc)
}

/** An attack: the attacker has acted, its Damage roll is kept for Focus, the pair may engage. */
const attacked = (d: Draft, e: Extract<PlayEvent, { type: "attacked" }>): void => {
  const f = fightOf(d)
  markActed(d, e.attacker)
  d.lastDamage = e.roll === undefined ? undefined : own(e.roll)
  if (
    e.engaged &&
    !f.engaged.some(([a, b]) => (a === e.attacker && b === e.target) || (a === e.target && b === e.attacker))
  )
    f.engaged.push([e.attacker, e.target])
  // A character's weapons used this fight (a player's own; unarmed is no weapon).
  if (Object.hasOwn(d.party, e.attacker) && e.weapon !== "unarmed") {
    const used = f.used[e.attacker] ?? []
    if (!used.includes(e.weapon)) f.used[e.attacker] = [...used, e.weapon]
  }
}

/** How each kind of game event changes a draft, one small function per kind (as the campaign's). */
const APPLIERS: {
  readonly [K in PlayEvent["type"]]: (d: Draft, e: Extract<PlayEvent, { type: K }>) => void
} = {
  joined: (d, e) => {
    d.party[e.member.id] = own(e.member)
  },
  tookOver: (d, e) => {
    delete d.npcs[e.member.id]
    d.party[e.member.id] = own(e.member)
  },
  npcAdded: npcSet,
  npcChanged: npcSet,
  sessionStarted: (d, e) => {
    d.clock.session = e.session
    d.clock.inSession = true
    for (const [id, focus] of Object.entries(e.focus)) {
      const m = d.party[id]
      if (m) m.adventurer.focus = focus
    }
  },
  sessionEnded: (d) => {
    d.clock.inSession = false
    d.lastCheck = undefined
    for (const m of Object.values(d.party)) m.adventurer.focus = 0
  },
  checked: (d, e) => {
    d.lastCheck = own(e.last)
    markActed(d, e.last.character)
  },
  focusSpent: (d, e) => {
    d.party[e.character]!.adventurer = own(e.adventurer)
    d.lastCheck = own({ character: e.character, result: { ...e.result, focusSpent: true as const } })
  },
  opposed: nothing,
  fated: nothing,
  refused: nothing,
  unfolded: nothing,
  judged: nothing,
  journeyed: (d, e) => {
    d.hardGoing = e.choice === "pressOn" ? true : undefined
    const today = d.road?.day === d.clock.day ? d.road.miles : 0
    d.road = { day: d.clock.day, miles: today + e.miles }
  },
  rested: (d, e) => {
    d.hardGoing = undefined
    d.rested = { ...(d.rested ?? {}), ...Object.fromEntries(e.ids.map((id) => [id, e.day])) }
  },
  lightChanged: (d, e) => {
    d.light = e.light === undefined ? undefined : own(e.light)
  },
  reacted: (d, e) => {
    d.attitudes = { ...(d.attitudes ?? {}), [e.npc]: e.attitude }
  },
  needsRuled: (d, e) => {
    d.needsDay = { ...(d.needsDay ?? {}), [e.npc]: e.day }
  },
  structureChanged: (d, e) => {
    d.structures = { ...(d.structures ?? {}), [e.structure.name]: own(e.structure) }
  },
  landChanged: (d, e) => {
    d.land = own(e.land)
    if (e.afterSession !== undefined) d.landTurnAfter = e.afterSession
  },
  fightBegan: (d, e) => {
    d.fight = {
      round: 1,
      order: [...e.order],
      side: e.order[0],
      acted: [],
      enemies: [...e.enemies],
      engaged: [],
      used: {},
      moraleTested: false,
    } as DeepMutable<Fight>
    // Whoever the party fights has shown itself hostile (N-EVENT-04).
    d.attitudes = { ...(d.attitudes ?? {}), ...Object.fromEntries(e.enemies.map((id) => [id, "hostile"])) }
  },
  attacked,
  damageFocused: (d, e) => {
    d.party[e.character]!.adventurer = own(e.adventurer)
    if (d.lastDamage) d.lastDamage.result = own(e.result)
  },
  memberChanged: (d, e) => {
    d.party[e.id]!.adventurer = own(e.adventurer)
  },
  gearChanged: (d, e) => {
    const m = d.party[e.id]!
    const i = m.gear.findIndex((g) => g.name === e.gear.name)
    if (i >= 0) m.gear[i] = own(e.gear)
    else m.gear.push(own(e.gear))
  },
  dropped: (d, e) => {
    const m = d.party[e.id]!
    // One item goes (two Shards may hold the same unnamed Spell), from the gear and the sheet alike.
    m.gear = withoutFirst(m.gear, (g) => g.name === e.item)
    m.adventurer = own(e.adventurer)
    if (m.sheet) {
      const item = m.sheet.items.findIndex((i) => i.name === e.item)
      if (item >= 0) m.sheet.items.splice(item, 1)
      else m.sheet.spellShards = withoutFirst(m.sheet.spellShards, (x) => x.spell === e.item)
    }
  },
  morale: (d) => {
    fightOf(d).moraleTested = true
  },
  turnEnded: (d) => {
    const f = fightOf(d)
    f.side = f.side === "players" ? "enemies" : "players"
    d.lastDamage = undefined
  },
  roundBegan: (d, e) => {
    const f = fightOf(d)
    f.round = e.round
    f.order = ["players", "enemies"]
    f.side = "players"
    f.acted = []
    d.lastDamage = undefined
  },
  disengaged: (d, e) => {
    const f = fightOf(d)
    markActed(d, e.id)
    f.engaged = f.engaged.filter(([a, b]) => a !== e.id && b !== e.id)
  },
  acted: (d, e) => markActed(d, e.id),
  fightEnded: (d) => {
    d.fight = undefined
    d.lastDamage = undefined
  },
  timePassed: passTime,
  trackerSet: (d, e) => {
    d.trackers[e.tracker.name] = own(e.tracker)
  },
  trackerRolled: (d, e) => {
    d.trackers[e.name]!.die = e.die
  },
}

/** The same, by kind. */
const APPLY: ReadonlyMap<string, (d: Draft, e: PlayEvent) => void> = new Map(
  Object.entries(APPLIERS) as never,
)

/** Applies a game event to a draft (the kernel's bookkeeping is not here). */
export const applyPlay = (d: Draft, e: PlayEvent): void => {
  const apply = APPLY.get(e.type)
  if (apply !== undefined) apply(d, e)
}
