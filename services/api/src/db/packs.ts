/**
 * The packs' repository: each game's homebrew packs and their versions, one namespace of ids across
 * both games, each game reading only its own (R-N-PACK-01).
 */
import type { Kysely } from "kysely"
import type { Database } from "./Database.js"

type Q = Kysely<Database>

/** Which game's packs (R-N-PACK-01): each game reads and merges only its own. */
export type Ruleset = "the-blight" | "nightsong"

export interface StoredPack {
  readonly id: string
  readonly ownerId: string
  readonly versions: ReadonlyArray<{ readonly version: string; readonly createdAt: string }>
  readonly latest: { readonly version: string; readonly body: unknown }
}

/** A pack of the game's, with its latest version; undefined when there is none (or it is the other game's). */
export const packById = async (
  db: Q,
  id: string,
  ruleset: Ruleset = "the-blight",
): Promise<StoredPack | undefined> => {
  const pack = await db
    .selectFrom("packs")
    .selectAll()
    .where("id", "=", id)
    .where("ruleset", "=", ruleset)
    .executeTakeFirst()
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

/** One version's document of a pack of the game's; undefined when there is no such version. */
export const packVersionBody = async (
  db: Q,
  id: string,
  version: string,
  ruleset: Ruleset,
): Promise<unknown> => {
  const row = await db
    .selectFrom("pack_versions")
    .innerJoin("packs", "packs.id", "pack_versions.pack_id")
    .select("pack_versions.body")
    .where("pack_versions.pack_id", "=", id)
    .where("pack_versions.version", "=", version)
    .where("packs.ruleset", "=", ruleset)
    .executeTakeFirst()
  return row === undefined ? undefined : JSON.parse(row.body)
}

/**
 * Stores a pack's first version (the caller becomes its owner), or a new version of the caller's
 * pack, in one transaction: "taken" when the pack is another player's, "exists" when it already
 * has this version, "ruleset" when the id is the other game's pack; nothing is written then.
 * Conditional inserts, so of concurrent uploads of one id and version exactly one stores it and
 * the rest are told which (never a key violation).
 */
export const insertPackVersion = (
  db: Q,
  p: { id: string; ownerId: string; version: string; body: unknown; at: string; ruleset?: Ruleset },
): Promise<"stored" | "taken" | "exists" | "ruleset"> =>
  db.transaction().execute(async (tx) => {
    const ruleset = p.ruleset ?? "the-blight"
    // On PostgreSQL an insert of the same id in flight elsewhere is waited for, then seen below.
    await tx
      .insertInto("packs")
      .values({ id: p.id, owner_id: p.ownerId, created_at: p.at, ruleset })
      .onConflict((c) => c.column("id").doNothing())
      .execute()
    const pack = await tx
      .selectFrom("packs")
      .select(["owner_id", "ruleset"])
      .where("id", "=", p.id)
      .executeTakeFirstOrThrow()
    if (pack.ruleset !== ruleset) return "ruleset"
    if (pack.owner_id !== p.ownerId) return "taken"
    const stored = await tx
      .insertInto("pack_versions")
      .values({ pack_id: p.id, version: p.version, body: JSON.stringify(p.body), created_at: p.at })
      .onConflict((c) => c.columns(["pack_id", "version"]).doNothing())
      .executeTakeFirst()
    return Number(stored.numInsertedOrUpdatedRows ?? 0) === 1 ? "stored" : "exists"
  })
