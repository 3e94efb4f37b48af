/**
 * `decide(state, command, env)`: a rejection (the reason and the clause that forbids it; nothing
 * changes) or the events the command causes, followed by everything the engine then does on its
 * own (creatures' activations, the End Phase, the next round) until a player must act or a prompt
 * waits. Each of those is its own batch: a `commanded` event, then what it rolled or was told,
 * then what happened.
 *
 * @since 0.2.0
 */
import { Result } from "effect"
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
import { Ctx, type Env, Refusal, refuse, Suspend } from "./Context.js"
import { takenOut } from "./combat/Damage.js"
import type { Event } from "./Event.js"
import { applyInPlace, canUndo, type Draft, draftOf, evolve, evolveAll, linkAfter } from "./Evolve.js"
import { factKey } from "./Facts.js"
import { Journal } from "./InPlace.js"
import { shapeState } from "./ObjectShapes.js"
import type { Rejection } from "./Rejection.js"
import { nextStep, runStep, type Step } from "./round/Flow.js"
import type { Answer, State } from "./State.js"
import { checkStatedFacts } from "./StatedFacts.js"

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
  adjust: ((ctx: Ctx, c: CommandOf<"adjust">) => {
    const m = ctx.view(c.model)
    const { type: _t, reason, model: _m, ...changes } = c
    if (Object.keys(changes).length === 0)
      refuse("adjust: say what to change (health, blight, noise, shaken, hidden, reloads)", "R-BATTLE-54")
    if (changes.health !== undefined && changes.health > m.profile.health)
      refuse(`health: ${m.name}'s Health is at most ${m.profile.health}`, "B-PROFILE-04")
    ctx.emit({ type: "adjusted", model: c.model, reason, changes })
    // B-DOWN-01, B-CREATURE-01: a model corrected to 0 Health is Down (or slain), as a hit would leave it.
    if (changes.health === 0 && m.status === "active") takenOut(ctx, c.model, undefined)
  }) as Handler,
  continue: ((ctx: Ctx, c: Continue) => runStep(ctx, c.step)) as Handler,
}

interface Batch {
  readonly events: ReadonlyArray<Event>
  readonly state: State
  readonly suspended: boolean
}

/**
 * The committed state after a run that does not complete: the given state with only `events`
 * applied (audited: on a fresh copy; in place: the run's changes taken back first).
 */
const settle = (state: State, events: ReadonlyArray<Event>, journal: Journal | undefined): State => {
  if (journal === undefined) return evolveAll(state, events)
  journal.rollback()
  for (const e of events) applyInPlace(state as Draft, e)
  return state
}

const run = (
  state: State,
  env: Env,
  command: Runnable,
  by: string,
  recorded: ReadonlyArray<Answer>,
  answer: Answer | undefined,
  fresh: boolean,
  inPlace: boolean,
): Result.Result<Batch, Rejection> => {
  // In place (simulation) the run changes the state itself, keeping what it changes to take it back.
  const journal = inPlace ? new Journal(state as Draft) : undefined
  const ctx = new Ctx(inPlace ? (state as Draft) : draftOf(state), env, recorded, answer, false, journal)
  if (fresh) ctx.emit({ type: "commanded", command, by })
  try {
    const handler = handlers[command.type]
    if (!handler) refuse(`type: "${command.type}" answers a prompt, and none is waiting`, "R-BATTLE-54")
    handler!(ctx, command as never, by)
  } catch (e) {
    if (e instanceof Refusal) {
      if (e.badAnswer || !ctx.consumedInputs) {
        journal?.rollback()
        return Result.fail({ reason: e.reason, clause: e.clause })
      }
      // The table's answers made the command impossible: the facts stand, the command does nothing.
      const facts = ctx.game.filter((x) => x.type === "facts.stated")
      const events: Event[] = [
        ...ctx.bookkeeping,
        ...facts,
        { type: "refused", reason: e.reason, ...(e.clause ? { clause: e.clause } : {}) },
      ]
      return Result.succeed({ events, state: settle(state, events, journal), suspended: false })
    }
    if (e instanceof Suspend) {
      const events: Event[] = [...ctx.bookkeeping, { type: "prompted", prompt: e.prompt }]
      return Result.succeed({ events, state: settle(state, events, journal), suspended: true })
    }
    journal?.rollback()
    throw e
  }
  const events = [...ctx.bookkeeping, ...ctx.game]
  if (events.length === 0 || ctx.game.length === 0) {
    // Every command that completes changes the game, or says why not.
    const nothing: Event = { type: "refused", reason: "nothing happened" }
    const all = [...events, nothing]
    if (journal === undefined)
      return Result.succeed({ events: all, state: evolveAll(state, all), suspended: false })
    // The run's events are already in the state (they commute with its bookkeeping): add the refusal.
    applyInPlace(state as Draft, nothing)
    return Result.succeed({ events: all, state, suspended: false })
  }
  if (journal !== undefined) return Result.succeed({ events, state, suspended: false })
  return Result.succeed({ events, state: linkAfter(state, ctx.draft as State, events), suspended: false })
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
  const match = command.facts.filter((f) => factKey(f.query) === key)
  if (match.length !== 1 || command.facts.length !== 1)
    return Result.fail({
      reason: `facts: state exactly the fact asked: ${prompt.question}`,
      clause: "R-BATTLE-52",
    })
  return Result.succeed(match[0]!.value)
}

