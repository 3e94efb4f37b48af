/**
 * The reactions lower rules call back (late binding): a move or Noise can bring a lurking Ambusher
 * out, a move can make a survivor test Dread, a trigger can bring creatures. The rules that answer
 * (creatures/, nerve/) stand above the ones that call them (actions/, noise/, effects/) and import
 * them; the callers reach them through this registry instead, so no import goes back up. It is
 * filled once, by {@link bindReactions} in `round/Flow.ts` (with `Wiring.ts`), as the engine loads.
 *
 * @since 0.6.0
 */
import type { Effect } from "../vocabulary/Effect.js"
import type { Ctx } from "./Context.js"
import type { Model } from "./State.js"

/** A trigger's effect that brings creatures: a named creature or an Encounter roll, or a table roll. */
export type Summon = Extract<Effect, { kind: "spawn" | "rollTable" }>

export interface Reactions {
  /** A survivor made Noise or ended a move: lurking Ambushers may emerge (B-BEHAVIOUR-06). */
  readonly ambush: (ctx: Ctx, survivorId: string, trigger: "noise" | "endMove") => void
  /** Dread checks for these survivors and creatures, either list meaning everyone (R-BATTLE-23). */
  readonly dread: (ctx: Ctx, survivors?: ReadonlyArray<string>, creatures?: ReadonlyArray<string>) => void
  /** A trigger's `spawn` or `rollTable` effect for its owner (`here`, `home`: see `doEffect`). */
  readonly summon: (ctx: Ctx, owner: Model, e: Summon, source: string, here?: string, home?: string) => void
}

const unbound = (name: keyof Reactions) => (): never => {
  // A programming error, not a rule: the engine's wiring was not loaded.
  throw new Error(`battle: the "${name}" reaction is not bound (round/Flow.ts binds it)`)
}

const bound: { -readonly [K in keyof Reactions]: Reactions[K] } = {
  ambush: unbound("ambush"),
  dread: unbound("dread"),
  summon: unbound("summon"),
}

/** The reactions, as bound. */
export const reactions: Reactions = bound

/** Binds the reactions to the rules that answer them (once, from `round/Flow.ts`). */
export const bindReactions = (r: Reactions): void => {
  bound.ambush = r.ambush
  bound.dread = r.dread
  bound.summon = r.summon
}
