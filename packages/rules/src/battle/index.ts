/**
 * The raid engine (issue 9): `decide` / `evolve` / `legalCommands` over typed commands, events and
 * state; set-up from founded Refuges; a declared table; replay and hashing.
 *
 * @since 0.2.0
 */
export * as Battle from "./Battle.js"
export * as BattleCommand from "./Command.js"
export type { Env } from "./Context.js"
export { apply, decide, start } from "./Decide.js"
export * as BattleEvent from "./Event.js"
export { evolve, fold } from "./Evolve.js"
export { battleInterpretations } from "./Interpretations.js"
export { legalCommands } from "./Legal.js"
export * as BattleOptions from "./Options.js"
export { sideOnTurn } from "./round/Turn.js"
export * as BattleSetup from "./Setup.js"
export * as BattleState from "./State.js"
export * as Victory from "./scenario/Victory.js"
export {
  Auto,
  Board,
  Deployment,
  Geometry,
  Ground,
  PlaneSpace,
  Policies,
  Policy,
  Svg,
  Table,
} from "./table/board/index.js"
export * as Space from "./table/Space.js"
