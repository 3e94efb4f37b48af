/**
 * Nightsong packs over HTTP (R-N-PACK-01, R-N-PACK-02): uploaded, versioned, listed and read back
 * as The Blight's are (packStore.ts), checked by Nightsong's loader over its core pack; and the
 * content a game is set up with, from stored packs named by id and version (R-N-PACK-06).
 */
import { Packs } from "@blight/nightsong"
import { Effect, Result, Schema } from "effect"
import * as Repo from "../db/repositories.js"
import { type ApiError, notFound, rulesViolated } from "./ApiError.js"
import type { Deps } from "./Deps.js"
import { problemDetails } from "./decode.js"
import * as PackStore from "./packStore.js"

export const NIGHTSONG_PACKS: PackStore.PackGame = {
  ruleset: "nightsong",
  coreId: Packs.CORE_ID,
  noun: "Nightsong pack",
  load: Packs.loadWithCore,
}

export const uploadNightsongPack = PackStore.uploadPack(NIGHTSONG_PACKS)
export const listNightsongPacks = PackStore.listPacks(NIGHTSONG_PACKS)
export const getNightsongPack = PackStore.getPack(NIGHTSONG_PACKS)

/** A stored pack at one version, as a game names it. */
export const PackRef = Schema.Struct({
  id: Packs.Slug.annotate({ description: "A stored Nightsong pack's id" }),
  version: Packs.Version.annotate({ description: 'The version to play with, e.g. "1.0.0"' }),
}).annotate({ identifier: "NightsongPackRef" })
export type PackRef = typeof PackRef.Type

/**
 * The core pack with the stored packs named merged over it, in the order given (a pack's
 * requirements among them, R-N-PACK-02): 404 for a version not stored, 422 with every problem
 * when they do not load together.
 */
export const gameContent = (
  deps: Deps,
  refs: ReadonlyArray<PackRef>,
): Effect.Effect<Packs.Content, ApiError> =>
  Effect.gen(function* () {
    const inputs: Array<{ source: string; data: unknown }> = []
    for (const ref of refs) {
      const body = yield* Effect.promise(() =>
        Repo.packVersionBody(deps.db, ref.id, ref.version, "nightsong"),
      )
      if (body === undefined)
        return yield* Effect.fail(notFound(`no Nightsong pack "${ref.id}" at version ${ref.version}`))
      inputs.push({ source: `${ref.id}@${ref.version}`, data: body })
    }
    const loaded = Packs.loadWithCore(inputs)
    if (Result.isFailure(loaded))
      return yield* Effect.fail(
        rulesViolated("the Nightsong packs do not load together", problemDetails(loaded.failure.problems)),
      )
    return loaded.success
  })
