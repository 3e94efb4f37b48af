/**
 * Reads that check the caller's key and read the row's head in one round trip: on PostgreSQL each
 * trip costs a system call each way and a wake-up of the server, and the key check and the head
 * were two (docs/performance.md). The server still decides in the same order as for any request:
 * the key's outcome first (a failure counted against the address), then the rate limit, then the
 * answer; the head read with the key is only used when both let the request through.
 */
import { Exit } from "effect"
import * as Repo from "../db/repositories.js"
import { type ApiError, unauthorized } from "./ApiError.js"
import { type Caller, type Deps, keyHashOf, keyIdOf, refugeJson } from "./App.js"

export interface KeyedRead {
  /** The key's outcome, as App.checkKey would give it. */
  readonly key: Exit.Exit<Caller, ApiError>
  /** The answer for the verified caller. */
  readonly answer: (caller: Caller) => Promise<Exit.Exit<Buffer<ArrayBuffer>, ApiError>>
}

const refused: KeyedRead["answer"] = async () => Exit.fail(unauthorized())

/** A Refuge's (or Congregation's) view, the key checked in the same query as the row's head. */
export const refugeWithKey = async (
  deps: Deps,
  header: string,
  id: string,
  kind?: string,
): Promise<KeyedRead> => {
  const hash = keyHashOf(header)
  if (hash === undefined) return { key: Exit.fail(unauthorized()), answer: refused }
  const found = await Repo.keyAndRefugeHead(deps.db, id, hash)
  if (!found) return { key: Exit.fail(unauthorized("the API key is not valid")), answer: refused }
  return {
    key: Exit.succeed({ ...found.player, keyId: keyIdOf(hash) }),
    answer: (caller) => refugeJson(deps, caller, id, kind, { head: found.head }),
  }
}
