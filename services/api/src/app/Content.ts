/** Content and packs over HTTP: the core pack with the stored homebrew packs, listed and read by kind; packs uploaded and read. */
import { Entries, Ids, loadWithCore, type Registry } from "@blight/rules"
import { Effect, Result, Schema } from "effect"
import * as Lists from "../db/lists.js"
import * as Repo from "../db/repositories.js"
import { NumberFromString } from "../schemas.js"
import { type ApiError, badRequest, conflict, forbidden, notFound, rulesViolated } from "./ApiError.js"
import type { Deps } from "./Deps.js"
import { decodeQuery, problemDetails } from "./decode.js"
import { PageQuery, paged } from "./paging.js"

type Player = Repo.Player

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)
// ── content and packs ───────────────────────────────────────────────────────

const registryCache = new Map<string, Registry.Registry>()

/** The core pack merged with the stored homebrew packs named (latest versions), cached. */
/** The stored packs named, latest versions, in order; 404 for one that doesn't exist. */
const storedPacks = (deps: Deps, ids: readonly string[]): Effect.Effect<Repo.StoredPack[], ApiError> =>
  Effect.gen(function* () {
    const packs: Repo.StoredPack[] = []
    for (const id of ids) {
      const p = yield* db(() => Repo.packById(deps.db, id))
      if (!p) return yield* Effect.fail(notFound(`no pack "${id}"`))
      packs.push(p)
    }
    return packs
  })

export const contentWith = (
  deps: Deps,
  packIds: readonly string[],
): Effect.Effect<Registry.Registry, ApiError> =>
  Effect.gen(function* () {
    const packs = yield* storedPacks(deps, packIds)
    // The loader orders packs by their `requires` (R-CONTENT-03); the cache key is the order asked.
    const key = packs.map((p) => `${p.id}@${p.latest.version}`).join(",")
    const cached = registryCache.get(key)
    if (cached) return cached
    const loaded = loadWithCore(
      packs.map((p) => ({ source: `${p.id}@${p.latest.version}`, data: p.latest.body })),
    )
    if (Result.isFailure(loaded))
      return yield* Effect.fail(
        rulesViolated("the packs do not load together", problemDetails(loaded.failure.problems)),
      )
    if (registryCache.size > 200) registryCache.clear()
    registryCache.set(key, loaded.success)
    return loaded.success
  })

export const ContentQuery = Schema.Struct({
  packs: Schema.optional(Schema.String.check(Schema.isMaxLength(1000))),
  provenance: Schema.optional(Schema.Literals(["rules", "provisional"])),
  pack: Schema.optional(Schema.String.check(Schema.isMaxLength(64))),
  q: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
  limit: Schema.optional(
    NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 500 })),
  ),
  offset: Schema.optional(NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))),
})

const kindOf = (kind: string): Effect.Effect<Ids.Kind, ApiError> =>
  (Ids.KINDS as readonly string[]).includes(kind)
    ? Effect.succeed(kind as Ids.Kind)
    : Effect.fail(notFound(`no content kind "${kind}"; one of: ${Ids.KINDS.join(", ")}`))

/**
 * An entry as a pack writes it (its schema's encoded side: a dice expression is the text "2d6",
 * not the decoded object), so what a client reads back is what it would upload.
 */
const wireEntry = (kind: Ids.Kind, entry: Entries.AnyEntry): unknown =>
  Schema.encodeSync(Entries.entrySchemas[kind] as unknown as Schema.Codec<Entries.AnyEntry, unknown>)(entry)

const packList = (packs: string | undefined) =>
  packs
    ? packs
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : []

/** A page of entries of one kind, with the pack each came from. */
export const listContent = (deps: Deps, kindName: string, query: unknown) =>
  Effect.gen(function* () {
    const kind = yield* kindOf(kindName)
    const q = yield* decodeQuery(ContentQuery, query)
    const packs = packList(q.packs)
    // Filtering by a homebrew pack that is not merged in would always give an empty page.
    if (q.pack && q.pack !== "the-blight" && !packs.includes(q.pack))
      return yield* Effect.fail(
        badRequest(`pack=${q.pack} filters the entries of packs merged in: add packs=${q.pack}`, [
          { path: "pack", message: `not one of the packs asked for (packs=${packs.join(",")})` },
        ]),
      )
    const registry = yield* contentWith(deps, packs)
    const needle = q.q?.toLowerCase()
    const all = registry
      .listSourced(kind)
      .filter((s) => (q.provenance ? s.entry.provenance === q.provenance : true))
      .filter((s) => (q.pack ? s.pack === q.pack : true))
      .filter((s) =>
        needle ? s.entry.name.toLowerCase().includes(needle) || s.entry.id.includes(needle) : true,
      )
    const offset = q.offset ?? 0
    const limit = q.limit ?? 100
    return {
      kind,
      total: all.length,
      offset,
      limit,
      items: all.slice(offset, offset + limit).map((s) => ({
        pack: s.pack,
        ...(s.replaced ? { replaces: s.replaced } : {}),
        entry: wireEntry(kind, s.entry),
      })),
    }
  })

