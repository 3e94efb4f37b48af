/**
 * Nightsong games over HTTP (issue 33): the use-cases REST and GraphQL share (in nightsongGames/).
 * A game is an event stream (the kernel game's events, appended in order, through app/stream); its
 * state is the fold of them, kept in memory by version. Its seats (the Referee's and the players')
 * are held by players, each with their own key; a command is the seat's the caller holds, names
 * the version it was decided against (409 when stale; of concurrent commands on one version exactly
 * one is stored). The dice state (the PRNG, and the seed) never leaves the server.
 */
export { command, commandGame, undoGame } from "./nightsongGames/commands.js"
export { createGame, joinGame } from "./nightsongGames/making.js"
export { follow, followable, gameEvents, getGame, legalFor, listGames } from "./nightsongGames/reads.js"
export * from "./nightsongGames/requests.js"
export * from "./nightsongGames/schemas.js"
