/**
 * The REST contract as data: every route with its method, path, summary, schemas and handler.
 * The router serves it and the OpenAPI document is generated from it, so the two cannot drift.
 * Handlers call the application layer and hold no rules logic.
 */
import { Report } from "@blight/dice"
import { Character, World } from "@blight/nightsong"
import { Entries, Ids, Ledger, Market, Pack, Roster } from "@blight/rules"
import { Effect, Schema } from "effect"
import * as App from "../app/App.js"
import { refugeWithKey } from "../app/keyed.js"
import * as Nightsong from "../app/Nightsong.js"
import { Page, PageQuery } from "../app/paging.js"
import * as Raids from "../app/Raids.js"
import { campaignRoutes, campaignSchemas } from "./campaignRoutes.js"
import { nightsongGameRoutes, nightsongPackRoutes, nightsongToolRoutes } from "./nightsongRoutes.js"
import { packRoutes } from "./packRoutes.js"
import { wantsSvg, withPlain } from "./plainRoute.js"
import { raidRoutes } from "./raidRoutes.js"
import { OddsReport, RefugeDocument, RollReport, TripRecord } from "./reports.js"
import { Raw, type Route } from "./route.js"

// What a route is, in route.ts so the route modules need nothing from this list of them.
export { type KeyedContext, type PlainContext, Raw, type Route, type RouteContext } from "./route.js"
export { Streamed } from "./sse.js"

import { simulationRoutes } from "./simulations.js"

/** The content kinds, as a path parameter. */
const ContentParams = Schema.Struct({ kind: Ids.Kind })

