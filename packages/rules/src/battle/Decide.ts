/**
 * `decide(state, command, env)`: a rejection (the reason and the clause that forbids it; nothing
 * changes) or the events the command causes, followed by everything the engine then does on its
 * own (creatures' activations, the End Phase, the next round) until a player must act or a prompt
 * waits. Each of those is its own batch: a `commanded` event, then what it rolled or was told,
 * then what happened.
 *
 * @since 0.2.0
 */
import { Either } from "effect"
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
import type { Event } from "./Event.js"
import { canUndo, draftOf, evolve, linkAfter } from "./Evolve.js"
import { factKey } from "./Facts.js"
import { nextStep, runStep, type Step } from "./round/Flow.js"
import type { Answer, State } from "./State.js"

/** Why a command was refused. */
export interface Rejection {
  readonly reason: string
  readonly clause?: string | undefined
}

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
  endActivation: endActivationCommand as Handler,
  withdraw: withdraw as Handler,
  state: ((ctx: Ctx, c: CommandOf<"state">) =>
    ctx.emit({ type: "facts.stated", facts: [...c.facts] })) as Handler,
  adjust: ((ctx: Ctx, c: CommandOf<"adjust">) => {
    const m = ctx.view(c.model)
    const { type: _t, reason, model: _m, ...changes } = c
    if (Object.keys(changes).length === 0)
      refuse("adjust: say what to change (health, blight, noise, shaken, hidden, reloads)")
    if (changes.health !== undefined && changes.health > m.profile.health)
      refuse(`health: ${m.name}'s Health is at most ${m.profile.health}`, "B-PROFILE-04")
    ctx.emit({ type: "adjusted", model: c.model, reason, changes })
  }) as Handler,
  continue: ((ctx: Ctx, c: Continue) => runStep(ctx, c.step)) as Handler,
}

interface Batch {
  readonly events: ReadonlyArray<Event>
  readonly state: State
  readonly suspended: boolean
}

const run = (
  state: State,
  env: Env,
  command: Runnable,
  by: string,
  recorded: ReadonlyArray<Answer>,
  answer: Answer | undefined,
  fresh: boolean,
): Either.Either<Batch, Rejection> => {
  const ctx = new Ctx(draftOf(state), env, recorded, answer)
  if (fresh) ctx.emit({ type: "commanded", command, by })
  try {
    const handler = handlers[command.type]
    if (!handler) refuse(`type: "${command.type}" answers a prompt, and none is waiting`)
    handler!(ctx, command as never, by)
  } catch (e) {
    if (e instanceof Refusal) {
      if (answer === undefined || !ctx.consumedInputs)
        return Either.left({ reason: e.reason, clause: e.clause })
      // A refusal learned from the table's answer (an aura that forbids the action, found out
      // mid-command): rejecting the answer would reject every answer and leave the prompt stuck.
      // What was asked and told stands; the command does nothing else.
      const told = ctx.game.filter((g) => g.type === "facts.stated")
      const events: Event[] = [
        ...ctx.bookkeeping,
        ...told,
        { type: "refused", reason: e.reason, clause: e.clause },
      ]
      return Either.right({ events, state: events.reduce(evolve, state), suspended: false })
    }
    if (e instanceof Suspend) {
      const events: Event[] = [...ctx.bookkeeping, { type: "prompted", prompt: e.prompt }]
      return Either.right({ events, state: events.reduce(evolve, state), suspended: true })
    }
    throw e
  }
  const events = [...ctx.bookkeeping, ...ctx.game]
  if (events.length === 0 || ctx.game.length === 0) {
    // Every command that completes changes the game, or says why not.
    const all = [...events, { type: "refused", reason: "nothing happened" } as Event]
    return Either.right({ events: all, state: all.reduce(evolve, state), suspended: false })
  }
  return Either.right({ events, state: linkAfter(state, ctx.draft as State, events), suspended: false })
}

