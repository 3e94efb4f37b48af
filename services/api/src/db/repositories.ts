/**
 * Repositories: plain functions over the database, taking `db` (or a transaction) first. Rows
 * become domain objects here.
 */
import { type Kysely, sql } from "kysely"
import { compiledOnce } from "./compiledOnce.js"
import type { Database } from "./Database.js"

type Q = Kysely<Database>

export interface Player {
  readonly id: string
  readonly name: string
  readonly createdAt: string
}

export const insertPlayer = async (db: Q, p: Player, keyHash: string): Promise<void> => {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto("players").values({ id: p.id, name: p.name, created_at: p.createdAt }).execute()
    await tx
      .insertInto("api_keys")
      .values({ key_hash: keyHash, player_id: p.id, created_at: p.createdAt })
      .execute()
  })
}

const playerByKeyHashQuery = compiledOnce(
  (db: Q, keyHash: string) =>
    db
      .selectFrom("api_keys")
      .innerJoin("players", "players.id", "api_keys.player_id")
      .select(["players.id", "players.name", "players.created_at"])
      .where("api_keys.key_hash", "=", keyHash),
  ["key_hash"],
)

/** The player a key's hash belongs to: every authenticated request asks this (compiled once). */
export const playerByKeyHash = async (db: Q, keyHash: string): Promise<Player | undefined> => {
  const [row] = await playerByKeyHashQuery(db, keyHash)
  return row && { id: row.id, name: row.name, createdAt: row.created_at }
}

export interface StoredKey {
  readonly keyHash: string
  readonly createdAt: string
}

export const keysOf = async (db: Q, playerId: string): Promise<StoredKey[]> =>
  (
    await db
      .selectFrom("api_keys")
      .select(["key_hash", "created_at"])
      .where("player_id", "=", playerId)
      .orderBy("created_at")
      .orderBy("key_hash")
      .execute()
  ).map((r) => ({ keyHash: r.key_hash, createdAt: r.created_at }))

/**
 * Holds the player's row until the caller's transaction ends, so a check of what they hold (keys,
 * simulations) and the write it allows are one step: a player's concurrent requests queue here,
 * on either database. A no-op UPDATE, portable: on PostgreSQL it takes the row's lock (as SELECT …
 * FOR UPDATE would), on SQLite the file's write lock, before anything is read, so the read is
 * current for every process sharing the file. The statements after it see every write committed
 * before the lock was granted (PostgreSQL's READ COMMITTED takes a snapshot per statement).
 */
export const lockPlayer = async (tx: Q, playerId: string): Promise<void> => {
  await tx
    .updateTable("players")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "=", playerId)
    .execute()
}

const insertKey = async (tx: Q, playerId: string, keyHash: string, at: string): Promise<void> => {
  await tx.insertInto("api_keys").values({ key_hash: keyHash, player_id: playerId, created_at: at }).execute()
}

/** Runs `f` on the player's keys in one transaction under the player's lock (see {@link lockPlayer}). */
const withKeys = <A>(db: Q, playerId: string, f: (tx: Q, keys: StoredKey[]) => Promise<A>): Promise<A> =>
  db.transaction().execute(async (tx) => {
    await lockPlayer(tx, playerId)
    return f(tx, await keysOf(tx, playerId))
  })

/** Adds a key unless the player already holds `max`: false, and nothing written, when they do. */
export const addKey = (db: Q, playerId: string, keyHash: string, at: string, max: number): Promise<boolean> =>
  withKeys(db, playerId, async (tx, keys) => {
    if (keys.length >= max) return false
    await insertKey(tx, playerId, keyHash, at)
    return true
  })

/**
 * Rotation: the player's key that `current` picks goes and `keyHash` takes its place, in one
 * transaction under the player's lock. False, and nothing written, when that key is already gone
 * (a rotation or revocation before this one took it): of concurrent rotations of one key, exactly
 * one revokes it.
 */
export const rotateKey = (
  db: Q,
  playerId: string,
  current: (keyHash: string) => boolean,
  keyHash: string,
  at: string,
): Promise<boolean> =>
  withKeys(db, playerId, async (tx, keys) => {
    const old = keys.find((k) => current(k.keyHash))
    if (old === undefined) return false
    await deleteKey(tx, playerId, old.keyHash)
    await insertKey(tx, playerId, keyHash, at)
    return true
  })

/**
 * Revokes the player's key that `pick` picks, under the player's lock: "missing" when there is
 * none, "last" (nothing written) when it is the only key they hold, so concurrent revocations
 * never leave a player without one.
 */
