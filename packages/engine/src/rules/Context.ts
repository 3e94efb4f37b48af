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
 * none, and builds no bookkeeping events at all: the same rules, the same state.
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
  /** Keep the events (false: a simulation that reads none of them). */
  readonly record?: boolean
}

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
  readonly record: boolean

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
    this.record = options.record ?? true
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
    if (this.record) this.game.push(e)
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
    return this.input({ kind: "choice", key, question, options: [...options], by }) as string
  }

  /** A fact: recorded, answered by the game, or asked of the players. */
  ask(prompt: Extract<Prompt, { kind: "fact" }>): Answer {
    return this.input(prompt)
  }
}
