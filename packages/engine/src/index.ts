/**
 * @blight/engine: the kernel every game of the SDK runs on (The Blight's raid and campaign,
 * Nightsong's sessions). Rules are straight-line code on a context that asks for dice, facts and
 * choices, and suspends when it lacks one; a game is its event log, folded; commands are decided
 * once, then the engine takes its own steps until a player must act; undo goes back to the last
 * roll; a simulation runs the same rules in place, without keeping events.
 *
 * @since 0.1.0
 */

export { advance, DiceState, roll, type Words } from "./dice/SeededDice.js"
export type { Journal } from "./fast/Journal.js"
export {
  answered,
  applyBookkeeping,
  BOOKKEEPING,
  type Bookkeeping,
  bookkeepingEvents,
  isBookkeeping,
  type KernelDraft,
  type KernelState,
  type Pending,
} from "./log/Bookkeeping.js"
export { copy, type DeepMutable, draftCopy } from "./log/Copy.js"
export { applyEvent, evolve, evolveAll, type FoldRules, fold, resume } from "./log/Fold.js"
export { canonical, hash } from "./log/Hash.js"
export { canUndo, isUndoBarrier, linkThrough, setUndoTarget, type UndoRules, undoTarget } from "./log/Undo.js"
export { applyCommand, type Decision, engineSteps, refusedOutright, startGame } from "./machine/Apply.js"
export type { Continue, Game, GameCommand, Handler } from "./machine/Game.js"
export { AUDITED, type Batch, type BatchInput, type Mode, runBatch } from "./machine/Run.js"
export {
  type Answer,
  askedOf,
  ChoicePrompt,
  DicePrompt,
  Faces,
  FactPrompt,
  type Prompt,
  SidedDicePrompt,
  sidesOf,
} from "./prompt/Prompt.js"
export { answerProblem } from "./rules/Answers.js"
export { type Keep, RuleContext, type RunOptions } from "./rules/Context.js"
export type { EventRules, GameEvent } from "./rules/Game.js"
export { Refusal, type Rejection, refuse, Suspend } from "./rules/Refusal.js"
