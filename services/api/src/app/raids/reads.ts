/** Reading a raid: as the caller may see it, its log (a page, or followed live), its board, what may be done now. */
import { Battle, Policy, Svg } from "@blight/rules"
import { Effect, Exit } from "effect"
import * as Lists from "../../db/lists.js"
import * as Repo from "../../db/repositories.js"
import { type ApiError, notFound } from "../ApiError.js"
import { type Caller, type Deps, decodeQuery, keptBytes } from "../App.js"
import { PageQuery, paged } from "../paging.js"
import { eventsPage, followStream, stateAt } from "../stream/index.js"
import { envOf, raidEngine } from "./engine.js"
import { EventsQuery } from "./requests.js"
import { byFor, type Head, reader, readRefusal, seated } from "./seats.js"
import { decodeLog, load } from "./stored.js"
import { viewed, viewOf } from "./view.js"

/** The state of a stored raid at its version (a campaign reads its raid's final state). */
export const raidStateOf = (deps: Deps, raid: Repo.StoredRaid) => stateAt(raidEngine, deps, raid)

/** A raid read for the caller, and its state (none before it is set up). */
const readable = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    const state = raid.version > 0 ? yield* raidStateOf(deps, raid) : undefined
    return { raid, state }
  })

/** A raid as the caller may see it (403 for a player with no seat at it). */
export const getRaid = (deps: Deps, player: Caller, id: string) =>
  Effect.map(readable(deps, player, id), ({ raid, state }) => viewOf(raid, player, state))

const raidViews = keptBytes(32 * 1024 * 1024)

/**
 * {@link getRaid} as JSON bytes, for REST: the key and the raid's row are read every time, but the
 * view of one version for one player (what they may see differs by seat) is kept as the bytes it
 * was: a version names one state, so a kept view is never stale. Bounded in bytes. A plain promise
 * of its Exit (the server's read path runs it without a fiber); only a miss runs as an Effect.
 */
export const raidJson = async (
  deps: Deps,
  player: Caller,
  id: string,
): Promise<Exit.Exit<Buffer<ArrayBuffer>, ApiError>> => {
  // The head first: a kept view needs only the seats and the version, not the set-up.
  const head = await Repo.raidHeadById(deps.db, id)
  if (!head) return Exit.fail(notFound(`no raid "${id.slice(0, 64)}"`))
  const refused = readRefusal(head, player)
  if (refused) return Exit.fail(refused)
  const keyOf = (r: Head) => `${r.id}\u0000${r.version}\u0000${r.updatedAt}\u0000${player.id}`
  const kept = raidViews.get(keyOf(head))
  if (kept !== undefined) return Exit.succeed(kept)
  return Effect.runPromiseExit(
    // Kept under the whole row's own version: a command may have landed since the head was read.
    Effect.map(readable(deps, player, id), ({ raid, state }) => {
      const bytes = Buffer.from(JSON.stringify(viewOf(raid, player, state)))
      raidViews.set(keyOf(raid), bytes)
      return bytes
    }),
  )
}

/** A page of the raids the caller has a seat at, oldest first. */
export const listRaids = (deps: Deps, player: Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(
      q,
      2,
      (req) => Lists.raidsPage(deps.db, player.id, req),
      (r) => viewOf(r, player),
    ),
  )

/** The board as SVG (404 for a raid on a declared table, which has no board to draw). */
export const raidSvg = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    if (raid.version === 0) return yield* Effect.fail(notFound(`raid "${id}" is waiting for its players`))
    const state = yield* raidStateOf(deps, raid)
    if (!state.board)
      return yield* Effect.fail(
        notFound(`raid "${id}" is played on a declared table: there is no board to draw`),
      )
    const rows = yield* Effect.promise(() =>
      Repo.eventsAfter(deps.db, raid.id, Math.max(0, raid.version - 400), { upTo: raid.version }),
    )
    return Svg.render(state, { lastActivation: Svg.lastActivation(decodeLog(rows)) })
  })

/** What the caller may do now (on a board, moves to concrete points). */
export const legalFor = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* seated(raid, player)
    if (raid.version === 0) return { version: 0, by: "none", commands: [] }
    const state = yield* raidStateOf(deps, raid)
    const env = yield* envOf(deps, raid, state)
    const by = byFor(raid, player, state)
    const listed = Battle.legal(state, env, by)
    return { version: raid.version, by, commands: Policy.boardCommands(state, listed, env.content) }
  })

/** Stored rows as a follower sees them. */
const rowsViewed = (rows: ReadonlyArray<Repo.StoredEvent>) => viewed(decodeLog(rows), rows[0]!.seq)

/** A page of the log: events after `after`, at most `limit` (default 200). */
export const raidEvents = (deps: Deps, player: Caller, id: string, query: unknown) =>
  Effect.gen(function* () {
    const q = yield* decodeQuery(EventsQuery, query)
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    return yield* eventsPage(deps, raid, q, rowsViewed)
  })

/** Checks the caller may follow a raid (before a stream is opened). */
export const followable = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    return raid
  })

/** Every event of a raid after `after`, in order, then each new one as it is stored, until `signal` aborts. */
export const follow = (deps: Deps, id: string, after: number, signal: AbortSignal) =>
  followStream(deps, id, after, signal, rowsViewed)
