/**
 * Repositories: plain functions over the database, taking `db` (or a transaction) first. Rows
 * become domain objects here.
 */
import type { Kysely } from "kysely"
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

export const playerByKeyHash = async (db: Q, keyHash: string): Promise<Player | undefined> => {
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("players", "players.id", "api_keys.player_id")
    .select(["players.id", "players.name", "players.created_at"])
    .where("api_keys.key_hash", "=", keyHash)
    .executeTakeFirst()
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

/** Adds a key, and (rotation) deletes `revoke` in the same transaction. */
export const replaceKey = async (
  db: Q,
  playerId: string,
  keyHash: string,
  at: string,
  revoke?: string,
): Promise<void> => {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("api_keys")
      .values({ key_hash: keyHash, player_id: playerId, created_at: at })
      .execute()
    if (revoke !== undefined)
      await tx
        .deleteFrom("api_keys")
        .where("player_id", "=", playerId)
        .where("key_hash", "=", revoke)
        .execute()
  })
}

export const deleteKey = async (db: Q, playerId: string, keyHash: string): Promise<void> => {
  await db.deleteFrom("api_keys").where("player_id", "=", playerId).where("key_hash", "=", keyHash).execute()
}

export interface StoredPack {
  readonly id: string
  readonly ownerId: string
  readonly versions: ReadonlyArray<{ readonly version: string; readonly createdAt: string }>
  readonly latest: { readonly version: string; readonly body: unknown }
}

export const packById = async (db: Q, id: string): Promise<StoredPack | undefined> => {
  const pack = await db.selectFrom("packs").selectAll().where("id", "=", id).executeTakeFirst()
  if (!pack) return undefined
  const versions = await db
    .selectFrom("pack_versions")
    .selectAll()
    .where("pack_id", "=", id)
    .orderBy("created_at")
    .orderBy("version")
    .execute()
  const latest = versions.at(-1)!
  return {
    id: pack.id,
    ownerId: pack.owner_id,
    versions: versions.map((v) => ({ version: v.version, createdAt: v.created_at })),
    latest: { version: latest.version, body: JSON.parse(latest.body) },
  }
}

export const listPacks = async (db: Q): Promise<StoredPack[]> => {
  const ids = await db.selectFrom("packs").select("id").orderBy("id").execute()
  const out: StoredPack[] = []
  for (const { id } of ids) {
    const p = await packById(db, id)
    if (p) out.push(p)
  }
  return out
}

/** Stores a pack's first version, or a new version of an existing pack (the caller checked ownership). */
export const insertPackVersion = async (
  db: Q,
  p: { id: string; ownerId: string; version: string; body: unknown; at: string },
): Promise<void> => {
  await db.transaction().execute(async (tx) => {
    const exists = await tx.selectFrom("packs").select("id").where("id", "=", p.id).executeTakeFirst()
    if (!exists)
      await tx.insertInto("packs").values({ id: p.id, owner_id: p.ownerId, created_at: p.at }).execute()
    await tx
      .insertInto("pack_versions")
      .values({ pack_id: p.id, version: p.version, body: JSON.stringify(p.body), created_at: p.at })
      .execute()
  })
}

export const packVersionExists = async (db: Q, id: string, version: string): Promise<boolean> =>
  (await db
    .selectFrom("pack_versions")
    .select("version")
    .where("pack_id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst()) !== undefined

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

export const refugeById = async (db: Q, id: string): Promise<StoredRefuge | undefined> => {
  const row = await db.selectFrom("refuges").selectAll().where("id", "=", id).executeTakeFirst()
  return row && toRefuge(row)
}

export const refugesOf = async (db: Q, ownerId: string, kind?: string): Promise<StoredRefuge[]> => {
  let q = db.selectFrom("refuges").selectAll().where("owner_id", "=", ownerId)
  if (kind) q = q.where("kind", "=", kind)
  return (await q.orderBy("created_at").orderBy("id").execute()).map(toRefuge)
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
