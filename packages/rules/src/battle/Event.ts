/**
 * What happened in a raid. Every die and every stated fact is in the events, so a replay needs no
 * dice source and no answers: the state is the fold of the events (`Evolve.ts`). Three events are
 * bookkeeping (`commanded`, `prompted`, `answered`: who asked what, what the engine waits for, and
 * the answer); the rest change the game. Names follow the vocabulary's `EVENTS` where one exists,
 * so content triggers can listen to them.
 *
 * @since 0.2.0
 */
import { BOOKKEEPING as KERNEL_BOOKKEEPING, bookkeepingEvents } from "@blight/engine"
import { Schema } from "effect"
import { event } from "./EventSchema.js"
import {
  Answer,
  BattleProfile,
  Fact,
  Model,
  ModelId,
  ObjectiveState,
  Prompt,
  Result,
  Side,
  SideId,
  State,
  Token,
  TokenId,
} from "./State.js"

const faces = Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })))
const clause = Schema.optional(Schema.String)

/** A rolled pool, as recorded: ordinary and Blight faces, and what they scored. */
export const RolledPool = Schema.Struct({
  dice: faces,
  blight: faces,
  /** Faces of re-rolled dice, in order, before the re-roll. */
  rerolled: Schema.optional(faces),
  desperate: Schema.Boolean,
  successes: Schema.Int,
  crits: Schema.Int,
}).annotate({ identifier: "RolledPool" })
export type RolledPool = typeof RolledPool.Type

