/**
 * How a rule resolves: on a private draft of the state, emitting events as it goes, and asking
 * for what it needs (dice, facts about the table, a player's choice) through one context. An
 * input already answered is reused; a seeded raid rolls its own dice and a board answers its own
 * facts (each recorded as a `prompted` and `answered` pair); anything else suspends the rule with a
 * prompt. When the answer comes the rule is run again from the same state with every answer so
 * far, so a rule is written as straight-line code.
 *
 * The log a run commits is its bookkeeping events followed by its game events. The two kinds
 * commute (bookkeeping only touches the pending prompt and the dice state), so the fold of the
 * committed log equals the draft.
 *
 * @since 0.2.0
 */
import { restore } from "@blight/dice"
import type { ContentView } from "../refuge/Content.js"
import { BOOKKEEPING, type Event } from "./Event.js"
import { applyAnswered, applyInPlace, type Draft, rolled } from "./Evolve.js"
import { deriveFact, getFact, optionsOf } from "./Facts.js"
import type { Journal } from "./InPlace.js"
import { shapeAdded } from "./ObjectShapes.js"
import type { Space } from "./Space.js"
import type { Answer, FactQuery, FactValue, Model, Prompt } from "./State.js"

/** What a rule needs besides the state. */
export interface Env {
  readonly content: ContentView
  readonly space: Space
  /**
   * Answers a player's choice as the rules ask it, or leaves it to wait (undefined): the
   * simulation's fast path, for policies whose answer the choice's options alone fix
   * (`Auto.playInPlace`). Without it every choice waits for its answer.
   */
  readonly choose?: ((prompt: ChoicePrompt) => string | undefined) | undefined
}

/** A prompt for a player's choice. */
export type ChoicePrompt = Extract<Prompt, { kind: "choice" }>

/** A rule stopped to wait for an input. */
export class Suspend {
  readonly _tag = "Suspend"
  constructor(readonly prompt: Prompt) {}
}

/** Where a probe stops (one for all: nothing reads it but its kind). */
const PROBE_STOP = new Suspend({ kind: "choice", key: "probe", question: "probe", options: [], by: "any" })

/** A command the rules forbid: the reason and the clause. Nothing is appended. */
export class Refusal {
  readonly _tag = "Refusal"
  constructor(
    readonly reason: string,
    readonly clause?: string,
    /** The answer given to a prompt is not one it takes (the prompt still waits). */
    readonly badAnswer = false,
  ) {}
}

/** Throws a refusal. A function declaration, so that TypeScript narrows after a call to it. */
export function refuse(reason: string, clause?: string): never {
  throw new Refusal(reason, clause)
}

/** Why an answer given to a prompt is not one it takes (R-BATTLE-52), or undefined. */
const checkAnswer = (prompt: Prompt, a: Answer): string | undefined => {
  switch (prompt.kind) {
    case "dice": {
      const n = prompt.dice
      return !Array.isArray(a)
        ? `faces: roll ${n} dice for ${prompt.purpose}`
        : a.length !== n
          ? `faces: ${prompt.purpose} needs ${n} ${n === 1 ? "die" : "dice"}, got ${a.length}`
          : a.some((f) => !Number.isInteger(f) || f < 1 || f > 6)
            ? "faces: a d6 shows 1 to 6"
            : undefined
    }
    case "fact": {
      const options = prompt.options as ReadonlyArray<FactValue>
      return options.includes(a as FactValue)
        ? undefined
        : `facts.0.value: "${prompt.question}" is answered with one of ${options.map((o) => JSON.stringify(o)).join(", ")}`
    }
    case "choice":
      return prompt.options.includes(a as string)
        ? undefined
        : `option: "${prompt.question}" takes one of ${prompt.options.join(", ")}`
  }
}

/** A rule's run. */
export class Ctx {
  readonly bookkeeping: Event[] = []
  readonly game: Event[] = []
  private used = 0
  /** Inputs consumed that were not yet in the log when this run started. */
  private fresh = 0

  constructor(
    readonly draft: Draft,
    readonly env: Env,
    /** Answers already recorded in the log for this command, in order. */
    private readonly recorded: ReadonlyArray<Answer>,
    /** A new answer to the pending prompt, if this run answers one. */
    private readonly answer?: Answer,
    /** A probe (legalCommands) stops at the first input instead of rolling or asking. */
    readonly probe = false,
    /** On the fast path the draft is the state itself: the journal keeps what each event changes. */
    private readonly journal?: Journal,
  ) {}

