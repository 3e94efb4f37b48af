/**
 * The campaigns' answers as schemas (the requests' are in requests.ts), and how a member sees the
 * log's commands, events and state: everything but the dice state (the PRNG, and the seed).
 */
import {
  Battle,
  type BattleState,
  Campaign,
  CampaignCommand,
  CampaignEvent,
  CampaignState,
} from "@blight/rules"
import { Schema } from "effect"
import { RaidState } from "../raids/schemas.js"
import { EventsPage, Joined } from "../stream/schemas.js"
import { PlayerCommand, pascal } from "./requests.js"

const Index = Schema.Int.annotate({ description: "A Refuge's place in the campaign (0 first)" })

/**
 * A command as the log keeps it: a player's, the raid folded in (its final state, without the
 * raid's dice state), or the engine's own next Aftermath step.
 */
export const LoggedCommand = Schema.Union([
  ...PlayerCommand.members,
  Schema.Struct({ type: Schema.Literal("recordRaid"), battle: RaidState }).annotate({
    identifier: "RecordRaidCommand",
    description: "The campaign's raid folded in when it ended (given by the server, B-AFTERMATH-01)",
  }),
  CampaignCommand.OpenRaid.annotate({
    identifier: "CampaignOpenRaidCommand",
    description: "A league raid opened by the organiser's start of it (R-CAMPAIGN-42)",
  }),
  Schema.Struct({ type: Schema.Literal("continue") }).annotate({
    identifier: "CampaignEngineStep",
    description: "The engine's own next step of the Aftermath",
  }),
]).annotate({ identifier: "LoggedCampaignCommand" })
type LoggedCommand = typeof LoggedCommand.Type

/** What the campaign waits for, each kind named (`CampaignDicePrompt`, `CampaignChoicePrompt`) for clients. */
const [DicePrompt, ChoicePrompt] = CampaignState.Prompt.members
export const Prompt = Schema.Union([
  DicePrompt.annotate({ identifier: "CampaignDicePrompt", description: "Dice to type in (roll)" }),
  ChoicePrompt.annotate({ identifier: "CampaignChoicePrompt", description: "A choice to make (choose)" }),
]).annotate({
  identifier: "CampaignPrompt",
  description: "What the campaign waits for; `by` is the Refuge (its index) it asks, or any",
})

const stateFields = CampaignState.CampaignState.fields
/** The campaign's state as its members see it: everything but the dice state. */
export const StateView = Schema.Struct({
  ...stateFields,
  // A state read has its options (an older file's get their defaults when it is decoded).
  options: Schema.toType(stateFields.options),
  pending: Schema.optional(
    Schema.Struct({
      command: LoggedCommand,
      answers: Schema.Array(CampaignState.Answer),
      prompt: Schema.optional(Prompt),
    }).annotate({ identifier: "CampaignPending" }),
  ),
  dice: Schema.Struct({ mode: stateFields.dice.fields.mode }).annotate({ identifier: "CampaignDice" }),
}).annotate({
  identifier: "CampaignStateView",
  description: "The campaign's state, without the dice state",
})
type StateView = typeof StateView.Type

type EventMember = (typeof CampaignEvent.Event.members)[number]
const tagOf = (m: EventMember) => m.fields.type.literal

/** The campaign's events as its members see them (the dice state left out where an event carries it). */
export const EventView = Schema.Union(
  CampaignEvent.Event.members.map(
    (m): Schema.Top =>
      (tagOf(m) === "commanded"
        ? Schema.Struct({ type: Schema.Literal("commanded"), command: LoggedCommand, by: Schema.String })
        : tagOf(m) === "campaign.created"
          ? Schema.Struct({ type: Schema.Literal("campaign.created"), state: StateView })
          : tagOf(m) === "prompted"
            ? Schema.Struct({ type: Schema.Literal("prompted"), prompt: Prompt })
            : m
      ).annotate({ identifier: `Campaign${pascal(tagOf(m)).replace(/^Campaign/, "")}Event` }),
  ),
).annotate({ identifier: "CampaignEventView" })

