/**
 * The application layer: every use-case the service offers, called by both the REST handlers and
 * the GraphQL resolvers, neither of which holds rules logic. Use-cases are Effects that fail only
 * with an `ApiError` (a typed, people-readable error); anything else is a defect, logged and
 * answered as an opaque 500.
 */

import { randomInt, randomUUID } from "node:crypto"
import { Errors as DiceErrors, manual, Report, recording, SchemaText, seeded } from "@blight/dice"
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
  Violation,
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
  MAX_DETAILS,
  notFound,
  rateLimited,
  rulesViolated,
} from "./ApiError.js"
import type { Deps } from "./Deps.js"
import * as Keys from "./Keys.js"
import { hashKey, newKey } from "./Keys.js"

export type { Deps } from "./Deps.js"

import { PageQuery, paged } from "./paging.js"

export type Player = Repo.Player

/**
 * Decodes a request body against a schema, or a 400 listing the problems with their paths (the
 * first MAX_DETAILS, and how many more: see ApiError.boundDetails). The body has passed the
 * structural check first, so the schema's work is bounded.
 */
export const decodeBody = <A, I>(
  schema: Schema.Codec<A, I>,
  body: unknown,
  what: "request body" | "query" | "Last-Event-ID header" = "request body",
): Effect.Effect<A, ApiError> =>
  Result.match(
    // The rejected values are kept in the issue, so each message says what was sent ("actual …").
    Schema.decodeUnknownResult(schema, {
      errors: "all",
      onExcessProperty: "error",
      ...SchemaText.parseOptions,
    })(body),
    {
      onFailure: (e) => {
        const issues = Violation.readableIssues(SchemaText.problems(e))
        // Only the listed ones are formatted; the rest are counted (boundDetails keeps the count).
        const listed = issues.slice(0, MAX_DETAILS).map((i) => ({
          path: i.path.map(String).join(".") || "(root)",
          message: plainExpected(i.message),
        }))
        const unlisted = issues.slice(MAX_DETAILS).map(() => OMITTED)
        return Effect.fail(badRequest(`the ${what} does not match the schema`, [...listed, ...unlisted]))
      },
      onSuccess: Effect.succeed,
    },
  )

/**
 * An unnamed struct's issue spells out its whole type ("Expected { readonly sides: minItems(2) &
 * …; … }, actual 5"): a caller reads "Expected an object, actual 5", the path saying which.
 */
const plainExpected = (message: string): string =>
  message.replace(/^Expected \{ readonly [\s\S]*\}, actual ([\s\S]*)$/, "Expected an object, actual $1")

/** Decodes a query string's parameters: as decodeBody, saying it is the query that is wrong. */
export const decodeQuery = <A, I>(schema: Schema.Codec<A, I>, query: unknown) =>
  decodeBody(schema, query, "query")

/** Stands in for a detail past MAX_DETAILS: counted in `omitted`, never shown. */
const OMITTED: ErrorDetail = { path: "", message: "" }

/**
 * A refusal's details: its violations (paths rewritten by `at`), then one placeholder per
 * violation the rules library left out (R-BUILDER-07), so the answer's `omitted` counts them all.
 */
export const violationDetails = (
  refusal: { readonly violations: ReadonlyArray<ErrorDetail>; readonly omitted?: number | undefined },
  at: (path: string) => string = (p) => p,
): ErrorDetail[] => [
  ...refusal.violations.map((v) => ({ ...v, path: at(v.path) })),
  ...Array.from({ length: refusal.omitted ?? 0 }, () => OMITTED),
]

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

// ── dice and odds ───────────────────────────────────────────────────────────

const Seed = Schema.optional(
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
)
const Manual = Schema.optional(Schema.Array(Schema.Int))

type RollBody = Report.RollRequest & {
  readonly seed?: number | undefined
  readonly manual?: ReadonlyArray<number> | undefined
}
/** A roll request with a seed or the dice rolled at the table: each kind's fields and those two. */
export const RollBody = Schema.Union(
  Report.RollRequest.members.map((m) => Schema.Struct({ ...m.fields, seed: Seed, manual: Manual })),
) as unknown as Schema.Codec<RollBody, unknown>

/** Runs dice code: the dice core's typed errors are the caller's mistake (400); anything else a defect. */
const withDice = <A>(f: () => A): Effect.Effect<A, ApiError> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(f())
    } catch (e) {
      if (!DiceErrors.isDiceError(e)) return Effect.die(e)
      return Effect.fail(
        badRequest(e.message, "path" in e ? [{ path: String(e.path), message: e.message }] : undefined),
      )
    }
  })

/** Rolls dice: seeded (the seed is returned, so any roll replays) or the numbers rolled at the table. */
export const roll = (body: unknown) =>
  Effect.gen(function* () {
    const r = yield* decodeBody(RollBody, body)
    const seed = r.manual ? undefined : (r.seed ?? randomInt(0, 2 ** 48 - 1))
    const rec = recording(r.manual ? manual(r.manual) : seeded(seed!))
    const report = yield* withDice(() => Report.rollReport(rec, r))
    return { ...(seed === undefined ? { manual: true } : { seed }), ...report, rolled: rec.log }
  })

/** The kinds of odds, one route each. */
export const ODDS_KINDS = ["pool", "test", "shoot", "fight", "check", "step"] as const
export type OddsKind = (typeof ODDS_KINDS)[number]

/**
 * One kind's odds request as its route takes it: its member of OddsRequest without `kind` (the
 * path says it). The route decodes the body with it and the document shows it, so a body that is
 * not an object, or that has a `kind`, is refused as the document says.
 */
export const oddsBody = (kind: OddsKind) => {
  const member = Report.OddsRequest.members.find((m) => m.fields.kind.literal === kind)!
  const { kind: _, ...fields } = member.fields
  return Schema.Struct(fields).annotate({
    identifier: `${kind[0]!.toUpperCase()}${kind.slice(1)}OddsRequest`,
  })
}

const ODDS_BODIES = Object.fromEntries(ODDS_KINDS.map((k) => [k, oddsBody(k)])) as Record<
  OddsKind,
  ReturnType<typeof oddsBody>
>

/** Exact odds; `kind` comes from the path. */
export const odds = (kind: string, body: unknown) =>
  Effect.gen(function* () {
    if (!(ODDS_KINDS as ReadonlyArray<string>).includes(kind)) {
      return yield* Effect.fail(
        notFound(`no odds for "${kind}"; one of: pool, test, shoot, fight, check, step`),
      )
    }
    // Decoded by the route's own schema (an object, no `kind`): its member of OddsRequest, the kind added.
    const fields = yield* decodeBody(ODDS_BODIES[kind as OddsKind] as Schema.Codec<object, unknown>, body)
    const r = { ...fields, kind } as Report.OddsRequest
    return yield* withDice(() => Report.oddsReport(r))
  })

// ── Refuges ─────────────────────────────────────────────────────────────────

/** A pack id as a request names one (stored with a Refuge: bounded like the packs table's ids). */
const PackName = Schema.String.check(Schema.isMaxLength(64))

export const FoundBody = Schema.Struct({
  roster: Unknown,
  packs: Schema.optional(Schema.Array(PackName).check(Schema.isMaxLength(20))),
  seed: Seed,
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
