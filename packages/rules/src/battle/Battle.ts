/**
 * A raid as a value: its events, and the state they fold to. `create` sets it up and runs the
 * engine to the first decision; `command` applies a command; `replay` rebuilds the state from the
 * events alone (no dice source, no answers); `redecide` re-decides the recorded commands against
 * the recorded dice and facts (checking a new engine version against an old log); `hash` is a
 * stable hash of a state; `view` is what a player may see (never the dice state).
 *
 * @since 0.2.0
 */
import { type Prng, SchemaText } from "@blight/dice"
import { hash as hashState, resume as resumeWith } from "@blight/engine"
import { Result, Schema } from "effect"
import type { ContentView } from "../refuge/Content.js"
import type { Refuge } from "../refuge/Refuge.js"
import { readableIssues } from "../refuge/Violation.js"
import { at } from "../terms/Indexed.js"
import type { Board } from "./table/board/Board.js"
import { random as randomBoardOf } from "./table/board/Generator.js"
import { make as planeSpace } from "./table/board/PlaneSpace.js"
import { type Command, Command as CommandSchema } from "./Command.js"
import type { Env } from "./Context.js"
import { apply, start } from "./Decide.js"
import { Event } from "./Event.js"
import { FOLD, fold, canUndo as undoable } from "./Evolve.js"
import { legalCommands } from "./Legal.js"
import type { Rejection } from "./Rejection.js"
import { type SetupInput, type SetupProblem, setup } from "./Setup.js"
import { declared, type Space } from "./table/Space.js"
import { FactValue, type State } from "./State.js"

/** Whether a logged answer is a fact's value (a true/false or a word), as a stated fact takes. */
const isFactValue = Schema.is(FactValue)

/** A raid: its events and current state. */
export interface Battle {
  readonly events: ReadonlyArray<Event>
  readonly state: State
}

/** The environment for a content view and a table (a declared table by default). */
export const envOf = (content: ContentView, space: Space = declared): Env => ({ content, space })

/**
 * The Env a raid is played on with: every pack its set-up recorded must be in `content` (a raid is
 * never played on with other content than it was set up with), and a raid on a board answers the
 * table's questions from its geometry. Left: the packs missing.
 */
export const envFor = (
  state: State,
  content: ContentView & { readonly packs: ReadonlyArray<{ readonly id: string }> },
): Result.Result<Env, ReadonlyArray<string>> =>
  withPacks(state.packs, content, () => envOf(content, state.board ? planeSpace(content) : declared))

/** A game's Env, made only when every pack the game began with is loaded. Left: the packs missing. */
export const withPacks = <E>(
  packs: ReadonlyArray<string>,
  content: { readonly packs: ReadonlyArray<{ readonly id: string }> },
  make: () => E,
): Result.Result<E, ReadonlyArray<string>> => {
  const loaded = new Set<string>(content.packs.map((m) => m.id))
  const missing = packs.filter((p) => !loaded.has(p))
  return missing.length > 0 ? Result.fail(missing) : Result.succeed(make())
}

/** A seeded random board for a raid between these Refuges on this scenario (its Lairs and Loot). */
export const randomBoard = (
  seed: Prng.Seed,
  refuges: ReadonlyArray<Refuge>,
  scenario: string | undefined,
  content: ContentView,
): Board => {
  const setup = content.get("scenarios", scenario ?? "cache")?.setup
  return randomBoardOf(seed, content, { refuges, ...(setup ? { scenario: { setup } } : {}) })
}

/** Sets a raid up and runs it to the first decision. */
export const create = (input: SetupInput, env: Env): Result.Result<Battle, ReadonlyArray<SetupProblem>> =>
  Result.map(setup(input, env.content), (initial) => {
    const first: Event = { type: "battle.setup", state: initial }
    const s0 = fold([first])
    const d = start(s0, env)
    return { events: [first, ...d.events], state: d.state }
  })

/** Applies a command (by a side, or "any"); a rejection changes nothing. */
export const command = (battle: Battle, c: Command, env: Env, by = "any"): Result.Result<Battle, Rejection> =>
  Result.map(apply(battle.state, c, env, by), (d) => ({
    events: [...battle.events, ...d.events],
    state: d.state,
  }))

