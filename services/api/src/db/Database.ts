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
  /** The game whose loader checked it: "the-blight" or "nightsong" (R-N-PACK-01). */
  ruleset: Generated<string>
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

export interface RaidsTable {
  id: string
  /** The player who set it up. */
  owner_id: string
  /** "waiting" (a seat is open), "playing", "over". */
  status: string
  /** Who plays which side (JSON array of seats: player, and side once set up). */
  seats: string
  /** What it is set up from (JSON: scenario, options, packs, dice, board, the seats' Refuges). */
  setup: string
  /** The seq of the last event: a command names it; a stale one is refused (409). */
  version: number
  /** The seq of the latest snapshot (0: none). */
  snapshot_seq: number
  created_at: string
  updated_at: string
}

/** The append-only log: one row per event, (stream, seq) unique. */
export interface EventsTable {
  stream: string
  seq: number
  type: string
  /** The event as the library encodes it (JSON text). */
  body: string
  created_at: string
}

/** A stream's state after `seq` events (JSON text), saved so reads need not fold from the start. */
export interface SnapshotsTable {
  stream: string
  seq: number
  body: string
  created_at: string
}

/** Which players sit at a raid (so a player's raids are found without reading every raid). */
export interface RaidSeatsTable {
  raid_id: string
  player_id: string
}

export interface CampaignsTable {
  id: string
  /** The organiser: the player who made it. */
  owner_id: string
  /** "waiting" (a member is to join), "between", "aftermath", "raiding" (its raid is in play). */
  status: string
  /** Who plays which Refuge (JSON array, in the campaign's order). */
  members: string
  /** What it is made from (JSON: packs, dice, the members' Refuges once in). */
  setup: string
  /** The seq of the last event: a command names it; a stale one is refused (409). */
  version: number
  /** The raid in play, linked to the campaign (null between raids). */
  raid_id: string | null
  /** Every raid it has started, in order (JSON array of ids). */
  raids: string
  created_at: string
  updated_at: string
}

/**
 * A Nightsong game (issue 33): the same columns as a raid's row (its seats, each a seat's name
 * and the player holding it; its set-up with the dice's seed; its version), its events in `events`.
 */
export type NightsongGamesTable = RaidsTable

/** Who made or sits at a Nightsong game (so a player's games are found without reading every game). */
export interface NightsongGamePlayersTable {
  game_id: string
  player_id: string
}

/** A simulation (issue 15): its setup, how far its chunks have got, and its report when done. */
export interface SimulationsTable {
  id: string
  owner_id: string
  /** "queued", "running", "done", "failed", "cancelled". */
  status: string
  /** What every chunk plays (JSON: Refuges, scenario, options, packs' documents, policies, seed). */
  setup: string
  raids: number
  /** Raids per chunk (the last chunk may have fewer). */
  chunk_raids: number
  chunks: number
  chunks_done: number
  raids_done: number
  /** Chunks handed out to be played so far (the fair queue's cursor: chunk `next_chunk` goes next). */
  next_chunk: Generated<number>
  /** Why it failed (a set-up refused), for the player. */
  error: string | null
  /** The report (JSON text) and its HTML page, once the last chunk is in. */
  report: string | null
  report_html: string | null
  created_at: string
  updated_at: string
}

/** Who plays in or organises a campaign. */
export interface CampaignMembersTable {
  campaign_id: string
  player_id: string
}

/** A finished chunk's raid summaries (JSON array), until the report is made from them. */
export interface SimulationChunksTable {
  simulation_id: string
  chunk: number
  body: string
}

/** A live `blight-worker` process: its graphile-worker ids (JSON array) and its last beat (ms, database clock). */
export interface SimulationWorkersTable {
  id: string
  worker_ids: string
  seen_at: string | number
}

/** A player's last turn in the fair simulation queue (a number that grows with each chunk handed out). */
export interface SimulationTurnsTable {
  owner_id: string
  served: string | number
}

/**
 * A chunk handed out, by the turn that took it (a graphile-worker job's, or the server's own), when
 * (ms), and when it was played (ms; null while in play).
 */
export interface SimulationClaimsTable {
  turn: string
  simulation_id: string
  chunk: number
  claimed_at: number
  done_at: number | null
}

export interface Database {
  players: PlayersTable
  api_keys: ApiKeysTable
  packs: PacksTable
  pack_versions: PackVersionsTable
  refuges: RefugesTable
  market_trips: MarketTripsTable
  raids: RaidsTable
  events: EventsTable
  snapshots: SnapshotsTable
  raid_seats: RaidSeatsTable
  campaigns: CampaignsTable
  campaign_members: CampaignMembersTable
  simulations: SimulationsTable
  simulation_chunks: SimulationChunksTable
  simulation_workers: SimulationWorkersTable
  simulation_turns: SimulationTurnsTable
  simulation_claims: SimulationClaimsTable
  nightsong_games: NightsongGamesTable
  nightsong_game_players: NightsongGamePlayersTable
}

export type PlayerRow = Selectable<PlayersTable>
export type RefugeRow = Selectable<RefugesTable>
export type NewRefugeRow = Insertable<RefugesTable>
