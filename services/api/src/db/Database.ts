/**
 * The database, table by table. Rows are snake_case here and become domain objects in the
 * repositories, so snake_case never leaks past them. JSON documents are stored as text, the same
 * on SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable } from "kysely"

export interface PlayersTable {
  id: string
  name: string
  created_at: string
}

export interface ApiKeysTable {
  /** sha256 of the key, hex: the key itself is shown once and never stored. */
  key_hash: string
  player_id: string
  created_at: string
}

export interface PacksTable {
  id: string
  owner_id: string
  created_at: string
}

export interface PackVersionsTable {
  pack_id: string
  version: string
  /** The pack document as uploaded (JSON text). */
  body: string
  created_at: string
}

export interface RefugesTable {
  id: string
  owner_id: string
  kind: string
  name: string
  /** The Refuge document (JSON text): survivors, stash, Ledger. */
  body: string
  /** Packs it was founded with (JSON array of pack ids), so its content can be rebuilt. */
  packs: string
  /** Optimistic concurrency: a write names the version it read; a stale one is refused (409). */
  version: number
  created_at: string
  updated_at: string
}

export interface MarketTripsTable {
  seq: Generated<number>
  refuge_id: string
  /** What happened, line by line (JSON text), with the dice. */
  body: string
  created_at: string
}

export interface Database {
  players: PlayersTable
  api_keys: ApiKeysTable
  packs: PacksTable
  pack_versions: PackVersionsTable
  refuges: RefugesTable
  market_trips: MarketTripsTable
}

export type PlayerRow = Selectable<PlayersTable>
export type RefugeRow = Selectable<RefugesTable>
export type NewRefugeRow = Insertable<RefugesTable>
