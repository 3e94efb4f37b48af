/**
 * Migrations, frozen in time: never edit one that has shipped; add a new one. The same
 * migrations run on SQLite and PostgreSQL, so they use only portable types.
 */
import type { Kysely } from "kysely"
import type { Migration, MigrationProvider } from "kysely/migration"

// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was, not as it is
type Db = Kysely<any>

const m0001: Migration = {
  up: async (db: Db) => {
    await db.schema
      .createTable("players")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("name", "varchar(200)", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .execute()
    await db.schema
      .createTable("api_keys")
      .addColumn("key_hash", "varchar(64)", (c) => c.primaryKey())
      .addColumn("player_id", "varchar(64)", (c) => c.notNull().references("players.id"))
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .execute()
    await db.schema
      .createTable("packs")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("players.id"))
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .execute()
    await db.schema
      .createTable("pack_versions")
      .addColumn("pack_id", "varchar(64)", (c) => c.notNull().references("packs.id"))
      .addColumn("version", "varchar(64)", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addPrimaryKeyConstraint("pack_versions_pk", ["pack_id", "version"])
      .execute()
    await db.schema
      .createTable("refuges")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("players.id"))
      .addColumn("kind", "varchar(20)", (c) => c.notNull())
      .addColumn("name", "varchar(200)", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("packs", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("refuges_owner").on("refuges").column("owner_id").execute()
    await db.schema
      .createTable("market_trips")
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("refuge_id", "varchar(64)", (c) => c.notNull().references("refuges.id"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addPrimaryKeyConstraint("market_trips_pk", ["refuge_id", "seq"])
      .execute()
  },
  down: async (db: Db) => {
    for (const t of ["market_trips", "refuges", "pack_versions", "packs", "api_keys", "players"])
      await db.schema.dropTable(t).execute()
  },
}

/** A table of streams' rows: who made it, its status, seats, set-up, version and last snapshot. */
const streamRows = (db: Db, name: "raids" | "nightsong_games") =>
  db.schema
    .createTable(name)
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("players.id"))
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("seats", "text", (c) => c.notNull())
    .addColumn("setup", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("snapshot_seq", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .execute()

/** Who plays or made each stream of `of` (a raid's seats, a campaign's members), indexed by player. */
const streamPlayers = async (db: Db, table: string, column: string, of: string) => {
  await db.schema
    .createTable(table)
    .addColumn(column, "varchar(64)", (c) => c.notNull().references(`${of}.id`))
    .addColumn("player_id", "varchar(64)", (c) => c.notNull().references("players.id"))
    .addPrimaryKeyConstraint(`${table}_pk`, [column, "player_id"])
    .execute()
  await db.schema.createIndex(`${table}_player`).on(table).column("player_id").execute()
}

/**
 * Raids (and later campaigns) as event streams: `events` is append-only, keyed by (stream, seq)
 * so no two writers can store the same place in a log; `streams` holds each stream's version (its
 * last seq), which a write names and bumps in one transaction; `snapshots` are states saved every
 * so many events so reading a long raid does not fold from its start.
 */
const m0002: Migration = {
  up: async (db: Db) => {
    await streamRows(db, "raids")
    await db.schema
      .createTable("events")
      .addColumn("stream", "varchar(64)", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("type", "varchar(60)", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addPrimaryKeyConstraint("events_pk", ["stream", "seq"])
      .execute()
    await db.schema
      .createTable("snapshots")
      .addColumn("stream", "varchar(64)", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addPrimaryKeyConstraint("snapshots_pk", ["stream", "seq"])
      .execute()
    await streamPlayers(db, "raid_seats", "raid_id", "raids")
  },
  down: async (db: Db) => {
    for (const t of ["raid_seats", "snapshots", "events", "raids"]) await db.schema.dropTable(t).execute()
  },
}

/**
 * Campaigns (a league of two to four Refuges between raids) as event streams in the same `events`
 * table as raids: a campaign's id is its stream. `raid_id` is the campaign's raid in play (null
 * between raids); `campaign_members` says who plays or organises it, so a player's campaigns are
 * found without reading every campaign.
 */
const m0003: Migration = {
  up: async (db: Db) => {
    await db.schema
      .createTable("campaigns")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("players.id"))
      .addColumn("status", "varchar(20)", (c) => c.notNull())
      .addColumn("members", "text", (c) => c.notNull())
      .addColumn("setup", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("raid_id", "varchar(64)")
      .addColumn("raids", "text", (c) => c.notNull())
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
      .execute()
    await streamPlayers(db, "campaign_members", "campaign_id", "campaigns")
  },
  down: async (db: Db) => {
    for (const t of ["campaign_members", "campaigns"]) await db.schema.dropTable(t).execute()
  },
}

/**
 * Simulations over HTTP (issue 15): a job per simulation, its setup as JSON text, counters the
 * chunks bump as they finish, and the report once the last chunk has folded them; each finished
 * chunk's raid summaries wait in `simulation_chunks` (keyed by chunk, so a retried chunk stores
 * nothing twice) until the report is made from them. Self-contained: it reads no other new table.
 */
const m0004: Migration = {
  up: async (db: Db) => {
    await db.schema
      .createTable("simulations")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("players.id"))
      .addColumn("status", "varchar(20)", (c) => c.notNull())
      .addColumn("setup", "text", (c) => c.notNull())
      .addColumn("raids", "integer", (c) => c.notNull())
      .addColumn("chunk_raids", "integer", (c) => c.notNull())
      .addColumn("chunks", "integer", (c) => c.notNull())
      .addColumn("chunks_done", "integer", (c) => c.notNull())
      .addColumn("raids_done", "integer", (c) => c.notNull())
      .addColumn("error", "text")
      .addColumn("report", "text")
      .addColumn("report_html", "text")
      .addColumn("created_at", "varchar(40)", (c) => c.notNull())
      .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("simulations_owner").on("simulations").column("owner_id").execute()
    await db.schema
      .createTable("simulation_chunks")
      .addColumn("simulation_id", "varchar(64)", (c) => c.notNull().references("simulations.id"))
      .addColumn("chunk", "integer", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("simulation_chunks_pk", ["simulation_id", "chunk"])
      .execute()
  },
  down: async (db: Db) => {
    for (const t of ["simulation_chunks", "simulations"]) await db.schema.dropTable(t).execute()
  },
}

/**
 * The `blight-worker` processes alive on PostgreSQL: each beats (its `seen_at`, the database's
 * clock in ms) with the ids of its graphile-worker workers, so the others can unlock the jobs of
 * one that stopped beating (killed outright) instead of waiting graphile-worker's 4 hours. Made on
 * SQLite too, where it stays empty, so both run the same migrations.
 */
const m0005: Migration = {
  up: async (db: Db) => {
    await db.schema
      .createTable("simulation_workers")
      .addColumn("id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("worker_ids", "text", (c) => c.notNull())
      .addColumn("seen_at", "bigint", (c) => c.notNull())
      .execute()
  },
  down: async (db: Db) => {
    await db.schema.dropTable("simulation_workers").execute()
  },
}

/**
 * The fair simulation queue (docs/simulation.md): chunks are handed out one at a time, to the
 * player served least recently. `next_chunk` is how many of a simulation's chunks have been handed
 * out; `simulation_turns` holds each player's last turn (a number that grows with each chunk handed
 * out); `simulation_claims` records each chunk handed out (by the turn that took it: on PostgreSQL
 * a graphile-worker job, so a retried job plays the chunk it took) and when it was played (the
 * recent pace, for a job's estimate). Simulations unfinished when this runs keep the queue they
 * were given: their chunks count as handed out (on PostgreSQL their own chunk jobs play them; on
 * SQLite the server's resume plays whatever of them is not stored).
 */
const m0010: Migration = {
  up: async (db: Db) => {
    await db.schema
      .alterTable("simulations")
      .addColumn("next_chunk", "integer", (c) => c.notNull().defaultTo(0))
      .execute()
    await db
      .updateTable("simulations")
      .set((eb) => ({ next_chunk: eb.ref("chunks") }))
      .where("status", "in", ["queued", "running"])
      .execute()
    await db.schema.createIndex("simulations_status").on("simulations").column("status").execute()
    await db.schema
      .createTable("simulation_turns")
      .addColumn("owner_id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("served", "bigint", (c) => c.notNull())
      .execute()
    // The next turn's number is the greatest so far plus one: read from the index, not a scan.
    await db.schema.createIndex("simulation_turns_served").on("simulation_turns").column("served").execute()
    await db.schema
      .createTable("simulation_claims")
      .addColumn("turn", "varchar(100)", (c) => c.primaryKey())
      .addColumn("simulation_id", "varchar(64)", (c) => c.notNull())
      .addColumn("chunk", "integer", (c) => c.notNull())
      .addColumn("claimed_at", "double precision", (c) => c.notNull())
      .addColumn("done_at", "double precision")
      .execute()
    await db.schema.createIndex("simulation_claims_done").on("simulation_claims").column("done_at").execute()
  },
  down: async (db: Db) => {
    for (const t of ["simulation_claims", "simulation_turns"]) await db.schema.dropTable(t).execute()
    await db.schema.dropIndex("simulations_status").execute()
    await db.schema.alterTable("simulations").dropColumn("next_chunk").execute()
  },
}

/**
 * Nightsong games (issue 33) as event streams in the same `events` and `snapshots` tables as
 * raids: a game's id is its stream. Its seats (name, and the player holding it) are a JSON column,
 * as a raid's are, written only where they are still what the writer read; `nightsong_game_players`
 * says who made or sits at a game, so a player's games are found without reading every game.
 */
const m0011: Migration = {
  up: async (db: Db) => {
    await streamRows(db, "nightsong_games")
    await streamPlayers(db, "nightsong_game_players", "game_id", "nightsong_games")
  },
  down: async (db: Db) => {
    for (const t of ["nightsong_game_players", "nightsong_games"]) await db.schema.dropTable(t).execute()
  },
}

/**
 * Nightsong packs (R-N-PACK-01) in the same tables as The Blight's: a pack's `ruleset` says which
 * game's loader checked it and which game may merge it. Ids are one namespace across both games, so
 * a pack id names one pack whatever the route; every pack stored before this is The Blight's.
 */
const m0012: Migration = {
  up: async (db: Db) => {
    await db.schema
      .alterTable("packs")
      .addColumn("ruleset", "varchar(32)", (c) => c.notNull().defaultTo("the-blight"))
      .execute()
  },
  down: async (db: Db) => {
    await db.schema.alterTable("packs").dropColumn("ruleset").execute()
  },
}

/** Every migration, by name (names sort in the order they run). */
export const migrations: Record<string, Migration> = {
  "2026-11-29-0001-initial": m0001,
  "2026-11-30-0002-raids": m0002,
  "2026-11-30-0003-campaigns": m0003,
  "2026-11-30-0004-simulations": m0004,
  "2026-11-30-0005-simulation-workers": m0005,
  "2026-12-07-0010-simulation-turns": m0010,
  "2026-12-07-0011-nightsong-games": m0011,
  "2026-12-08-0012-nightsong-packs": m0012,
}

export const provider: MigrationProvider = { getMigrations: async () => migrations }
