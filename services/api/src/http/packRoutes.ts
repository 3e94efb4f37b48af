/**
 * A game's pack routes (upload, list, read one), typed from that game's pack schemas: The Blight's
 * at /v1/packs, Nightsong's at /v1/nightsong/packs (R-N-PACK-01). One shape for both, so a client
 * that handles one handles the other.
 */
import { type Effect, Schema } from "effect"
import type { ApiError } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import { Page, PageQuery } from "../app/paging.js"
import type { Route } from "./route.js"

interface PackRoutes {
  /** "/v1/packs" */
  readonly path: string
  readonly tag: Route["tag"]
  /** The game's schemas: a manifest and a whole pack. */
  readonly manifest: Schema.Top
  readonly pack: Schema.Top
  /** Names of the operations and the documented types: prefix + "Pack", "PackSummary", … */
  readonly operation: (verb: "upload" | "list" | "get") => string
  readonly type: (name: "PackSummary" | "PackDetail" | "PackPage") => string
  readonly summaries: { readonly upload: string; readonly list: string; readonly get: string }
  readonly upload: (deps: App.Deps, player: App.Caller, body: unknown) => Effect.Effect<unknown, ApiError>
  readonly list: (deps: App.Deps, query: unknown) => Effect.Effect<unknown, ApiError>
  readonly get: (deps: App.Deps, id: string) => Effect.Effect<unknown, ApiError>
}

export const packRoutes = (o: PackRoutes): Route[] => {
  const summary = Schema.Struct({
    id: Schema.String,
    owner: Schema.String,
    version: Schema.String,
    versions: Schema.Array(Schema.Struct({ version: Schema.String, createdAt: Schema.String })),
    manifest: o.manifest,
  }).annotate({ identifier: o.type("PackSummary") })
  const detail = Schema.Struct({ ...summary.fields, body: o.pack }).annotate({
    identifier: o.type("PackDetail"),
  })
  return [
    {
      method: "POST",
      path: o.path,
      operationId: o.operation("upload"),
      summary: o.summaries.upload,
      tag: o.tag,
      auth: true,
      status: 201,
      body: o.pack,
      response: summary,
      handler: ({ deps, player, body }) => o.upload(deps, player, body),
    },
    {
      method: "GET",
      path: o.path,
      operationId: o.operation("list"),
      summary: o.summaries.list,
      tag: o.tag,
      auth: false,
      status: 200,
      query: PageQuery,
      response: Page(summary, o.type("PackPage")),
      handler: ({ deps, query }) => o.list(deps, query),
    },
    {
      method: "GET",
      path: `${o.path}/{id}`,
      operationId: o.operation("get"),
      summary: o.summaries.get,
      tag: o.tag,
      auth: false,
      status: 200,
      response: detail,
      handler: ({ deps, params }) => o.get(deps, params.id!),
    },
  ]
}
