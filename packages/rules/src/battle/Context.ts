/**
 * How a raid's rule resolves: the kernel's rule context (`@blight/engine`) with the raid's own
 * helpers (facts about the table, known or derived before asked; models by id). In short:
 * a rule runs on a private draft of the state, emitting events as it goes, and asking
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
import { type Answer as KernelAnswer, type EventRules, type Keep, Refusal, RuleContext } from "@blight/engine"
import type { ContentView } from "../refuge/Content.js"
import type { Event } from "./Event.js"
import { applyGame, type Draft } from "./Evolve.js"
import { deriveFact, getFact, optionsOf } from "./table/Facts.js"
import type { Journal } from "./fast/InPlace.js"
import { shapeAdded } from "./fast/ObjectShapes.js"
import type { Space } from "./table/Space.js"
import type { Answer, FactQuery, FactValue, Model, Prompt, State } from "./State.js"

export { Refusal, refuse, Suspend } from "@blight/engine"

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

/** How a raid's events and inputs work, for the kernel. */
export const EVENT_RULES: EventRules<State, Event, Env> = {
  applyGame,
  // A board answers the table's facts itself; a simulation's policy may answer choices.
  answerItself: (draft, given, env) => {
    // The kernel hands back what the raid's rules asked, typed as any game's prompt.
    const prompt = given as Exclude<Prompt, { kind: "dice" }>
    return prompt.kind === "fact" ? env.space.answer(draft, prompt.query, prompt) : env.choose?.(prompt)
  },
  // R-BATTLE-52: an answer the prompt does not take is refused; the prompt still waits.
  badAnswerClause: () => "R-BATTLE-52",
  // The fast path keeps one shape for what an event adds (`ObjectShapes.ts`).
  afterFastEmit: (draft, e) => shapeAdded(draft as Draft, e),
}

/** A rule's run. */
export class Ctx extends RuleContext<State, Event, Env> {
  constructor(
    draft: Draft,
    env: Env,
    /** Answers already recorded in the log for this command, in order. */
    recorded: ReadonlyArray<Answer> = [],
    /** A new answer to the pending prompt, if this run answers one. */
    answer?: Answer,
    /** A probe (legalCommands) stops at the first input instead of rolling or asking. */
    probe = false,
    /** On the fast path the draft is the state itself: the journal keeps what each event changes. */
    journal?: Journal,
    /** Which events to keep (`Keep`: all; none; or the game events a simulation's listener wants). */
    record: Keep<Event> = true,
    /** Inputs a lean run of this batch took, taken again (`RunOptions.replay`). */
    replay?: ReadonlyArray<Answer>,
  ) {
    super(draft, env, EVENT_RULES, {
      recorded: recorded as ReadonlyArray<KernelAnswer>,
      answer,
      probe,
      journal,
      record,
      replay: replay as ReadonlyArray<KernelAnswer> | undefined,
    })
  }

  /** The draft, as the raid's rules type it. */
  declare readonly draft: Draft

  /** `n` d6 for a purpose: rolled by the seeded source, or typed in at the table. */
  override dice(n: number, purpose: string, by = "any"): ReadonlyArray<number> {
    return super.dice(n, purpose, by)
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
    // A lean run keeps no prompt (one that waits is asked again by a recording run): no copy.
    const options = this.record ? [...optionsOf(query)] : (optionsOf(query) as Array<FactValue>)
    const value = this.ask({ kind: "fact", query, options, question, by }) as FactValue
    this.emit({ type: "facts.stated", facts: [{ query, value }] })
    return value
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
