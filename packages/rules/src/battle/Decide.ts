/**
 * `decide(state, command, env)`: a rejection (the reason and the clause that forbids it; nothing
 * changes) or the events the command causes, followed by everything the engine then does on its
 * own (creatures' activations, the End Phase, the next round) until a player must act or a prompt
 * waits. Each of those is its own batch: a `commanded` event, then what it rolled or was told,
 * then what happened.
 *
 * @since 0.2.0
 */
import { applyCommand, type Game, type Keep, refusedOutright as refusedOutrightBy, startGame } from "@blight/engine"
import { Result } from "effect"
import { adjust } from "./Adjust.js"
import { act } from "./actions/Act.js"
import { activate, endActivationCommand, withdraw } from "./actions/Activation.js"
import { aim } from "./actions/Aim.js"
import { fight } from "./actions/Fight.js"
import { gift } from "./actions/Gift.js"
import { hide } from "./actions/Hide.js"
import { move } from "./actions/Move.js"
import { reload } from "./actions/Reload.js"
import { search } from "./actions/Search.js"
import { shoot } from "./actions/Shoot.js"
import { steady } from "./actions/Steady.js"
import { use } from "./actions/Use.js"
import type { Command, CommandOf } from "./Command.js"
import { Ctx, EVENT_RULES, type Env } from "./Context.js"
import type { Event } from "./Event.js"
import { type Draft, FOLD } from "./Evolve.js"
import { factKey } from "./table/Facts.js"
import { Journal } from "./fast/InPlace.js"
import { shapeState } from "./fast/ObjectShapes.js"
import type { Rejection } from "./Rejection.js"
import { nextStep, runStep, type Step } from "./round/Flow.js"
import type { Answer, State } from "./State.js"
import { checkStatedFacts } from "./table/StatedFacts.js"

/** A decision: the events, and the state they lead to. */
export interface Decision {
  readonly events: ReadonlyArray<Event>
  readonly state: State
}

/** The engine's own step, as the command of its batch. */
interface Continue {
  readonly type: "continue"
  readonly step: Step
}
type Runnable = Command | Continue

type Handler = (ctx: Ctx, command: never, by: string) => void

const handlers: { readonly [T in Runnable["type"]]?: Handler } = {
  activate: activate as Handler,
  move: move as Handler,
  sprint: move as Handler,
  shoot: shoot as Handler,
  fight: fight as Handler,
  aim: aim as Handler,
  reload: reload as Handler,
  search: search as Handler,
  hide: hide as Handler,
  use: use as Handler,
  steady: steady as Handler,
  gift: gift as Handler,
  act: act as Handler,
  endActivation: endActivationCommand as Handler,
  withdraw: withdraw as Handler,
  state: ((ctx: Ctx, c: CommandOf<"state">) =>
    ctx.emit({ type: "facts.stated", facts: [...c.facts] })) as Handler,
  adjust: adjust as Handler,
  continue: ((ctx: Ctx, c: Continue) => runStep(ctx, c.step)) as Handler,
}

const answerOf = (state: State, command: Command): Result.Result<Answer, Rejection> => {
  const prompt = state.pending?.prompt
  if (!prompt) return Result.fail({ reason: "nothing is waiting for an answer", clause: "R-BATTLE-52" })
  if (prompt.kind === "dice") {
    if (command.type !== "roll")
      return Result.fail({
        reason: `waiting for ${prompt.dice} ${prompt.dice === 1 ? "die" : "dice"} for ${prompt.purpose}: answer with a roll`,
        clause: "R-BATTLE-52",
      })
    return Result.succeed(command.faces)
  }
  if (prompt.kind === "choice") {
    if (command.type !== "choose")
      return Result.fail({ reason: `waiting for a choice: ${prompt.question}`, clause: "R-BATTLE-52" })
    return Result.succeed(command.option)
  }
  if (command.type !== "state")
    return Result.fail({ reason: `waiting for a fact: ${prompt.question}`, clause: "R-BATTLE-52" })
  const key = factKey(prompt.query)
  const [only, ...more] = command.facts
  if (only === undefined || more.length > 0 || factKey(only.query) !== key)
    return Result.fail({
      reason: `facts: state exactly the fact asked: ${prompt.question}`,
      clause: "R-BATTLE-52",
    })
  return Result.succeed(only.value)
}

