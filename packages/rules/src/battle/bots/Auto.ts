/**
 * Auto-play: runs a raid to its end with a policy per side (the creatures act by their
 * behaviours, in the engine). Each decision is the policy's pick among the legal commands (on a
 * board, with concrete moves, `Policy.boardCommands`); a command the rules then refuse (a target
 * out of sight, a point out of reach) is struck off and the policy picks again, so a raid always
 * moves on. Bounded: at most `maxCommands` commands. With a `table` (simulation on a declared
 * table, `Table.ts`), the table answers fact prompts instead of a side, and a declared move into
 * contact or off the table that the table says does not reach is struck off like a refused one.
 *
 * Exported for the CLI: `Auto.play(battle, env, policies, options?)` → the finished `Battle`
 * (and whether it ended). `Auto.playInPlace(state, env, policies, options?)` is the simulation's
 * fast path: the same decisions on a state changed in place, each command's events handed to
 * `onEvents` and dropped, and the choices of a policy that answers them from their options alone
 * (`Policy.answersPrompts`) answered where the rules ask them; with `keep`, only the events a listener
 * reads are made into a log at all.
 *
 * On a board, a policy marked `Policy.staged` is shown the plain moves as they are until its pick
 * needs them made concrete (most picks are a shot, a fight or a search, and making a model's moves
 * costs path searches): the same picks for far less work. On a declared table a policy marked
 * `Policy.quick` picks before any list is made (most picks are a fight, a shot, a search or the end
 * of the activation, and the list holds every move into contact); only a struck-off pick makes it.
 *
 * @since 0.3.0
 */
import type { Keep } from "@blight/engine"
import { Result } from "effect"
import { type Battle, command, view } from "../Battle.js"
import type { Command } from "../Command.js"
import type { Env } from "../Context.js"
import { applyInPlaceTo } from "../Decide.js"
import type { Event } from "../Event.js"
import { shapeState } from "../fast/ObjectShapes.js"
import { candidates, isLegal, legalCommands } from "../Legal.js"
import { sideOnTurn } from "../round/Turn.js"
import type { State } from "../State.js"
import {
  boardCommands,
  isOrdered,
  type MoveKind,
  type Policy,
  promptAnswer,
  quickOf,
  sensible,
  stagingOf,
} from "./Policy.js"
import { sameJson } from "./SameJson.js"
import { declaresReach, type Table } from "./Table.js"

/** Options for a run. */
export interface AutoOptions {
  /** At most this many commands (default 5,000). */
  readonly maxCommands?: number
  /** Called after each accepted command (for logs and tests). */
  readonly onCommand?: (c: Command, by: string, battle: Battle) => void
  /** Who answers the table's questions on a declared table (default: the prompted side's policy). */
  readonly table?: Table
}

/** The outcome of a run. */
export interface AutoResult {
  readonly battle: Battle
  readonly over: boolean
  readonly commands: number
}

/** Who decides now: the prompt's addressee, the side of the active model, or the side on turn. */
export const decider = (state: State): string => {
  const p = state.pending?.prompt
  if (p) return p.by
  const a = state.activation
  if (a) return state.models.find((m) => m.id === a.model)?.side ?? "any"
  return sideOnTurn(state)?.id ?? "any"
}

/** Plays a raid to its end (see the file header). */
export const play = (
  battle: Battle,
  env: Env,
  policies: Policy | Readonly<Record<string, Policy>> = sensible(env),
  options: AutoOptions = {},
): AutoResult => {
  let b = battle
  const n = loop(
    () => b.state,
    (c) => {
      const r = command(b, c, env, "any")
      if (Result.isFailure(r)) return 0
      b = r.success
      return 1
    },
    env,
    policies,
    options,
    (c, by) => options.onCommand?.(c, by, b),
  )
  return { battle: b, over: b.state.phase === "over", commands: n }
}

/** Options for a run in place: what to do with each command's events (they are not kept). */
export interface InPlaceOptions extends Omit<AutoOptions, "onCommand"> {
  /** Called with each accepted command's events, in order (read them now: they are dropped). */
  readonly onEvents?: (events: ReadonlyArray<Event>) => void
  /**
   * Which events the kernel keeps for `onEvents` (`Keep`, default all): given the kinds a listener
   * reads, the rest of the log (its bookkeeping above all) is never built.
   */
  readonly keep?: Keep<Event> | undefined
}

/**
 * {@link play} on the fast path: the state, which the caller owns, is changed in place
 * (`Decide.applyInPlaceTo`) and no event log is kept. The same commands and the same final state
 * as {@link play} from the same state. A policy sees the live state: read it during the call only.
 */
export const playInPlace = (
  state: State,
  env: Env,
  policies: Policy | Readonly<Record<string, Policy>> = sensible(env),
  options: InPlaceOptions = {},
): { readonly state: State; readonly over: boolean; readonly commands: number } => {
  const max = options.maxCommands ?? 5000
  const keep = options.keep ?? true
  // One shape for each model, side and token from here on (`Shapes.ts`).
  shapeState(state)
  // Choices a policy answers from their options alone are answered as the rules ask them (no
  // command waits and runs again), each counted as the command it would have been, while the
  // audited loop would still be giving commands.
  let before = 0
  let answered = 0
  const answering: Env = {
    ...env,
    choose: (prompt) => {
      if (before + answered + 1 >= max) return undefined
      const answer = promptAnswer(policyOf(policies, prompt.by, env), prompt.options)
      if (answer !== undefined) answered++
      return answer
    },
  }
  const n = loop(
    () => state,
    (c, n) => {
      before = n
      answered = 0
      const r = applyInPlaceTo(state, c, answering, "any", keep)
      if (Result.isFailure(r)) return 0
      options.onEvents?.(r.success.events)
      return 1 + answered
    },
    env,
    policies,
    options,
  )
  return { state, over: state.phase === "over", commands: n }
}

