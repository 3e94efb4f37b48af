/**
 * A Nightsong game's events. Each game event carries what it leaves behind (a character's sheet
 * after the Damage, a Shard's die after the cast), so the fold (`apply`) never rolls or decides:
 * the rules decided when the command ran, and the log says what they decided.
 *
 * @since 0.2.0
 */

import type { StepDie } from "@blight/dice"
import { type Answer, copy, type DeepMutable, type Prompt } from "@blight/engine"
import type { Adventurer } from "../procedures/Adventurer.js"
import type { CheckResult } from "../procedures/checks/Check.js"
import type { AttackResult } from "../procedures/combat/Damage.js"
import type { Side, Surprise } from "../procedures/combat/Round.js"
import type { Light } from "../procedures/delve/Light.js"
import type { Gear } from "../procedures/items/Gear.js"
import type { Structure } from "../procedures/structures/Structures.js"
import type { World } from "../world/World.js"
import type { Attitude, Fight, Figure, GameState, LastCheck, LastDamage, Member, Tracker } from "./State.js"

/** The game's own events. */
export type PlayEvent =
  | { readonly type: "joined"; readonly member: Member }
  | { readonly type: "npcAdded"; readonly npc: Figure }
  | { readonly type: "tookOver"; readonly member: Member }
  | {
      readonly type: "sessionStarted"
      readonly session: number
      readonly focus: Readonly<Record<string, number>>
    }
  | { readonly type: "sessionEnded"; readonly session: number }
  | { readonly type: "checked"; readonly what: string; readonly last: LastCheck }
  | {
      readonly type: "focusSpent"
      readonly character: string
      readonly adventurer: Adventurer
      readonly result: CheckResult
    }
  | {
      readonly type: "opposed"
      readonly a: string
      readonly b: string
      readonly rounds: ReadonlyArray<{ readonly a: number; readonly b: number }>
      readonly winner: string
    }
  | {
      readonly type: "fated"
      readonly question: string
      readonly threshold: number
      readonly roll: number
      readonly yes: boolean
    }
  | {
      readonly type: "fightBegan"
      readonly enemies: ReadonlyArray<string>
      readonly surprise: Surprise
      readonly order: readonly [Side, Side]
    }
  | {
      readonly type: "attacked"
      readonly attacker: string
      readonly target: string
      readonly weapon: string
      readonly dice: ReadonlyArray<string>
      readonly kept?: number | undefined
      readonly armor?: number | undefined
      readonly blocked: boolean
      readonly miss: boolean
      readonly damage: number
      readonly engaged: boolean
      /** A character's Damage roll, kept so that Focus may still be spent on it. */
      readonly roll?: LastDamage | undefined
    }
  | {
      readonly type: "damageFocused"
      readonly character: string
      readonly adventurer: Adventurer
      readonly result: AttackResult
      readonly extra: number
    }
  | {
      readonly type: "memberChanged"
      readonly id: string
      readonly adventurer: Adventurer
      readonly why: string
    }
  | {
      readonly type: "gearChanged"
      readonly id: string
      readonly gear: Gear
      readonly face?: number | undefined
      readonly why: string
    }
  | { readonly type: "dropped"; readonly id: string; readonly item: string; readonly adventurer: Adventurer }
  | {
      readonly type: "judged"
      readonly character: string
      readonly what: string
      readonly judgement: "assured" | "uncertain" | "impossible"
    }
  | { readonly type: "npcChanged"; readonly npc: Figure; readonly why: string }
  | {
      readonly type: "morale"
      readonly npcs: ReadonlyArray<string>
      readonly resolve: number
      readonly roll: number
      readonly holds: boolean
    }
  | { readonly type: "turnEnded"; readonly side: Side }
  | { readonly type: "roundBegan"; readonly round: number }
  | { readonly type: "disengaged"; readonly id: string }
  | { readonly type: "acted"; readonly id: string; readonly why: string }
  | { readonly type: "fightEnded"; readonly why: string }
  | {
      readonly type: "timePassed"
      readonly turns: number
      readonly watches: number
      readonly days: number
      readonly why: string
    }
  | { readonly type: "trackerSet"; readonly tracker: Tracker }
  | {
      readonly type: "trackerRolled"
      readonly name: string
      readonly face: number
      readonly die: StepDie.StepDie
    }
  | { readonly type: "refused"; readonly reason: string; readonly clause?: string | undefined }
  | {
      readonly type: "journeyed"
      readonly miles: number
      readonly choice: "travel" | "wait" | "pressOn"
      readonly offCourse: boolean
    }
  | { readonly type: "rested"; readonly ids: ReadonlyArray<string>; readonly day: number }
  | { readonly type: "lightChanged"; readonly light: Light | undefined; readonly why: string }
  | { readonly type: "unfolded"; readonly name: string }
  | { readonly type: "reacted"; readonly npc: string; readonly attitude: Attitude }
  | { readonly type: "needsRuled"; readonly npc: string; readonly day: number }
  | { readonly type: "structureChanged"; readonly structure: Structure; readonly why: string }
  | {
      readonly type: "landChanged"
      readonly land: World
      readonly why: string
      /** Set by a Living World turn: the session it followed. */
      readonly afterSession?: number | undefined
    }

/** Every event of a game's log. */
export type GameEvent =
  | { readonly type: "started"; readonly state: GameState }
  | { readonly type: "commanded"; readonly command: unknown; readonly by: string }
  | { readonly type: "prompted"; readonly prompt: Prompt }
  | { readonly type: "answered"; readonly answer: Answer }
  | { readonly type: "undone" }
  | PlayEvent

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