const answerOf = (state: State, command: Command): Either.Either<Answer, Rejection> => {
  const prompt = state.pending?.prompt
  if (!prompt) return Either.left({ reason: "nothing is waiting for an answer" })
  if (prompt.kind === "dice") {
    if (command.type !== "roll")
      return Either.left({
        reason: `waiting for ${prompt.dice} ${prompt.dice === 1 ? "die" : "dice"} for ${prompt.purpose}: answer with a roll`,
      })
    return Either.right(command.faces)
  }
  if (prompt.kind === "choice") {
    if (command.type !== "choose") return Either.left({ reason: `waiting for a choice: ${prompt.question}` })
    return Either.right(command.option)
  }
  if (command.type !== "state") return Either.left({ reason: `waiting for a fact: ${prompt.question}` })
  const key = factKey(prompt.query)
  const match = command.facts.filter((f) => factKey(f.query) === key)
  if (match.length !== 1 || command.facts.length !== 1)
    return Either.left({ reason: `facts: state exactly the fact asked: ${prompt.question}` })
  return Either.right(match[0]!.value)
}

/** Applies a command: the events and the new state, or the rejection. */
export const apply = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
): Either.Either<Decision, Rejection> => {
  if (command.type === "undo") {
    if (!canUndo(state))
      return Either.left({ reason: "undo: nothing to undo since the last dice roll", clause: "R-BATTLE-15" })
    const events: Event[] = [{ type: "commanded", command, by }, { type: "undone" }]
    return Either.right({ events, state: events.reduce(evolve, state) })
  }
  if (state.phase === "over") return Either.left({ reason: "the raid is over", clause: "B-BATTLE-01" })
  const out: Event[] = []
  let s = state
  const pending = state.pending
  let first: Either.Either<Batch, Rejection>
  if (pending !== undefined) {
    const answer = answerOf(state, command)
    if (Either.isLeft(answer)) return Either.left(answer.left)
    first = run(state, env, pending.command as Runnable, pending.by, pending.answers, answer.right, false)
  } else {
    if (command.type === "roll" || command.type === "choose")
      return Either.left({
        reason: `${command.type}: nothing is waiting for ${command.type === "roll" ? "dice" : "a choice"}`,
      })
    first = run(state, env, command, by, [], undefined, true)
  }
  if (Either.isLeft(first)) return Either.left(first.left)
  out.push(...first.right.events)
  s = first.right.state
  if (!first.right.suspended) {
    for (let guard = 0; guard < 10_000; guard++) {
      const step = nextStep(s)
      if (step === undefined) break
      const b = run(s, env, { type: "continue", step }, "engine", [], undefined, true)
      if (Either.isLeft(b)) throw new Error(`the engine refused its own step ${step}: ${b.left.reason}`)
      out.push(...b.right.events)
      s = b.right.state
      if (b.right.suspended) break
    }
  }
  return Either.right({ events: out, state: s })
}

/** The events a command causes (see {@link apply}). */
export const decide = (
  state: State,
  command: Command,
  env: Env,
  by = "any",
): Either.Either<ReadonlyArray<Event>, Rejection> =>
  Either.map(apply(state, command, env, by), (d) => d.events)

/** Would a command's own batch be accepted now (waiting for an answer counts)? For `legalCommands`. */
export const accepts = (state: State, command: Command, env: Env, by = "any"): boolean => {
  // The command's own handler on a private draft; nothing is folded or kept.
  const handler = handlers[command.type]
  if (!handler) return false
  try {
    handler(new Ctx(draftOf(state), env, [], undefined), command as never, by)
    return true
  } catch (e) {
    if (e instanceof Refusal) return false
    if (e instanceof Suspend) return true
    throw e
  }
}

/** Runs the engine's own steps from a fresh set-up until a player must act. */
export const start = (state: State, env: Env): Decision => {
  let s = state
  const out: Event[] = []
  for (let guard = 0; guard < 10_000; guard++) {
    const step = nextStep(s)
    if (step === undefined) break
    const b = run(s, env, { type: "continue", step }, "engine", [], undefined, true)
    if (Either.isLeft(b)) throw new Error(`the engine refused its own step ${step}: ${b.left.reason}`)
    out.push(...b.right.events)
    s = b.right.state
    if (b.right.suspended) break
  }
  return { events: out, state: s }
}