/** The policy of a side (`sensible` for a side given none). */
const policyOf = (policies: Policy | Readonly<Record<string, Policy>>, side: string, env: Env): Policy =>
  typeof policies === "function" ? policies : (policies[side] ?? sensible(env))

/**
 * The decisions of a run: `now` is the state, `tryCommand` applies a command if the rules accept
 * it (given the commands so far) and says how many commands it counts for (0: refused).
 */
/**
 * How far a decision's plain moves are made concrete (`Policy.Staging`): not at all (the policy's
 * early pick is asked), plain moves but not Sprints, or all of them.
 */
type Stage = "plain" | "moves" | "all"
const MADE: Readonly<Record<Exclude<Stage, "plain">, ReadonlyArray<MoveKind>>> = {
  moves: ["move"],
  all: ["move", "sprint"],
}

const loop = (
  now: () => State,
  tryCommand: (c: Command, n: number) => number,
  env: Env,
  policies: Policy | Readonly<Record<string, Policy>>,
  options: { readonly maxCommands?: number | undefined; readonly table?: Table | undefined },
  accepted?: (c: Command, by: string) => void,
): number => {
  const max = options.maxCommands ?? 5000
  let n = 0
  while (now().phase !== "over" && n < max) {
    const state = now()
    const by = decider(state)
    const policy = policyOf(policies, by, env)
    // An ordered policy picks from the candidates and only its picks are checked (`Policy.ordered`).
    const lazy = isOrdered(policy)
    let member: ((c: Command) => boolean) | undefined
    const table = options.table
    /**
     * Checks a pick where the table would draw for it first (a declared reach), so no draw is spent
     * on a command the rules refuse outright, and tries it: how many commands it counts for, 0 if
     * it is struck off. Any other pick is simply tried: the rules refuse it outright exactly when
     * its check would (changing nothing, asking nothing).
     */
    const attempt = (c: Command, seen: State | undefined): number => {
      if (table && declaresReach(state, c)) {
        if (lazy) member ??= memberOf(state, env)
        // Nothing changes the state before the table reads it: a view made now is the one it would have had.
        if ((member !== undefined && !member(c)) || !table.reaches(seen ?? view(state), c)) return 0
      }
      return tryCommand(c, n)
    }
    // A quick pick (`Policy.quick`) is tried before any list is made; struck off, the list is made
    // without it and the policy asked again, as from the list.
    const quick = lazy && state.board === undefined ? quickOf(policy)?.(state, env) : undefined
    if (quick !== undefined) {
      const counted = attempt(quick, undefined)
      if (counted > 0) {
        n += counted
        accepted?.(quick, by)
        continue
      }
    }
    const listed = lazy ? candidates(state, env, "any") : legalCommands(state, env, "any")
    // On a board a staged policy is first shown the plain moves as they are (`Policy.Staging`).
    const staging = state.board !== undefined ? stagingOf(policy) : undefined
    let stage: Stage = staging?.early ? "plain" : staging?.sprintsLast ? "moves" : "all"
    let legal = stage === "plain" ? [...listed] : boardCommands(state, listed, env.content, MADE[stage])
    if (quick !== undefined) legal = strikeOff(legal, quick)
    const prompt = state.pending?.prompt
    // The table, not a side, answers what the table is like.
    const stated: Command | undefined =
      table && prompt?.kind === "fact"
        ? { type: "state", facts: [{ query: prompt.query, value: table.answer(view(state), prompt) }] }
        : undefined
    if (stated) legal = [stated]
    let done = false
    while (legal.length > 0) {
      if (stage === "moves" && !legal.some((x) => x.type === "endActivation")) {
        // No ending the activation now: Sprints may be the policy's last resort.
        legal = boardCommands(state, legal, env.content, ["sprint"])
        stage = "all"
      }
      const seen = view(state)
      const context = { side: by, env }
      let c: Command | undefined = stated
      if (c === undefined && stage === "plain") {
        c = staging?.early?.(seen, legal, context)
        if (c === undefined) {
          // Its pick needs concrete moves: make them, and ask it again.
          stage = staging?.sprintsLast ? "moves" : "all"
          legal = boardCommands(state, legal, env.content, MADE[stage])
          continue
        }
      }
      c ??= policy(seen, legal, context)
      const counted = attempt(c, seen)
      if (counted > 0) {
        n += counted
        accepted?.(c, by)
        done = true
        break
      }
      legal = legal.filter((x) => x !== c)
    }
    if (!done) break
  }
  return n
}

/** The list without the first command equal to `c` (a quick pick, made apart from the list). */
const strikeOff = (legal: ReadonlyArray<Command>, c: Command): Command[] => {
  const i = legal.findIndex((x) => sameJson(x, c))
  if (i < 0)
    throw new Error(`auto-play: the quick pick ${JSON.stringify(c)} is not among the commands listed`)
  return [...legal.slice(0, i), ...legal.slice(i + 1)]
}

/**
 * Whether `boardCommands(state, legalCommands(state))` lists a command of
 * `boardCommands(state, candidates(state))`: a concrete move made from a board's move template is
 * (the template always is); a declared table's move off the table is when its plain move is; any
 * other when it is legal.
 */
const memberOf = (state: State, env: Env): ((c: Command) => boolean) => {
  const legal = isLegal(state, env, "any")
  return (c) => {
    if ((c.type === "move" || c.type === "sprint") && (c.to !== undefined || c.offTable))
      return state.board !== undefined || legal({ type: c.type, model: c.model })
    return legal(c)
  }
}
