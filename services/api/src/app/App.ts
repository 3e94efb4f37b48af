/**
 * The application layer: every use-case the service offers, called by both the REST handlers and
 * the GraphQL resolvers, neither of which holds rules logic. Use-cases are Effects that fail only
 * with an `ApiError` (a typed, people-readable error); anything else is a defect, logged and
 * answered as an opaque 500.
 */

import { randomInt, randomUUID } from "node:crypto"
import { seeded } from "@blight/dice"
import {
  Entries,
  Founding,
  Ids,
  JsonSchemas,
  Ledger,
  loadWithCore,
  Market,
  type Problem,
  type Refuge,
  type Registry,
} from "@blight/rules"
import { Effect, Exit, Result, Schema } from "effect"
import { LRUCache } from "lru-cache"
import * as Lists from "../db/lists.js"
import * as Repo from "../db/repositories.js"
import { NumberFromString, Unknown } from "../schemas.js"
import {
  type ApiError,
  badRequest,
  conflict,
  type ErrorDetail,
  forbidden,
  notFound,
  rateLimited,
  rulesViolated,
} from "./ApiError.js"
import type { Deps } from "./Deps.js"
import * as Keys from "./Keys.js"
import { hashKey, newKey } from "./Keys.js"

export type { Deps } from "./Deps.js"

import { decodeBody, decodeQuery, violationDetails } from "./decode.js"
import { PageQuery, paged } from "./paging.js"
import { Seed } from "./requestFields.js"

export * from "./Dice.js"
export { decodeBody, decodeQuery, violationDetails } from "./decode.js"

export type Player = Repo.Player

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)
const problemDetails = (problems: ReadonlyArray<Problem.Problem>): ErrorDetail[] =>
  problems.map((p) => ({
    ...(p.pack ? { pack: p.pack } : {}),
    path: p.path || "(root)",
    message: p.message,
    ...(p.clause ? { clause: p.clause } : {}),
  }))

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

// ── Refuges ─────────────────────────────────────────────────────────────────

/** A pack id as a request names one (stored with a Refuge: bounded like the packs table's ids). */
const PackName = Schema.String.check(Schema.isMaxLength(64))

export const FoundBody = Schema.Struct({
  roster: Unknown,
  packs: Schema.optional(Schema.Array(PackName).check(Schema.isMaxLength(20))),
  seed: Schema.optional(Seed),
}).annotate({ identifier: "FoundRequest" })

const refugeView = (r: Repo.StoredRefuge) => {
  const body = r.body as Refuge.Refuge
  return {
    id: r.id,
    owner: r.ownerId,
    version: r.version,
    packs: r.packs,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    refuge: { ...body, stores: Ledger.storesOf(body.ledger) },
  }
}

/** Founds a Refuge or Congregation for the caller; 422 with every violation. */
export const foundRefuge = (deps: Deps, player: Player, body: unknown, kind?: "refuge" | "congregation") =>
  Effect.gen(function* () {
    const input = yield* decodeBody(FoundBody, body)
    const packs = input.packs ?? []
    const registry = yield* contentWith(deps, packs)
    const stated = (input.roster as { readonly kind?: unknown } | null)?.kind
    // R-BUILDER-11: a roster that says what it is is not silently founded as the other kind.
    if (kind && (stated === "refuge" || stated === "congregation") && stated !== kind)
      return yield* Effect.fail(
        rulesViolated("the roster breaks the founding rules", [
          {
            path: "roster.kind",
            message: `this roster is a ${stated}: found it as one (POST /v1/${stated}s, GraphQL found${stated === "refuge" ? "Refuge" : "Congregation"}), or drop "kind"`,
            clause: "B-CONGREGATION-01",
          },
        ]),
      )
    const roster =
      kind && typeof input.roster === "object" && input.roster !== null
        ? { ...input.roster, kind }
        : input.roster
    const seed = input.seed ?? randomInt(0, 2 ** 48 - 1)
    const founded = Founding.found(roster, registry, { source: seeded(seed) })
    if (Result.isFailure(founded)) {
      return yield* Effect.fail(
        rulesViolated(
          "the roster breaks the founding rules",
          violationDetails(founded.failure, (path) => `roster.${path}`.replace(/\.\(root\)$/, "")),
        ),
      )
    }
    const r = founded.success
    const stored = yield* db(() =>
      Repo.insertRefuge(deps.db, {
        id: randomUUID(),
        ownerId: player.id,
        kind: r.kind,
        name: r.name,
        body: r,
        packs,
        createdAt: deps.now(),
      }),
    )
    return { ...refugeView(stored), seed }
  })

/**
 * Why the player may not have the row (whole or its head): 404 for none (or another kind), 403 for
 * another's; undefined when it is theirs. The one rule, for the Effect use cases and the plain read.
 */
const ownRefusal = (
  row: { readonly kind: string; readonly owner_id: string } | undefined,
  player: Player,
  id: string,
  kind?: string,
): ApiError | undefined => {
  if (!row || (kind && row.kind !== kind)) return notFound(`no ${kind ?? "refuge"} "${id}"`)
  if (row.owner_id !== player.id) return forbidden(`${row.kind} "${id}" belongs to another player`)
  return undefined
}

