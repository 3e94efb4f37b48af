/**
 * What a rule waits for, and what answers it. A game builds its own `Prompt` union from these
 * parts (its fact queries are its own), so each game's schema keeps its own name, while the
 * kernel reads every prompt the same way: by its `kind`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const count = (max: number) => Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: max }))

/** Dice to roll: `dice` d6 (a game of other dice adds `sides`, see {@link SidedDicePrompt}). */
export const DicePrompt = Schema.Struct({
  kind: Schema.Literal("dice"),
  /** How many dice. */
  dice: count(40),
  purpose: Schema.String,
  /** Who answers: a seat, or "any". */
  by: Schema.String,
})

/** Dice of any size: `dice` × d`sides` (d6 when `sides` is left out). */
export const SidedDicePrompt = Schema.Struct({
  ...DicePrompt.fields,
  sides: Schema.optional(count(1000)),
})

/** A player's choice among named options. */
export const ChoicePrompt = Schema.Struct({
  kind: Schema.Literal("choice"),
  key: Schema.String,
  question: Schema.String,
  options: Schema.Array(Schema.String),
  by: Schema.String,
})

/** A fact about the table, asked by a game's own query, answered with one of `options`. */
export const FactPrompt = <Q extends Schema.Top, V extends Schema.Top>(query: Q, value: V) =>
  Schema.Struct({
    kind: Schema.Literal("fact"),
    query,
    /** The answers a player may give. */
    options: Schema.Array(value),
    question: Schema.String,
    by: Schema.String,
  })

/** A prompt as the kernel reads it. */
export type Prompt =
  | {
      readonly kind: "dice"
      readonly dice: number
      readonly sides?: number | undefined
      readonly purpose: string
      readonly by: string
    }
  | {
      readonly kind: "choice"
      readonly key: string
      readonly question: string
      readonly options: ReadonlyArray<string>
      readonly by: string
    }
  | {
      readonly kind: "fact"
      readonly query: unknown
      readonly options: ReadonlyArray<unknown>
      readonly question: string
      readonly by: string
    }

/** The faces a dice prompt takes. */
export const Faces = Schema.Array(Schema.Int)

/** An answer: the faces rolled, or a value (the option chosen, the fact's value). */
export type Answer = ReadonlyArray<number> | string | boolean | number | null

/** The sides of the dice a prompt asks for (d6 unless it says). */
export const sidesOf = (prompt: Extract<Prompt, { kind: "dice" }>): number => prompt.sides ?? 6

/** What a prompt asks, in words (its purpose or its question). */
export const askedOf = (prompt: Prompt): string => (prompt.kind === "dice" ? prompt.purpose : prompt.question)
