/**
 * Campaigns over GraphQL, the same use-cases as REST (/v1/campaigns…): queries `campaign`,
 * `campaigns`, `campaignLegal`, `campaignEvents`, `campaignStandings`; mutations
 * `createCampaign`, `joinCampaign`, `commandCampaign`, `startCampaignRaid`; and the subscription
 * `campaignEvents` (every event in order, then each new one, over SSE). Types are built from the
 * library's schemas (`fromSchema.ts`), the command input too (`inputFromSchema.ts`).
 */
import { CampaignCommand, CampaignOptions, Market } from "@blight/rules"
import { Schema, Struct } from "effect"
import * as Campaigns from "../../app/Campaigns.js"
import * as Raids from "../../app/Raids.js"
import { builder } from "../builder.js"
import { outputType } from "../fromSchema.js"
import { inputType } from "../inputFromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { bodyOf, byIdFor, forCaller, onPage } from "../resolve.js"
import { Options, subscribeFor } from "./raids.js"

const CampaignRef = outputType(Campaigns.CampaignView, "Campaign")
const LogEntryRef = outputType(Campaigns.CampaignLogEntry, "CampaignLogEntry")
const EventsPageRef = outputType(Campaigns.CampaignEventsPage, "CampaignEventsPage")
const LegalRef = outputType(Campaigns.CampaignLegal, "CampaignLegalCommands")
const ResultRef = outputType(Campaigns.CommandResult, "CampaignCommandResult")
const StandingsRef = outputType(Campaigns.Standings, "CampaignStandings")
const RaidRef = outputType(Raids.RaidView, "Raid")
/**
 * A Market order as GraphQL can take it: every field of the order kinds, each optional (an input
 * has no union); the library's MarketOrder schema then checks it is exactly one kind.
 */
const OrderInput = Schema.Struct(
  Object.assign({}, ...Market.MarketOrder.members.map((m) => m.fields)) as Schema.Struct.Fields,
)
  .mapFields(Struct.map(Schema.optional))
  .annotate({
    identifier: "CampaignMarketOrder",
    description:
      "One order: exactly one of buy (with quantity), sell (with quantity), buyReloads or sellAmber",
  })
const Command = inputType(
  Schema.Union(
    Campaigns.PlayerCommand.members.map((m) =>
      m.fields.type.literal === "trade"
        ? Schema.Struct({ ...CampaignCommand.Trade.fields, orders: Schema.Array(OrderInput) }).annotate(
            m.ast.annotations ?? {},
          )
        : m,
    ),
  ),
  "CampaignPlayerCommand",
)

/** The group's campaign rulings as an input, typed from the library's CampaignOptions schema. */
const CampaignOptionsInput = inputType(CampaignOptions, "CampaignOptions")

const MemberInput = builder.inputType("CampaignMemberInput", {
  description:
    "A member: the caller's own (with refuge, a stored Refuge of theirs), or another player's place (player, no refuge) they fill by joining",
  fields: (t) => ({
    player: t.string({ description: "The id of the player who plays this Refuge (default: the caller)" }),
    refuge: t.id({ description: "A stored Refuge or Congregation of the caller's" }),
  }),
})

const VERSION = "The campaign's version the command was decided against (conflict if stale)"

builder.queryFields((t) => ({
  campaign: t.field({
    description: "A campaign as its organiser and members see it (never the dice state)",
    type: CampaignRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Campaigns.getCampaign),
  }),
  campaigns: t.field({
    description: "A page of the campaigns the caller organises or plays in, oldest first",
    type: pageRef("CampaignPage", CampaignRef, "A page of campaigns"),
    nullable: true,
    args: pageArgs,
    resolve: forCaller((p, a, ctx) => Campaigns.listCampaigns(ctx.deps, p, pageQuery(a))),
  }),
  campaignLegal: t.field({
    description: "The commands open to the caller now, and whether they may start the next raid",
    type: LegalRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Campaigns.campaignLegal),
  }),
  campaignStandings: t.field({
    description: "The standings, best first (B-STANDINGS-01/02)",
    type: StandingsRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Campaigns.campaignStandings),
  }),
  campaignEvents: t.field({
    description:
      "The campaign's log, a page at a time: events after `after` (a seq), at most `limit` (1 to 1000)",
    type: EventsPageRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), after: t.arg.int(), limit: t.arg.int() },
    resolve: onPage(Campaigns.campaignEvents),
  }),
}))

