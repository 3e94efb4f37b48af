/**
 * The Nightsong games' REST routes (/v1/nightsong/games…): a game made with its seats, a seat taken
 * with the player's own key, the game as its seats see it (never the dice state), what the
 * caller's seat may do, commands with the version they were decided against, undo, the log (a
 * page at a time, or live as SSE). Their schemas are app/nightsongGames/'s (GraphQL's too).
 */
import { Conversion, Packs } from "@blight/nightsong"
import * as Nightsong from "../app/Nightsong.js"
import * as Games from "../app/NightsongGames.js"
import * as NightsongPacks from "../app/NightsongPacks.js"
import { Page, PageQuery } from "../app/paging.js"
import { EventsQuery } from "../app/raids/requests.js"
import { packRoutes } from "./packRoutes.js"
import { callerRoutes, type Route } from "./route.js"
import { followRoute, StreamQuery } from "./sse.js"

export const nightsongGameRoutes: Route[] = callerRoutes("nightsong", [
  {
    method: "POST",
    path: "/v1/nightsong/games",
    operationId: "createNightsongGame",
    summary:
      "Start a Nightsong game with its seats (the Referee's and the players'); the caller takes one, others join",
    status: 201,
    body: Games.CreateGameRequest,
    response: Games.GameView,
    handler: ({ deps, player, body }) => Games.createGame(deps, player, body),
  },
  {
    method: "GET",
    path: "/v1/nightsong/games",
    operationId: "listNightsongGames",
    summary: "A page of the Nightsong games the caller made or holds a seat at, oldest first",
    status: 200,
    query: PageQuery,
    response: Page(Games.GameSummary, "NightsongGamePage"),
    handler: ({ deps, player, query }) => Games.listGames(deps, player, query),
  },
  {
    method: "GET",
    path: "/v1/nightsong/games/{id}",
    operationId: "getNightsongGame",
    summary: "A Nightsong game as its seats see it (never the dice state)",
    status: 200,
    response: Games.GameView,
    handler: ({ deps, player, params }) => Games.getGame(deps, player, params.id!),
  },
  {
    method: "POST",
    path: "/v1/nightsong/games/{id}/join",
    operationId: "joinNightsongGame",
    summary: "Take an open seat at the game with the caller's own key (409 when it is taken)",
    status: 200,
    body: Games.JoinGameRequest,
    response: Games.GameView,
    handler: ({ deps, player, params, body }) => Games.joinGame(deps, player, params.id!, body),
  },
  {
    method: "GET",
    path: "/v1/nightsong/games/{id}/legal",
    operationId: "nightsongLegalCommands",
    summary: "The commands open to the caller's seat now (the answers when a prompt waits for it)",
    status: 200,
    response: Games.GameLegal,
    handler: ({ deps, player, params }) => Games.legalFor(deps, player, params.id!),
  },
  {
    method: "POST",
    path: "/v1/nightsong/games/{id}/commands",
    operationId: "commandNightsongGame",
    summary:
      "A command, decided against the version named (409 when stale; 403 for another seat's; 400 with the rule when refused)",
    status: 201,
    body: Games.GameCommandRequest,
    response: Games.GameCommandResult,
    handler: ({ deps, player, params, body }) => Games.commandGame(deps, player, params.id!, body),
  },
  {
    method: "POST",
    path: "/v1/nightsong/games/{id}/undo",
    operationId: "undoNightsongGame",
    summary: "Undo the last command, back to the last roll and never past it (R-N-GAME-03)",
    status: 201,
    body: Games.GameUndoRequest,
    response: Games.GameCommandResult,
    handler: ({ deps, player, params, body }) => Games.undoGame(deps, player, params.id!, body),
  },
  {
    method: "GET",
    path: "/v1/nightsong/games/{id}/events",
    operationId: "nightsongGameEvents",
    summary: "The game's log, a page at a time: events after `after` (a seq), at most `limit`",
    status: 200,
    query: EventsQuery,
    response: Games.GameEventsPage,
    handler: ({ deps, player, params, query }) => Games.gameEvents(deps, player, params.id!, query),
  },
  {
    method: "GET",
    path: "/v1/nightsong/games/{id}/stream",
    operationId: "streamNightsongGame",
    summary:
      "The game's events live, as server-sent events (id: the seq; resumes after Last-Event-ID or ?after=)",
    status: 200,
    query: StreamQuery,
    response: Games.GameEventEntry,
    stream: true,
    handler: followRoute(Games),
  },
])

/**
 * Nightsong's packs, apart from The Blight's /v1/packs (docs/nightsong-over-http.md says why):
 * typed from Nightsong's pack schemas, checked by its loader, merged only into Nightsong games.
 */
export const nightsongPackRoutes: Route[] = packRoutes({
  path: "/v1/nightsong/packs",
  tag: "nightsong",
  manifest: Packs.Manifest,
  pack: Packs.Pack,
  operation: (verb) => (verb === "list" ? "listNightsongPacks" : `${verb}NightsongPack`),
  type: (name) => `Nightsong${name}`,
  summaries: {
    upload:
      "Upload a Nightsong pack or a new version of one you own (422 naming each problem's path and rule; nothing stored)",
    list: "A page of the uploaded Nightsong packs, by id",
    get: "One Nightsong pack, its versions and its latest body",
  },
  upload: NightsongPacks.uploadNightsongPack,
  list: NightsongPacks.listNightsongPacks,
  get: NightsongPacks.getNightsongPack,
})

/** Nightsong's generators that need no key: a conversion, a roll on a table. */
export const nightsongToolRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/nightsong/conversions",
    operationId: "nightsongConversion",
    summary:
      "A creature's stat block from MÖRK BORG, Cairn, Knave, OSE or DCC as a Nightsong NPC (400 naming the path and rule)",
    tag: "nightsong",
    auth: false,
    status: 200,
    body: Nightsong.ConversionRequest,
    response: Conversion.NightsongNpc,
    pure: () => true,
    handler: ({ body }) => Nightsong.conversion(body),
  },
  {
    method: "POST",
    path: "/v1/nightsong/tables/{id}/rolls",
    operationId: "nightsongTableRoll",
    summary: "A roll on any Nightsong table by id (a Spark, a Faction's wants, a name, a detail…); seeded",
    tag: "nightsong",
    auth: false,
    status: 200,
    params: Nightsong.TableParams,
    body: Nightsong.TableRollBody,
    response: Nightsong.TableRoll,
    handler: ({ params, body }) => Nightsong.tableRoll(params.id!, body),
  },
]