/** A content entry: one of the kinds' entry schemas (the same ones packs are loaded with). */
const Entry = Schema.Union(Object.values(Entries.entrySchemas)).annotate({
  identifier: "Entry",
  description: "An entry of one of the content kinds",
})
const Player = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  createdAt: Schema.String,
}).annotate({ identifier: "Player" })
const Registered = Schema.Struct({
  player: Player,
  apiKey: Schema.String.annotate({
    description: "Shown once; send it as `Authorization: Bearer <key>`. Stored only as a hash.",
  }),
}).annotate({ identifier: "Registration" })
const IssuedKey = Schema.Struct({
  id: Schema.String,
  apiKey: Schema.String.annotate({ description: "Shown once. Stored only as a hash." }),
  revoked: Schema.optional(Schema.String.annotate({ description: "The id of the key rotated out" })),
}).annotate({ identifier: "IssuedKey" })
const Sourced = Schema.Struct({
  pack: Schema.String,
  replaces: Schema.optional(Schema.String),
  entry: Entry,
}).annotate({ identifier: "ContentEntry" })
const ContentPage = Schema.Struct({
  kind: Ids.Kind,
  total: Schema.Int,
  offset: Schema.Int,
  limit: Schema.Int,
  items: Schema.Array(Sourced),
}).annotate({ identifier: "ContentPage" })
const RefugeView = Schema.Struct({
  id: Schema.String,
  owner: Schema.String,
  version: Schema.Int.annotate({
    description: "Send it with a write; a stale version is refused with 409",
  }),
  packs: Schema.Array(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  refuge: RefugeDocument,
}).annotate({ identifier: "RefugeRecord" })
const Founded = Schema.Struct({ ...RefugeView.fields, seed: Schema.Int }).annotate({
  identifier: "FoundedRefuge",
})
const LedgerView = Schema.Struct({
  id: Schema.String,
  version: Schema.Int,
  stores: Ledger.Stores,
  entries: Ledger.Ledger,
}).annotate({
  identifier: "LedgerView",
})
const TripResult = Schema.Struct({ ...RefugeView.fields, trip: TripRecord }).annotate({
  identifier: "MarketTripResult",
})
/** The request to found: the roster is checked by the founding rules (422), so documented here. */
const FoundRequest = Schema.Struct({ ...App.FoundBody.fields, roster: Roster.Roster }).annotate({
  identifier: "FoundRequest",
})
const RefugePage = Page(RefugeView, "RefugePage")
const refugeRoutes = (tag: "refuges" | "congregations"): Route[] => {
  const kind = tag === "refuges" ? "refuge" : "congregation"
  const base = `/v1/${tag}`
  const Kind = kind[0]!.toUpperCase() + kind.slice(1)
  return [
    {
      method: "POST",
      path: base,
      operationId: `found${Kind}`,
      summary: `Found a ${kind} from a roster (422 lists every broken rule with its clause)`,
      tag,
      auth: true,
      status: 201,
      body: FoundRequest,
      response: Founded,
      handler: ({ deps, player, body }) => App.foundRefuge(deps, player, body, kind),
    },
    {
      method: "GET",
      path: base,
      operationId: `list${Kind}s`,
      summary: `A page of the caller's ${kind}s, oldest first`,
      tag,
      auth: true,
      status: 200,
      query: PageQuery,
      response: RefugePage,
      handler: ({ deps, player, query }) => App.listRefuges(deps, player, kind, query),
    },
    {
      method: "GET",
      path: `${base}/{id}`,
      operationId: `get${Kind}`,
      summary: `One of the caller's ${kind}s (403 if it is someone else's)`,
      tag,
      auth: true,
      status: 200,
      response: RefugeView,
      ...withPlain({
        takes: () => true,
        read: ({ deps, player, params }) => App.refugeJson(deps, player, params.id!, kind),
        keyed: ({ deps, params, authorization }) => refugeWithKey(deps, authorization, params.id!, kind),
      }),
    },
    {
      method: "GET",
      path: `${base}/{id}/ledger`,
      operationId: `get${Kind}Ledger`,
      summary: `The ${kind}'s Ledger: every change to its stores, and the stores it folds to`,
      tag,
      auth: true,
      status: 200,
      response: LedgerView,
      handler: ({ deps, player, params }) => App.getLedger(deps, player, params.id!, kind),
    },
    {
      method: "POST",
      path: `${base}/{id}/market-trips`,
      operationId: `${kind}MarketTrip`,
      summary: `A Market trip: its purchases and sales in one request, all or nothing (409 on a stale version)`,
      tag,
      auth: true,
      status: 201,
      body: App.TripBody,
      response: TripResult,
      handler: ({ deps, player, params, body }) => App.marketTrip(deps, player, params.id!, body, kind),
    },
  ]
}

const coreOnly = (query: Readonly<Record<string, string>>) => !query.packs
const always = () => true

/** Every REST route. */
export const routes: readonly Route[] = [
  {
    method: "POST",
    path: "/v1/players",
    operationId: "registerPlayer",
    summary:
      "Register a player; the API key is shown once (an address may register RATE_LIMIT_REGISTRATIONS players per window: 429 with Retry-After past it)",
    tag: "players",
    auth: false,
    status: 201,
    body: App.PlayerInput,
    response: Registered,
    handler: ({ deps, body, address }) => App.registerPlayer(deps, body, address),
  },
  {
    method: "GET",
    path: "/v1/players/me/keys",
    operationId: "listKeys",
    summary:
      "A page of the caller's API keys, oldest first (ids and dates; a key itself is shown only when issued)",
    tag: "players",
    auth: true,
    status: 200,
    query: PageQuery,
    response: Page(App.ApiKeyInfo, "ApiKeyPage"),
    handler: ({ deps, player, query }) => App.listKeys(deps, player, query),
  },
  {
    method: "POST",
    path: "/v1/players/me/keys",
    operationId: "issueKey",
    summary: `A new API key, shown once (at most ${App.MAX_KEYS} per player)`,
    tag: "players",
    auth: true,
    status: 201,
    response: IssuedKey,
    handler: ({ deps, player }) => App.issueKey(deps, player, false),
  },
  {
    method: "POST",
    path: "/v1/players/me/keys/rotate",
    operationId: "rotateKey",
    summary: "Rotate: a new API key, shown once; the key this request was made with stops working",
    tag: "players",
    auth: true,
    status: 201,
    response: IssuedKey,
    handler: ({ deps, player }) => App.issueKey(deps, player, true),
  },
  {
    method: "DELETE",
    path: "/v1/players/me/keys/{id}",
    operationId: "revokeKey",
    summary: "Revoke one of the caller's API keys (not the last one)",
    tag: "players",
    auth: true,
    status: 200,
    response: Schema.Struct({ id: Schema.String, revoked: Schema.Literal(true) }).annotate({
      identifier: "RevokedKey",
    }),
    handler: ({ deps, player, params }) => App.revokeKey(deps, player, params.id!),
  },
  {
    method: "GET",
    path: "/v1/content/{kind}",
    operationId: "listContent",
    summary: `Entries of one kind (${Ids.KINDS.join(", ")}); ?packs=a,b merges homebrew packs over the core pack`,
    tag: "content",
    auth: false,
    status: 200,
    params: ContentParams,
    query: App.ContentQuery,
    response: ContentPage,
    pure: coreOnly,
    handler: ({ deps, params, query }) => App.listContent(deps, params.kind!, query),
  },
  {
    method: "GET",
    path: "/v1/content/{kind}/{id}",
    operationId: "getContent",
    summary: "One entry, with the pack it came from",
    tag: "content",
    auth: false,
    status: 200,
    params: ContentParams,
    query: App.ContentQuery,
    response: Sourced,
    pure: coreOnly,
    handler: ({ deps, params, query }) => App.getContent(deps, params.kind!, params.id!, query),
  },
  ...packRoutes({
    path: "/v1/packs",
    tag: "packs",
    manifest: Pack.Manifest,
    pack: Pack.Pack,
    operation: (verb) => (verb === "list" ? "listPacks" : `${verb}Pack`),
    type: (name) => name,
    summaries: {
      upload: "Upload a homebrew pack or a new version of one you own (validated data; never executed)",
      list: "A page of the uploaded packs, by id",
      get: "One pack, its versions and its latest body",
    },
    upload: App.uploadPack,
    list: App.listPacks,
    get: App.getPack,
  }),
  {
    method: "POST",
    path: "/v1/dice/roll",
    operationId: "rollDice",
    summary:
      "Roll a pool, a test, a dice expression, a d20, a step die or the Die of Fate (seeded, or manual dice)",
    tag: "dice",
    auth: false,
    status: 200,
    body: App.RollBody,
    response: RollReport,
    handler: ({ body }) => App.roll(body),
  },
  ...(["pool", "test", "shoot", "fight", "check", "step"] as const).map(
    (kind): Route => ({
      method: "POST",
      path: `/v1/odds/${kind}`,
      operationId: `odds${kind[0]!.toUpperCase()}${kind.slice(1)}`,
      summary: `Exact odds: ${kind}`,
      tag: "dice",
      auth: false,
      status: 200,
      body: App.oddsBody(kind),
      response: OddsReport[kind],
      pure: always,
      handler: ({ body }) => App.odds(kind, body),
    }),
  ),
  ...refugeRoutes("refuges"),
  ...refugeRoutes("congregations"),
  ...raidRoutes,
  ...campaignRoutes,
  ...simulationRoutes,
  ...nightsongGameRoutes,
  ...nightsongPackRoutes,
  ...nightsongToolRoutes,
  {
    method: "POST",
    path: "/v1/nightsong/characters",
    operationId: "nightsongCharacter",
    summary: "A new Nightsong character (array or 2D6 method), valid by construction; seeded",
    tag: "nightsong",
    auth: false,
    status: 200,
    body: Nightsong.CharacterBody,
    response: Schema.Struct({ seed: Schema.Int, character: Character.Character }).annotate({
      identifier: "GeneratedNightsongCharacter",
    }),
    handler: ({ body }) => Nightsong.character(body),
  },
  {
    method: "POST",
    path: "/v1/nightsong/worlds",
    operationId: "nightsongWorld",
    summary:
      "A Nightsong Living World, made or a saved `land` advanced by sessions: JSON, or the SVG hex map with Accept: image/svg+xml; seeded",
    tag: "nightsong",
    auth: false,
    status: 200,
    body: Nightsong.WorldBody,
    response: Schema.Struct({ seed: Schema.Int, world: World.World }).annotate({
      identifier: "NightsongWorld",
    }),
    alternatives: ["image/svg+xml"],
    handler: ({ body, accept }) =>
      Effect.map(Nightsong.world(body), (w) =>
        wantsSvg(accept)
          ? new Raw("image/svg+xml; charset=utf-8", w.svg())
          : { seed: w.seed, world: w.world },
      ),
  },
]

/** Schemas the OpenAPI document also lists by name. */
export const namedSchemas = {
  RollRequest: Report.RollRequest,
  OddsRequest: Report.OddsRequest,
  MarketOrder: Market.MarketOrder,
  RaidEvent: Raids.RaidEvent,
  ...campaignSchemas,
}
