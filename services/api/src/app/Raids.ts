/**
 * Raids over HTTP: the use-cases REST and GraphQL share (in raids/). A raid is an event stream (the
 * engine's events, appended in order, through app/stream); its state is the fold of them, kept in
 * memory by version and saved every so often as a snapshot. Each side is played by a player
 * (seated when the raid is made; a seat can wait for its player to join with their own Refuge). A
 * command names the version it was decided against: a stale one is refused (409), and of
 * concurrent commands on one version exactly one is stored. The dice state (the PRNG, and the
 * seed) never leaves the server.
 */

export { adjustRaid, command, commandRaid, undoRaid } from "./raids/commands.js"
export { SNAPSHOT_EVERY, whenCampaignRaidEnds } from "./raids/engine.js"
export { refugeFor, scenarioIn } from "./raids/founding.js"
export { createRaid, joinRaid, startLinked } from "./raids/making.js"
export {
  follow,
  followable,
  getRaid,
  legalFor,
  listRaids,
  raidEvents,
  raidJson,
  raidStateOf,
  raidSvg,
} from "./raids/reads.js"
export * from "./raids/requests.js"
export * from "./raids/schemas.js"
export type { RaidSetup } from "./raids/stored.js"
export { endFollowers, followersOpen, followStream, notifierOf } from "./stream/index.js"
