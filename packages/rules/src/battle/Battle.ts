/**
 * A raid as a value: its events, and the state they fold to. `create` sets it up and runs the
 * engine to the first decision; `command` applies a command; `replay` rebuilds the state from the
 * events alone (no dice source, no answers); `redecide` re-decides the recorded commands against
 * the recorded dice and facts (checking a new engine version against an old log); `hash` is a
 * stable hash of a state; `view` is what a player may see (never the dice state).
 *
 * @since 0.2.0
 */
import { Either, ParseResult, Schema } from "effect"
import type { ContentView } from "../refuge/Content.js"
import { type Command, Command as CommandSchema } from "./Command.js"
import type { Env } from "./Context.js"
import { apply, type Rejection, start } from "./Decide.js"
import { Event } from "./Event.js"
import { fold } from "./Evolve.js"
import { legalCommands } from "./Legal.js"
import { type SetupInput, type SetupProblem, setup } from "./Setup.js"
import { declared, type Space } from "./Space.js"
import type { State } from "./State.js"

/** A raid: its events and current state. */
export interface Battle {
  readonly events: ReadonlyArray<Event>
  readonly state: State
}

/** The environment for a content view and a table (a declared table by default). */
export const envOf = (content: ContentView, space: Space = declared): Env => ({ content, space })

/** Sets a raid up and runs it to the first decision. */
export const create = (input: SetupInput, env: Env): Either.Either<Battle, ReadonlyArray<SetupProblem>> =>
  Either.map(setup(input, env.content), (initial) => {
    const first: Event = { type: "battle.setup", state: initial }
    const s0 = fold([first])
    const d = start(s0, env)
    return { events: [first, ...d.events], state: d.state }
  })

/** Applies a command (by a side, or "any"); a rejection changes nothing. */
export const command = (battle: Battle, c: Command, env: Env, by = "any"): Either.Either<Battle, Rejection> =>
  Either.map(apply(battle.state, c, env, by), (d) => ({
    events: [...battle.events, ...d.events],
    state: d.state,
  }))

/** Decodes a command from JSON input, naming each problem's path. */
export const parseCommand = (input: unknown): Either.Either<Command, ReadonlyArray<string>> => {
  const type = typeof input === "object" && input !== null ? (input as { type?: unknown }).type : undefined
  const member = COMMANDS.find((c) => c.fields.type.literals[0] === type)
  if (member === undefined)
    return Either.left([
      `type: a command's type is one of ${COMMANDS.map((c) => c.fields.type.literals[0]).join(", ")}`,
    ])
  return Either.mapLeft(
    Schema.decodeUnknownEither(member as unknown as Schema.Schema<Command>, {
      errors: "all",
      onExcessProperty: "error",
    })(input),
    (e) =>
      ParseResult.ArrayFormatter.formatErrorSync(e)
        .slice(0, 20)
        .map((i) => `${i.path.length ? i.path.join(".") : "command"}: ${i.message}`),
  )
}

const COMMANDS = CommandSchema.members

/** Rebuilds the state from the events alone. */
export const replay = (events: ReadonlyArray<Event>): State => fold(events)

/**
 * Re-decides a raid's recorded commands against its recorded dice and facts with this engine;
 * Right: the re-decided events (equal to the log when the engine agrees), Left: where it differs.
 */
export const redecide = (
  events: ReadonlyArray<Event>,
  env: Env,
): Either.Either<ReadonlyArray<Event>, string> => {
  const first = events[0]
  if (first?.type !== "battle.setup") return Either.left("a raid's first event is its set-up")
  let b: Battle = { events: [first], state: fold([first]) }
  const d = start(b.state, env)
  b = { events: [first, ...d.events], state: d.state }
  // Feed the log's player commands and answers back in order.
  for (let i = b.events.length; i < events.length; i++) {
    const e = events[i]!
    let c: Command | undefined
    if (e.type === "commanded" && e.by !== "engine") c = e.command as Command
    else if (e.type === "answered" && b.state.dice.mode === "manual" && Array.isArray(e.answer))
      c = { type: "roll", faces: [...(e.answer as number[])] }
    else if (e.type === "answered" && b.state.pending?.prompt?.kind === "fact")
      c = { type: "state", facts: [{ query: b.state.pending.prompt.query, value: e.answer as never }] }
    else if (e.type === "answered" && b.state.pending?.prompt?.kind === "choice")
      c = { type: "choose", option: String(e.answer) }
    if (c === undefined) continue
    if (b.events.length > i) continue // already produced by an earlier command's run
    const by = e.type === "commanded" ? e.by : "any"
    const r = command(b, c, env, by)
    if (Either.isLeft(r)) return Either.left(`event ${i}: ${r.left.reason}`)
    b = r.right
  }
  return Either.right(b.events)
}

/** A stable hash of a state (FNV-1a, 2 × 32 bits, over its canonical JSON). */
export const hash = (state: State): string => {
  const text = canonical(state)
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c ^ (a >>> 7), 0x85ebca6b) >>> 0
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0")
}

const canonical = (v: unknown): string => {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null"
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`
  const o = v as Record<string, unknown>
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(",")}}`
}

/** What a player may see: the state without the dice state. */
export const view = (state: State): State => ({ ...state, dice: { mode: state.dice.mode } })

/** Events as a player may see them: the set-up without the dice state. */
export const viewEvents = (events: ReadonlyArray<Event>): Event[] =>
  events.map((e) => (e.type === "battle.setup" ? { ...e, state: view(e.state) } : e))

/** The legal commands now. */
export const legal = legalCommands

/** Decodes a stored event log. */
export const decodeEvents = Schema.decodeUnknownEither(Schema.Array(Event))
