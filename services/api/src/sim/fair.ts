/**
 * The fair queue (docs/simulation.md#the-queue): chunks are handed out one at a time, each to the
 * player served least recently (a player new to the queue first), that player's oldest job first.
 * So a player's chunks take turns with everyone else's, however many jobs or raids they queued, and
 * a small job waits for one turn of each other player, not for every chunk queued before it.
 *
 * Whoever is about to play a chunk claims it here: on PostgreSQL a graphile-worker job (a "turn":
 * one is added per chunk, and any of them plays whichever chunk is next), on SQLite the server's
 * own threads. The claim is one transaction: the simulation's row is locked (`FOR UPDATE` on
 * PostgreSQL: a second claimer waits the moment it takes, then sees the cursor moved and takes the
 * next chunk; SQLite has one writer), its cursor moves on, its player's turn is stamped, and the
 * claim is recorded under the turn that took it, so a retried job plays the chunk it took, not
 * another. Not `SKIP LOCKED`: a claimer that skipped the one simulation with chunks left would
 * find nothing and spend its turn, and a chunk would be left without one. Claims played in the last PACE_WINDOW_MS give the pace a
 * job's estimate divides by.
 */
import { type Kysely, sql } from "kysely"
import type { Database } from "../db/Database.js"

/** A chunk handed out: chunk `chunk` of simulation `simulation`. */
export interface Claim {
  readonly simulation: string
  readonly chunk: number
}

/** How far back the pace is read (and how long a played claim is kept). */
export const PACE_WINDOW_MS = 5 * 60_000

const ACTIVE = ["queued", "running"]

/**
 * Takes the next chunk for `turn` (undefined: every chunk is handed out). A turn that has claimed
 * a chunk already gets it again while it is not played (a retried job), and nothing once it is.
 * `turn` may be a function of the chunk (the server's threads name a claim by its chunk).
 */
export const claimNext = (
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  turn: string | ((c: Claim) => string),
  nowMs: number,
): Promise<Claim | undefined> =>
  db.transaction().execute(async (tx) => {
    if (typeof turn === "string") {
      const held = await tx
        .selectFrom("simulation_claims")
        .select(["simulation_id", "chunk", "done_at"])
        .where("turn", "=", turn)
        .executeTakeFirst()
      if (held)
        return held.done_at === null ? { simulation: held.simulation_id, chunk: held.chunk } : undefined
    }
    const next = await tx
      .selectFrom("simulations as s")
      .leftJoin("simulation_turns as t", "t.owner_id", "s.owner_id")
      .select(["s.id", "s.owner_id", "s.next_chunk"])
      .where("s.status", "in", ACTIVE)
      .whereRef("s.next_chunk", "<", "s.chunks")
      .orderBy(sql`coalesce(t.served, 0)`)
      .orderBy("s.created_at")
      .orderBy("s.id")
      .limit(1)
      .$if(dialect === "postgres", (q) => q.forUpdate("s"))
      .executeTakeFirst()
    if (!next) return undefined
    const claim = { simulation: next.id, chunk: next.next_chunk }
    await tx
      .updateTable("simulations")
      .set((eb) => ({ next_chunk: eb("next_chunk", "+", 1) }))
      .where("id", "=", next.id)
      .execute()
    // Two claims at once may stamp the same number: they tie, and are told apart by their jobs' age.
    const served = sql<number>`(select coalesce(max(served), 0) + 1 from simulation_turns)`
    await tx
      .insertInto("simulation_turns")
      .values({ owner_id: next.owner_id, served })
      .onConflict((c) => c.column("owner_id").doUpdateSet((eb) => ({ served: eb.ref("excluded.served") })))
      .execute()
    await tx
      .insertInto("simulation_claims")
      .values({
        turn: typeof turn === "string" ? turn : turn(claim),
        simulation_id: claim.simulation,
        chunk: claim.chunk,
        claimed_at: nowMs,
        done_at: null,
      })
      .onConflict((c) => c.column("turn").doNothing())
      .execute()
    await tx
      .deleteFrom("simulation_claims")
      .where("done_at", "<", nowMs - PACE_WINDOW_MS)
      .execute()
    return claim
  })

