/**
 * The simulation routes (issue 15): POST /v1/simulations answers 202 with the job and its
 * Location; GET shows its progress and, once done, the report; the report's HTML page; DELETE
 * cancels. Handlers call `app/Simulations.ts` only.
 */
import { Effect, Schema } from "effect"
import { Page, PageQuery } from "../app/paging.js"
import * as Simulations from "../app/Simulations.js"
import { callerRoutes, Raw, type Route, rawAs } from "./route.js"

const JSON_TYPE = "application/json; charset=utf-8"

export const simulationRoutes: Route[] = callerRoutes("simulations", [
  {
    method: "POST",
    path: "/v1/simulations",
    operationId: "createSimulation",
    summary: `Queue a simulation: N raids (at most ${Simulations.MAX_RAIDS}) between the caller's Refuges, played by bots; 202 with its Location (409 past ${Simulations.MAX_ACTIVE} simulations queued or running, or SIM_MAX_QUEUED_RAIDS raids not yet played)`,
    status: 202,
    body: Simulations.SimulationRequest,
    response: Simulations.SimulationView,
    handler: ({ deps, player, body }) =>
      Effect.map(
        Simulations.createSimulation(deps, player, body),
        (s) => new Raw(JSON_TYPE, JSON.stringify(s), { location: `/v1/simulations/${s.id}` }),
      ),
  },
  {
    method: "GET",
    path: "/v1/simulations",
    operationId: "listSimulations",
    summary: "A page of the caller's simulations, newest first (no reports: GET each one)",
    status: 200,
    query: PageQuery,
    response: Page(Simulations.SimulationView, "SimulationPage"),
    handler: ({ deps, player, query }) => Simulations.listSimulations(deps, player, query),
  },
  {
    method: "GET",
    path: "/v1/simulations/{id}",
    operationId: "getSimulation",
    summary:
      "A simulation: status, raids done of raids, its place in the fair queue while queued or running, and once done the report with its Vega-Lite charts",
    status: 200,
    response: Simulations.SimulationView,
    handler: ({ deps, player, params }) => Simulations.getSimulation(deps, player, params.id!),
  },
  {
    method: "GET",
    path: "/v1/simulations/{id}/report.html",
    operationId: "simulationReportHtml",
    summary: "The report as an HTML page: tables, and each chart drawn as SVG with its Vega-Lite spec",
    status: 200,
    media: "text/html",
    response: Schema.String,
    handler: ({ deps, player, params }) =>
      rawAs("text/html; charset=utf-8")(Simulations.simulationHtml(deps, player, params.id!)),
  },
  {
    method: "DELETE",
    path: "/v1/simulations/{id}",
    operationId: "cancelSimulation",
    summary: "Cancel a queued or running simulation (its chunks not yet started are skipped)",
    status: 200,
    response: Simulations.SimulationView,
    handler: ({ deps, player, params }) => Simulations.cancelSimulation(deps, player, params.id!),
  },
])
