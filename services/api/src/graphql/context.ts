/**
 * What every resolver sees: the application's dependencies, the server's log (each line tagged
 * with the request's id), and the caller, whom the server authenticated from the request's
 * `Authorization: Bearer <key>` before the rate limit (once per request, whatever the number of
 * fields that need it).
 */
import { Effect, type Exit } from "effect"
import type { ApiError } from "../app/ApiError.js"
import type * as App from "../app/App.js"

export interface GraphqlContext {
  readonly deps: App.Deps
  readonly log: (msg: string) => void
  readonly requestId: string
  /** The address the request came from (registrations are counted by it). */
  readonly address: string
  /** The caller, or unauthorized. */
  readonly player: Effect.Effect<App.Caller, ApiError>
}

export const makeContext = (
  deps: App.Deps,
  log: (msg: string) => void,
  caller: Promise<Exit.Exit<App.Caller, ApiError>>,
  requestId: string,
  address = "unknown",
): GraphqlContext => ({
  deps,
  log: (msg) => log(`[${requestId}] ${msg}`),
  requestId,
  address,
  player: Effect.flatten(Effect.promise(() => caller)),
})
