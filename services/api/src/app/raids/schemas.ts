/**
 * The raids' answers as schemas (the requests' are in requests.ts): what REST documents and
 * GraphQL derives its types from. The dice state (the PRNG, and the seed) never shows in them.
 */
import { BattleCommand, BattleEvent, BattleState } from "@blight/rules"
import { Schema } from "effect"
import { EventsPage, Joined } from "../stream/schemas.js"

/**
 * What the engine logs as a batch's command (`unknown` in its event and pending schemas): a
 * player's command, or the engine's own next step (`{type: "continue", step}`, by "engine"),
 * whose step names are a type of the engine's, not a schema, so it is text here.
 */
/** The engine's own step, the command of its batch (any game's). */
export const EngineStepCommand = Schema.Struct({
  type: Schema.Literal("continue"),
  step: Schema.String.annotate({
    description: "The phase the engine runs next (setup, round, creature, …)",
  }),
}).annotate({
  identifier: "EngineStepCommand",
  description: "The engine's own step, the command of its batch",
})
export const LoggedCommand = Schema.Union([BattleCommand.Command, EngineStepCommand]).annotate({
  identifier: "LoggedCommand",
})
// An adjustment logs the fields the `adjust` command changed: those of the command but its tag,
// reason and model.
const { type: _type, reason: _reason, model: _model, ...changed } = BattleCommand.Adjust.fields
export const AdjustedChanges = Schema.Struct(changed).annotate({
  identifier: "AdjustedChanges",
  description: "What an adjustment changed: the fields of the adjust command that were set",
})

/** The state as a player sees it: everything but the dice state. */
export const RaidState = Schema.Struct({
  ...BattleState.State.fields,
  dice: Schema.Struct({ mode: BattleState.State.fields.dice.fields.mode }),
}).annotate({ identifier: "RaidState", description: "The raid's state, without the dice state" })

const Seat = Schema.Struct({
  player: Schema.String,
  side: Schema.optional(Schema.String.annotate({ description: "The side it plays, once set up" })),
  joined: Joined,
}).annotate({ identifier: "RaidSeat" })

export const RaidView = Schema.Struct({
  id: Schema.String,
  owner: Schema.String,
  status: Schema.Literals(["waiting", "playing", "over"]),
  version: Schema.Int.annotate({ description: "Send it with a command; a stale one is refused with 409" }),
  scenario: Schema.String,
  packs: Schema.Array(Schema.String),
  seats: Schema.Array(Seat),
  you: Schema.Array(Schema.String).annotate({ description: "The sides the caller plays" }),
  campaign: Schema.optional(
    Schema.String.annotate({
      description: "The campaign it is a raid of (its record is folded in when it ends)",
    }),
  ),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  round: Schema.optional(Schema.Int),
  phase: Schema.optional(BattleState.State.fields.phase),
  turn: Schema.optional(Schema.String.annotate({ description: "The side on turn" })),
  decider: Schema.optional(Schema.String.annotate({ description: "Who decides now (a side, or any)" })),
  pending: Schema.optional(BattleState.Prompt),
  result: Schema.optional(BattleState.Result),
  state: Schema.optional(RaidState),
}).annotate({ identifier: "Raid" })
export type RaidView = typeof RaidView.Type

export const RaidEvent = Schema.Struct({
  seq: Schema.Int.annotate({ description: "Its place in the log, from 1 (the SSE event id)" }),
  event: BattleEvent.Event,
}).annotate({ identifier: "RaidEvent" })
export type RaidEvent = typeof RaidEvent.Type

export const RaidEventsPage = EventsPage(RaidEvent, "RaidEventsPage")

export const RaidLegal = Schema.Struct({
  version: Schema.Int,
  by: Schema.String.annotate({ description: "The side the commands are for (any: the caller plays all)" }),
  commands: Schema.Array(BattleCommand.Command),
}).annotate({ identifier: "RaidLegalCommands" })

export const CommandResult = Schema.Struct({
  version: Schema.Int,
  events: Schema.Array(RaidEvent),
  over: Schema.Boolean,
  decider: Schema.String.annotate({ description: "Who decides now (a side, or any)" }),
  pending: Schema.optional(BattleState.Prompt),
  result: Schema.optional(BattleState.Result),
}).annotate({ identifier: "RaidCommandResult" })
