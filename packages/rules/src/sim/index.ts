/**
 * Simulation and balance (issue 15): raids played by policies (`Raid`) and whole campaigns
 * (`CampaignRun`), folded into reports with intervals (`Report`, `Stats`), and drawn as
 * declarative Vega-Lite charts (`Charts`); the balance matrix of issue 38 (`Balance`,
 * `BalanceCharts`) is planned and folded here and played by whoever runs it.
 *
 * @since 0.4.0
 */
export * as SimBalance from "./Balance.js"
export * as SimBalanceCharts from "./BalanceCharts.js"
export * as SimCampaign from "./CampaignRun.js"
export * as SimCharts from "./Charts.js"
export * as SimLeague from "./LeagueRun.js"
export * as SimRaid from "./Raid.js"
export * as SimReport from "./Report.js"
export * as SimStats from "./Stats.js"