builder.mutationFields((t) => ({
  createCampaign: t.field({
    description:
      "Make a campaign (the caller organises it) from 2 to 16 members (a league, R-CAMPAIGN-41): the caller's own Refuges, or places other players fill by joining",
    type: CampaignRef,
    nullable: true,
    args: {
      members: t.arg({ type: [MemberInput], required: true }),
      packs: t.arg.stringList(),
      manualDice: t.arg.boolean({ description: "Dice typed in at the table (default: the server rolls)" }),
      seed: t.arg.float({ description: "The dice's seed, kept on the server (default: a new one)" }),
      options: t.arg({
        type: CampaignOptionsInput.type,
        description:
          "The group's rulings for the campaign (stranger, schedule), typed from the library's CampaignOptions schema",
      }),
    },
    resolve: forCaller((p, a, ctx) =>
      Campaigns.createCampaign(
        ctx.deps,
        p,
        bodyOf({
          members: a.members,
          packs: a.packs,
          dice: a.manualDice ? "manual" : undefined,
          seed: a.seed,
          options: a.options == null ? undefined : CampaignOptionsInput.convert(a.options),
        }),
      ),
    ),
  }),
  joinCampaign: t.field({
    description: "Take the place the campaign keeps for the caller, with their own stored Refuge",
    type: CampaignRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), refuge: t.arg.id({ required: true }) },
    resolve: byIdFor(Campaigns.joinCampaign, (a) => ({ refuge: String(a.refuge) })),
  }),
  commandCampaign: t.field({
    description:
      "A command, decided against the version named (conflict when stale or a raid is in play; forbidden for another member's Refuge; bad_request with the rule when refused)",
    type: ResultRef,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true, description: VERSION }),
      command: t.arg({ type: Command.type, required: true }),
    },
    resolve: byIdFor(Campaigns.commandCampaign, (a) => ({
      version: a.version,
      command: Command.convert(a.command),
    })),
  }),
  startCampaignRaid: t.field({
    description:
      "The organiser starts the campaign's next raid (a raid linked to it; its record is folded in when it ends); in a league, between the Refuges named or the schedule's next pairing, several at once",
    type: RaidRef,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true, description: VERSION }),
      scenario: t.arg.string(),
      randomBoard: t.arg.boolean({ description: "Play on a seeded random board" }),
      options: t.arg({
        type: Options.type,
        description: "Ruling options by name for this raid, typed from the library's BattleOptions schema",
      }),
      refuges: t.arg.intList({
        description:
          "A league raid's Refuges by index, 2 to 4, none in another raid in play (R-CAMPAIGN-41, R-CAMPAIGN-42)",
      }),
      next: t.arg.boolean({
        description: "The league's schedule picks the raid: its next pairing (R-CAMPAIGN-41)",
      }),
    },
    resolve: byIdFor(Campaigns.startRaid, (a) =>
      bodyOf({
        version: a.version,
        scenario: a.scenario,
        board: a.randomBoard ? "random" : undefined,
        options: a.options == null ? undefined : Options.convert(a.options),
        refuges: a.refuges ?? undefined,
        next: a.next ?? undefined,
      }),
    ),
  }),
}))

builder.subscriptionField("campaignEvents", (t) =>
  t.field({
    description:
      "Every event of a campaign after `after` (a seq; default 0: from its making), in order, then each new one",
    type: LogEntryRef,
    args: { id: t.arg.id({ required: true }), after: t.arg.int() },
    subscribe: subscribeFor(Campaigns),
    resolve: (e: Campaigns.CampaignLogEntry) => e,
  }),
)
