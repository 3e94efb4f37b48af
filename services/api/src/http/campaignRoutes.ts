/**
 * The campaigns' REST routes (/v1/campaigns…): a league made by its organiser, members joining
 * with their own Refuges, commands with the version they were decided against, the log (a page at
 * a time, or live as SSE), the standings, and the organiser starting the next raid.
 */
import * as Campaigns from "../app/Campaigns.js"
import { Page, PageQuery } from "../app/paging.js"
import * as Raids from "../app/Raids.js"
import { callerRoutes, type Route } from "./route.js"
import { followRoute, StreamQuery } from "./sse.js"

export const campaignRoutes: Route[] = callerRoutes("campaigns", [
  {
    method: "POST",
    path: "/v1/campaigns",
    operationId: "createCampaign",
    summary:
      "Make a campaign (the caller organises it) from two to four members: the caller's own Refuges, or places other players fill by joining",
    status: 201,
    body: Campaigns.CreateCampaignRequest,
    response: Campaigns.CampaignView,
    handler: ({ deps, player, body }) => Campaigns.createCampaign(deps, player, body),
  },
  {
    method: "GET",
    path: "/v1/campaigns",
    operationId: "listCampaigns",
    summary: "A page of the campaigns the caller organises or plays in, oldest first",
    status: 200,
    query: PageQuery,
    response: Page(Campaigns.CampaignView, "CampaignPage"),
    handler: ({ deps, player, query }) => Campaigns.listCampaigns(deps, player, query),
  },
  {
    method: "GET",
    path: "/v1/campaigns/{id}",
    operationId: "getCampaign",
    summary: "A campaign as its organiser and members see it (never the dice state)",
    status: 200,
    response: Campaigns.CampaignView,
    handler: ({ deps, player, params }) => Campaigns.getCampaign(deps, player, params.id!),
  },
  {
    method: "POST",
    path: "/v1/campaigns/{id}/join",
    operationId: "joinCampaign",
    summary: "Take the place the campaign keeps for the caller, with their own stored Refuge",
    status: 200,
    body: Campaigns.JoinCampaignRequest,
    response: Campaigns.CampaignView,
    handler: ({ deps, player, params, body }) => Campaigns.joinCampaign(deps, player, params.id!, body),
  },
  {
    method: "GET",
    path: "/v1/campaigns/{id}/legal",
    operationId: "campaignLegalCommands",
    summary:
      "The commands open to the caller now (their Refuges' and the league's), and whether they may start the next raid",
    status: 200,
    response: Campaigns.CampaignLegal,
    handler: ({ deps, player, params }) => Campaigns.campaignLegal(deps, player, params.id!),
  },
  {
    method: "POST",
    path: "/v1/campaigns/{id}/commands",
    operationId: "commandCampaign",
    summary:
      "A command, decided against the version named (409 when stale or a raid is in play; 403 for another member's Refuge; 400 with the rule when refused)",
    status: 201,
    body: Campaigns.CommandRequest,
    response: Campaigns.CommandResult,
    handler: ({ deps, player, params, body }) => Campaigns.commandCampaign(deps, player, params.id!, body),
  },
  {
    method: "POST",
    path: "/v1/campaigns/{id}/raids",
    operationId: "startCampaignRaid",
    summary:
      "The organiser starts the campaign's next raid (a raid linked to it; its record is folded in when it ends)",
    status: 201,
    body: Campaigns.StartRaidRequest,
    response: Raids.RaidView,
    handler: ({ deps, player, params, body }) => Campaigns.startRaid(deps, player, params.id!, body),
  },
  {
    method: "GET",
    path: "/v1/campaigns/{id}/standings",
    operationId: "campaignStandings",
    summary:
      "The standings, best first: 3 points a win, 1 a draw, ties by total Experience (B-STANDINGS-01/02)",
    status: 200,
    // There is no table before the league begins.
    alsoRefuses: [409],
    response: Campaigns.Standings,
    handler: ({ deps, player, params }) => Campaigns.campaignStandings(deps, player, params.id!),
  },
  {
    method: "GET",
    path: "/v1/campaigns/{id}/events",
    operationId: "campaignEvents",
    summary: "The campaign's log, a page at a time: events after `after` (a seq), at most `limit`",
    status: 200,
    query: Raids.EventsQuery,
    response: Campaigns.CampaignEventsPage,
    handler: ({ deps, player, params, query }) => Campaigns.campaignEvents(deps, player, params.id!, query),
  },
  {
    method: "GET",
    path: "/v1/campaigns/{id}/stream",
    operationId: "streamCampaign",
    summary:
      "The campaign's events live, as server-sent events (id: the seq; resumes after Last-Event-ID or ?after=)",
    status: 200,
    query: StreamQuery,
    response: Campaigns.CampaignLogEntry,
    stream: true,
    handler: followRoute(Campaigns),
  },
])

/** Schemas the OpenAPI document also lists by name (a stream's entries have no body schema there). */
export const campaignSchemas = { CampaignLogEntry: Campaigns.CampaignLogEntry }