/** Every event. */
export const Event = Schema.Union(
  // Bookkeeping.
  [
    ...bookkeepingEvents(Prompt, Answer),
    // Set-up and the round.
    event("battle.setup", { state: State }),
    event("refused", { reason: Schema.String, clause }),
    event("round.start", { round: Schema.Int }),
    event("initiative.rolled", { side: SideId, pool: RolledPool, score: Schema.Int }),
    event("initiative.order", {
      order: Schema.Array(SideId),
      rolloffs: Schema.Array(Schema.Array(Schema.Int)),
    }),
    event("activation.start", { model: ModelId, actions: Schema.Int }),
    event("action", { model: ModelId, action: Schema.String }),
    event("activation.end", { model: ModelId }),
    event("endphase.start", { round: Schema.Int }),
    // Moving, facts, noise.
    event("moved", {
      model: ModelId,
      distance: Schema.Number,
      sprint: Schema.Boolean,
      contact: Schema.Array(Schema.String),
      offTable: Schema.Boolean,
      to: Schema.optional(Schema.Struct({ x: Schema.Number, y: Schema.Number })),
      reason: Schema.optional(Schema.String),
    }),
    event("facts.stated", {
      facts: Schema.Array(Fact),
      /** Not asked: the answer follows from facts already known (R-BATTLE-56). */
      derived: Schema.optional(Schema.Boolean),
    }),
    event("noise", { model: ModelId, amount: Schema.Int, source: Schema.String }),
    // Attacks and their results.
    event("attack.rolled", {
      attacker: ModelId,
      target: Schema.Union([ModelId, TokenId]),
      attack: Schema.Literals(["shoot", "fight", "blast", "gift"]),
      weapon: Schema.String,
      pool: RolledPool,
      modifiers: Schema.Array(Schema.String),
    }),
    event("defence.rolled", { model: ModelId, pool: RolledPool, modifiers: Schema.Array(Schema.String) }),
    event("hits", { target: ModelId, hits: Schema.Int, crits: Schema.Int, damage: Schema.Int, by: ModelId }),
    event("armour.rolled", {
      model: ModelId,
      faces,
      blocked: Schema.Int,
      through: Schema.Int,
      crits: Schema.Int,
    }),
    event("damage.taken", {
      model: ModelId,
      amount: Schema.Int,
      health: Schema.Int,
      by: Schema.optional(ModelId),
    }),
    event("blight.gained", { model: ModelId, amount: Schema.Int, blight: Schema.Int, source: Schema.String }),
    event("down", { model: ModelId, by: Schema.optional(ModelId) }),
    event("finished", { model: ModelId, by: ModelId }),
    event("slain", { model: ModelId, by: Schema.optional(ModelId) }),
    event("turned", { model: ModelId }),
    event("healed", { model: ModelId, health: Schema.Int }),
    event("test.rolled", {
      model: ModelId,
      pool: Schema.String,
      roll: RolledPool,
      target: Schema.Int,
      passed: Schema.Boolean,
    }),
    event("shaken", { model: ModelId, reason: Schema.String }),
    event("steadied", { model: ModelId }),
    event("hidden", { model: ModelId }),
    event("revealed", { model: ModelId, reason: Schema.String }),
    // Ammunition.
    event("shot.used", { model: ModelId, weapon: Schema.String, loaded: Schema.Int }),
    event("reloaded", {
      model: ModelId,
      weapon: Schema.String,
      store: Schema.Literals(["reloads", "arrows", "bolts"]),
      loaded: Schema.Int,
    }),
    event("jammed", { model: ModelId, weapon: Schema.String }),
    event("unjammed", { model: ModelId, weapon: Schema.String }),
    event("thrown", { model: ModelId, weapon: Schema.String }),
    event("handed", { model: ModelId, to: ModelId, item: Schema.String }),
    // Loot and tokens.
    event("loot.taken", { model: ModelId, token: TokenId, rich: Schema.Int }),
    event("loot.dropped", { model: ModelId, token: TokenId }),
    event("token.placed", { token: Token }),
    event("token.removed", { token: TokenId }),
    event("used", { model: Schema.optional(ModelId), side: Schema.optional(SideId), key: Schema.String }),
    event("objective", {
      objective: Schema.String,
      state: Schema.optional(ObjectiveState.fields.state),
      progress: Schema.optional(Schema.Int),
      by: Schema.optional(SideId),
      score: Schema.optional(Schema.Struct({ side: SideId, add: Schema.Int })),
      reason: Schema.String,
    }),
    event("joined", { model: Model, reason: Schema.String }),
    event("gained", {
      model: ModelId,
      gift: Schema.optional(Schema.String),
      mark: Schema.optional(Schema.String),
      faces: faces,
      threshold: Schema.Int,
    }),
    // Creatures.
    event("side.added", { side: Side }),
    event("creature.arrives", { model: Model, at: Schema.String }),
    event("emerged", { model: ModelId }),
    // The End Phase.
    event("din.rolled", {
      noise: Schema.Int,
      dice: Schema.Int,
      faces,
      sixes: Schema.Int,
      result: Schema.Literals(["none", "lesser", "greater"]),
    }),
    event("encounter.rolled", { table: Schema.String, faces, row: Schema.Int, name: Schema.String }),
    event("spores", { model: ModelId, face: Schema.Int }),
    event("rout.test", {
      side: SideId,
      model: Schema.optional(ModelId),
      roll: Schema.optional(RolledPool),
      passed: Schema.Boolean,
    }),
    event("routed", { side: SideId, reason: Schema.String }),
    event("fled", { model: ModelId }),
    event("round.clear", { round: Schema.Int }),
    event("round.end", { round: Schema.Int }),
    event("battle.end", { result: Result }),
    // Corrections.
    event("adjusted", {
      model: ModelId,
      reason: Schema.String,
      changes: Schema.Record(Schema.String, Schema.Unknown),
    }),
    event("undone", {}),
    event("profile.set", { model: ModelId, profile: BattleProfile }),
  ],
).annotate({ identifier: "BattleEvent" })
export type Event = typeof Event.Type
export type EventType = Event["type"]
export type EventOf<T extends EventType> = Extract<Event, { type: T }>

/** The bookkeeping events: they record the conversation, not the game. */
// The kernel's (`@blight/engine`): one list for every game.
export const BOOKKEEPING = KERNEL_BOOKKEEPING as ReadonlySet<EventType>
