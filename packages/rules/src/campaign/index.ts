/**
 * The campaign (issue 12): Refuges between raids as an audited event log — the Aftermath in the
 * rules' order, Errands, improvements, Seasons and standings — with the raid engine's
 * decide/evolve/legalCommands shape.
 *
 * @since 0.3.0
 */
export * as AutoPlay from "./AutoPlay.js"
export * as Campaign from "./Campaign.js"
export * as CampaignCommand from "./Command.js"
export { apply as applyCampaign, decide as decideCampaign } from "./Decide.js"
export * as CampaignEvent from "./Event.js"
export { evolve as evolveCampaign, fold as foldCampaign } from "./Evolve.js"
export { campaignInterpretations } from "./Interpretations.js"
export * as League from "./League.js"
export * as LeaguePlay from "./LeaguePlay.js"
export { legalCommands as legalCampaignCommands } from "./Legal.js"
export { CampaignOptions } from "./Options.js"
export { type StandingRow, standings } from "./Standings.js"
export * as CampaignState from "./State.js"
