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
import type { Fight, Figure, GameState, LastCheck, LastDamage, Member, Tracker } from "./State.js"

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

/** A private copy of an event's payload: the draft changes later, the log never does. */
const own = <T>(v: T): DeepMutable<T> => copy(v) as DeepMutable<T>

/** Applies a game event to a draft (the kernel's bookkeeping is not here). */
export const applyPlay = (d: Draft, e: PlayEvent): void => {
  switch (e.type) {
    case "joined":
      d.party[e.member.id] = own(e.member)
      return
    case "tookOver":
      delete d.npcs[e.member.id]
      d.party[e.member.id] = own(e.member)
      return
    case "npcAdded":
    case "npcChanged":
      d.npcs[e.npc.id] = own(e.npc)
      return
    case "sessionStarted":
      d.clock.session = e.session
      d.clock.inSession = true
      for (const [id, focus] of Object.entries(e.focus)) {
        const m = d.party[id]
        if (m) m.adventurer.focus = focus
      }
      return
    case "sessionEnded":
      d.clock.inSession = false
      d.lastCheck = undefined
      for (const m of Object.values(d.party)) m.adventurer.focus = 0
      return
    case "checked":
      d.lastCheck = own(e.last)
      markActed(d, e.last.character)
      return
    case "focusSpent":
      d.party[e.character]!.adventurer = own(e.adventurer)
      d.lastCheck = own({ character: e.character, result: { ...e.result, focusSpent: true as const } })
      return
    case "opposed":
    case "fated":
    case "refused":
    case "unfolded":
      return
    case "journeyed": {
      d.hardGoing = e.choice === "pressOn" ? true : undefined
      const today = d.road?.day === d.clock.day ? d.road.miles : 0
      d.road = { day: d.clock.day, miles: today + e.miles }
      return
    }
    case "rested":
      d.hardGoing = undefined
      d.rested = { ...(d.rested ?? {}), ...Object.fromEntries(e.ids.map((id) => [id, e.day])) }
      return
    case "lightChanged":
      d.light = e.light === undefined ? undefined : own(e.light)
      return
    case "needsRuled":
      d.needsDay = { ...(d.needsDay ?? {}), [e.npc]: e.day }
      return
    case "structureChanged":
      d.structures = { ...(d.structures ?? {}), [e.structure.name]: own(e.structure) }
      return
    case "landChanged":
      d.land = own(e.land)
      if (e.afterSession !== undefined) d.landTurnAfter = e.afterSession
      return
    case "fightBegan":
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
      return
    case "attacked": {
      const f = fightOf(d)
      markActed(d, e.attacker)
      d.lastDamage = e.roll === undefined ? undefined : own(e.roll)
      if (
        e.engaged &&
        !f.engaged.some(
          ([a, b]) => (a === e.attacker && b === e.target) || (a === e.target && b === e.attacker),
        )
      )
        f.engaged.push([e.attacker, e.target])
      if (Object.hasOwn(d.party, e.attacker) && e.weapon !== "unarmed") {
        const used = f.used[e.attacker] ?? []
        if (!used.includes(e.weapon)) f.used[e.attacker] = [...used, e.weapon]
      }
      return
    }
    case "damageFocused":
      d.party[e.character]!.adventurer = own(e.adventurer)
      if (d.lastDamage) d.lastDamage.result = own(e.result)
      return
    case "memberChanged":
      d.party[e.id]!.adventurer = own(e.adventurer)
      return
    case "gearChanged": {
      const m = d.party[e.id]!
      const i = m.gear.findIndex((g) => g.name === e.gear.name)
      if (i >= 0) m.gear[i] = own(e.gear)
      else m.gear.push(own(e.gear))
      return
    }
    case "dropped": {
      const m = d.party[e.id]!
      m.gear = m.gear.filter((g) => g.name !== e.item)
      m.adventurer = own(e.adventurer)
      return
    }
    case "judged":
      return
    case "morale":
      fightOf(d).moraleTested = true
      return
    case "turnEnded": {
      const f = fightOf(d)
      f.side = f.side === "players" ? "enemies" : "players"
      d.lastDamage = undefined
      return
    }
    case "roundBegan": {
      const f = fightOf(d)
      f.round = e.round
      f.order = ["players", "enemies"]
      f.side = "players"
      f.acted = []
      d.lastDamage = undefined
      return
    }
    case "disengaged": {
      const f = fightOf(d)
      markActed(d, e.id)
      f.engaged = f.engaged.filter(([a, b]) => a !== e.id && b !== e.id)
      return
    }
    case "acted":
      markActed(d, e.id)
      return
    case "fightEnded":
      d.fight = undefined
      d.lastDamage = undefined
      return
    case "timePassed":
      passTime(d, e)
      return
    case "trackerSet":
      d.trackers[e.tracker.name] = own(e.tracker)
      return
    case "trackerRolled":
      d.trackers[e.name]!.die = e.die
      return
  }
}
