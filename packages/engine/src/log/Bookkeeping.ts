/**
 * The kernel's part of every game's state and log. A state has a `seq` (events applied), its
 * `dice` and, while a command runs or waits, its `pending` command with the answers it has had
 * and the prompt it waits on. Three bookkeeping events move them: `commanded` (a command's batch
 * begins), `prompted` (it waits for an input), `answered` (an input came). A game event settles
 * the command: the pending entry goes. Bookkeeping touches nothing else, so it commutes with the
 * game's events.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { advance } from "../dice/SeededDice.js"
import type { Answer, Prompt } from "../prompt/Prompt.js"
import { copy, type DeepMutable } from "./Copy.js"

/** A command running or waiting: what was commanded, by whom, its answers so far, and the prompt waiting. */
export interface Pending {
  readonly command: unknown
  readonly by?: string | undefined
  readonly answers: ReadonlyArray<Answer>
  readonly prompt?: Prompt | undefined
}

/** The fields every game's state has. */
export interface KernelState {
  readonly seq: number
  readonly pending?: Pending | undefined
  readonly dice: { readonly mode: "seeded" | "manual"; readonly prng?: ReadonlyArray<number> | undefined }
}

/** A kernel state being changed in place. */
export type KernelDraft = DeepMutable<KernelState>

/** The bookkeeping events. */
export type Bookkeeping =
  | { readonly type: "commanded"; readonly command: unknown; readonly by: string }
  | { readonly type: "prompted"; readonly prompt: Prompt }
  | { readonly type: "answered"; readonly answer: Answer }

/** The kinds of bookkeeping events. */
export const BOOKKEEPING: ReadonlySet<string> = new Set(["commanded", "prompted", "answered"])

/** Is this event bookkeeping? */
export const isBookkeeping = (e: { readonly type: string }): e is Bookkeeping => BOOKKEEPING.has(e.type)

/**
 * The bookkeeping events' schemas, for a game's `Event` union: its `Prompt` and `Answer` schemas
 * are its own. The command is the game's own too, and decoded by the game when it is run again.
 */
export const bookkeepingEvents = <P extends Schema.Top, A extends Schema.Top>(prompt: P, answer: A) =>
  [
    Schema.Struct({ type: Schema.Literal("commanded"), command: Schema.Unknown, by: Schema.String }),
    Schema.Struct({ type: Schema.Literal("prompted"), prompt }),
    Schema.Struct({ type: Schema.Literal("answered"), answer }),
  ] as const

/** Moves a seeded game's PRNG on by the dice a prompt asked for and the answer gave. */
const rolled = (d: KernelDraft, n: number, sides: number): void => {
  if (d.dice.mode !== "seeded" || d.dice.prng === undefined) return
  d.dice.prng = advance(d.dice.prng, n, sides)
}

const sidesWaiting = (d: KernelDraft): number => {
  const p = d.pending?.prompt
  return p?.kind === "dice" ? (p.sides ?? 6) : 6
}

/** Applies a bookkeeping event to a draft (`seq` is the caller's). */
export const applyBookkeeping = (d: KernelDraft, e: Bookkeeping): void => {
  switch (e.type) {
    case "commanded":
      d.pending = { command: e.command, by: e.by, answers: [] } as never
      return
    case "prompted":
      if (d.pending) d.pending.prompt = copy(e.prompt) as never
      return
    case "answered":
      answered(d, e.answer)
  }
}

/**
 * An answer taken: kept with the command, the prompt cleared, the dice moved on. Also the fused
 * form of a `prompted` + `answered` pair a run answers at once (no copy of the prompt it clears).
 */
export const answered = (d: KernelDraft, answer: Answer, sides = sidesWaiting(d)): void => {
  if (d.pending) {
    d.pending.answers.push(copy(answer) as never)
    d.pending.prompt = undefined
  }
  if (Array.isArray(answer)) rolled(d, answer.length, sides)
}
