/** Reading a campaign: as the caller may see it, its log (a page, or followed live), its standings. */
import { standings } from "@blight/rules"
import { Effect } from "effect"
import * as CampaignRepo from "../../db/campaigns.js"
import { conflict } from "../ApiError.js"
import { type Caller, type Deps, decodeQuery } from "../App.js"
import { PageQuery, paged } from "../paging.js"
import { EventsQuery } from "../raids/requests.js"
import { eventsPage, followStream, stateAt } from "../stream/index.js"
import { campaignEngine } from "./engine.js"
import { readable } from "./sync.js"
import { viewed, viewOf } from "./view.js"

/** A campaign as the caller may see it (403 for a player who neither organises nor plays in it). */
export const getCampaign = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const c = yield* readable(deps, player, id)
    const state = c.version > 0 ? yield* stateAt(campaignEngine, deps, c) : undefined
    return viewOf(c, player, state)
  })

/** A page of the campaigns the caller organises or plays in, oldest first. */
export const listCampaigns = (deps: Deps, player: Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(
      q,
      2,
      (req) => CampaignRepo.campaignsPage(deps.db, player.id, req),
      (c) => viewOf(c, player),
    ),
  )

/** A page of the log: events after `after`, at most `limit` (default 200). */
export const campaignEvents = (deps: Deps, player: Caller, id: string, query: unknown) =>
  Effect.gen(function* () {
    const q = yield* decodeQuery(EventsQuery, query)
    const c = yield* readable(deps, player, id)
    return yield* eventsPage(deps, c, q, viewed)
  })

/** The standings, best first (B-STANDINGS-01/02). */
export const campaignStandings = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const c = yield* readable(deps, player, id)
    if (c.version === 0)
      return yield* Effect.fail(conflict(`campaign "${id}" is waiting for its members to join`))
    const state = yield* stateAt(campaignEngine, deps, c)
    return { version: c.version, season: state.season, raids: state.raids.length, rows: standings(state) }
  })

/** Checks the caller may follow a campaign (before a stream is opened). */
export const followable = (deps: Deps, player: Caller, id: string) => readable(deps, player, id)

/** Every event of a campaign after `after`, in order, then each new one as it is stored. */
export const follow = (deps: Deps, id: string, after: number, signal: AbortSignal) =>
  followStream(deps, id, after, signal, viewed)
