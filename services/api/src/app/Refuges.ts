/**
 * Refuges and Congregations over HTTP: founded from a roster, listed and read by their owner (as
 * kept bytes for REST), their Ledger, and Market trips.
 */
import { randomInt, randomUUID } from "node:crypto"
import { seeded } from "@blight/dice"
import { Founding, JsonSchemas, Ledger, Market, type Refuge } from "@blight/rules"
import { Effect, Exit, Result, Schema } from "effect"
import { LRUCache } from "lru-cache"
import * as Lists from "../db/lists.js"
import * as Repo from "../db/repositories.js"
import { Unknown } from "../schemas.js"
import { type ApiError, conflict, forbidden, notFound, rulesViolated } from "./ApiError.js"
import { contentWith } from "./Content.js"
import type { Deps } from "./Deps.js"
import { decodeBody, decodeQuery, violationDetails } from "./decode.js"
import { PageQuery, paged } from "./paging.js"
import { Seed } from "./requestFields.js"

type Player = Repo.Player

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

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
