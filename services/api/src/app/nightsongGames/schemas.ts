/**
 * A Nightsong game's answers as schemas: what REST documents and GraphQL derives its types from,
 * built from the library's own schemas (its state, its events, a command). The dice state (the PRNG, and the seed) never shows in them.
 */
import { Game } from "@blight/nightsong"
import { Schema } from "effect"
import { EngineStepCommand } from "../raids/schemas.js"
import { EventsPage, Joined } from "../stream/schemas.js"

/** What a waiting prompt asks, and of whom (a seat, or any). */
export const NightsongPrompt = Schema.Struct({
  kind: Schema.Literals(["dice", "choice"]),
  by: Schema.String.annotate({ description: "The seat that answers it (any: anyone)" }),
  dice: Schema.optional(Schema.Int.annotate({ description: "How many dice to roll" })),
  sides: Schema.optional(Schema.Int.annotate({ description: "Their sides (default 6)" })),
  purpose: Schema.optional(Schema.String),
  key: Schema.optional(Schema.String),
  question: Schema.optional(Schema.String),
  options: Schema.optional(Schema.Array(Schema.String)),
}).annotate({
  identifier: "NightsongPrompt",
  description: "A prompt: dice to roll (answer with roll), or a call to choose (answer with choose)",
})

/** The state as the table sees it: everything but the dice state and the engine's undo bookkeeping. */
const { pending: _pending, dice: _dice, ...kept } = Game.GameState.fields
export const NightsongGameState = Schema.Struct({
  ...kept,
  dice: Schema.Struct({ mode: Game.GameState.fields.dice.fields.mode }),
}).annotate({ identifier: "NightsongGameState", description: "The game's state, without the dice state" })

const Seat = Schema.Struct({
  seat: Schema.String,
  referee: Schema.Boolean.annotate({ description: "Whether it is the Referee's seat" }),
  player: Schema.optional(Schema.String.annotate({ description: "The player holding it" })),
  joined: Joined,
}).annotate({ identifier: "NightsongSeat" })

const heads = {
  id: Schema.String,
  owner: Schema.String,
  version: Schema.Int.annotate({ description: "Send it with a command; a stale one is refused with 409" }),
  seats: Schema.Array(Seat),
  you: Schema.optional(Schema.String.annotate({ description: "The seat the caller holds" })),
  createdAt: Schema.String,
  updatedAt: Schema.String,
}

/** A game as a list shows it: its seats and version, not its state. */
export const GameSummary = Schema.Struct(heads).annotate({ identifier: "NightsongGameSummary" })
export type GameSummary = typeof GameSummary.Type

export const GameView = Schema.Struct({
  ...heads,
  pending: Schema.optional(NightsongPrompt),
  hash: Schema.String.annotate({
    description:
      "A stable hash of the state shown (its log, folded, hashes alike: the dice state and prompt left out)",
  }),
  state: NightsongGameState,
  packs: Schema.optional(
    Schema.Array(Schema.Struct({ id: Schema.String, version: Schema.String })).annotate({
      description:
        "The packs merged for the game, the core pack first (R-N-PACK-06); their content is in the log's first event",
    }),
  ),
}).annotate({ identifier: "NightsongGame" })
export type GameView = typeof GameView.Type

/** An event of the log, as the library's schema has it: the first one's state without the dice state. */
export const NightsongEvent = Game.eventsStartingWith(NightsongGameState).annotate({
  identifier: "NightsongEvent",
  description: "An event of a Nightsong game's log, tagged by its type",
})
export type NightsongEvent = typeof NightsongEvent.Type

/**
 * What the engine logs as a batch's command (`unknown` in the library's `commanded` event): a
 * seat's command, or the engine's own next step.
 */
export const NightsongLoggedCommand = Schema.Union([Game.Command, EngineStepCommand]).annotate({
  identifier: "NightsongLoggedCommand",
})

export const GameEventEntry = Schema.Struct({
  seq: Schema.Int.annotate({ description: "Its place in the log, from 1 (the SSE event id)" }),
  event: NightsongEvent,
}).annotate({ identifier: "NightsongGameEventEntry" })
export type GameEventEntry = typeof GameEventEntry.Type

export const GameEventsPage = EventsPage(GameEventEntry, "NightsongGameEventsPage")

export const GameLegal = Schema.Struct({
  version: Schema.Int,
  by: Schema.String.annotate({ description: "The seat the commands are for" }),
  commands: Schema.Array(Game.Command),
}).annotate({ identifier: "NightsongLegalCommands" })

export const GameCommandResult = Schema.Struct({
  version: Schema.Int,
  events: Schema.Array(GameEventEntry),
  pending: Schema.optional(NightsongPrompt),
  hash: Schema.String,
}).annotate({ identifier: "NightsongCommandResult" })
