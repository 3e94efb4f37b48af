/**
 * What every resolver sees: the application's dependencies, the server's log, and the caller,
 * authenticated lazily from the request's `Authorization: Bearer <key>` header the first time a
 * field asks for it (once per request, whatever the number of fields that need it).
 */
import { Effect, type Exit } from "effect"
import type { ApiError } from "../app/ApiError.js"
import * as App from "../app/App.js"

export interface GraphqlContext {
  readonly deps: App.Deps
  readonly log: (msg: string) => void
  /** The caller, or unauthorized: runs `App.authenticate` on first use, then answers from memory. */
  readonly player: Effect.Effect<App.Player, ApiError>
}

export const makeContext = (
  deps: App.Deps,
  log: (msg: string) => void,
  authorization: string | null,
): GraphqlContext => {
  let memo: Promise<Exit.Exit<App.Player, ApiError>> | undefined
  const player = Effect.flatten(
    Effect.promise(() => {
      memo ??= Effect.runPromiseExit(App.authenticate(deps, authorization))
      return memo
    }),
  )
  return { deps, log, player }
}
