/**
 * The lists, a page at a time (paging.ts): a player's Refuges and raids, and every pack. Each
 * reads the page's rows (one over the limit, to know whether more follow) and counts the list.
 */
import type { Kysely } from "kysely"
import type { Database } from "./Database.js"
import { countOf, type PageRequest, pageByCreation, type Rows } from "./paging.js"
import {
  packById,
  type Ruleset,
  refugeOfRow,
  type StoredPack,
  type StoredRaid,
  type StoredRefuge,
  toRaid,
} from "./repositories.js"

type Q = Kysely<Database>

export type Listed<A> = Rows<A>

/** A player's Refuges (or Congregations, by `kind`), oldest first. */
export const refugesPage = async (
  db: Q,
  ownerId: string,
  kind: string | undefined,
  req: PageRequest,
): Promise<Listed<StoredRefuge>> => {
  let q = db.selectFrom("refuges").where("owner_id", "=", ownerId)
  if (kind) q = q.where("kind", "=", kind)
  return pageByCreation(q, req, refugeOfRow)
}

/** The raids a player has a seat at (once each, however many seats), oldest first. */
export const raidsPage = async (db: Q, playerId: string, req: PageRequest): Promise<Listed<StoredRaid>> => {
  const q = db
    .selectFrom("raids")
    .where("id", "in", (eb) =>
      eb.selectFrom("raid_seats").select("raid_seats.raid_id").where("raid_seats.player_id", "=", playerId),
    )
  return pageByCreation(q, req, toRaid)
}

/** Every uploaded pack of one game, by id. */
export const packsPage = async (
  db: Q,
  req: PageRequest,
  ruleset: Ruleset = "the-blight",
): Promise<Listed<StoredPack>> => {
  const ofGame = db.selectFrom("packs").where("ruleset", "=", ruleset)
  const total = await countOf(ofGame.select((eb) => eb.fn.countAll().as("n")))
  const from = req.after?.length === 1 ? req.after[0]! : undefined
  const ids = await ofGame
    .select("id")
    .$if(from !== undefined, (w) => w.where("id", ">", from!))
    .orderBy("id")
    .limit(req.limit + 1)
    .execute()
  const page = ids.slice(0, req.limit)
  const rows: StoredPack[] = []
  for (const { id } of page) {
    const p = await packById(db, id, ruleset)
    if (p) rows.push(p)
  }
  const end = page.at(-1)
  return { rows, total, more: ids.length > req.limit, ...(end ? { last: [end.id] } : {}) }
}
