/**
 * The Nightsong game: a session at the table as an event log on `@blight/engine`, with seats,
 * the Referee's calls, seeded or typed-in dice, replay and undo.
 *
 * @since 0.2.0
 */
export * from "./Command.js"
export { eventsStartingWith, GameEvent, PlayEvent } from "./Event.js"
export { nightsong } from "./Game.js"
export { legal } from "./Legal.js"
export {
  commandsOf,
  hashOf,
  type Log,
  newGame,
  play,
  rebuild,
  redecide,
  replay,
  SeatName,
  Setup,
  start,
} from "./Play.js"
export { SEATS } from "./Seats.js"
export { sheetNow } from "./Sheets.js"
export {
  Answer,
  Attitude,
  Clock,
  Fight,
  Figure,
  GameState,
  LastCheck,
  LastDamage,
  Member,
  Prompt,
  Tracker,
} from "./State.js"
