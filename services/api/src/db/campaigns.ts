/**
 * Campaigns' rows: the league (organiser, members, set-up, version, the raid in play) and its
 * events, which share the `events` table with raids (a campaign's id is its stream). Every write
 * names the version it was decided against and happens in one transaction or not at all.
 */
import type { Kysely } from "kysely"
import type { Database } from "./Database.js"
import { type PageRequest, pageByCreation, type Rows } from "./paging.js"
import {
  type Append,
  appendIn,
  fillSetup,
  insertEvents,
  insertPlayers,
  insertRaidIn,
  type StoredRaid,
} from "./repositories.js"

type Q = Kysely<Database>

export type CampaignStatus = "waiting" | "between" | "aftermath" | "raiding"

/** A member: the player who plays the Refuge at this place in the campaign's order. */
export interface Member {
  readonly player: string
}

export interface StoredCampaign {
  readonly id: string
  readonly ownerId: string
  readonly status: CampaignStatus
  readonly members: ReadonlyArray<Member>
  readonly setup: unknown
  readonly version: number
  /** The raid in play (undefined between raids). */
  readonly raidId: string | undefined
  /** Every raid it started, in order. */
  readonly raids: ReadonlyArray<string>
  readonly createdAt: string
  readonly updatedAt: string
}

const toCampaign = (r: Database["campaigns"]): StoredCampaign => ({
  id: r.id,
  ownerId: r.owner_id,
  status: r.status as CampaignStatus,
  members: JSON.parse(r.members),
  setup: JSON.parse(r.setup),
  version: r.version,
  raidId: r.raid_id ?? undefined,
  raids: JSON.parse(r.raids),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export const insertCampaign = async (db: Q, c: StoredCampaign): Promise<void> => {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("campaigns")
      .values({
        id: c.id,
        owner_id: c.ownerId,
        status: c.status,
        members: JSON.stringify(c.members),
        setup: JSON.stringify(c.setup),
        version: 0,
        raid_id: null,
        raids: "[]",
        created_at: c.createdAt,
        updated_at: c.createdAt,
      })
      .execute()
    await insertPlayers(tx, "campaign_members", c.id, [c.ownerId, ...c.members.map((m) => m.player)])
  })
}

export const campaignById = async (db: Q, id: string): Promise<StoredCampaign | undefined> => {
  const row = await db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst()
  return row && toCampaign(row)
}

/** A page of the campaigns a player organises or plays in (once each), oldest first. */
export const campaignsPage = async (
  db: Q,
  playerId: string,
  req: PageRequest,
): Promise<Rows<StoredCampaign>> => {
  const q = db
    .selectFrom("campaigns")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("campaign_members")
        .select("campaign_members.campaign_id")
        .where("campaign_members.player_id", "=", playerId),
    )
  return pageByCreation(q, req, toCampaign)
}

/** Writes a waiting campaign's set-up with a member's Refuge in, if it is still `before` (two joiners: one wins). */
export const fillMember = (db: Q, id: string, before: string, after: string, at: string): Promise<boolean> =>
  fillSetup(db, "campaigns", id, before, after, at)

export interface CampaignAppend extends Pick<Append, "stream" | "expected" | "events" | "at" | "notice"> {
  readonly status: CampaignStatus
  /** Clears the raid in play (its record is among the events). */
  readonly unlinkRaid?: true
}

/**
 * Appends a command's events if the campaign is still at `expected` and no raid is in play (or,
 * for the raid's record, its raid still is), in one transaction: of concurrent writers on one
 * version exactly one moves it. Undefined when another wrote first.
 */
export const appendCampaignEvents = async (db: Q, a: CampaignAppend): Promise<number | undefined> =>
  db.transaction().execute(async (tx) => {
    const version = a.expected + a.events.length
    const res = await tx
      .updateTable("campaigns")
      .set({ version, status: a.status, updated_at: a.at, ...(a.unlinkRaid ? { raid_id: null } : {}) })
      .where("id", "=", a.stream)
      .where("version", "=", a.expected)
      // A raid start links a raid without moving the version: a command decided at that version
      // while the start commits must lose to it (only the raid's own record is appended while a
      // raid is in play), or the two would both be stored.
      .where("raid_id", a.unlinkRaid ? "is not" : "is", null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return undefined
    await insertEvents(tx, a)
    return version
  })

/**
 * Starts a campaign's raid in one transaction: the campaign (still at `expected`, no raid in
 * play) links it, and the raid is stored with its set-up events. False when the campaign moved.
 */
export const startCampaignRaid = (
  db: Q,
  campaign: { readonly id: string; readonly expected: number; readonly raids: ReadonlyArray<string> },
  raid: Omit<StoredRaid, "version" | "snapshotSeq" | "updatedAt">,
  begin: Append,
): Promise<boolean> => linkRaid(db, campaign, { status: "raiding", raid_id: raid.id }, undefined, raid, begin)

/**
 * Starts a league raid (R-CAMPAIGN-42) in one transaction: the campaign's `openRaid` events are
 * appended at `expected` (no classic raid in play), the raid is linked to it without holding the
 * campaign (raids of other Refuges may start, and the others command meanwhile), and the raid is
 * stored with its set-up events. False when the campaign moved.
 */
export const startLeagueRaid = (
  db: Q,
  opened: CampaignAppend & { readonly raids: ReadonlyArray<string> },
  raid: Omit<StoredRaid, "version" | "snapshotSeq" | "updatedAt">,
  begin: Append,
): Promise<boolean> =>
  linkRaid(
    db,
    { id: opened.stream, expected: opened.expected, raids: opened.raids },
    { status: opened.status, version: opened.expected + opened.events.length },
    opened,
    raid,
    begin,
  )

/** The campaign row links the raid (and takes `set`, and the events `opened`), the raid is stored. */
const linkRaid = async (
  db: Q,
  campaign: { readonly id: string; readonly expected: number; readonly raids: ReadonlyArray<string> },
  set: { readonly status: CampaignStatus; readonly raid_id?: string; readonly version?: number },
  opened: CampaignAppend | undefined,
  raid: Omit<StoredRaid, "version" | "snapshotSeq" | "updatedAt">,
  begin: Append,
): Promise<boolean> =>
  db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable("campaigns")
      .set({ ...set, raids: JSON.stringify([...campaign.raids, raid.id]), updated_at: begin.at })
      .where("id", "=", campaign.id)
      .where("version", "=", campaign.expected)
      .where("raid_id", "is", null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    if (opened !== undefined) await insertEvents(tx, opened)
    await insertRaidIn(tx, raid)
    if ((await appendIn(tx, begin)) === undefined) throw new Error(`raid ${raid.id} was written meanwhile`)
    return true
  })
