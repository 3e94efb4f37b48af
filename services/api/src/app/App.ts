/**
 * The application layer: every use-case the service offers, called by both the REST handlers and
 * the GraphQL resolvers, neither of which holds rules logic. Use-cases are Effects that fail only
 * with an `ApiError` (a typed, people-readable error); anything else is a defect, logged and
 * answered as an opaque 500. This module gathers them (content and packs: Content.ts; Refuges:
 * Refuges.ts; dice and odds: Dice.ts; raids, campaigns and simulations have their own) and holds
 * the players' registration.
 */

import { randomUUID } from "node:crypto"
import { Effect, Schema } from "effect"
import * as Repo from "../db/repositories.js"
import { rateLimited } from "./ApiError.js"
import type { Deps } from "./Deps.js"
import { decodeBody, decodeQuery } from "./decode.js"
import * as Keys from "./Keys.js"
import { hashKey, newKey } from "./Keys.js"
import { PageQuery } from "./paging.js"

export * from "./Content.js"
export type { Deps } from "./Deps.js"
export * from "./Dice.js"
export { decodeBody, decodeQuery, violationDetails } from "./decode.js"
export * from "./Refuges.js"

export type Player = Repo.Player

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

// ── players (their keys: Keys.ts) ───────────────────────────────────────────

export {
  ApiKeyInfo,
  authenticate,
  type Caller,
  checkKey,
  issueKey,
  keyHashOf,
  keyIdOf,
  MAX_KEYS,
  revokeKey,
} from "./Keys.js"

/** A page of the caller's keys (Keys.ts), its query decoded here. */
export const listKeys = (deps: Deps, caller: Keys.Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) => Keys.keysPage(deps, caller, q))

export const PlayerInput = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(200)),
}).annotate({ identifier: "PlayerInput" })

/**
 * Registers a player and returns its API key, shown this once and stored only as a hash. A valid
 * request spends a registration of `address` (429 past the budget, nothing stored).
 */
export const registerPlayer = (deps: Deps, body: unknown, address = "unknown") =>
  Effect.gen(function* () {
    const input = yield* decodeBody(PlayerInput, body)
    const wait = deps.registrations ? yield* db(() => deps.registrations!(address)) : 0
    if (wait > 0) {
      const limit = deps.registrationLimit
      const per = limit
        ? `${limit.points} players per ${Math.round(limit.windowMs / 1000)}s`
        : "only so many players"
      return yield* Effect.fail(
        rateLimited(`an address may register ${per} (RATE_LIMIT_REGISTRATIONS): try again in ${wait}s`, wait),
      )
    }
    const player: Player = { id: randomUUID(), name: input.name, createdAt: deps.now() }
    const apiKey = newKey()
    yield* db(() => Repo.insertPlayer(deps.db, player, hashKey(apiKey)))
    return { player, apiKey }
  })
