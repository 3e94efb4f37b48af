/**
 * How a rule runs: on a private draft of the state, emitting events as it goes, and asking for
 * what it needs (dice, facts, choices) through one context. An input already answered for this
 * command is reused; a seeded game rolls its own dice and a game may answer a fact or choice
 * itself (each recorded as a `prompted` + `answered` pair); anything else suspends the rule with
 * a prompt. When the answer comes the rule runs again from the same state with every answer so
 * far, so a rule is straight-line code.
 *
 * The log a run commits is its bookkeeping events, then its game events. The two kinds commute
 * (bookkeeping touches only the pending entry and the dice), so the fold of the log equals the draft.
 *
 * Not recording (a simulation nobody reads the log of), the context applies every event but keeps
 * none, or only the game events a listener wants, and builds no bookkeeping at all (no events, no
 * copies of prompts): the same rules, the same state.
 *
 * @since 0.1.0
 */
import { roll } from "../dice/SeededDice.js"
import type { Journal } from "../fast/Journal.js"
import { answered, applyBookkeeping, isBookkeeping, type KernelState } from "../log/Bookkeeping.js"
import type { DeepMutable } from "../log/Copy.js"
import { type Answer, type Prompt, sidesOf } from "../prompt/Prompt.js"
import { answerProblem } from "./Answers.js"
import type { EventRules, GameEvent } from "./Game.js"
import { Refusal, Suspend } from "./Refusal.js"

/** Where a probe stops (one for all: nothing reads it but its kind). */
const PROBE_STOP = new Suspend({ kind: "choice", key: "probe", question: "probe", options: [], by: "any" })

/** How a run is made. */
export interface RunOptions<E> {
  /** Answers already recorded in the log for this command, in order. */
  readonly recorded: ReadonlyArray<Answer>
  /** A new answer to the pending prompt, if this run answers one. */
  readonly answer?: Answer | undefined
  /** A probe (what is legal) stops at the first input or event instead of rolling or asking. */
  readonly probe?: boolean
  /** On the fast path the draft is the state itself: the journal keeps what each event changes. */
  readonly journal?: Journal<E> | undefined
  /** Which events to keep (see {@link Keep}; default: all). */
  readonly record?: Keep<E>
  /**
   * Answers a lean run of this same batch took from the dice and the game (in order): taken again
   * instead of asking anew, since a game's answerer may draw as it answers (a simulated table).
   */
  readonly replay?: ReadonlyArray<Answer> | undefined
}

/**
 * Which events a run keeps: `true`, all of them (the log); `false`, none; a function, only the
 * game events it wants (a simulation's listener), no bookkeeping. Anything but `true` is the fast
 * path's lean run: a run that stops short is run again keeping all (`Run.runBatch`).
 */
export type Keep<E> = boolean | ((e: E) => boolean)

/** A rule's run. */
export class RuleContext<S extends KernelState, E extends GameEvent, Env> {
  /** The run's bookkeeping events (empty when not recording). */
  readonly bookkeeping: E[] = []
  /** The run's game events (empty when not recording). */
  readonly game: E[] = []
  /** How many game events the run emitted (recorded or not). */
  gameEvents = 0
  private used = 0
  /** Inputs consumed that were not yet in the log when this run started. */
  private fresh = 0
  private readonly recorded: ReadonlyArray<Answer>
  private readonly answer: Answer | undefined
  readonly probe: boolean
  private readonly journal: Journal<E> | undefined
  /** Does the run keep the whole log (bookkeeping included)? */
  readonly record: boolean
  /** The game events a lean run keeps (undefined: none, or all when recording). */
  private readonly wants: ((e: E) => boolean) | undefined
  /** A lean run's answers from the dice and the game, for a recording run of the batch to take again. */
  readonly taken: Answer[] = []
  private readonly replay: ReadonlyArray<Answer>
  private replayed = 0

  constructor(
    readonly draft: DeepMutable<S>,
    readonly env: Env,
    protected readonly rules: EventRules<S, E, Env>,
    options: RunOptions<E>,
  ) {
    this.recorded = options.recorded
    this.answer = options.answer
    this.probe = options.probe ?? false
    this.journal = options.journal
    const keep = options.record ?? true
    this.record = keep === true
    this.wants = typeof keep === "function" ? keep : undefined
    this.replay = options.replay ?? []
  }

