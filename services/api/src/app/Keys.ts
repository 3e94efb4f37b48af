/**
 * API keys: who a request's key says the caller is, and the caller's keys (list, issue, rotate,
 * revoke). A key is shown once and stored only as its hash. Every check of a player's keys and
 * the write it allows are one transaction under the player's lock (repositories.ts, lockPlayer),
 * so concurrent requests on either database keep the limit and revoke a key exactly once.
 */
import { hash, randomBytes } from "node:crypto"
import { Effect, Exit, Schema } from "effect"
import * as Repo from "../db/repositories.js"
import { type ApiError, conflict, notFound, unauthorized } from "./ApiError.js"
import type { Deps } from "./Deps.js"
import { type PageQuery, paged, pageInMemory } from "./paging.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)
// One-shot (no Hash object to make and collect): every authenticated request hashes its key.
export const hashKey = (key: string) => hash("sha256", key, "hex")

/** A caller: the player, and the id of the key they used (so they can rotate it). */
export interface Caller extends Repo.Player {
  readonly keyId: string
}

/** A key's public id: the start of its hash (the key itself is never stored). */
export const keyIdOf = (keyHash: string) => keyHash.slice(0, 16)
export const newKey = () => `blt_${randomBytes(24).toString("base64url")}`

/** The player an `Authorization: Bearer <key>` header names, or a 401. */
export const authenticate = (
  deps: Deps,
  header: string | null | undefined,
): Effect.Effect<Caller, ApiError> => Effect.flatten(Effect.promise(() => checkKey(deps, header)))

/**
 * {@link authenticate} as a plain promise of its Exit: every authenticated request asks it, and
 * the server's hot path does without a fiber for it (about 5 µs each, docs/performance.md).
 */
export const checkKey = async (
  deps: Deps,
  header: string | null | undefined,
): Promise<Exit.Exit<Caller, ApiError>> => {
  const hash = keyHashOf(header)
  if (hash === undefined) return Exit.fail(unauthorized())
  const player = await Repo.playerByKeyHash(deps.db, hash)
  if (!player) return Exit.fail(unauthorized("the API key is not valid"))
  return Exit.succeed({ ...player, keyId: keyIdOf(hash) })
}

/**
 * The hash of the key a Bearer header carries. A key is `blt_` and 32 characters; anything much
 * longer is not one, and is not hashed.
 */
export const keyHashOf = (header: string | null | undefined): string | undefined => {
  const m = /^Bearer\s+(\S{1,200})$/i.exec(header ?? "")
  return m ? hashKey(m[1]!) : undefined
}

/** A player may hold this many keys at once (a rotation replaces one, so it works at the limit too). */
export const MAX_KEYS = 10

export const ApiKeyInfo = Schema.Struct({
  id: Schema.String.annotate({ description: "The key's id (not the key: that is shown once)" }),
  createdAt: Schema.String,
  current: Schema.Boolean.annotate({ description: "Whether this request was made with it" }),
}).annotate({ identifier: "ApiKeyInfo" })

/**
 * A page of the caller's keys, oldest first. Paged in memory: a player holds at most MAX_KEYS, and
 * a cursor of the key's id (not its hash, which the database compares) is all a client may see.
 */
export const keysPage = (deps: Deps, caller: Caller, q: typeof PageQuery.Type) =>
  paged(
    q,
    2,
    async (req) => {
      const keys = (await Repo.keysOf(deps.db, caller.id)).map((k) => ({
        id: keyIdOf(k.keyHash),
        createdAt: k.createdAt,
        current: keyIdOf(k.keyHash) === caller.keyId,
      }))
      return pageInMemory(keys, (k) => [k.createdAt, k.id], req)
    },
    (k) => k,
  )

/**
 * A new key for the caller, shown once. With `rotate`, the key the request was made with is
 * revoked in the same transaction, so exactly one of the two works afterwards; of rotations of one
 * key at once the first wins and the rest are 401, as a request with a revoked key is. The limit
 * is checked in the transaction that adds the key (repositories.ts, lockPlayer).
 */
export const issueKey = (deps: Deps, caller: Caller, rotate: boolean) =>
  Effect.gen(function* () {
    const apiKey = newKey()
    const hash = hashKey(apiKey)
    const isCurrent = (keyHash: string) => keyIdOf(keyHash) === caller.keyId
    const stored = yield* db(() =>
      rotate
        ? Repo.rotateKey(deps.db, caller.id, isCurrent, hash, deps.now())
        : Repo.addKey(deps.db, caller.id, hash, deps.now(), MAX_KEYS),
    )
    if (!stored)
      return yield* Effect.fail(
        rotate
          ? unauthorized("the API key is not valid")
          : conflict(`a player holds at most ${MAX_KEYS} keys: revoke one first`),
      )
    return { id: keyIdOf(hash), apiKey, ...(rotate ? { revoked: caller.keyId } : {}) }
  })

/** Revokes one of the caller's keys (404 if it is not theirs); the last key cannot be revoked. */
export const revokeKey = (deps: Deps, caller: Caller, id: string) =>
  Effect.gen(function* () {
    const outcome = yield* db(() => Repo.revokeKey(deps.db, caller.id, (keyHash) => keyIdOf(keyHash) === id))
    if (outcome === "missing") return yield* Effect.fail(notFound(`no key "${id.slice(0, 64)}" of yours`))
    if (outcome === "last")
      return yield* Effect.fail(conflict("this is your only key: issue another before revoking it"))
    return { id, revoked: true }
  })
