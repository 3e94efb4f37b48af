/**
 * Nightsong games' rows: the seats, the set-up, the version, the last snapshot; their events share
 * the `events` and `snapshots` tables with raids and campaigns (a game's id is its stream). A game
 * is stored with its first event in one transaction, and every later write names the version or
 * the seats it was decided against.
 */
import type { Kysely } from "kysely"
import type { Database } from "./Database.js"
import { type PageRequest, pageByCreation, type Rows } from "./paging.js"
import { type Append, insertEvents, toRaid } from "./repositories.js"

type Q = Kysely<Database>

/** A seat at the table: its name in the game, and the player holding it (absent: open). */
export interface GameSeat {
  readonly seat: string
  readonly player?: string
}

export interface StoredGame {
  readonly id: string
  readonly ownerId: string
  readonly status: "playing"
  readonly seats: ReadonlyArray<GameSeat>
  readonly setup: unknown
  readonly version: number
  readonly snapshotSeq: number
  readonly createdAt: string
  readonly updatedAt: string
}

/** A game's row reads as a raid's (the same columns), with its own seats. */
const toGame = (r: Database["nightsong_games"]): StoredGame => ({
  ...toRaid(r),
  status: "playing",
  seats: JSON.parse(r.seats),
})

/** Stores a new game and its first events (at version 0) in one transaction. */
export const insertGame = async (db: Q, g: StoredGame, first: Append): Promise<void> => {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("nightsong_games")
      .values({
        id: g.id,
        owner_id: g.ownerId,
        status: g.status,
        seats: JSON.stringify(g.seats),
        setup: JSON.stringify(g.setup),
        version: first.events.length,
        snapshot_seq: 0,
        created_at: g.createdAt,
        updated_at: g.createdAt,
      })
      .execute()
    await insertEvents(tx, first)
    await tx.insertInto("nightsong_game_players").values({ game_id: g.id, player_id: g.ownerId }).execute()
  })
}

export const gameById = async (db: Q, id: string): Promise<StoredGame | undefined> => {
  const row = await db.selectFrom("nightsong_games").selectAll().where("id", "=", id).executeTakeFirst()
  return row && toGame(row)
}

/**
 * Appends a command's events if the game is still at `expected`, in one transaction (of concurrent
 * writers on one version exactly one moves it). Undefined when another wrote first. A game keeps
 * no snapshots: its log is short, and its undo reaches back into it.
 */
export const appendGameEvents = async (db: Q, a: Append): Promise<number | undefined> =>
  db.transaction().execute(async (tx) => {
    const version = a.expected + a.events.length
    const res = await tx
      .updateTable("nightsong_games")
      .set({ version, updated_at: a.at })
      .where("id", "=", a.stream)
      .where("version", "=", a.expected)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return undefined
    await insertEvents(tx, a)
    return version
  })

/**
 * Writes the seats if they are still `before`, and lists the game under the joining player, in one
 * transaction (of two players taking one seat, one wins).
 */
export const takeSeat = (db: Q, id: string, player: string, before: string, after: string, at: string) =>
  db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable("nightsong_games")
      .set({ seats: after, updated_at: at })
      .where("id", "=", id)
      .where("seats", "=", before)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    // The joiner holds no seat yet (nor made the game, whose maker holds one): not listed yet.
    await tx.insertInto("nightsong_game_players").values({ game_id: id, player_id: player }).execute()
    return true
  })

/** A page of the games a player made or sits at, oldest first. */
export const gamesPage = (db: Q, playerId: string, req: PageRequest): Promise<Rows<StoredGame>> =>
  pageByCreation(
    db
      .selectFrom("nightsong_games")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("nightsong_game_players")
          .select("nightsong_game_players.game_id")
          .where("nightsong_game_players.player_id", "=", playerId),
      ),
    req,
    toGame,
  )
