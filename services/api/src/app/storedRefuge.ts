/** A stored Refuge (or Congregation) of the caller's, to play in a raid or a campaign. */
import type { Refuge } from "@blight/rules"
import { Effect } from "effect"
import * as Repo from "../db/repositories.js"
import { type ApiError, forbidden, notFound } from "./ApiError.js"
import type { Deps } from "./Deps.js"

/** 404 when there is none, 403 when it is another player's. */
export const storedRefuge = (
  deps: Deps,
  player: { readonly id: string },
  id: string,
): Effect.Effect<Refuge.Refuge, ApiError> =>
  Effect.gen(function* () {
    const r = yield* Effect.promise(() => Repo.refugeById(deps.db, id))
    if (!r) return yield* Effect.fail(notFound(`no refuge "${id}"`))
    if (r.ownerId !== player.id)
      return yield* Effect.fail(forbidden(`${r.kind} "${r.id}" belongs to another player`))
    return r.body as Refuge.Refuge
  })
