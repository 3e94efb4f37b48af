/**
 * The lists, a page at a time (paging.ts): a player's Refuges and raids, and every pack. Each
 * reads the page's rows (one over the limit, to know whether more follow) and counts the list.
 */
import type { Kysely } from "kysely"
import type { Database } from "./Database.js"
import { after2, countOf, type PageRequest, type Rows } from "./paging.js"
import {
  packById,
  refugeOfRow,
  type StoredPack,
  type StoredRaid,
  type StoredRefuge,
  toRaid,
} from "./repositories.js"

type Q = Kysely<Database>

export type Listed<A> = Rows<A>

const keys2 = (after: ReadonlyArray<string> | undefined) =>
  after && after.length === 2 ? ([after[0]!, after[1]!] as const) : undefined

/** A player's Refuges (or Congregations, by `kind`), oldest first. */
export const refugesPage = async (
  db: Q,
  ownerId: string,
  kind: string | undefined,
  req: PageRequest,
): Promise<Listed<StoredRefuge>> => {
  let q = db.selectFrom("refuges").where("owner_id", "=", ownerId)
  if (kind) q = q.where("kind", "=", kind)
  const total = await countOf(q.select((eb) => eb.fn.countAll().as("n")))
  const from = keys2(req.after)
  const fetched = await q
    .selectAll()
    .$if(from !== undefined, (w) => w.where((eb) => after2(eb, ["created_at", "id"], from!)))
    .orderBy("created_at")
    .orderBy("id")
    .limit(req.limit + 1)
    .execute()
  const rows = fetched.slice(0, req.limit)
  const end = rows.at(-1)
  return {
    rows: rows.map(refugeOfRow),
    total,
    more: fetched.length > req.limit,
    ...(end ? { last: [end.created_at, end.id] } : {}),
  }
}

/** The raids a player has a seat at (once each, however many seats), oldest first. */
export const raidsPage = async (db: Q, playerId: string, req: PageRequest): Promise<Listed<StoredRaid>> => {
  const q = db
    .selectFrom("raids")
    .where("id", "in", (eb) =>
      eb.selectFrom("raid_seats").select("raid_seats.raid_id").where("raid_seats.player_id", "=", playerId),
    )
  const total = await countOf(q.select((eb) => eb.fn.countAll().as("n")))
  const from = keys2(req.after)
  const fetched = await q
    .selectAll()
    .$if(from !== undefined, (w) => w.where((eb) => after2(eb, ["created_at", "id"], from!)))
    .orderBy("created_at")
    .orderBy("id")
    .limit(req.limit + 1)
    .execute()
  const rows = fetched.slice(0, req.limit)
  const end = rows.at(-1)
  return {
    rows: rows.map(toRaid),
    total,
    more: fetched.length > req.limit,
    ...(end ? { last: [end.created_at, end.id] } : {}),
  }
}

/** Every uploaded pack, by id. */
export const packsPage = async (db: Q, req: PageRequest): Promise<Listed<StoredPack>> => {
  const total = await countOf(db.selectFrom("packs").select((eb) => eb.fn.countAll().as("n")))
  const from = req.after?.length === 1 ? req.after[0]! : undefined
  const ids = await db
    .selectFrom("packs")
    .select("id")
    .$if(from !== undefined, (w) => w.where("id", ">", from!))
    .orderBy("id")
    .limit(req.limit + 1)
    .execute()
  const page = ids.slice(0, req.limit)
  const rows: StoredPack[] = []
  for (const { id } of page) {
    const p = await packById(db, id)
    if (p) rows.push(p)
  }
  const end = page.at(-1)
  return { rows, total, more: ids.length > req.limit, ...(end ? { last: [end.id] } : {}) }
}
