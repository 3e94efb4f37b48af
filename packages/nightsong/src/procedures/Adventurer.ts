/**
 * The least a play procedure needs to know about a character: Abilities, HP, Focus, Slots and
 * Conditions. The full character (backgrounds, details, items) lives in `src/character/`; this
 * shape is what rests, damage, spells and advancement read and return.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import {
  type Care,
  ClearedBy,
  clearedByOf,
  kindOf,
  Severity,
  sameCondition,
} from "./conditions/Conditions.js"
import { decoder, ensure } from "./Errors.js"

/** The four Abilities (N-ABILITY-01). */
export const Abilities = Schema.Struct({
  strength: Schema.Int,
  dexterity: Schema.Int,
  presence: Schema.Int,
  constitution: Schema.Int,
  // Named apart from a character sheet's Abilities (STR, DEX, PRE, CON): one document holds both.
}).annotate({ identifier: "PlayAbilities" })
export type Abilities = typeof Abilities.Type

/** Ability names, in the order the rules list them. */
export const ABILITIES = ["strength", "dexterity", "presence", "constitution"] as const
/** An Ability's name. */
export type Ability = (typeof ABILITIES)[number]

/**
 * A Condition (N-CONDITION-01): minor ones clear on a Long Rest, major ones on a Full Rest
 * (N-REST-02, N-REST-03), unless `clearedBy` (or the known kind, `conditions/Conditions.ts`) says
 * otherwise; `slots` is 1 unless it has worsened.
 */
export const Condition = Schema.Struct({
  name: Schema.String.check(Schema.isMinLength(1)),
  severity: Severity,
  slots: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  clearedBy: Schema.optional(ClearedBy),
  // Named apart from The Blight's Condition and a sheet's: one document holds all three.
}).annotate({ identifier: "NightsongPlayCondition" })
export type Condition = typeof Condition.Type

/** The countdown of a character at 0 HP (N-HP-03); `unit` per ruling R-N-HP-01. */
export const DyingTimer = Schema.Struct({
  remaining: Schema.Int,
  unit: Schema.Literals(["rounds", "minutes"]),
  /** Set once the character has received help (ruling R-N-HP-02): the timer no longer runs. */
  stabilised: Schema.Boolean,
}).annotate({ identifier: "DyingTimer" })
export type DyingTimer = typeof DyingTimer.Type

/** Whether a character is up, taken out at 0 HP, or dead. */
export const Status = Schema.Literals(["active", "takenOut", "dead"])
export type Status = typeof Status.Type

/** A character as play procedures see it. */
export const Adventurer = Schema.Struct({
  name: Schema.String,
  abilities: Abilities,
  hp: Schema.Int,
  maxHp: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  focus: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 })),
  /** Total Slots (N-SLOTS-01: Strength + 10). */
  slots: Schema.Int,
  /** Slots taken by items, weapons, armor, shields, shards and remedies (N-SLOTS-03). */
  // effect 3's `greaterThanOrEqualTo(0)`, not `nonNegative()`: the title its JSON Schema keeps.
  itemSlots: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0, { title: "greaterThanOrEqualTo(0)" })),
  conditions: Schema.Array(Condition),
  status: Status,
  dying: Schema.optional(DyingTimer),
}).annotate({ identifier: "Adventurer" })
export type Adventurer = typeof Adventurer.Type

/** Reads an adventurer from JSON-like input, or throws a {@link ProcedureError} naming the path. */
export const adventurer: (input: unknown) => Adventurer = decoder(Adventurer, "adventurer")

/** A fresh adventurer from Abilities: HP Constitution + 6 (N-HP-01), Slots Strength + 10 (N-SLOTS-01), Focus per N-FOCUS-01. */
export const fromAbilities = (name: string, abilities: Abilities): Adventurer => {
  const maxHp = Math.max(1, abilities.constitution + 6)
  return {
    name,
    abilities,
    hp: maxHp,
    maxHp,
    focus: maxFocus(abilities.dexterity),
    slots: abilities.strength + 10,
    itemSlots: 0,
    conditions: [],
    status: "active",
  }
}

/** Focus at the start of a session: Dexterity, up to 3, never below 0 (N-FOCUS-01; ruling R-N-CHAR-01). */
export const maxFocus = (dexterity: number): number => Math.min(3, Math.max(0, dexterity))

/** Slots in use: items plus every Condition (N-SLOTS-03, N-CONDITION-01). */
export const usedSlots = (a: Adventurer): number =>
  a.itemSlots + a.conditions.reduce((n, c) => n + c.slots, 0)

/** Free Slots (can be negative when Strength fell or a Condition forced its way in). */
export const freeSlots = (a: Adventurer): number => a.slots - usedSlots(a)

/** What adding a Condition did: the new state, and how many Slots of items must be dropped (N-CONDITION-02). */
export interface ConditionAdded {
  readonly adventurer: Adventurer
  readonly condition: Condition
  readonly mustDropSlots: number
}

