/**
 * Named code hooks: what the effects vocabulary cannot say, written in TypeScript and referenced
 * from data by name only (`{ "kind": "hook", "hook": "core/radio-trophy", "params": {…} }`).
 * A hook declares a schema for its params, so a pack's params are checked at load time, and the
 * loader rejects a pack that names a hook nobody registered. It declares the schema of the facts it
 * reads too, decoded by a decoder built once when the hook is defined, and it answers with typed
 * operations in the effects vocabulary ({@link HookResult}), never with text. The HTTP service accepts packs that
 * reference registered hooks only: no uploaded code ever runs.
 *
 * @since 0.1.0
 */
import { type DiceSource, SchemaText } from "@blight/dice"
import { Data, Result, Schema } from "effect"
import { HookName } from "../terms/Ids.js"
import { Effect } from "./Effect.js"
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

/**
 * One thing a hook does: an effect in the vocabulary, for the model or survivor `to` (left out:
 * whoever the effect's `scope` names, as if the effect were written in the entry).
 */
export const Operation = Schema.Struct({
  to: Schema.optional(Schema.String),
  effect: Effect,
}).annotate({ identifier: "HookOperation", description: "An effect a hook answers with" })
export type Operation = typeof Operation.Type

/**
 * What a hook answers, all typed: operations in the effects vocabulary, a chosen model id
 * (behaviours, who moves next) and an outcome (victory, draw, objectives). No text: the engine
 * acts on every field, and the log says what happened in its own words.
 */
export const HookResult = Schema.Struct({
  operations: Schema.optional(Schema.Array(Operation)),
  target: Schema.optional(Schema.String),
  outcome: Schema.optional(Schema.Literals(["win", "lose", "draw", "continue"])),
}).annotate({ identifier: "HookResult", description: "A hook's typed answer" })
export type HookResult = typeof HookResult.Type

/** The facts given to a hook are not what it declared: which hook, and what was wrong. */
export class HookFactsInvalid extends Data.TaggedError("HookFactsInvalid")<{
  readonly hook: string
  readonly message: string
}> {}

/** A hook's implementation: everything but its name. */
export interface HookImpl<P, F, I = unknown, FI = unknown> {
  readonly summary: string
  readonly points: ReadonlyArray<HookPoint>
  /** Its params, written in the pack; checked at load time. */
  readonly params: Schema.Codec<P, I>
  /** The facts it needs from the engine when it runs; decoded by a decoder built once. */
  readonly facts: Schema.Codec<F, FI>
  readonly run: (context: HookContext, params: P, facts: F) => HookResult
}

/** A code hook: its name, a one-line summary, its params' and facts' schemas, and its function. */
export interface HookDefinition<P = unknown, F = unknown> {
  readonly name: HookName
  readonly summary: string
  readonly points: ReadonlyArray<HookPoint>
  // The encoded side varies per hook and only the loader's decode sees it.
  // biome-ignore lint/suspicious/noExplicitAny: Schema is invariant in its encoded type
  readonly params: Schema.Codec<P, any>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  readonly facts: Schema.Codec<F, any>
  /** Checks a pack's params (built once, at definition). */
  readonly decodeParams: (u: unknown) => Result.Result<P, Schema.SchemaError>
  /** Decodes `context.facts` with the decoder built at definition, then answers. */
  readonly run: (context: HookContext, params: P) => Result.Result<HookResult, HookFactsInvalid>
}

const parseOptions = { errors: "all", onExcessProperty: "error", reportInput: true } as const

/** Defines a hook; the name is checked here so a typo fails at import time, not at load. */
export const defineHook = <P, F, I, FI>(name: string, impl: HookImpl<P, F, I, FI>): HookDefinition<P, F> => {
  const hookName = Schema.decodeSync(HookName)(name)
  // Built once: decoding facts is on the engine's hot path (hundreds of calls a raid).
  const decodeFacts = Schema.decodeUnknownResult(impl.facts, { reportInput: true })
  return {
    name: hookName,
    summary: impl.summary,
    points: impl.points,
    params: impl.params,
    facts: impl.facts,
    decodeParams: Schema.decodeUnknownResult(impl.params, parseOptions),
    run: (context, params) =>
      Result.match(decodeFacts(context.facts), {
        onFailure: (e) => Result.fail(new HookFactsInvalid({ hook: hookName, message: SchemaText.tree(e) })),
        onSuccess: (facts) => Result.succeed(impl.run(context, params, facts)),
      }),
  }
}

/** A set of registered hooks. */
export interface HookRegistry {
  /** Registers a hook; registering a different hook under a taken name throws. */
  readonly register: <P, F>(hook: HookDefinition<P, F>) => void
  /** Registers an implementation under a name. */
  readonly registerHook: <P, F, I, FI>(name: string, impl: HookImpl<P, F, I, FI>) => HookDefinition<P, F>
  readonly get: (name: string) => HookDefinition | undefined
  readonly names: () => ReadonlyArray<string>
}

/** A new, empty hook registry (tests and the HTTP service use their own). */
// biome-ignore lint/suspicious/noExplicitAny: a list of hooks with different params types
export const makeHookRegistry = (initial: ReadonlyArray<HookDefinition<any, any>> = []): HookRegistry => {
  const hooks = new Map<string, HookDefinition>()
  const register = <P, F>(hook: HookDefinition<P, F>): void => {
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
export const registerHook = <P, F, I, FI>(name: string, impl: HookImpl<P, F, I, FI>): HookDefinition<P, F> =>
  hooks.registerHook(name, impl)