export const revokeKey = (
  db: Q,
  playerId: string,
  pick: (keyHash: string) => boolean,
): Promise<"revoked" | "missing" | "last"> =>
  withKeys(db, playerId, async (tx, keys) => {
    const key = keys.find((k) => pick(k.keyHash))
    if (key === undefined) return "missing"
    if (keys.length === 1) return "last"
    await deleteKey(tx, playerId, key.keyHash)
    return "revoked"
  })

const deleteKey = async (db: Q, playerId: string, keyHash: string): Promise<void> => {
  await db.deleteFrom("api_keys").where("player_id", "=", playerId).where("key_hash", "=", keyHash).execute()
}

export * from "./packs.js"

export interface StoredRefuge {
  readonly id: string
  readonly ownerId: string
  readonly kind: string
  readonly name: string
  readonly body: unknown
  readonly packs: readonly string[]
  readonly version: number
  readonly createdAt: string
  readonly updatedAt: string
}

const toRefuge = (r: Database["refuges"]): StoredRefuge => ({
  id: r.id,
  ownerId: r.owner_id,
  kind: r.kind,
  name: r.name,
  body: JSON.parse(r.body),
  packs: JSON.parse(r.packs),
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export const insertRefuge = async (
  db: Q,
  r: Omit<StoredRefuge, "version" | "updatedAt">,
): Promise<StoredRefuge> => {
  const row = {
    id: r.id,
    owner_id: r.ownerId,
    kind: r.kind,
    name: r.name,
    body: JSON.stringify(r.body),
    packs: JSON.stringify(r.packs),
    version: 1,
    created_at: r.createdAt,
    updated_at: r.createdAt,
  }
  await db.insertInto("refuges").values(row).execute()
  return toRefuge(row)
}

/** A Refuge's row as stored (its documents still JSON text): for reads that may not need them parsed. */
export const refugeRowById = async (db: Q, id: string): Promise<Database["refuges"] | undefined> =>
  db.selectFrom("refuges").selectAll().where("id", "=", id).executeTakeFirst()

const refugeHeadQuery = compiledOnce(
  (db: Q, id: string) =>
    db.selectFrom("refuges").select(["id", "kind", "owner_id", "version", "updated_at"]).where("id", "=", id),
  ["id"],
)

/**
 * A Refuge's row without its documents: who owns it and which version it is at. A read whose
 * answer for that version is already kept needs no more (the documents are most of the row).
 */
export const refugeHeadById = async (db: Q, id: string) => (await refugeHeadQuery(db, id))[0]

const keyAndRefugeHeadQuery = compiledOnce(
  (db: Q, id: string, keyHash: string) =>
    db
      .selectFrom("api_keys")
      .innerJoin("players", "players.id", "api_keys.player_id")
      .leftJoin("refuges", (j) => j.on("refuges.id", "=", id))
      .select([
        "players.id as player_id",
        "players.name as player_name",
        "players.created_at as player_created_at",
        "refuges.id",
        "refuges.kind",
        "refuges.owner_id",
        "refuges.version",
        "refuges.updated_at",
      ])
      .where("api_keys.key_hash", "=", keyHash),
  ["id", "key_hash"],
)

/**
 * {@link playerByKeyHash} and {@link refugeHeadById} in one round trip: undefined when the key is
 * not valid; else the player, and the head when the Refuge exists.
 */
export const keyAndRefugeHead = async (db: Q, id: string, keyHash: string) => {
  const [row] = await keyAndRefugeHeadQuery(db, id, keyHash)
  if (!row) return undefined
  const player: Player = { id: row.player_id, name: row.player_name, createdAt: row.player_created_at }
  const { id: rid, kind, owner_id, version, updated_at } = row
  const head =
    rid === null || kind === null || owner_id === null || version === null || updated_at === null
      ? undefined
      : { id: rid, kind, owner_id, version, updated_at }
  return { player, head }
}

/** Parses a stored row (see {@link refugeRowById}). */
export const refugeOfRow = toRefuge

export const refugeById = async (db: Q, id: string): Promise<StoredRefuge | undefined> => {
  const row = await refugeRowById(db, id)
  return row && toRefuge(row)
}

/**
 * Writes a new body if the stored version is still `expected`, bumping it; returns the new row,
 * or undefined when someone else wrote first (the caller answers 409). Also appends the trip.
 */
export const updateRefuge = async (
  db: Q,
  id: string,
  expected: number,
  body: unknown,
  at: string,
  trip?: unknown,
): Promise<StoredRefuge | undefined> =>
  db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable("refuges")
      .set({ body: JSON.stringify(body), version: expected + 1, updated_at: at })
      .where("id", "=", id)
      .where("version", "=", expected)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return undefined
    if (trip !== undefined) {
      const n = await tx
        .selectFrom("market_trips")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("refuge_id", "=", id)
        .executeTakeFirst()
      await tx
        .insertInto("market_trips")
        .values({ refuge_id: id, seq: Number(n?.n ?? 0), body: JSON.stringify(trip), created_at: at })
        .execute()
    }
    const row = await tx.selectFrom("refuges").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    return toRefuge(row)
  })

