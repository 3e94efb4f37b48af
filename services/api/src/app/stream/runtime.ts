/**
 * The streams' runtime, one per service (per database handle, so two services in one process, as
 * in a restart test, share nothing): the states kept by version, the notifier that tells every
 * listener a stream grew, and the followers open now.
 */
import { LRUCache } from "lru-cache"
import { localNotifier, type Notifier } from "../../live/Notifier.js"
import type { Deps } from "../Deps.js"
import type { StreamEngine, StreamTypes } from "./Engine.js"

export interface Kept<S> {
  readonly version: number
  readonly state: S
}

interface Runtime {
  /** Each engine's states by stream: a version names one state, so a kept one is exact (undo works on it). */
  readonly states: Map<string, LRUCache<string, Kept<unknown>>>
  /**
   * Tells listeners a stream grew (the new version); they read the events from the database. On
   * PostgreSQL it hears of appends made through every instance (LISTEN/NOTIFY).
   */
  readonly notifier: Notifier
  /** Aborted when the service closes: every follower ends, so no stream holds the server open. */
  readonly closing: AbortController
  /** Followers open now (metrics). */
  following: number
}

const runtimes = new WeakMap<object, Runtime>()

export const runtimeOf = (deps: Deps): Runtime => {
  let rt = runtimes.get(deps.db)
  if (!rt) {
    rt = {
      states: new Map(),
      notifier: deps.notifier ?? localNotifier(),
      closing: new AbortController(),
      following: 0,
    }
    runtimes.set(deps.db, rt)
  }
  return rt
}

/** The states an engine keeps, by stream. */
export const statesOf = <T extends StreamTypes>(
  deps: Deps,
  engine: StreamEngine<T>,
): LRUCache<string, Kept<T["state"]>> => {
  const rt = runtimeOf(deps)
  let kept = rt.states.get(engine.noun)
  if (!kept) {
    kept = new LRUCache({ max: engine.kept })
    rt.states.set(engine.noun, kept)
  }
  return kept as LRUCache<string, Kept<T["state"]>>
}

/** The notifier every stream of the service shares: appends to any stream are told through it. */
export const notifierOf = (deps: Deps): Notifier => runtimeOf(deps).notifier

/** How many followers (SSE streams, GraphQL subscriptions) are open now (metrics). */
export const followersOpen = (deps: Deps): number => runtimeOf(deps).following

/** Ends every follower of the service's streams (their SSE streams and subscriptions end cleanly). */
export const endFollowers = (deps: Deps): void => runtimeOf(deps).closing.abort()