/** The row if it exists, is of the kind asked for and is the player's (see {@link ownRefusal}). */
const ownedOf = <R extends { readonly kind: string; readonly owner_id: string }>(
  row: R | undefined,
  player: Player,
  id: string,
  kind?: string,
): Effect.Effect<R, ApiError> => {
  const refused = ownRefusal(row, player, id, kind)
  return refused ? Effect.fail(refused) : Effect.succeed(row!)
}

const ownedRow = (deps: Deps, player: Player, id: string, kind?: string) =>
  db(() => Repo.refugeRowById(deps.db, id)).pipe(Effect.flatMap((row) => ownedOf(row, player, id, kind)))

const owned = (deps: Deps, player: Player, id: string, kind?: string) =>
  ownedRow(deps, player, id, kind).pipe(Effect.map(Repo.refugeOfRow))

/** A page of the caller's Refuges (or Congregations), oldest first. */
export const listRefuges = (deps: Deps, player: Player, kind: string | undefined, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(q, 2, (req) => Lists.refugesPage(deps.db, player.id, kind, req), refugeView),
  )

export const getRefuge = (deps: Deps, player: Player, id: string, kind?: string) =>
  owned(deps, player, id, kind).pipe(Effect.map(refugeView))

/**
 * A Refuge's view as JSON bytes, for REST. Every read still checks the key and reads the row (so
 * ownership and the version are the database's, whichever instance wrote last), but a view already
 * made for this row's exact version is served as the bytes it was: no parse, no fold of the Ledger,
 * no stringify. A write always bumps the version, so a kept view is never stale; the LRU is bounded
 * in bytes. A plain promise of its Exit, like {@link checkKey}: the server's read path runs it
 * without a fiber; only a miss (building the view) runs as an Effect.
 */
export const refugeJson = async (
  deps: Deps,
  player: Player,
  id: string,
  kind?: string,
  // The head when already read (with the key: app/keyed.ts); else read here.
  known?: { readonly head: Awaited<ReturnType<typeof Repo.refugeHeadById>> },
): Promise<Exit.Exit<Buffer<ArrayBuffer>, ApiError>> => {
  // The head first: a kept view needs only the owner and the version, not the documents.
  const head = known ? known.head : await Repo.refugeHeadById(deps.db, id)
  const refused = ownRefusal(head, player, id, kind)
  if (refused) return Exit.fail(refused)
  const kept = refugeViews.get(`${head!.id}\u0000${head!.version}\u0000${head!.updated_at}`)
  if (kept !== undefined) return Exit.succeed(kept)
  return Effect.runPromiseExit(
    Effect.map(ownedRow(deps, player, id, kind), (row) => {
      const bytes = Buffer.from(JSON.stringify(refugeView(Repo.refugeOfRow(row))))
      // Kept under the whole row's own version: a write may have landed since the head was read.
      refugeViews.set(`${row.id}\u0000${row.version}\u0000${row.updated_at}`, bytes)
      return bytes
    }),
  )
}

/** Answers kept as bytes under a key naming the exact stored version they were made from; bounded in bytes. */
export const keptBytes = (maxBytes: number) =>
  new LRUCache<string, Buffer<ArrayBuffer>>({
    maxSize: maxBytes,
    sizeCalculation: (bytes, key) => bytes.byteLength + key.length,
  })

const refugeViews = keptBytes(16 * 1024 * 1024)

export const getLedger = (deps: Deps, player: Player, id: string, kind?: string) =>
  owned(deps, player, id, kind).pipe(
    Effect.map((r) => {
      const body = r.body as Refuge.Refuge
      return { id: r.id, version: r.version, stores: Ledger.storesOf(body.ledger), entries: body.ledger }
    }),
  )

/** The library's Market-trip body, so the API and the published market-trip.schema.json are one schema. */
export const TripBody = JsonSchemas.MarketTripBody

/** One Market trip, all or nothing, refused with 409 if the Refuge changed since `version`. */
export const marketTrip = (deps: Deps, player: Player, id: string, body: unknown, kind?: string) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(TripBody, body)
    const stored = yield* owned(deps, player, id, kind)
    if (stored.version !== input.version) {
      return yield* Effect.fail(
        conflict(
          `the ${stored.kind} is at version ${stored.version}, not ${input.version}: reload it and try again`,
        ),
      )
    }
    const registry = yield* contentWith(deps, stored.packs)
    const seed = input.seed ?? randomInt(0, 2 ** 48 - 1)
    const trip = Market.marketTrip(
      stored.body as Refuge.Refuge,
      { orders: input.orders, ...(input.by ? { by: input.by } : {}) },
      registry,
      seeded(seed),
    )
    if (Result.isFailure(trip))
      return yield* Effect.fail(
        rulesViolated(
          "the trip breaks the Market's rules; nothing was bought or sold",
          violationDetails(trip.failure),
        ),
      )
    const record = { seed, at: deps.now(), lines: trip.success.lines }
    const updated = yield* db(() =>
      Repo.updateRefuge(deps.db, id, input.version, trip.success.refuge, deps.now(), record),
    )
    if (!updated)
      return yield* Effect.fail(
        conflict(`the ${stored.kind} changed while the trip was made: reload it and try again`),
      )
    return { ...refugeView(updated), trip: record }
  })
