/**
 * Named code hooks: what the effects vocabulary cannot say, written in TypeScript and referenced
 * from data by name only (`{ "kind": "hook", "hook": "core/radio-trophy", "params": {…} }`).
 * A hook declares a schema for its params, so a pack's params are checked at load time, and the
 * loader rejects a pack that names a hook nobody registered. The HTTP service accepts packs that
 * reference registered hooks only: no uploaded code ever runs.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Schema } from "effect"
import { HookName } from "../content/schema/Ids.js"
import type { Effect } from "./Effect.js"
import type { EventName } from "./Vocabulary.js"

export { HookName }

/** Where a hook is used from. */
export type HookPoint = "effect" | "behaviour" | "victory" | "draw" | "objective"

/** What a hook sees: the point it runs at, the event (for triggers), the facts, and the dice. */
export interface HookContext {
  readonly point: HookPoint
  readonly event?: EventName | undefined
  /** The engine's facts about the situation (the model, its target, the table), read-only. */
  readonly facts: unknown
  /** The only source of randomness a hook may use. */
  readonly dice: DiceSource
}

/** What a hook answers: effects to apply, a chosen model id (behaviours), or an outcome. */
export interface HookResult {
  readonly effects?: ReadonlyArray<Effect> | undefined
  readonly target?: string | undefined
  readonly outcome?: "win" | "lose" | "draw" | "continue" | undefined
  readonly note?: string | undefined
}

/** A code hook: its name, a one-line summary, the schema of its params, and its function. */
export interface HookDefinition<P = unknown> {
  readonly name: HookName
  readonly summary: string
  readonly points: ReadonlyArray<HookPoint>
  // The encoded side varies per hook and only the loader's decode sees it.
  // biome-ignore lint/suspicious/noExplicitAny: Schema is invariant in its encoded type
  readonly params: Schema.Schema<P, any>
  readonly run: (context: HookContext, params: P) => HookResult
}

/** A hook's implementation: everything but its name. */
export interface HookImpl<P, I = unknown> {
  readonly summary: string
  readonly points: ReadonlyArray<HookPoint>
  readonly params: Schema.Schema<P, I>
  readonly run: (context: HookContext, params: P) => HookResult
}

/** Defines a hook; the name is checked here so a typo fails at import time, not at load. */
export const defineHook = <P, I>(name: string, impl: HookImpl<P, I>): HookDefinition<P> => ({
  ...impl,
  name: Schema.decodeSync(HookName)(name),
})

/** A set of registered hooks. */
export interface HookRegistry {
  /** Registers a hook; registering a different hook under a taken name throws. */
  readonly register: <P>(hook: HookDefinition<P>) => void
  /** Registers an implementation under a name. */
  readonly registerHook: <P, I>(name: string, impl: HookImpl<P, I>) => HookDefinition<P>
  readonly get: (name: string) => HookDefinition | undefined
  readonly names: () => ReadonlyArray<string>
}

/** A new, empty hook registry (tests and the HTTP service use their own). */
// biome-ignore lint/suspicious/noExplicitAny: a list of hooks with different params types
export const makeHookRegistry = (initial: ReadonlyArray<HookDefinition<any>> = []): HookRegistry => {
  const hooks = new Map<string, HookDefinition>()
  const register = <P>(hook: HookDefinition<P>): void => {
    const prior = hooks.get(hook.name)
    if (prior !== undefined && prior !== (hook as HookDefinition))
      throw new Error(`hook ${JSON.stringify(hook.name)} is already registered`)
    hooks.set(hook.name, hook as HookDefinition)
  }
  const registry: HookRegistry = {
    register,
    registerHook: (name, impl) => {
      const hook = defineHook(name, impl)
      register(hook)
      return hook
    },
    get: (name) => hooks.get(name),
    names: () => [...hooks.keys()].sort(),
  }
  for (const h of initial) registry.register(h)
  return registry
}

/** The process-wide registry the loader uses by default. */
export const hooks: HookRegistry = makeHookRegistry()

/** Registers a hook implementation under a name in the process-wide registry. */
export const registerHook = <P, I>(name: string, impl: HookImpl<P, I>): HookDefinition<P> =>
  hooks.registerHook(name, impl)