/** Why a new command is refused before it runs, or undefined. */
const before = (state: State, command: Command): Rejection | undefined => {
  if (state.phase === "over") return { reason: "the raid is over", clause: "B-BATTLE-01" }
  if (command.type === "roll" || command.type === "choose")
    return {
      reason: `${command.type}: nothing is waiting for ${command.type === "roll" ? "dice" : "a choice"}`,
      clause: "R-BATTLE-52",
    }
  // R-BATTLE-52: facts stated unasked are checked before anything is stored.
  const facts = command.type === "state" ? command.facts : "facts" in command ? command.facts : undefined
  return facts === undefined ? undefined : checkStatedFacts(state, facts)
}

/** The raid as the kernel runs it. */
export const BATTLE: Game<State, Event, Command, Env, Ctx> = {
  ...FOLD,
  events: EVENT_RULES,
  context: (draft, env, o) => new Ctx(draft as Draft, env, o.recorded as ReadonlyArray<Answer>, o.answer as Answer | undefined, o.probe, o.journal as Journal | undefined, o.record, o.replay as ReadonlyArray<Answer> | undefined),
  handlers: handlers as Game<State, Event, Command, Env, Ctx>["handlers"],
  nextStep: (state) => {
    const step = nextStep(state)
    return step === undefined ? undefined : { type: "continue", step }
  },
  answerOf,
  noHandler: (c) => ({ reason: `type: "${c.type}" answers a prompt, and none is waiting`, clause: "R-BATTLE-54" }),
  before,
  // The table's answers made the command impossible: the facts stand, the command does nothing.
  refusedAfterInputs: (events, r) => [
    ...events.filter((x) => x.type === "facts.stated"),
    { type: "refused", reason: r.reason, ...(r.clause ? { clause: r.clause } : {}) },
  ],
  undo: {
    command: "undo",
    nothing: { reason: "undo: nothing to undo since the last dice roll", clause: "R-BATTLE-15" },
    inPlace: { reason: "undo: a state changed in place keeps nothing to go back to", clause: "R-BATTLE-15" },
  },
  undoneEvent: { type: "undone" },
  journal: (state) => new Journal(state as Draft),
  readyInPlace: (state) => shapeState(state),
}

/** Applies a command: the events and the new state, or the rejection. */
export const apply = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
): Result.Result<Decision, Rejection> => applyCommand(BATTLE, state, command, env, by)

/**
 * The fast path (simulation): applies a command to a state the caller owns, changing it in place
 * (no copy of the state, no undo link); Right: this command's events (to read and drop) as `record`
 * keeps them (`Keep`: all, none, or only the game events a listener wants) and the same state
 * object. The same state as {@link apply}, which stays the
 * source of truth; a rejection leaves the state as it was. Undo is refused (nothing to go back to).
 */
export const applyInPlaceTo = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
  record: Keep<Event> = true,
): Result.Result<Decision, Rejection> => applyCommand(BATTLE, state, command, env, by, { inPlace: true, record })

/** The events a command causes (see {@link apply}). */
export const decide = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
): Result.Result<ReadonlyArray<Event>, Rejection> =>
  Result.map(apply(state, command, env, by), (d) => d.events)

/**
 * Would the rules refuse this command outright? Runs its handler on a probe that stops at the first
 * dice, fact or choice it needs (so only what is already known can refuse it).
 */
export const refusedOutright = (state: State, command: Command, env: Env, by = "any"): boolean =>
  refusedOutrightBy(BATTLE, state, command, env, by)

/** Runs the engine's own steps from a fresh set-up until a player must act. */
export const start = (state: State, env: Env): Decision => startGame(BATTLE, state, env)

/** {@link start} on a state the caller owns, changed in place (the fast path, see {@link applyInPlaceTo}). */
export const startInPlace = (state: State, env: Env, record: Keep<Event> = true): Decision =>
  startGame(BATTLE, state, env, { inPlace: true, record })
