/**
 * Creature behaviours (B-BEHAVIOUR-01..14) as data: where the creature starts, what it moves
 * towards (an ordered list of target steps: the first step with a candidate wins), what it
 * attacks, how far it may stray, and (for an Ambusher) when it emerges and what it becomes.
 * Anything the vocabulary cannot say is a named code hook.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { BehaviourId, BehaviourRef } from "../../terms/Ids.js"
import { Hook } from "../../vocabulary/Effect.js"
import { Carryable, Feature, Inches } from "../../vocabulary/Vocabulary.js"
import { entryFields } from "./Common.js"

/** Who can be a candidate: survivors, any model, lights (Lantern, Flare, fire), or groups of survivors. */
export const Among = Schema.Union([
  Schema.Literals(["survivors", "models", "lights"]),
  Schema.Struct({ groupsWithin: Inches }).annotate({
    description: "Points on the table, each counting the survivors within this many inches (Horror: 6)",
  }),
]).annotate({ identifier: "Among" })

/** A filter every candidate must pass. */
export const TargetFilter = Schema.Union([
  Schema.Literals(["withinSenses", "visible", "hasNoise", "inReach", "inContact", "notHidden"]),
  Schema.Struct({ carrying: Schema.Array(Carryable).check(Schema.isMinLength(1)) }),
  Schema.Struct({ blightAtLeast: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })) }),
  Schema.Struct({ noFriendWithin: Inches }),
  Schema.Struct({ withinOf: Inches, of: Schema.Array(Feature).check(Schema.isMinLength(1)) }),
]).annotate({ identifier: "TargetFilter", description: "A filter on candidates" })

/** How candidates are ranked; the first rank decides, later ranks break ties. */
export const TargetRank = Schema.Union([
  Schema.Literals(["mostNoise", "nearest", "furthestFromFriends", "largestGroup", "nearestLight", "random"]),
  Schema.Struct({ nearestTo: Schema.Array(Feature).check(Schema.isMinLength(1)) }),
]).annotate({ identifier: "TargetRank", description: "A ranking of candidates" })

/** One step of a target search. */
export const TargetStep = Schema.Struct({
  among: Among,
  filter: Schema.optional(Schema.Array(TargetFilter)),
  rank: Schema.Array(TargetRank).check(Schema.isMinLength(1)),
}).annotate({ identifier: "TargetStep", description: "Candidates, filters, and how to rank them" })
export type TargetStep = typeof TargetStep.Type

/** Limits on where the creature may be. */
export const Leash = Schema.Union([
  Schema.Struct({ neverLeave: Inches, of: Schema.Literal("placement") }).annotate({
    description: "Never leaves this distance of where it was placed (Guardian: 6)",
  }),
  Schema.Struct({ endMoveWithin: Inches, of: Schema.Array(Feature).check(Schema.isMinLength(1)) }).annotate({
    description:
      "Never ends a move further than this from these features (Tender: 12 of Spore terrain or a Lair)",
  }),
]).annotate({ identifier: "Leash" })

/** What the creature attacks. */
export const BehaviourAttack = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("target"), onlyIfReach: Schema.optional(Schema.Boolean) }).annotate({
    description: "Fights the model it moved towards",
  }),
  Schema.Struct({
    kind: Schema.Literal("choose"),
    choose: Schema.Array(TargetStep).check(Schema.isMinLength(1)),
  }).annotate({
    description: "Fights a model chosen by these steps (Horror: the one with most Noise)",
  }),
  Schema.Struct({ kind: Schema.Literal("allInContact"), separately: Schema.Boolean }).annotate({
    description: "Fights every model in contact (Swarm), rolling separately for each",
  }),
  Schema.Struct({ kind: Schema.Literal("none") }),
]).annotate({ identifier: "BehaviourAttack" })

/** How a hidden creature comes out (Ambusher, B-BEHAVIOUR-06). */
export const Emerge = Schema.Struct({
  on: Schema.Array(Schema.Literals(["noise", "endMove"])).check(Schema.isMinLength(1)),
  within: Schema.Union([Schema.Literal("senses"), Inches]),
  of: Schema.Literals(["lair", "placement"]),
  choose: Schema.Array(TargetStep).check(Schema.isMinLength(1)),
  attackAtOnce: Schema.Boolean,
  becomes: Schema.optional(BehaviourRef).annotate({ description: "The behaviour it follows once out" }),
}).annotate({ identifier: "Emerge" })

/** A behaviour. */
export const Behaviour = Schema.Struct({
  ...entryFields(BehaviourId),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  start: Schema.Literals(["placed", "hidden"]),
  emerge: Schema.optional(Emerge),
  moveTowards: Schema.Array(TargetStep),
  otherwise: Schema.Literals(["driftToCentre", "hold"]).annotate({
    description: "With no target: drift its full Move towards the table centre, or do nothing",
  }),
  attack: BehaviourAttack,
  leash: Schema.optional(Leash),
  huntsByNoise: Schema.Boolean.annotate({
    description: "It hunts by Noise (ignores Congregation members with no Noise, B-CONGREGATION-14)",
  }),
  hooks: Schema.optional(Schema.Array(Hook)),
})
  .check(
    Schema.makeFilter((b) =>
      b.start === "hidden" && b.emerge === undefined
        ? { path: ["emerge"], issue: "a behaviour that starts hidden says how it emerges" }
        : undefined,
    ),
  )
  .annotate({ identifier: "Behaviour" })
export type Behaviour = typeof Behaviour.Type
