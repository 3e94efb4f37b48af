/**
 * Stored packs, whichever game they are for (R-N-PACK-01): an upload is checked by its game's
 * loader together with the packs it requires, stored as a new version by its owner only, listed
 * and read back. The Blight's packs (/v1/packs) and Nightsong's (/v1/nightsong/packs) share this.
 */
import type { Problem } from "@blight/rules"
import { Effect, Result } from "effect"
import * as Lists from "../db/lists.js"
import * as Repo from "../db/repositories.js"
import { type ApiError, badRequest, conflict, forbidden, notFound, rulesViolated } from "./ApiError.js"
import type { Deps } from "./Deps.js"
import { decodeQuery, problemDetails } from "./decode.js"
import { PageQuery, paged } from "./paging.js"

type Player = Repo.Player

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

/** A game's packs: its ruleset, its core pack's id, and its loader (the core pack under the packs given). */
export interface PackGame {
  readonly ruleset: Repo.Ruleset
  readonly coreId: string
  /** "pack" or "Nightsong pack": how messages name one. */
  readonly noun: string
  readonly load: (
    inputs: ReadonlyArray<{ readonly source: string; readonly data: unknown }>,
  ) => Result.Result<unknown, { readonly problems: ReadonlyArray<Problem.Problem> }>
}

/** The game's stored packs named, latest versions, in order; 404 for one that doesn't exist. */
export const storedPacks = (
  deps: Deps,
  game: PackGame,
  ids: readonly string[],
): Effect.Effect<Repo.StoredPack[], ApiError> =>
  Effect.gen(function* () {
    const packs: Repo.StoredPack[] = []
    for (const id of ids) {
      const p = yield* db(() => Repo.packById(deps.db, id, game.ruleset))
      if (!p) return yield* Effect.fail(notFound(`no ${game.noun} "${id}"`))
      packs.push(p)
    }
    return packs
  })

export const packSummary = (p: Repo.StoredPack) => ({
  id: p.id,
  owner: p.ownerId,
  version: p.latest.version,
  versions: p.versions,
  manifest: (p.latest.body as { manifest?: unknown }).manifest,
})

type Manifest = { id?: unknown; version?: unknown; requires?: ReadonlyArray<{ pack?: unknown }> }

/** Why an upload is refused: another player's (403), this version stored (409), the other game's id (409). */
const packRefusal = (game: PackGame, id: string, version: string, why: "taken" | "exists" | "ruleset") =>
  why === "taken"
    ? forbidden(`${game.noun} "${id}" belongs to another player`)
    : why === "exists"
      ? conflict(`${game.noun} "${id}" already has version ${version}; publish a new version`)
      : conflict(`the id "${id}" is another game's pack: a pack id names one pack (R-N-PACK-01)`)

/**
 * Uploads a pack (declarative only: it is data, validated, never executed). The first upload of an
 * id makes the caller its owner; only the owner publishes new versions, each once.
 */
export const uploadPack = (game: PackGame) => (deps: Deps, player: Player, body: unknown) =>
  Effect.gen(function* () {
    const manifest = (body as { manifest?: Manifest } | null)?.manifest
    if (typeof manifest?.id !== "string" || typeof manifest.version !== "string") {
      return yield* Effect.fail(
        badRequest("a pack has a manifest with an id and a version", [
          { path: "manifest", message: "required" },
        ]),
      )
    }
    const id = manifest.id
    const version = manifest.version
    if (id === game.coreId)
      return yield* Effect.fail(forbidden("the core pack cannot be replaced by an upload"))
    const existing = yield* db(() => Repo.packById(deps.db, id, game.ruleset))
    if (existing && existing.ownerId !== player.id)
      return yield* Effect.fail(packRefusal(game, id, version, "taken"))
    // Both from the one read, so an upload racing this one can't make an owner's refusal a version's.
    if (existing?.versions.some((v) => v.version === version))
      return yield* Effect.fail(packRefusal(game, id, version, "exists"))
    // Not yet validated: a `requires` that is not a list is left to the loader to report (422).
    const required = (Array.isArray(manifest.requires) ? manifest.requires : [])
      .map((r) => r?.pack)
      .filter((x): x is string => typeof x === "string" && x !== game.coreId)
    // Loaded once, together with the packs it requires: their problems are reported too.
    const others = yield* storedPacks(deps, game, required)
    const loaded = game.load([
      ...others.map((p) => ({ source: p.id, data: p.latest.body })),
      { source: id, data: body },
    ])
    if (Result.isFailure(loaded))
      return yield* Effect.fail(
        rulesViolated(`${game.noun} "${id}" is not valid`, problemDetails(loaded.failure.problems)),
      )
    // Checked again as it is stored: an upload of the same id at once may have come first.
    const stored = yield* db(() =>
      Repo.insertPackVersion(deps.db, {
        id,
        ownerId: player.id,
        version,
        body,
        at: deps.now(),
        ruleset: game.ruleset,
      }),
    )
    if (stored !== "stored") return yield* Effect.fail(packRefusal(game, id, version, stored))
    return packSummary((yield* db(() => Repo.packById(deps.db, id, game.ruleset)))!)
  })

/** A page of the game's uploaded packs, by id. */
export const listPacks =
  (game: PackGame) =>
  (deps: Deps, query: unknown = {}) =>
    Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
      paged(q, 1, (req) => Lists.packsPage(deps.db, req, game.ruleset), packSummary),
    )

/** One of the game's packs, its versions and its latest body. */
export const getPack = (game: PackGame) => (deps: Deps, id: string) =>
  Effect.gen(function* () {
    const p = yield* db(() => Repo.packById(deps.db, id, game.ruleset))
    if (!p) return yield* Effect.fail(notFound(`no ${game.noun} "${id}"`))
    return { ...packSummary(p), body: p.latest.body }
  })