/** Decodes a command from JSON input, naming each problem's path. */
export const parseCommand = (input: unknown): Result.Result<Command, ReadonlyArray<string>> => {
  const type = typeof input === "object" && input !== null ? (input as { type?: unknown }).type : undefined
  const member = COMMANDS.find((c) => c.fields.type.literal === type)
  if (member === undefined)
    return Result.fail([
      `type: a command's type is one of ${COMMANDS.map((c) => c.fields.type.literal).join(", ")}`,
    ])
  return Result.mapError(
    Schema.decodeUnknownResult(member as unknown as Schema.Codec<Command, unknown>, {
      errors: "all",
      onExcessProperty: "error",
      reportInput: true,
    })(input),
    // A value no member of a union takes is told once (each member would say the same).
    (e) => [
      ...new Set(
        readableIssues(SchemaText.problems(e))
          .slice(0, 20)
          .map((i) => `${i.path.length ? i.path.join(".") : "command"}: ${i.message}`),
      ),
    ],
  )
}

const COMMANDS = CommandSchema.members

/**
 * Rebuilds the state after `events`, from nothing or from `from` (a state saved where nothing could
 * be undone: see {@link canUndo}), so that undo works on it as it did when the events were made:
 * folded at speed up to the last dice roll, then event by event (each state remembering the one
 * an undo returns to).
 */
export const resume = (events: ReadonlyArray<Event>, from?: State): State => resumeWith(FOLD, events, from)

/** Rebuilds the state from the events alone (undo works on it as it did live). */
export const replay = (events: ReadonlyArray<Event>): State => resume(events)

/** Can the last command be undone (no dice rolled since)? A state that can't is safe to save and resume from. */
export const canUndo = (state: State): boolean => undoable(state)

/**
 * Re-decides a raid's recorded commands against its recorded dice and facts with this engine;
 * Right: the re-decided events (equal to the log when the engine agrees), Left: where it differs.
 */
export const redecide = (
  events: ReadonlyArray<Event>,
  env: Env,
): Result.Result<ReadonlyArray<Event>, string> => {
  const first = events[0]
  if (first?.type !== "battle.setup") return Result.fail("a raid's first event is its set-up")
  let b: Battle = { events: [first], state: fold([first]) }
  const d = start(b.state, env)
  b = { events: [first, ...d.events], state: d.state }
  // Feed the log's player commands and answers back in order.
  for (let i = b.events.length; i < events.length; i++) {
    const e = at(events, i)
    let c: Command | undefined
    if (e.type === "commanded" && e.by !== "engine") c = e.command as Command
    else if (e.type === "answered" && b.state.dice.mode === "manual" && Array.isArray(e.answer))
      c = { type: "roll", faces: [...(e.answer as number[])] }
    else if (e.type === "answered" && b.state.pending?.prompt?.kind === "fact" && isFactValue(e.answer))
      c = { type: "state", facts: [{ query: b.state.pending.prompt.query, value: e.answer }] }
    else if (e.type === "answered" && b.state.pending?.prompt?.kind === "choice")
      c = { type: "choose", option: String(e.answer) }
    if (c === undefined) continue
    if (b.events.length > i) continue // already produced by an earlier command's run
    const by = e.type === "commanded" ? e.by : "any"
    const r = command(b, c, env, by)
    if (Result.isFailure(r)) return Result.fail(`event ${i}: ${r.failure.reason}`)
    b = r.success
  }
  return Result.succeed(b.events)
}

/** A stable hash of a state (FNV-1a, 2 × 32 bits, over its canonical JSON). */
export const hash = (state: State): string => hashState(state)

/** What a player may see: the state without the dice state. */
export const view = (state: State): State => ({ ...state, dice: { mode: state.dice.mode } })

/** Events as a player may see them: the set-up without the dice state. */
export const viewEvents = (events: ReadonlyArray<Event>): Event[] =>
  events.map((e) => (e.type === "battle.setup" ? { ...e, state: view(e.state) } : e))

/** The legal commands now. */
export const legal = legalCommands

/** Decodes a stored event log. */
export const decodeEvents = Schema.decodeUnknownResult(Schema.Array(Event), { reportInput: true })