/** One entry. */
export const getContent = (deps: Deps, kindName: string, id: string, query: unknown) =>
  Effect.gen(function* () {
    const kind = yield* kindOf(kindName)
    const q = yield* decodeQuery(ContentQuery, query)
    const registry = yield* contentWith(deps, packList(q.packs))
    const s = registry.sourced(kind, id)
    if (!s) return yield* Effect.fail(notFound(`no ${kind} "${id}"`))
    return { pack: s.pack, ...(s.replaced ? { replaces: s.replaced } : {}), entry: wireEntry(kind, s.entry) }
  })

const packSummary = (p: Repo.StoredPack) => ({
  id: p.id,
  owner: p.ownerId,
  version: p.latest.version,
  versions: p.versions,
  manifest: (p.latest.body as { manifest?: unknown }).manifest,
})

/**
 * Uploads a homebrew pack (declarative only: it is data, validated, never executed). The first
 * upload of an id makes the caller its owner; only the owner publishes new versions, each once.
 */
export const uploadPack = (deps: Deps, player: Player, body: unknown) =>
  Effect.gen(function* () {
    const manifest = (
      body as {
        manifest?: { id?: unknown; version?: unknown; requires?: ReadonlyArray<{ pack?: unknown }> }
      } | null
    )?.manifest
    if (typeof manifest?.id !== "string" || typeof manifest.version !== "string") {
      return yield* Effect.fail(
        badRequest("a pack has a manifest with an id and a version", [
          { path: "manifest", message: "required" },
        ]),
      )
    }
    const id = manifest.id
    if (id === "the-blight")
      return yield* Effect.fail(forbidden("the core pack cannot be replaced by an upload"))
    const existing = yield* db(() => Repo.packById(deps.db, id))
    if (existing && existing.ownerId !== player.id)
      return yield* Effect.fail(packRefusal(id, manifest.version, "taken"))
    // Both from the one read, so an upload racing this one can't make an owner's refusal a version's.
    if (existing?.versions.some((v) => v.version === manifest.version))
      return yield* Effect.fail(packRefusal(id, manifest.version, "exists"))
    // Not yet validated: a `requires` that is not a list is left to the loader to report (422).
    const required = (Array.isArray(manifest.requires) ? manifest.requires : [])
      .map((r) => r?.pack)
      .filter((x): x is string => typeof x === "string" && x !== "the-blight")
    // Loaded once, together with the packs it requires: their problems are reported too.
    const others = yield* storedPacks(deps, required)
    const loaded = loadWithCore([
      ...others.map((p) => ({ source: p.id, data: p.latest.body })),
      { source: id, data: body },
    ])
    if (Result.isFailure(loaded))
      return yield* Effect.fail(
        rulesViolated(`pack "${id}" is not valid`, problemDetails(loaded.failure.problems)),
      )
    // Checked again as it is stored: an upload of the same id at once may have come first.
    const stored = yield* db(() =>
      Repo.insertPackVersion(deps.db, {
        id,
        ownerId: player.id,
        version: manifest.version as string,
        body,
        at: deps.now(),
      }),
    )
    if (stored !== "stored") return yield* Effect.fail(packRefusal(id, manifest.version, stored))
    return packSummary((yield* db(() => Repo.packById(deps.db, id)))!)
  })

/** Why an upload is refused: the pack is another player's (403), or has this version (409). */
const packRefusal = (id: string, version: string, why: "taken" | "exists") =>
  why === "taken"
    ? forbidden(`pack "${id}" belongs to another player`)
    : conflict(`pack "${id}" already has version ${version}; publish a new version`)

/** A page of the uploaded packs, by id. */
export const listPacks = (deps: Deps, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(q, 1, (req) => Lists.packsPage(deps.db, req), packSummary),
  )

export const getPack = (deps: Deps, id: string) =>
  Effect.gen(function* () {
    const p = yield* db(() => Repo.packById(deps.db, id))
    if (!p) return yield* Effect.fail(notFound(`no pack "${id}"`))
    return { ...packSummary(p), body: p.latest.body }
  })