  /** Emits an event: applied to the draft now, committed if the run completes. */
  emit(e: E): void {
    // A probe reads the real state: the first event means the rules let the command through.
    if (this.probe) throw PROBE_STOP
    this.journal?.touch(e)
    const d = this.draft as DeepMutable<KernelState>
    d.seq++
    if (isBookkeeping(e)) {
      applyBookkeeping(d, e)
      if (this.record) this.bookkeeping.push(e as E)
      return
    }
    d.pending = undefined
    this.rules.applyGame(this.draft, e)
    if (this.journal !== undefined) this.rules.afterFastEmit?.(this.draft, e)
    this.gameEvents++
    if (this.record || this.wants?.(e) === true) this.game.push(e)
  }

  /**
   * Opens a new command's batch: its `commanded` event when recording; else only what that event
   * does that the rest of the run can see (the count of events), since the pending entry it would
   * make is cleared by the run's first game event, and a run that stops short is run again recording.
   */
  commanded(command: unknown, by: string): void {
    if (this.record) return this.emit({ type: "commanded", command, by } as unknown as E)
    if (this.probe) throw PROBE_STOP
    ;(this.draft as DeepMutable<KernelState>).seq++
  }

  /** Did this run consume inputs that were not recorded before it (dice, facts, choices)? */
  get consumedInputs(): boolean {
    return this.fresh > 0
  }

  /**
   * The next input: recorded, the answer given (checked), or rolled or answered as it is asked;
   * else the run stops with the prompt.
   */
  protected input(prompt: Prompt): Answer {
    if (this.used < this.recorded.length) return this.recorded[this.used++] as Answer
    if (this.used === this.recorded.length && this.answer !== undefined && this.fresh === 0) {
      const problem = answerProblem(prompt, this.answer)
      // An answer the prompt does not take is refused; the prompt still waits.
      if (problem !== undefined) throw new Refusal(problem, this.rules.badAnswerClause(prompt), true)
      this.used++
      this.fresh++
      this.emit({ type: "answered", answer: this.answer } as unknown as E)
      return this.answer
    }
    const a = this.probe ? undefined : this.auto(prompt)
    if (a === undefined) throw new Suspend(prompt)
    this.used++
    this.fresh++
    this.emitAnswered(prompt, a)
    return a
  }

  /** An input with no recorded answer: dice a seeded game rolls, or what the game answers itself. */
  private auto(prompt: Prompt): Answer | undefined {
    if (this.replayed < this.replay.length) return this.replay[this.replayed++]
    const a = this.answerAnew(prompt)
    if (!this.record && a !== undefined) this.taken.push(a)
    return a
  }

  /** Asks the dice or the game for an input. */
  private answerAnew(prompt: Prompt): Answer | undefined {
    if (prompt.kind !== "dice") return this.rules.answerItself?.(this.draft, prompt, this.env)
    const dice = this.draft.dice
    if (dice.mode !== "seeded" || dice.prng === undefined) return undefined
    return roll(dice.prng, prompt.dice, sidesOf(prompt))
  }

  /** Emits a prompt and the answer it got at once (see `Bookkeeping.answered`). */
  private emitAnswered(prompt: Prompt, answer: Answer): void {
    this.journal?.touchAnswered()
    const d = this.draft as DeepMutable<KernelState>
    d.seq += 2
    answered(d, answer, prompt.kind === "dice" ? sidesOf(prompt) : 6)
    if (this.record)
      this.bookkeeping.push(
        { type: "prompted", prompt } as unknown as E,
        { type: "answered", answer } as unknown as E,
      )
  }

  /** `n` dice (d6 unless `sides` says) for a purpose: rolled by the seeded source, or typed in at the table. */
  dice(n: number, purpose: string, by = "any", sides = 6): ReadonlyArray<number> {
    if (n <= 0) return []
    const prompt: Prompt =
      sides === 6 ? { kind: "dice", dice: n, purpose, by } : { kind: "dice", dice: n, sides, purpose, by }
    return this.input(prompt) as ReadonlyArray<number>
  }

  /** A player's choice among options (a single option is taken without asking). */
  choose(key: string, question: string, options: ReadonlyArray<string>, by = "any"): string {
    if (options.length === 1) return options[0] as string
    // A lean run keeps no prompt (one that waits is asked again by a recording run): no copy.
    const listed = (this.record ? [...options] : options) as Array<string>
    return this.input({ kind: "choice", key, question, options: listed, by }) as string
  }

  /** A fact: recorded, answered by the game, or asked of the players. */
  ask(prompt: Extract<Prompt, { kind: "fact" }>): Answer {
    return this.input(prompt)
  }
}
