/**
 * Campaigns over HTTP: the use-cases REST and GraphQL share (in campaigns/). A campaign is a league
 * of two to four Refuges between raids, made by an organiser (the player who creates it); each
 * Refuge is played by a member (a player, who joins with their own stored Refuge, or the organiser
 * for several). Its log is the campaign engine's events, in the same append-only table as raids
 * and through the same event-stream module (app/stream): a command names the version it was
 * decided against (409 when stale; of concurrent commands one is stored). The organiser starts the
 * next raid, made through the raid machinery and linked to the campaign; when it ends, its record
 * is folded in (`recordRaid`, by the server) and the Aftermath runs, asking the members for their
 * Refuges' choices. The dice state (the PRNG, and the seed) never leaves the server.
 */
export { campaignLegal, commandCampaign, startRaid } from "./campaigns/commands.js"
export { createCampaign, joinCampaign } from "./campaigns/making.js"
export {
  campaignEvents,
  campaignStandings,
  follow,
  followable,
  getCampaign,
  listCampaigns,
} from "./campaigns/reads.js"
export * from "./campaigns/requests.js"
export {
  CampaignEventsPage,
  CampaignLegal,
  CampaignLogEntry,
  CampaignView,
  CommandResult,
  EventView,
  LoggedCommand,
  Prompt,
  StandingRow,
  Standings,
  StateView,
} from "./campaigns/schemas.js"
