/**
 * Creature behaviours (B-BEHAVIOUR-01..14) as data: where the creature starts, what it moves
 * towards (an ordered list of target steps: the first step with a candidate wins), what it
 * attacks, how far it may stray, and (for an Ambusher) when it emerges and what it becomes.
 * Anything the vocabulary cannot say is a named code hook.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Hook } from "../../plugin/Effect.js"
import { Carryable, Feature, Inches } from "../../plugin/Vocabulary.js"
import { entryFields } from "./Common.js"
import { BehaviourId, BehaviourRef } from "./Ids.js"

/** Who can be a candidate: survivors, any model, lights (Lantern, Flare, fire), or groups of survivors. */
export const Among = Schema.Union(
  Schema.Literal("survivors", "models", "lights"),
  Schema.Struct({ groupsWithin: Inches }).annotations({
    description: "Points on the table, each counting the survivors within this many inches (Horror: 6)",
  }),
).annotations({ identifier: "Among" })

/** A filter every candidate must pass. */
export const TargetFilter = Schema.Union(
  Schema.Literal("withinSenses", "visible", "hasNoise", "inReach", "inContact", "notHidden"),
  Schema.Struct({ carrying: Schema.Array(Carryable).pipe(Schema.minItems(1)) }),
  Schema.Struct({ blightAtLeast: Schema.Int.pipe(Schema.between(0, 12)) }),
  Schema.Struct({ noFriendWithin: Inches }),
  Schema.Struct({ withinOf: Inches, of: Schema.Array(Feature).pipe(Schema.minItems(1)) }),
).annotations({ identifier: "TargetFilter", description: "A filter on candidates" })

/** How candidates are ranked; the first rank decides, later ranks break ties. */
export const TargetRank = Schema.Union(
  Schema.Literal("mostNoise", "nearest", "furthestFromFriends", "largestGroup", "nearestLight", "random"),
  Schema.Struct({ nearestTo: Schema.Array(Feature).pipe(Schema.minItems(1)) }),
).annotations({ identifier: "TargetRank", description: "A ranking of candidates" })

/** One step of a target search. */
export const TargetStep = Schema.Struct({
  among: Among,
  filter: Schema.optional(Schema.Array(TargetFilter)),
  rank: Schema.Array(TargetRank).pipe(Schema.minItems(1)),
}).annotations({ identifier: "TargetStep", description: "Candidates, filters, and how to rank them" })
export type TargetStep = typeof TargetStep.Type

/** Limits on where the creature may be. */
export const Leash = Schema.Union(
  Schema.Struct({ neverLeave: Inches, of: Schema.Literal("placement") }).annotations({
    description: "Never leaves this distance of where it was placed (Guardian: 6)",
  }),
  Schema.Struct({ endMoveWithin: Inches, of: Schema.Array(Feature).pipe(Schema.minItems(1)) }).annotations({
    description:
      "Never ends a move further than this from these features (Tender: 12 of Spore terrain or a Lair)",
  }),
).annotations({ identifier: "Leash" })

/** What the creature attacks. */
export const BehaviourAttack = Schema.Union(
  Schema.Struct({ kind: Schema.Literal("target"), onlyIfReach: Schema.optional(Schema.Boolean) }).annotations(
    {
      description: "Fights the model it moved towards",
    },
  ),
  Schema.Struct({
    kind: Schema.Literal("choose"),
    choose: Schema.Array(TargetStep).pipe(Schema.minItems(1)),
  }).annotations({
    description: "Fights a model chosen by these steps (Horror: the one with most Noise)",
  }),
  Schema.Struct({ kind: Schema.Literal("allInContact"), separately: Schema.Boolean }).annotations({
    description: "Fights every model in contact (Swarm), rolling separately for each",
  }),
  Schema.Struct({ kind: Schema.Literal("none") }),
).annotations({ identifier: "BehaviourAttack" })

/** How a hidden creature comes out (Ambusher, B-BEHAVIOUR-06). */
export const Emerge = Schema.Struct({
  on: Schema.Array(Schema.Literal("noise", "endMove")).pipe(Schema.minItems(1)),
  within: Schema.Union(Schema.Literal("senses"), Inches),
  of: Schema.Literal("lair", "placement"),
  choose: Schema.Array(TargetStep).pipe(Schema.minItems(1)),
  attackAtOnce: Schema.Boolean,
  becomes: Schema.optional(BehaviourRef).annotations({ description: "The behaviour it follows once out" }),
}).annotations({ identifier: "Emerge" })

/** A behaviour. */
export const Behaviour = Schema.Struct({
  ...entryFields(BehaviourId),
  text: Schema.NonEmptyTrimmedString,
  start: Schema.Literal("placed", "hidden"),
  emerge: Schema.optional(Emerge),
  moveTowards: Schema.Array(TargetStep),
  otherwise: Schema.Literal("driftToCentre", "hold").annotations({
    description: "With no target: drift its full Move towards the table centre, or do nothing",
  }),
  attack: BehaviourAttack,
  leash: Schema.optional(Leash),
  huntsByNoise: Schema.Boolean.annotations({
    description: "It hunts by Noise (ignores Congregation members with no Noise, B-CONGREGATION-14)",
  }),
  hooks: Schema.optional(Schema.Array(Hook)),
})
  .pipe(
    Schema.filter((b) =>
      b.start === "hidden" && b.emerge === undefined
        ? { path: ["emerge"], message: "a behaviour that starts hidden says how it emerges" }
        : undefined,
    ),
  )
  .annotations({ identifier: "Behaviour" })
export type Behaviour = typeof Behaviour.Type