export const CampaignLogEntry = Schema.Struct({
  seq: Schema.Int.annotate({ description: "Its place in the log, from 1 (the SSE event id)" }),
  event: EventView,
}).annotate({ identifier: "CampaignLogEntry" })
export interface CampaignLogEntry {
  readonly seq: number
  readonly event: ReturnType<typeof viewEvent>
}

export const CampaignEventsPage = EventsPage(CampaignLogEntry, "CampaignEventsPage")

const Status = Schema.Literals(["waiting", "between", "aftermath", "raiding"]).annotate({
  description:
    "waiting: a member is to join; between: raids (Errands); aftermath: a raid's Aftermath is running; raiding: its raid is in play",
})

export const CampaignView = Schema.Struct({
  id: Schema.String,
  organiser: Schema.String.annotate({ description: "The player who made it: starts its raids" }),
  status: Status,
  version: Schema.Int.annotate({ description: "Send it with a command; a stale one is refused with 409" }),
  packs: Schema.Array(Schema.String),
  dice: Schema.Literals(["seeded", "manual"]),
  members: Schema.Array(
    Schema.Struct({
      player: Schema.String,
      refuge: Index,
      name: Schema.optional(Schema.String.annotate({ description: "The Refuge's name, once in" })),
      joined: Joined,
    }).annotate({ identifier: "CampaignMember" }),
  ),
  you: Schema.Array(Index).annotate({ description: "The Refuges the caller plays" }),
  organising: Schema.Boolean.annotate({ description: "Whether the caller is the organiser" }),
  raid: Schema.optional(Schema.String.annotate({ description: "The raid in play (GET /v1/raids/{id})" })),
  raids: Schema.Array(Schema.String).annotate({ description: "Every raid it started, in order" }),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  season: Schema.optional(Schema.String),
  pending: Schema.optional(Prompt),
  state: Schema.optional(StateView),
}).annotate({ identifier: "Campaign" })
export type CampaignView = typeof CampaignView.Type

export const CampaignLegal = Schema.Struct({
  version: Schema.Int,
  you: Schema.Array(Index),
  commands: Schema.Array(PlayerCommand).annotate({ description: "The commands open to the caller now" }),
  nextRaid: Schema.Boolean.annotate({
    description:
      "Whether the caller may start the next raid now (the organiser, between raids; in a league, one of several at once)",
  }),
}).annotate({ identifier: "CampaignLegalCommands" })

export const CommandResult = Schema.Struct({
  version: Schema.Int,
  events: Schema.Array(CampaignLogEntry),
  status: Status,
  pending: Schema.optional(Prompt),
}).annotate({ identifier: "CampaignCommandResult" })

export const StandingRow = Schema.Struct({
  refuge: Index,
  name: Schema.String,
  ...CampaignState.Standing.fields,
  xp: Schema.Int.annotate({
    description: "Total Experience across the roster (breaks ties, B-STANDINGS-02)",
  }),
}).annotate({ identifier: "StandingRow" })

export const Standings = Schema.Struct({
  version: Schema.Int,
  season: Schema.String,
  raids: Schema.Int.annotate({ description: "Raids recorded (forfeits included)" }),
  rows: Schema.Array(StandingRow).annotate({ description: "Best first (B-STANDINGS-01/02)" }),
}).annotate({ identifier: "CampaignStandings" })

/** A logged command as a member sees it: a raid folded in shows its state without the raid's dice. */
const viewCommand = (command: unknown): LoggedCommand => {
  const c = command as { type: string; battle?: unknown }
  return (
    c.type === "recordRaid" ? { type: "recordRaid", battle: Battle.view(c.battle as BattleState.State) } : c
  ) as LoggedCommand
}

export const viewState = (state: CampaignState.CampaignState): StateView => {
  const v = Campaign.view(state)
  const { pending, ...rest } = v
  return {
    ...rest,
    dice: { mode: v.dice.mode },
    ...(pending ? { pending: { ...pending, command: viewCommand(pending.command) } } : {}),
  } as StateView
}

export const viewEvent = (e: CampaignEvent.Event) =>
  e.type === "commanded"
    ? { ...e, command: viewCommand(e.command) }
    : e.type === "campaign.created"
      ? { ...e, state: viewState(e.state) }
      : e
