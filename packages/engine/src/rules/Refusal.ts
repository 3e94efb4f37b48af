/**
 * The two ways a rule stops short: it waits for an input (`Suspend`), or the rules forbid what
 * was asked (`Refusal`). Both are thrown, so a rule is straight-line code.
 *
 * @since 0.1.0
 */
import type { Prompt } from "../prompt/Prompt.js"

/** A rule stopped to wait for an input. */
export class Suspend<P extends Prompt = Prompt> {
  readonly _tag = "Suspend"
  constructor(readonly prompt: P) {}
}

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

/** Refuses the command. A function declaration, so that TypeScript narrows after a call to it. */
export function refuse(reason: string, clause?: string): never {
  throw new Refusal(reason, clause)
}

/** A refused command, as the caller gets it: why, and the rule. */
export interface Rejection {
  readonly reason: string
  readonly clause?: string | undefined
}
