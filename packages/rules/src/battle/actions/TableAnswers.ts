/**
 * What actions ask the table, and what they do when its answer rules the action out.
 *
 * @since 0.6.0
 */
import { type Ctx, refuse } from "../Context.js"

/**
 * A refusal learned from the table's answer: before any input was taken the command is refused
 * outright; after, the facts stand and the command does nothing.
 */
export const refused = (ctx: Ctx, reason: string, clause: string): void => {
  if (!ctx.consumedInputs) refuse(reason, clause)
  ctx.emit({ type: "refused", reason, clause })
}

interface Named {
  readonly id: string
  readonly name: string
}

/** Whether the table says `a` is in base contact with `b` (asked of `by`, else of anyone). */
export const inBaseContact = (ctx: Ctx, a: Named, b: Named, by?: string): boolean =>
  ctx.fact({ q: "contact", a: a.id, b: b.id }, `Is ${a.name} in base contact with ${b.name}?`, by) === true