/** Applies a command: the events and the new state, or the rejection. */
export const apply = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
): Result.Result<Decision, Rejection> => applyWith(state, command, env, by, false)

/**
 * The fast path (simulation): applies a command to a state the caller owns, changing it in place
 * (no copy of the state, no undo link); Right: this command's events (to read and drop) and the
 * same state object. The same events and the same state as {@link apply}, which stays the source
 * of truth; a rejection leaves the state as it was. Undo is refused (nothing to go back to).
 */
export const applyInPlaceTo = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
): Result.Result<Decision, Rejection> =>
  command.type === "undo"
    ? Result.fail({
        reason: "undo: a state changed in place keeps nothing to go back to",
        clause: "R-BATTLE-15",
      })
    : applyWith(state, command, env, by, true)

const applyWith = (
  state: State,
  command: Command,
  env: Env,
  by: string,
  inPlace: boolean,
): Result.Result<Decision, Rejection> => {
  if (command.type === "undo") {
    if (!canUndo(state))
      return Result.fail({ reason: "undo: nothing to undo since the last dice roll", clause: "R-BATTLE-15" })
    const events: Event[] = [{ type: "commanded", command, by }, { type: "undone" }]
    return Result.succeed({ events, state: events.reduce(evolve, state) })
  }
  if (state.phase === "over") return Result.fail({ reason: "the raid is over", clause: "B-BATTLE-01" })
  const out: Event[] = []
  let s = state
  const pending = state.pending
  let first: Result.Result<Batch, Rejection>
  if (pending !== undefined) {
    const asked = pending.prompt?.by ?? "any"
    if (by !== "any" && asked !== "any" && asked !== by)
      return Result.fail({
        reason: `the waiting prompt is for ${asked} to answer: ${pending.prompt?.kind === "dice" ? pending.prompt.purpose : ((pending.prompt as { question?: string } | undefined)?.question ?? "")}`,
      })
    const answer = answerOf(state, command)
    if (Result.isFailure(answer)) return Result.fail(answer.failure)
    first = run(
      state,
      env,
      pending.command as Runnable,
      pending.by,
      pending.answers,
      answer.success,
      false,
      inPlace,
    )
  } else {
    if (command.type === "roll" || command.type === "choose")
      return Result.fail({
        reason: `${command.type}: nothing is waiting for ${command.type === "roll" ? "dice" : "a choice"}`,
        clause: "R-BATTLE-52",
      })
    // R-BATTLE-52: facts stated unasked are checked before anything is stored.
    const facts = command.type === "state" ? command.facts : "facts" in command ? command.facts : undefined
    const bad = facts === undefined ? undefined : checkStatedFacts(state, facts)
    if (bad !== undefined) return Result.fail(bad)
    first = run(state, env, command, by, [], undefined, true, inPlace)
  }
  if (Result.isFailure(first)) return Result.fail(first.failure)
  out.push(...first.success.events)
  s = first.success.state
  if (!first.success.suspended) s = engineSteps(s, env, out, inPlace)
  return Result.succeed({ events: out, state: s })
}

/** Runs the engine's own steps until a player must act or a prompt waits; their events go to `out`. */
const engineSteps = (state: State, env: Env, out: Event[], inPlace: boolean): State => {
  let s = state
  for (let guard = 0; guard < 10_000; guard++) {
    const step = nextStep(s)
    if (step === undefined) break
    const b = run(s, env, { type: "continue", step }, "engine", [], undefined, true, inPlace)
    if (Result.isFailure(b)) throw new Error(`the engine refused its own step ${step}: ${b.failure.reason}`)
    out.push(...b.success.events)
    s = b.success.state
    if (b.success.suspended) break
  }
  return s
}

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
export const refusedOutright = (state: State, command: Command, env: Env, by = "any"): boolean => {
  if (state.pending !== undefined || command.type === "undo") return false
  const handler = handlers[command.type]
  if (!handler) return true
  // The probe never changes its state (it stops at the first event), so it reads the real one.
  const ctx = new Ctx(state as never, env, [], undefined, true)
  try {
    handler(ctx, command as never, by)
  } catch (e) {
    if (e instanceof Refusal) return true
    if (e instanceof Suspend) return false
    throw e
  }
  return false
}

/** Runs the engine's own steps from a fresh set-up until a player must act. */
export const start = (state: State, env: Env): Decision => {
  const out: Event[] = []
  return { state: engineSteps(state, env, out, false), events: out }
}

/** {@link start} on a state the caller owns, changed in place (the fast path, see {@link applyInPlaceTo}). */
export const startInPlace = (state: State, env: Env): Decision => {
  shapeState(state)
  const out: Event[] = []
  return { state: engineSteps(state, env, out, true), events: out }
}
