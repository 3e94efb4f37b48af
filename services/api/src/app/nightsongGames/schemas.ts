/**
 * A Nightsong game's answers as schemas: what REST documents and GraphQL derives its types from,
 * built from the library's own schemas (a character's play sheet, gear, an NPC, the Land, a
 * command). The dice state (the PRNG, and the seed) never shows in them.
 */
import { StepDie } from "@blight/dice"
import { Character, Game, Procedures, World } from "@blight/nightsong"
import { Schema } from "effect"
import { EventsPage, Joined } from "../stream/schemas.js"

const { Adventurer } = Procedures.Adventurer
const { Gear } = Procedures.Gear
const { Npc } = Procedures.Npc
const { Light } = Procedures.Light
const { Structure } = Procedures.Structures
const { Side } = Procedures.Round

const Member = Schema.Struct({
  id: Schema.String,
  owner: Schema.String.annotate({ description: "The seat that commands it" }),
  adventurer: Adventurer,
  gear: Schema.Array(Gear),
  sheet: Schema.optional(Character.Character),
}).annotate({ identifier: "NightsongMember", description: "A player character in the party" })

const Figure = Schema.Struct({ id: Schema.String, ...Npc.fields }).annotate({
  identifier: "NightsongFigure",
  description: "An NPC, creature, recruit or Force in play",
})

const Fight = Schema.Struct({
  round: Schema.Int,
  order: Schema.Array(Side),
  side: Side,
  acted: Schema.Array(Schema.String),
  enemies: Schema.Array(Schema.String),
  engaged: Schema.Array(Schema.Array(Schema.String)),
  used: Schema.Record(Schema.String, Schema.Array(Schema.String)),
  moraleTested: Schema.Boolean,
}).annotate({ identifier: "NightsongFight", description: "The fight under way" })

const Tracker = Schema.Struct({
  name: Schema.String,
  die: StepDie.StepDie,
  start: StepDie.StepDie,
  looming: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "NightsongTracker", description: "A Step Die counting something down" })

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
export const NightsongGameState = Schema.Struct({
  seq: Schema.Int,
  dice: Schema.Struct({ mode: Schema.Literals(["seeded", "manual"]) }),
  seats: Schema.Struct({ referee: Schema.String, players: Schema.Array(Schema.String) }),
  party: Schema.Record(Schema.String, Member),
  npcs: Schema.Record(Schema.String, Figure),
  clock: Schema.Struct({
    session: Schema.Int,
    inSession: Schema.Boolean,
    day: Schema.Int,
    watch: Schema.Int.annotate({ description: "0–3: morning, afternoon, evening, night" }),
    turn: Schema.Int,
  }).annotate({ identifier: "NightsongClock" }),
  fight: Schema.optional(Fight),
  trackers: Schema.Record(Schema.String, Tracker),
  light: Schema.optional(Light),
  road: Schema.optional(Schema.Struct({ day: Schema.Int, miles: Schema.Number })),
  hardGoing: Schema.optional(Schema.Boolean),
  rested: Schema.optional(Schema.Record(Schema.String, Schema.Int)),
  structures: Schema.optional(Schema.Record(Schema.String, Structure)),
  land: Schema.optional(World.World),
  landTurnAfter: Schema.optional(Schema.Int),
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

/**
 * An event of the log. The library types its events in TypeScript but gives them no schema, so
 * the event is its `type` and the rest of its fields as the log has them.
 */
export const GameEventEntry = Schema.Struct({
  seq: Schema.Int.annotate({ description: "Its place in the log, from 1 (the SSE event id)" }),
  event: Schema.StructWithRest(Schema.Struct({ type: Schema.String }), [
    Schema.Record(Schema.String, Schema.Unknown),
  ]).annotate({ identifier: "NightsongGameEvent", description: "An event: its type and its fields" }),
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