export const tripsOf = async (db: Q, refugeId: string): Promise<unknown[]> =>
  (
    await db
      .selectFrom("market_trips")
      .select("body")
      .where("refuge_id", "=", refugeId)
      .orderBy("seq")
      .execute()
  ).map((r) => JSON.parse(r.body))

// ── raids: event streams ────────────────────────────────────────────────────

export interface Seat {
  readonly player: string
  /** The side it plays, once the raid is set up. */
  readonly side?: string
}

export interface StoredRaid {
  readonly id: string
  readonly ownerId: string
  readonly status: "waiting" | "playing" | "over"
  readonly seats: ReadonlyArray<Seat>
  readonly setup: unknown
  readonly version: number
  readonly snapshotSeq: number
  readonly createdAt: string
  readonly updatedAt: string
}

export const toRaid = (r: Database["raids"]): StoredRaid => ({
  id: r.id,
  ownerId: r.owner_id,
  status: r.status as StoredRaid["status"],
  seats: JSON.parse(r.seats),
  setup: JSON.parse(r.setup),
  version: r.version,
  snapshotSeq: r.snapshot_seq,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export const insertRaid = async (
  db: Q,
  r: Omit<StoredRaid, "version" | "snapshotSeq" | "updatedAt">,
): Promise<void> => {
  await db.transaction().execute((tx) => insertRaidIn(tx, r))
}

/** {@link insertRaid} in the caller's transaction (a campaign links the raid in the same one). */
export const insertRaidIn = async (
  tx: Q,
  r: Omit<StoredRaid, "version" | "snapshotSeq" | "updatedAt">,
): Promise<void> => {
  await tx
    .insertInto("raids")
    .values({
      id: r.id,
      owner_id: r.ownerId,
      status: r.status,
      seats: JSON.stringify(r.seats),
      setup: JSON.stringify(r.setup),
      version: 0,
      snapshot_seq: 0,
      created_at: r.createdAt,
      updated_at: r.createdAt,
    })
    .execute()
  await insertPlayers(
    tx,
    "raid_seats",
    r.id,
    r.seats.map((s) => s.player),
  )
}

/** The players a stream lists under (each once): a raid's seats, a campaign's organiser and members. */
export const insertPlayers = async (
  tx: Q,
  table: "raid_seats" | "campaign_members",
  id: string,
  players: ReadonlyArray<string>,
): Promise<void> => {
  const rows = [...new Set(players)].map((p) =>
    table === "raid_seats" ? { raid_id: id, player_id: p } : { campaign_id: id, player_id: p },
  )
  await tx
    .insertInto(table)
    .values(rows as never)
    .execute()
}

export const raidById = async (db: Q, id: string): Promise<StoredRaid | undefined> => {
  const row = await db.selectFrom("raids").selectAll().where("id", "=", id).executeTakeFirst()
  return row && toRaid(row)
}

const raidHeadQuery = compiledOnce(
  (db: Q, id: string) =>
    db.selectFrom("raids").select(["id", "owner_id", "seats", "version", "updated_at"]).where("id", "=", id),
  ["id"],
)

/** A raid's row without its set-up (who may read it, which version): see {@link refugeHeadById}. */
export const raidHeadById = async (
  db: Q,
  id: string,
): Promise<Pick<StoredRaid, "id" | "ownerId" | "seats" | "version" | "updatedAt"> | undefined> => {
  const [r] = await raidHeadQuery(db, id)
  return (
    r && {
      id: r.id,
      ownerId: r.owner_id,
      seats: JSON.parse(r.seats),
      version: r.version,
      updatedAt: r.updated_at,
    }
  )
}

/** The version of a raid (its last seq), without reading the rest of the row. */
export const raidVersion = async (db: Q, id: string): Promise<number | undefined> =>
  (await db.selectFrom("raids").select("version").where("id", "=", id).executeTakeFirst())?.version

/** An event as stored: its place in the log and its body (the library's encoding, as JSON text). */
export interface StoredEvent {
  readonly seq: number
  readonly body: string
}

export interface Append {
  readonly stream: string
  /** The version the events were decided against: the write happens only if it is still current. */
  readonly expected: number
  readonly events: ReadonlyArray<{ readonly type: string; readonly body: string }>
  readonly at: string
  readonly status?: StoredRaid["status"]
  readonly seats?: ReadonlyArray<Seat>
  /** A state to save at the new version (the caller decides when). */
  readonly snapshot?: string
  /**
   * A PostgreSQL NOTIFY to send in the transaction, so every instance hears of the events exactly
   * when they are committed (services/api/src/live/Notifier.ts); none on SQLite.
   */
  readonly notice?: { readonly channel: string; readonly payload: string }
}

/**
 * Appends a command's events if the stream is still at `expected`, in one transaction: the version
 * is bumped only where it is still `expected` (so of concurrent writers on one version exactly one
 * gets the row; the rest wait for it on PostgreSQL and then match nothing), and the events take
 * the seqs after it, which the (stream, seq) key makes unique. Returns the new version, or
 * undefined when someone else wrote first (the caller answers 409).
 */
export const appendEvents = async (db: Q, a: Append): Promise<number | undefined> =>
  db.transaction().execute((tx) => appendIn(tx, a))

/** {@link appendEvents} in the caller's transaction. */
export const appendIn = async (tx: Q, a: Append): Promise<number | undefined> => {
  const version = a.expected + a.events.length
  const res = await tx
    .updateTable("raids")
    .set({
      version,
      updated_at: a.at,
      ...(a.status ? { status: a.status } : {}),
      ...(a.seats ? { seats: JSON.stringify(a.seats) } : {}),
      ...(a.snapshot !== undefined ? { snapshot_seq: version } : {}),
    })
    .where("id", "=", a.stream)
    .where("version", "=", a.expected)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return undefined
  await insertEvents(tx, a)
  if (a.snapshot !== undefined)
    await tx
      .insertInto("snapshots")
      .values({ stream: a.stream, seq: version, body: a.snapshot, created_at: a.at })
      .execute()
  return version
}

/**
 * Stores a stream's events at the seqs after `a.expected` (the caller's transaction has just moved
 * the stream's version from it, so no other writer can), and sends the NOTIFY if any.
 */
export const insertEvents = async (
  tx: Q,
  a: Pick<Append, "stream" | "expected" | "events" | "at" | "notice">,
): Promise<void> => {
  // In chunks: one statement has a bounded number of parameters (SQLite: 32,766).
  for (let i = 0; i < a.events.length; i += 500)
    await tx
      .insertInto("events")
      .values(
        a.events.slice(i, i + 500).map((e, j) => ({
          stream: a.stream,
          seq: a.expected + i + j + 1,
          type: e.type,
          body: e.body,
          created_at: a.at,
        })),
      )
      .execute()
  if (a.notice) await sql`select pg_notify(${a.notice.channel}, ${a.notice.payload})`.execute(tx)
}

/** Events after `after` (a seq), up to `upTo` (inclusive) or at most `limit` of them, in order. */
export const eventsAfter = async (
  db: Q,
  stream: string,
  after: number,
  bound: { readonly limit: number } | { readonly upTo: number },
): Promise<StoredEvent[]> => {
  let q = db
    .selectFrom("events")
    .select(["seq", "body"])
    .where("stream", "=", stream)
    .where("seq", ">", after)
    .orderBy("seq")
  q = "upTo" in bound ? q.where("seq", "<=", bound.upTo) : q.limit(bound.limit)
  return q.execute()
}

/** The snapshot at `seq`, if there is one. */
export const snapshotAt = async (db: Q, stream: string, seq: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom("snapshots")
      .select("body")
      .where("stream", "=", stream)
      .where("seq", "=", seq)
      .executeTakeFirst()
  )?.body

export const playerExists = async (db: Q, id: string): Promise<boolean> =>
  (await db.selectFrom("players").select("id").where("id", "=", id).executeTakeFirst()) !== undefined

/** Writes a raid's set-up with a seat filled, if it is still `before` (two joiners: one wins). */
export const fillSeat = (db: Q, id: string, before: string, after: string, at: string): Promise<boolean> =>
  fillSetup(db, "raids", id, before, after, at)

/** Writes a stream's set-up (before its first event) if it is still `before`: of two writers, one wins. */
export const fillSetup = async (
  db: Q,
  table: "raids" | "campaigns",
  id: string,
  before: string,
  after: string,
  at: string,
): Promise<boolean> =>
  Number(
    (
      await db
        .updateTable(table)
        .set({ setup: after, updated_at: at })
        .where("id", "=", id)
        .where("version", "=", 0)
        .where("setup", "=", before)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1