/** What the one adding a Condition states: its severity, and optionally what clears it. */
export type ConditionSpec =
  | Severity
  | { readonly severity: Severity; readonly clearedBy?: ClearedBy | undefined }

/**
 * Adds a Condition (N-CONDITION-01). A Condition always takes its Slots; if none is free the
 * player must drop items worth `mustDropSlots` (N-CONDITION-02). A Condition the character
 * already has (the same name case-blind, or a spelling of the same state, R-N-CONDITION-04)
 * worsens by one Slot instead (ruling R-N-CONDITION-01). The severity is the one
 * stated, else the known kind's (R-N-CONDITION-02); a name the library does not know needs one
 * stated, or a {@link ProcedureError} is thrown.
 */
export const addCondition = (a: Adventurer, name: string, stated?: ConditionSpec): ConditionAdded => {
  ensure(name.trim().length > 0, "condition", "a Condition needs a name", "N-CONDITION-01")
  const spec = typeof stated === "string" ? { severity: stated } : stated
  const severity = spec?.severity ?? kindOf(name)?.severity
  ensure(
    severity !== undefined,
    "condition.severity",
    `${JSON.stringify(name)} is not a Condition the rules name: say whether it is minor or major`,
    "N-CONDITION-01",
  )
  const existing = a.conditions.findIndex((c) => sameCondition(c.name, name))
  const added: Condition = {
    name,
    severity: severity!,
    slots: 1,
    ...(spec?.clearedBy ? { clearedBy: spec.clearedBy } : {}),
  }
  const conditions =
    existing >= 0
      ? a.conditions.map((c, i) => (i === existing ? { ...c, slots: c.slots + 1 } : c))
      : [...a.conditions, added]
  const next = { ...a, conditions }
  const condition = conditions[existing >= 0 ? existing : conditions.length - 1]!
  return { adventurer: next, condition, mustDropSlots: Math.max(0, -freeSlots(next)) }
}

/** Splits a character's Conditions into those `clears` removes and those it leaves. */
export const clearWhere = (a: Adventurer, clears: (by: ClearedBy) => boolean) => {
  const cleared = a.conditions.filter((c) => clears(clearedByOf(c)))
  return { adventurer: { ...a, conditions: a.conditions.filter((c) => !cleared.includes(c)) }, cleared }
}

/** Drops item Slots (e.g. to make room for a Condition, N-CONDITION-02). */
export const dropItems = (a: Adventurer, slots: number): Adventurer => {
  ensure(
    Number.isInteger(slots) && slots >= 0 && slots <= a.itemSlots,
    "slots",
    `can drop 0 to ${a.itemSlots} Slots of items, got ${slots}`,
    "N-CONDITION-02",
  )
  return { ...a, itemSlots: a.itemSlots - slots }
}

/** Clears the named Condition by the right care (N-CONDITION-03). */
export const clearCondition = (a: Adventurer, name: string): Adventurer => {
  ensure(
    a.conditions.some((c) => sameCondition(c.name, name)),
    "condition",
    `${a.name} has no Condition ${JSON.stringify(name)}`,
    "N-CONDITION-03",
  )
  return { ...a, conditions: a.conditions.filter((c) => !sameCondition(c.name, name)) }
}

/** How a Condition's clearing rule reads in an error. */
const describe = (by: ClearedBy): string =>
  [
    by.rest ? `a ${by.rest === "long" ? "Long" : "Full"} Rest` : undefined,
    by.remedy ? "a Remedy" : undefined,
    by.action ? `the action "${by.action}"` : undefined,
  ]
    .filter((x) => x !== undefined)
    .join(" or ") || "the Referee's call"

/**
 * Clears a Condition by a Remedy or an action in the fiction (eating, drinking, warmth, treatment),
 * if that is what clears it (N-CONDITION-03, N-REST-02, R-N-CONDITION-03). The Referee's own
 * call is {@link clearCondition}.
 */
export const tend = (a: Adventurer, name: string, by: Care | "remedy"): Adventurer => {
  const c = a.conditions.find((x) => sameCondition(x.name, name))
  ensure(c !== undefined, "condition", `${a.name} has no Condition ${JSON.stringify(name)}`, "N-CONDITION-03")
  const rule = clearedByOf(c!)
  ensure(
    by === "remedy" ? rule.remedy : rule.action === by,
    "by",
    `${JSON.stringify(name)} is not cleared by ${by === "remedy" ? "a Remedy" : `the action "${by}"`}; it clears by ${describe(rule)}`,
    "N-CONDITION-03",
  )
  return { ...a, conditions: a.conditions.filter((x) => x !== c) }
}

/** True when the character has the named Condition. */
export const hasCondition = (a: Adventurer, name: string): boolean =>
  a.conditions.some((c) => sameCondition(c.name, name))
