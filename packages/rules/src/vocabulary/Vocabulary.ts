/**
 * The nouns special rules select: pools, single dice, profile stats, actions, stores, tokens,
 * table features, events, and how long a use lasts. Names follow `design-effects.md`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** Every pool a rule can modify (B-DICE-01): each roll in The Blight is a pool with a purpose. */
export const POOLS = [
  "shoot",
  "fight.attack",
  "fight.defend",
  "armour",
  "initiative",
  "wits.search",
  "wits.aid",
  "wits.door",
  "wits.use",
  "nerve.dread",
  "nerve.rout",
  "blight.call",
  "din",
] as const
/** A named pool. `fight` alone is not a pool: attack and defence are modified separately. */
export const Pool = Schema.Literals(POOLS).annotate({
  identifier: "Pool",
  description: "A named dice pool",
})
export type Pool = typeof Pool.Type

/** Single d6 rolls outside pools (Aftermath, Market, Spores, …). */
export const DICE = [
  "casualty",
  "spores",
  "amberHome",
  "market.availability",
  "hollowedReturn",
  "congregation.cost",
  "rescue",
  "loot",
  "loot.amount",
] as const
/** A named single die. */
export const Die = Schema.Literals(DICE).annotate({
  identifier: "Die",
  description: "A named single die roll",
})
export type Die = typeof Die.Type

/** Profile stats (B-PROFILE-01). */
export const STATS = ["move", "fight", "shoot", "wits", "nerve", "health", "armour"] as const
/** A profile stat. */
export const Stat = Schema.Literals(STATS).annotate({
  identifier: "Stat",
  description: "A profile stat",
})
export type Stat = typeof Stat.Type

/** The actions of an activation (B-ACTION-*). */
export const ACTIONS = [
  "move",
  "sprint",
  "shoot",
  "fight",
  "aim",
  "reload",
  "search",
  "hide",
  "use",
  "steady",
  "gift",
] as const
/** An action kind. */
export const Action = Schema.Literals(ACTIONS).annotate({
  identifier: "Action",
  description: "An action kind",
})
export type Action = typeof Action.Type

/** The Refuge's stores, kept in the Ledger. */
export const STORES = ["salvage", "reloads", "arrows", "bolts", "rations", "meds", "amber", "fuel"] as const
/** A store. */
export const Store = Schema.Literals(STORES).annotate({
  identifier: "Store",
  description: "A Refuge store",
})
export type Store = typeof Store.Type

/** Things a model can carry that rules ask about. */
export const Carryable = Schema.Literals(["loot", "amber", "radio", "stranger", "light", "meds"]).annotate({
  identifier: "Carryable",
  description: "Something a model carries",
})
export type Carryable = typeof Carryable.Type

/** Tokens and markers a rule can place on the table. */
export const Token = Schema.Literals(["loot", "sporeCloud", "fire", "light", "noise"]).annotate({
  identifier: "Token",
  description: "A token or marker placed on the table",
})
export type Token = typeof Token.Type

/** Table features and models a distance can be measured to. */
export const Feature = Schema.Literals([
  "lair",
  "blightEdge",
  "sporeTerrain",
  "light",
  "leader",
  "verdantMother",
  "friend",
  "enemy",
  "creature",
  "gardener",
  "placement",
  "tableCentre",
]).annotate({ identifier: "Feature", description: "A table feature or kind of model" })
export type Feature = typeof Feature.Type

/** Blight tiers (B-TIER-01). */
export const TierName = Schema.Literals(["clean", "touched", "bloomed", "overgrown"]).annotate({
  identifier: "TierName",
  description: "A Blight tier",
})
export type TierName = typeof TierName.Type

/** Who an effect applies to. Default: the model or Refuge that has the rule. */
export const Scope = Schema.Literals([
  "self",
  "oneFriend",
  "friends",
  "target",
  "enemies",
  "refuge",
]).annotate({
  identifier: "Scope",
  description:
    "Who the effect applies to: self (default), oneFriend (one friend, chosen), friends, target (the other party), enemies, refuge",
})
export type Scope = typeof Scope.Type

/** How often a rule may be used. */
export const Uses = Schema.Struct({
  per: Schema.Literals(["activation", "round", "battle", "raid", "aftermath", "campaign"]),
  times: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
}).annotate({ identifier: "Uses", description: 'How often: e.g. { "per": "round", "times": 1 }' })
export type Uses = typeof Uses.Type

/** Noise levels (B-NOISE-01): 0 Quiet, 1 Loud, 2 Very loud, 3 Deafening. */
export const Noise = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 })).annotate({
  identifier: "Noise",
  description: "Noise: 0 Quiet, 1 Loud, 2 Very loud, 3 Deafening",
})

/** A distance in inches. */
export const Inches = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 72 })).annotate({
  description: "A distance in inches",
})

/** The events the engine emits and triggers listen to (design-effects.md). */
export const EVENTS = [
  "battle.setup",
  "round.start",
  "initiative.rolled",
  "activation.start",
  "action",
  "attack.rolled",
  "hit",
  "hit.blocked",
  "damage.taken",
  "down",
  "finished",
  "slain",
  "noise",
  "activation.end",
  "din.rolled",
  "encounter.rolled",
  "creature.arrives",
  "spores",
  "rout.test",
  "round.clear",
  "round.end",
  "battle.end",
  "aftermath.casualties",
  "aftermath.experience",
  "aftermath.blight",
  "aftermath.loot",
  "aftermath.ammunition",
  "aftermath.upkeep",
  "errand",
  "market.trip",
  "season.change",
  "founding",
] as const
/** A named event. */
export const EventName = Schema.Literals(EVENTS).annotate({
  identifier: "EventName",
  description: "A named event",
})
export type EventName = typeof EventName.Type
