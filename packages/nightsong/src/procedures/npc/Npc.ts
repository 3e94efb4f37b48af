/**
 * NPCs, Resolve and recruits (N-NPC, N-RESOLVE, N-RECRUIT, N-COMBAT-04): NPC stat bands, taking
 * Damage (Forces ignore individuals), morale on losing half, and recruits whose needs go unmet.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Schema } from "effect"
import { ask } from "../checks/Fate.js"
import { LiveDie, requireBand, tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** A percentage, 0–100. */
const Percent = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))

/** Where an NPC stands in a fight. */
export const NpcStatus = Schema.Literals(["active", "takenOut", "routed", "deserted"])
export type NpcStatus = typeof NpcStatus.Type

/** An NPC, creature, recruit or Force (N-COMBAT-04, N-RECRUIT-01). */
export const Npc = Schema.Struct({
  name: Schema.String,
  hp: Schema.Int,
  /** At most 30 (N-NPC-02). */
  maxHp: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })),
  /** Damage dice; several mean multiple attacks, keep the highest (N-COMBAT-12). */
  attack: Schema.Array(LiveDie).check(Schema.isMinLength(1)),
  armor: Schema.optional(LiveDie),
  resolve: Percent,
  /** The Resolve it started with: recovery stops there (ruling R-N-RECRUIT-01). */
  baseResolve: Percent,
  /** A warband, army or massive creature counting as one NPC (N-NPC-06). */
  force: Schema.Boolean,
  /** Members of a group, and how many it started with (for losing half, N-RESOLVE-02). */
  members: Schema.optional(
    Schema.Struct({ now: Schema.Int, start: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)) }),
  ),
  drives: Schema.optional(Schema.Array(Schema.String)),
  status: NpcStatus,
  /** Whether the morale roll for losing half has been made (ruling R-N-RESOLVE-01: once). */
  moraleTested: Schema.Boolean,
}).annotate({ identifier: "Npc" })
export type Npc = typeof Npc.Type

/** NPC HP bands (N-NPC-02). */
export const hpBand = (hp: number): "ordinary" | "tough" | "colossal" => {
  ensure(
    Number.isInteger(hp) && hp >= 1 && hp <= 30,
    "hp",
    `NPC HP run from 1 up to a maximum of 30, got ${hp}`,
    "N-NPC-02",
  )
  return hp <= 12 ? "ordinary" : hp <= 20 ? "tough" : "colossal"
}

/** How dangerous an NPC's attack is, and its Damage die (N-NPC-03). */
export const Threat = Schema.Literals(["weak", "light", "medium", "heavy"])
export type Threat = typeof Threat.Type
/** The Damage die for each level of threat (N-NPC-03). */
export const THREAT_DIE = { weak: "d4", light: "d6", medium: "d8", heavy: "d10" } as const satisfies Record<
  Threat,
  LiveDie
>

/** Resolve bands (N-RESOLVE-01; ruling R-N-RESOLVE-02): under 50% cowardly, 50–69% average, 70%+ steadfast. */
export const resolveBand = (resolve: number): "cowardly" | "average" | "steadfast" =>
  resolve >= 70 ? "steadfast" : resolve >= 50 ? "average" : "cowardly"

/** What an NPC needs to be given. Most NPCs have Resolve 50% (N-RESOLVE-01). */
export interface NpcSpec {
  readonly name: string
  readonly hp: number
  readonly attack: readonly LiveDie[]
  readonly armor?: LiveDie
  readonly resolve?: number
  readonly force?: boolean
  readonly members?: number
  readonly drives?: readonly string[]
}

/**
 * Makes an NPC, recruit or Force (N-RECRUIT-01: a recruited group is a Force). Checks HP (N-NPC-02)
 * and Armor none, D4 or D6 (N-NPC-04).
 */
export const npc = (spec: NpcSpec): Npc => {
  hpBand(spec.hp)
  if (spec.armor !== undefined) requireBand(spec.armor, "d4", "d6", "armor", "N-NPC-04", "NPC Armor")
  const resolve = spec.resolve ?? 50
  ensure(
    Number.isInteger(resolve) && resolve >= 0 && resolve <= 100,
    "resolve",
    `Resolve is a percentage 0–100, got ${resolve}`,
    "N-RESOLVE-01",
  )
  return {
    name: spec.name,
    hp: spec.hp,
    maxHp: spec.hp,
    attack: spec.attack,
    ...(spec.armor ? { armor: spec.armor } : {}),
    resolve,
    baseResolve: resolve,
    force: spec.force ?? false,
    ...(spec.members !== undefined ? { members: { now: spec.members, start: spec.members } } : {}),
    ...(spec.drives ? { drives: spec.drives } : {}),
    status: "active",
    moraleTested: false,
  }
}

