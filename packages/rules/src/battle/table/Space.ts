/**
 * The table, asked through one interface (DESIGN.md "the Space"): every geometric question the
 * rules ask is a {@link FactQuery} with a finite set of answers. A `DeclaredSpace` is a physical
 * table: it knows nothing, so the players state each fact the engine needs (a prompt) or state it
 * ahead; a board with positions answers the same questions itself. Either way the answer is
 * recorded in the events, and stored until a model it is about moves.
 *
 * @since 0.2.0
 */
import { Result } from "effect"
import type { CommandOf } from "../Command.js"
import type { FactQuery, FactValue, Model, MoveLeash, Point, Prompt, State } from "../State.js"

/** A prompt for a fact about the table. */
export type FactPrompt = Extract<Prompt, { kind: "fact" }>

/** Where a move ends, as the table measured it. */
export interface MoveOutcome {
  /** Inches of movement spent (climbing counted double, B-ACTION-MOVE-02). */
  readonly cost: number
  readonly distance: number
  readonly contact: ReadonlyArray<string>
  readonly offTable: boolean
  readonly to?: Point | undefined
}

/** A move the table refuses, with the clause. */
export interface MoveRefusal {
  readonly reason: string
  readonly clause: string
}

/** The table. */
export interface Space {
  readonly kind: "declared" | "plane"
  /**
   * The answer to a question from the table itself, or undefined: the players must state it (the
   * prompt they would be shown comes too: its options and question).
   */
  readonly answer: (state: State, query: FactQuery, prompt: FactPrompt) => FactValue | undefined
  /** Measures a model's move of at most `allowance` inches, as commanded. */
  readonly move: (
    state: State,
    model: Model,
    command: CommandOf<"move" | "sprint">,
    allowance: number,
  ) => Result.Result<MoveOutcome, MoveRefusal>
  /**
   * Moves a creature up to `inches` towards a subject (a model, a token, "centre", or a feature:
   * its nearest point); `reaches` says whether it ends in contact (already asked as a `reach`
   * fact). A `leash` cuts the move short where it would take the creature out of it (R-BOARD-17).
   */
  readonly moveToward: (
    state: State,
    model: Model,
    subject: string,
    inches: number,
    reaches: boolean,
    leash?: MoveLeash,
  ) => MoveOutcome
  /** Moves a model `inches` directly away from a subject (Panic, B-DREAD-03). */
  readonly moveAway: (state: State, model: Model, subject: string, inches: number) => MoveOutcome
}

/**
 * A physical table: the players state where models end and what they see. A move is trusted to
 * be what the player says, within the allowance (B-ACTION-MOVE-01, B-ACTION-SPRINT-01).
 */
export const declared: Space = {
  kind: "declared",
  answer: () => undefined,
  move: (_state, _model, command, allowance) => {
    const climb = command.climb ?? 0
    const distance = command.distance ?? Math.max(0, allowance - climb)
    if (climb > distance)
      return Result.fail({
        reason: `climb: ${climb}" climbed is more than the ${distance}" moved`,
        clause: "B-ACTION-MOVE-02",
      })
    // Climbing costs double (B-ACTION-MOVE-02).
    const cost = distance + climb
    if (cost > allowance + 1e-9) {
      const what = command.type === "sprint" ? "Sprint" : "Move"
      return Result.fail({
        reason: `distance: a ${what} of ${distance}"${climb ? ` with ${climb}" climbing (double)` : ""} costs ${cost}", more than the ${allowance}" allowed`,
        clause:
          command.type === "sprint" ? "B-ACTION-SPRINT-01" : climb ? "B-ACTION-MOVE-02" : "B-ACTION-MOVE-01",
      })
    }
    return Result.succeed({
      cost,
      distance,
      contact: command.contact ?? [],
      offTable: command.offTable ?? false,
      to: command.to,
    })
  },
  moveToward: (_state, _model, subject, inches, reaches) => ({
    cost: inches,
    distance: inches,
    contact: reaches && subject !== "centre" ? [subject] : [],
    offTable: false,
  }),
  moveAway: (_state, _model, _subject, inches) => ({
    cost: inches,
    distance: inches,
    contact: [],
    offTable: false,
  }),
}
