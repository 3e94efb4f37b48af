/**
 * The raids' REST routes (/v1/raids…): a raid made by its players, seats joined, commands with the
 * version they were decided against, undo and adjustments, the state (JSON or the SVG map), what
 * is legal, the log (a page at a time, or live as SSE). Their requests' schemas are
 * app/raids/requests.ts's (the use cases decode with them, for GraphQL too).
 */
import { Page, PageQuery } from "../app/paging.js"
import * as Raids from "../app/Raids.js"
import * as Requests from "../app/raids/requests.js"
import { wantsSvg, withPlain } from "./plainRoute.js"
import { callerRoutes, type Route, rawAs } from "./route.js"
import { followRoute, StreamQuery } from "./sse.js"

export const raidRoutes: Route[] = callerRoutes("raids", [
  {
    method: "POST",
    path: "/v1/raids",
    operationId: "createRaid",
    summary:
      "Set a raid up from the caller's Refuges or rosters, a scenario, options and packs; a side for another player waits for them to join",
    status: 201,
    body: Requests.CreateRaidRequest,
    response: Raids.RaidView,
    handler: ({ deps, player, body }) => Raids.createRaid(deps, player, body),
  },
  {
    method: "GET",
    path: "/v1/raids",
    operationId: "listRaids",
    summary: "A page of the raids the caller has a seat at, oldest first",
    status: 200,
    query: PageQuery,
    response: Page(Raids.RaidView, "RaidPage"),
    handler: ({ deps, player, query }) => Raids.listRaids(deps, player, query),
  },
  {
    method: "GET",
    path: "/v1/raids/{id}",
    operationId: "getRaid",
    summary:
      "A raid as its players see it (never the dice state); the board as SVG with Accept: image/svg+xml",
    status: 200,
    response: Raids.RaidView,
    alternatives: ["image/svg+xml"],
    ...withPlain(
      {
        takes: (accept) => !wantsSvg(accept),
        read: ({ deps, player, params }) => Raids.raidJson(deps, player, params.id!),
      },
      ({ deps, player, params }) =>
        rawAs("image/svg+xml; charset=utf-8")(Raids.raidSvg(deps, player, params.id!)),
    ),
  },
  {
    method: "POST",
    path: "/v1/raids/{id}/join",
    operationId: "joinRaid",
    summary: "Take the seat the raid keeps for the caller, with their own Refuge or a roster",
    status: 200,
    body: Requests.JoinRaidRequest,
    response: Raids.RaidView,
    handler: ({ deps, player, params, body }) => Raids.joinRaid(deps, player, params.id!, body),
  },
  {
    method: "GET",
    path: "/v1/raids/{id}/legal",
    operationId: "raidLegalCommands",
    summary: "The commands open to the caller now (on a board, moves to concrete points)",
    status: 200,
    response: Raids.RaidLegal,
    handler: ({ deps, player, params }) => Raids.legalFor(deps, player, params.id!),
  },
  {
    method: "POST",
    path: "/v1/raids/{id}/commands",
    operationId: "commandRaid",
    summary:
      "A command, decided against the version named (409 when stale; 403 for another side's; 400 with the rule when refused)",
    status: 201,
    body: Requests.CommandRequest,
    response: Raids.CommandResult,
    handler: ({ deps, player, params, body }) => Raids.commandRaid(deps, player, params.id!, body),
  },
  {
    method: "POST",
    path: "/v1/raids/{id}/undo",
    operationId: "undoRaid",
    summary: "Undo the caller's last command, back to the last dice roll and never past it (R-BATTLE-15)",
    status: 201,
    body: Requests.UndoRequest,
    response: Raids.CommandResult,
    handler: ({ deps, player, params, body }) => Raids.undoRaid(deps, player, params.id!, body),
  },
  {
    method: "POST",
    path: "/v1/raids/{id}/adjust",
    operationId: "adjustRaid",
    summary: "Correct one of the caller's models, with the reason the table agreed on (logged)",
    status: 201,
    body: Requests.AdjustRequest,
    response: Raids.CommandResult,
    handler: ({ deps, player, params, body }) => Raids.adjustRaid(deps, player, params.id!, body),
  },
  {
    method: "GET",
    path: "/v1/raids/{id}/events",
    operationId: "raidEvents",
    summary: "The raid's log, a page at a time: events after `after` (a seq), at most `limit`",
    status: 200,
    query: Requests.EventsQuery,
    response: Raids.RaidEventsPage,
    handler: ({ deps, player, params, query }) => Raids.raidEvents(deps, player, params.id!, query),
  },
  {
    method: "GET",
    path: "/v1/raids/{id}/stream",
    operationId: "streamRaid",
    summary:
      "The raid's events live, as server-sent events (id: the seq; resumes after Last-Event-ID or ?after=)",
    status: 200,
    query: StreamQuery,
    response: Raids.RaidEvent,
    stream: true,
    handler: followRoute(Raids),
  },
])