const halfLost = (n: Npc): boolean =>
  n.members !== undefined ? n.members.now * 2 <= n.members.start : n.hp * 2 <= n.maxHp

/** What Damage to an NPC did. */
export interface NpcHit {
  readonly npc: Npc
  readonly ignored: boolean
  readonly takenOut: boolean
  /** Half its HP (or members) are gone and no morale roll has been made yet (N-RESOLVE-02). */
  readonly moraleDue: boolean
}

/**
 * Damage to an NPC (N-COMBAT-04: taken out at 0 HP). A Force ignores Damage from individuals and
 * needs coordinated force (N-NPC-06); at 0 HP a Force perishes, routs or yields.
 */
export const damageNpc = (
  n: Npc,
  amount: number,
  by: { readonly coordinated: boolean } = { coordinated: false },
): NpcHit => {
  ensure(
    Number.isInteger(amount) && amount >= 0,
    "amount",
    `Damage is a whole number 0 or more, got ${amount}`,
    "N-HP-02",
  )
  if (n.force && !by.coordinated) return { npc: n, ignored: true, takenOut: false, moraleDue: false }
  const hp = Math.max(0, n.hp - amount)
  const next: Npc = { ...n, hp, status: hp === 0 ? "takenOut" : n.status }
  return {
    npc: next,
    ignored: false,
    takenOut: hp === 0,
    moraleDue: hp > 0 && !n.moraleTested && halfLost(next),
  }
}

/** A group loses members (N-RESOLVE-02). */
export const loseMembers = (n: Npc, lost: number): NpcHit => {
  ensure(n.members !== undefined, "npc.members", `${n.name} is not a group`, "N-RESOLVE-02")
  const now = Math.max(0, n.members!.now - lost)
  const next: Npc = { ...n, members: { ...n.members!, now }, status: now === 0 ? "takenOut" : n.status }
  return {
    npc: next,
    ignored: false,
    takenOut: now === 0,
    moraleDue: now > 0 && !n.moraleTested && halfLost(next),
  }
}

/**
 * The morale roll when a group loses half its numbers or a lone NPC half its HP (N-RESOLVE-02):
 * 1D% at or under Resolve holds, anything higher routs, flees or yields.
 */
export const morale = (source: DiceSource, n: Npc) =>
  tracked(source, (s) => {
    ensure(n.status === "active", "npc.status", `${n.name} is ${n.status}`, "N-RESOLVE-02")
    const roll = s.die(100, "resolve")
    const holds = roll <= n.resolve
    return { roll, holds, npc: { ...n, moraleTested: true, status: holds ? n.status : ("routed" as const) } }
  })

/** A recruit's needs (N-RECRUIT-02). */
export const Need = Schema.Literals(["fed", "rested", "paid"])
export type Need = typeof Need.Type

/**
 * A need goes unmet (N-RECRUIT-02): the Die of Fate against Resolve; above it they mutiny, desert
 * or disband, otherwise their Resolve drops by 10%. Ruling R-N-RECRUIT-01 (AMB-N-15): rolled once
 * per day that any need is unmet.
 */
export const needUnmet = (source: DiceSource, n: Npc, need: Need) =>
  tracked(source, (s) => {
    ensure(n.status === "active", "npc.status", `${n.name} is ${n.status}`, "N-RECRUIT-02")
    const { dice: _d, ...fate } = ask(s, n.resolve)
    const npc: Npc = fate.yes ? { ...n, resolve: Math.max(0, n.resolve - 10) } : { ...n, status: "deserted" }
    return { need, fate, deserted: !fate.yes, npc }
  })

/** Needs met again: Resolve recovers 10% per day, up to where it started (N-RECRUIT-03, R-N-RECRUIT-01). */
export const recover = (n: Npc, days: number): Npc => {
  ensure(Number.isInteger(days) && days >= 0, "days", `days is a whole number, got ${days}`, "N-RECRUIT-03")
  return { ...n, resolve: Math.min(n.baseResolve, n.resolve + 10 * days) }
}