/** Marks a turn's claim played (its chunk stored, skipped, or given up on). */
export const claimPlayed = async (db: Kysely<Database>, turn: string, nowMs: number): Promise<void> => {
  await db.updateTable("simulation_claims").set({ done_at: nowMs }).where("turn", "=", turn).execute()
}

/**
 * Chunks handed out but not stored, of the simulations still queued or running: what the server's
 * own threads were playing when it stopped (and, from before the fair queue, chunks never played).
 */
export const handedOutNotStored = async (db: Kysely<Database>): Promise<Claim[]> => {
  const sims = await db
    .selectFrom("simulations")
    .select(["id", "next_chunk"])
    .where("status", "in", ACTIVE)
    .orderBy("created_at")
    .orderBy("id")
    .execute()
  const out: Claim[] = []
  for (const s of sims) {
    const stored = new Set(
      (
        await db.selectFrom("simulation_chunks").select("chunk").where("simulation_id", "=", s.id).execute()
      ).map((r) => r.chunk),
    )
    for (let k = 0; k < s.next_chunk; k++) if (!stored.has(k)) out.push({ simulation: s.id, chunk: k })
  }
  return out
}

/** Where a job stands in the queue (docs/simulation.md#the-queue). */
export interface QueuePlace {
  /** Its player's place in the turn order among players with chunks waiting (1: next); 0 once all its chunks are handed out. */
  readonly place: number
  /** Chunks to be handed out before this job's next one (other players' turns, its player's older jobs). */
  readonly chunksAhead: number
  /** Seconds until it is done at the recent pace (all workers together); absent when nothing was played lately. */
  readonly estimatedSeconds?: number
}

/** Turn-order key: least recently served first, then the oldest waiting job. */
const before = (a: { served: number; first: string }, b: { served: number; first: string }) =>
  a.served < b.served || (a.served === b.served && a.first < b.first)

/**
 * Where simulation `id` of `owner` stands, read from the queue as it is now, assuming each player
 * with chunks waiting gets one per round (new jobs queued later can only add to it).
 */
export const placeOf = async (
  db: Kysely<Database>,
  owner: string,
  id: string,
  nowMs: number,
): Promise<QueuePlace> => {
  const waiting = await db
    .selectFrom("simulations as s")
    .leftJoin("simulation_turns as t", "t.owner_id", "s.owner_id")
    .select(["s.id", "s.owner_id", "s.chunks", "s.next_chunk", "s.created_at", "t.served"])
    .where("s.status", "in", ACTIVE)
    .whereRef("s.next_chunk", "<", "s.chunks")
    .orderBy("s.created_at")
    .orderBy("s.id")
    .execute()
  const players = new Map<string, { served: number; first: string; remaining: number }>()
  let ownBefore = 0
  let own = 0
  let seen = false
  for (const r of waiting) {
    const left = r.chunks - r.next_chunk
    const p = players.get(r.owner_id) ?? { served: Number(r.served ?? 0), first: r.created_at, remaining: 0 }
    p.remaining += left
    players.set(r.owner_id, p)
    if (r.owner_id !== owner || seen) continue
    if (r.id === id) {
      own = left
      seen = true
    } else ownBefore += left
  }
  const pace = await db
    .selectFrom("simulation_claims")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.min("claimed_at").as("since")])
    .where("done_at", ">=", nowMs - PACE_WINDOW_MS)
    .executeTakeFirst()
  const played = Number(pace?.n ?? 0)
  const perSecond = played > 0 ? played / Math.max(1, (nowMs - Number(pace?.since ?? nowMs)) / 1000) : 0
  const self = players.get(owner)
  // Every chunk handed out before this job's own turn number `turns` (1-based) comes round.
  const othersBefore = (turns: number) => {
    let n = 0
    for (const [who, p] of players)
      if (who !== owner && self) n += Math.min(p.remaining, before(p, self) ? turns : turns - 1)
    return n
  }
  const place = seen && self ? 1 + [...players].filter(([w, p]) => w !== owner && before(p, self)).length : 0
  const chunksAhead = seen ? ownBefore + othersBefore(ownBefore + 1) : 0
  // Done once its last chunk is handed out and played: everything before that, and itself.
  const toLast = seen ? ownBefore + own + othersBefore(ownBefore + own) : 1
  return {
    place,
    chunksAhead,
    ...(perSecond > 0 ? { estimatedSeconds: Math.ceil(toLast / perSecond) } : {}),
  }
}
