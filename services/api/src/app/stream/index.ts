/**
 * The event-stream module: a game kept as an append-only log of its engine's events (see
 * Engine.ts for what an engine brings). Raids and campaigns go through it.
 */
export { type Appending, append, appendedAt, appendRow } from "./append.js"
export { commandMismatch, current, refusal, runCommand } from "./command.js"
export type { Decided, Rejection, StreamAppend, StreamEngine, StreamRow, StreamTypes } from "./Engine.js"
export { type Followed, followStream } from "./follow.js"
export { eventsPage } from "./page.js"
export { fillPlace, loader, openPlace, withRefuge } from "./rows.js"
export { endFollowers, followersOpen, notifierOf } from "./runtime.js"
export { logDecoder, stateAt } from "./state.js"