  /** Emits an event: applied to the draft now, committed if the run completes. */
  emit(e: Event): void {
    // A probe reads the real state: the first event means the rules let the command through.
    if (this.probe) throw PROBE_STOP
    this.journal?.touch(e)
    applyInPlace(this.draft, e)
    // The fast path keeps one shape for what an event adds (`Shapes.ts`).
    if (this.journal !== undefined) shapeAdded(this.draft, e)
    if (BOOKKEEPING.has(e.type)) this.bookkeeping.push(e)
    else this.game.push(e)
  }

  /** Did this run consume inputs that were not recorded before it (dice, facts, choices)? */
  get consumedInputs(): boolean {
    return this.fresh > 0
  }

  /**
   * The next input: recorded, the answer given (checked), or rolled or answered as it is asked
   * ({@link auto}); else the run stops with the prompt. What to check and how to answer are read
   * off the prompt, not handed in as closures: this runs for every roll and every fact asked.
   */
  private input(prompt: Prompt): Answer {
    if (this.used < this.recorded.length) return this.recorded[this.used++]!
    if (this.used === this.recorded.length && this.answer !== undefined && this.fresh === 0) {
      const problem = checkAnswer(prompt, this.answer)
      // R-BATTLE-52: an answer the prompt does not take is refused; the prompt still waits.
      if (problem !== undefined) throw new Refusal(problem, "R-BATTLE-52", true)
      this.used++
      this.fresh++
      this.emit({ type: "answered", answer: this.answer })
      return this.answer
    }
    const a = this.probe ? undefined : this.auto(prompt)
    if (a === undefined) throw new Suspend(prompt)
    this.used++
    this.fresh++
    this.emitAnswered(prompt, a)
    return a
  }

  /** An input with no recorded answer: dice a seeded raid rolls, a fact the space answers, a choice `env.choose` answers. */
  private auto(prompt: Prompt): Answer | undefined {
    switch (prompt.kind) {
      case "dice": {
        const prng = this.draft.dice.prng
        if (this.draft.dice.mode !== "seeded" || prng === undefined) return undefined
        const source = restore({ algorithm: "xoshiro128**", state: prng as [number, number, number, number] })
        const faces: number[] = []
        for (let i = 0; i < prompt.dice; i++) faces.push(source.die(6))
        rolled(prng, prompt.dice, source.snapshot().state)
        return faces
      }
      case "fact":
        return this.env.space.answer(this.draft as never, prompt.query, prompt)
      case "choice":
        return this.env.choose?.(prompt)
    }
  }

  /** Emits a prompt and the answer it got at once (see `Evolve.applyAnswered`). */
  private emitAnswered(prompt: Prompt, answer: Answer): void {
    const asked: Event = { type: "prompted", prompt }
    const answered: Event = { type: "answered", answer }
    this.journal?.touchAnswered()
    applyAnswered(this.draft, answer)
    this.bookkeeping.push(asked, answered)
  }

  /** `n` d6 for a purpose: rolled by the seeded source, or typed in at the table. */
  dice(n: number, purpose: string, by = "any"): ReadonlyArray<number> {
    if (n <= 0) return []
    return this.input({ kind: "dice", dice: n, purpose, by }) as ReadonlyArray<number>
  }

  /** A fact about the table: known, answered by the board, or asked of the players. */
  fact(query: FactQuery, question: string, by = "any"): FactValue {
    const known = getFact(this.draft.facts, query)
    if (known !== undefined) return known
    // R-BATTLE-56: an answer that follows from facts known is not asked; it is recorded as derived.
    const derived = deriveFact(this.draft.facts, query)
    if (derived !== undefined) {
      // A probe reads it as known (it emits nothing).
      if (!this.probe) this.emit({ type: "facts.stated", facts: [{ query, value: derived }], derived: true })
      return derived
    }
    const value = this.input({
      kind: "fact",
      query,
      options: [...optionsOf(query)],
      question,
      by,
    }) as FactValue
    this.emit({ type: "facts.stated", facts: [{ query, value }] })
    return value
  }

  /** A player's choice among options (a single option is taken without asking). */
  choose(key: string, question: string, options: ReadonlyArray<string>, by = "any"): string {
    if (options.length === 1) return options[0]!
    return this.input({ kind: "choice", key, question, options: [...options], by }) as string
  }

  /** A model by id (the draft's). */
  model(id: string): Draft["models"][number] {
    const m = this.draft.models.find((x) => x.id === id)
    if (m === undefined) throw new Refusal(`model: there is no model "${id}" in this raid`, "R-BATTLE-54")
    return m
  }

  /** A model as a read-only value. */
  view(id: string): Model {
    return this.model(id) as Model
  }
}
