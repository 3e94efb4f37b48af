/**
 * What happened in a campaign. Like a raid's log: three bookkeeping events (`commanded`,
 * `prompted`, `answered`) and game events; every die is in the log, so a replay needs no dice
 * source. Every change to a Refuge's stores is a `ledger.posted` event carrying Ledger drafts
 * (reason and clause each), folded through `refuge/Ledger.post`.
 *
 * @since 0.3.0
 */
import { bookkeepingEvents, BOOKKEEPING as KERNEL_BOOKKEEPING } from "@blight/engine"
import { Schema, Struct } from "effect"
import { event } from "../battle/EventSchema.js"
import { RecordedDie } from "../refuge/Ledger.js"
import { Advance, Equipment, Injury, Survivor } from "../refuge/Survivor.js"
import { GiftRef, MarkRef } from "../terms/Ids.js"
import { Store } from "../vocabulary/Vocabulary.js"
import {
  Answer,
  CampaignState,
  Hollowed,
  LossCause,
  MAX_REFUGES,
  Prompt,
  RaidRecord,
  RaidRefuges,
  RefugeStatus,
  SurvivorStatus,
} from "./State.js"

const refuge = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_REFUGES - 1 }))
const survivor = Schema.String

/** A Ledger entry before the Ledger numbers it. */
export const Draft = Schema.Struct({
  store: Store,
  amount: Schema.Int,
  reason: Schema.String,
  clause: Schema.optional(Schema.String),
  item: Schema.optional(Schema.Struct({ kind: Schema.String, id: Schema.String })),
  rolls: Schema.optional(Schema.Array(RecordedDie)),
})

/** Every campaign event. */
export const Event = Schema.Union([
  ...bookkeepingEvents(Prompt, Answer),
  /** A command the dice rolled for it made impossible: the dice stand, the command does nothing (R-CAMPAIGN-38). */
  event("refused", { reason: Schema.String, clause: Schema.optional(Schema.String) }),
  /** The last undoable command taken back (R-CAMPAIGN-39). */
  event("undone", {}),
  event("campaign.created", { state: CampaignState }),
  event("raid.recorded", { raid: RaidRecord }),
  /** A raid opened between some of the league's Refuges (R-CAMPAIGN-42). */
  event("raid.opened", { refuges: RaidRefuges }),
  /** The schedule's next round: its pairings and bye (R-CAMPAIGN-41). */
  event("round.drawn", {
    round: Schema.Int,
    pairings: Schema.Array(RaidRefuges),
    bye: Schema.optional(refuge),
  }),
  event("standing.scored", {
    refuge,
    outcome: Schema.Literals(["win", "draw", "loss"]),
    points: Schema.Int,
  }),
  event("aftermath.step", { step: Schema.Int, refuge: Schema.Int, rescue: Schema.Boolean }),
  event("aftermath.ended", {}),
  event("rolled", {
    refuge,
    survivor: Schema.optional(survivor),
    what: Schema.String,
    faces: Schema.Array(Schema.Int),
    result: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
  event("ledger.posted", { refuge, entries: Schema.Array(Draft) }),
  event("survivor.changed", {
    refuge,
    survivor,
    xp: Schema.optional(Schema.Int),
    blight: Schema.optional(Schema.Int),
    injury: Schema.optional(Injury),
    gift: Schema.optional(GiftRef),
    mark: Schema.optional(MarkRef),
    advance: Schema.optional(Advance),
    leader: Schema.optional(Schema.Boolean),
    equipment: Schema.optional(Equipment),
    status: Schema.optional(SurvivorStatus.mapFields(Struct.map(Schema.optional))),
    reason: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
  event("survivor.lost", {
    refuge,
    survivor,
    cause: LossCause,
    reason: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
  event("survivor.joined", {
    refuge,
    survivor: Survivor,
    status: SurvivorStatus,
    reason: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
  event("stash.changed", {
    refuge,
    stash: Equipment,
    reason: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
  event("hollowed.remembered", { hollowed: Hollowed }),
  // `refuge` and `survivor` say which, as names may repeat; logs written before them have the name only.
  event("hollowed.atRest", {
    name: Schema.String,
    refuge: Schema.optional(Schema.String),
    survivor: Schema.optional(Schema.String),
  }),
  event("errand.run", {
    refuge,
    errand: Schema.String,
    survivor: Schema.optional(survivor),
    what: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
  event("improvement.built", { refuge, improvement: Schema.String }),
  /** `refuges`: the Refuges whose Errands come back, `errands` in their order (left out: every Refuge, in order). */
  event("errands.reset", {
    errands: Schema.Array(Schema.Int),
    refuges: Schema.optional(Schema.Array(refuge)),
  }),
  event("errands.passed", { refuge }),
  event("season.turned", { from: Schema.String, to: Schema.String }),
  /** A status for the Refuge's next raids (a clean street, B-OBJECTIVE-04). */
  event("refuge.status", { refuge, status: RefugeStatus }),
  /** A raid the Refuge played spent one raid of each of its statuses. */
  event("refuge.statusesSpent", { refuge, raid: Schema.Int }),
  /** The Refuge keeps an objective it won as a trophy (the Radio, B-OBJECTIVE-08). */
  event("trophy.kept", {
    refuge,
    objective: Schema.String,
    reason: Schema.String,
    clause: Schema.optional(Schema.String),
  }),
]).annotate({ identifier: "CampaignEvent" })
export type Event = typeof Event.Type
export type EventType = Event["type"]

// The kernel's (`@blight/engine`): one list for every game.
export const BOOKKEEPING = KERNEL_BOOKKEEPING as ReadonlySet<EventType>
