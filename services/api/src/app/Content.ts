/** Content and packs over HTTP: the core pack with the stored homebrew packs, listed and read by kind; packs uploaded and read. */
import { Entries, Ids, loadWithCore, type Registry } from "@blight/rules"
import { Effect, Result, Schema } from "effect"
import { NumberFromString } from "../schemas.js"
import { type ApiError, badRequest, notFound, rulesViolated } from "./ApiError.js"
import type { Deps } from "./Deps.js"
import { decodeQuery, problemDetails } from "./decode.js"
import * as PackStore from "./packStore.js"

// ── content and packs ───────────────────────────────────────────────────────

const registryCache = new Map<string, Registry.Registry>()

/** The Blight's stored packs (R-N-PACK-01: any pack that is not Nightsong's). */
export const BLIGHT_PACKS: PackStore.PackGame = {
  ruleset: "the-blight",
  coreId: "the-blight",
  noun: "pack",
  load: loadWithCore,
}

/** The core pack merged with the stored homebrew packs named (latest versions), cached. */
export const contentWith = (
  deps: Deps,
  packIds: readonly string[],
): Effect.Effect<Registry.Registry, ApiError> =>
  Effect.gen(function* () {
    const packs = yield* PackStore.storedPacks(deps, BLIGHT_PACKS, packIds)
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

/** Uploads, lists and reads The Blight's homebrew packs (packStore.ts). */
export const uploadPack = PackStore.uploadPack(BLIGHT_PACKS)
export const listPacks = PackStore.listPacks(BLIGHT_PACKS)
export const getPack = PackStore.getPack(BLIGHT_PACKS)
