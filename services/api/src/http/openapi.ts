/**
 * The OpenAPI 3.1 document, generated from the route table and the same effect Schemas the
 * handlers decode with, and the /docs page (Swagger UI, served from the installed package).
 */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { join } from "node:path"
import { SchemaJson } from "@blight/dice"
import { BattleOptions } from "@blight/rules"
import { Response } from "@whatwg-node/server"
import { Schema, SchemaAST } from "effect"
import { OpenApiBuilder, type OperationObject, type SchemaObject } from "openapi3-ts/oas31"
import { ErrorBody } from "../app/ApiError.js"
import * as Raids from "../app/Raids.js"
import { encodedSide } from "../schemas.js"
import { fixedAnswer } from "./compressed.js"
import { namedSchemas, routes } from "./routes.js"

const require = createRequire(import.meta.url)

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed body or query (details list each problem with its path)",
  401: "No API key, or not a valid one (with WWW-Authenticate: Bearer)",
  403: "Someone else's resource",
  404: "Not found",
  406: "Accept names no type this answers in",
  409: "A conflict with the current state: the version sent is stale, the version already exists, or it is not ready for this yet",
  413: "Body too large",
  415: "Body is not JSON",
  422: "The rules are broken (details: path, message, clause)",
  429: "Too many requests (see Retry-After)",
}

/**
 * Effect marks the schemas of its built-in `unknown`, `any` and `object` with `$id: "/schemas/…"`.
 * Repeated across one document, the same `$id` would name many schemas (JSON Schema 2020-12 forbids
 * it, and validators such as ajv refuse the document), so they are left out.
 */
const withoutBuiltinIds = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withoutBuiltinIds)
    : node !== null && typeof node === "object"
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([k, v]) => !(k === "$id" && typeof v === "string" && v.startsWith("/schemas/")))
            .map(([k, v]) => [k, withoutBuiltinIds(v)]),
        )
      : node

/**
 * Fields the library declares wider than they hold (`unknown`, so its event and prompt schemas
 * stay free of the command union), typed here as GraphQL types them (graphql/schema/raids.ts,
 * simulations.ts): a logged command, what an adjustment changed, a simulation's options. `tag`
 * picks a union member by its `type`.
 */
const WIDE_FIELDS: ReadonlyArray<{
  component: string
  tag?: string
  field: string
  schema: Schema.Top
}> = [
  { component: "BattleEvent", tag: "commanded", field: "command", schema: Raids.LoggedCommand },
  { component: "BattleEvent", tag: "adjusted", field: "changes", schema: Raids.AdjustedChanges },
  { component: "Pending", field: "command", schema: Raids.LoggedCommand },
  // A simulation's ruling options, as given (graphql/schema/simulations.ts types them the same way).
  { component: "SimReportSpec", field: "options", schema: encodedSide(BattleOptions.Options) },
]

type Node = { anyOf?: Node[]; properties?: Record<string, unknown> }
const retypeWideFields = (
  definitions: Record<string, SchemaJson.Json>,
  schemaOf: (s: Schema.Top) => SchemaObject,
) => {
  for (const { component, tag, field, schema } of WIDE_FIELDS) {
    const root = definitions[component] as Node | undefined
    const node =
      tag === undefined
        ? root
        : root?.anyOf?.find(
            (m) => (m.properties?.type as { enum?: unknown[] } | undefined)?.enum?.[0] === tag,
          )
    // A library change that moves the field must fail here, not leave it untyped.
    if (!node?.properties?.[field])
      throw new Error(`openapi: no ${component}${tag ? `[${tag}]` : ""}.${field}`)
    node.properties[field] = schemaOf(schema)
  }
}

const identifierOf = (s: Schema.Top): string => SchemaAST.resolveIdentifier(s.ast) ?? "value"

/** The service's version, from its package.json (one place to bump it). */
export const SERVICE_VERSION: string = (require("../../package.json") as { version: string }).version

type RouteOf = (typeof routes)[number]
type SchemaOf = (s: Schema.Top) => SchemaObject

const errorResponse = (status: number) => ({
  description: ERROR_TEXT[status] ?? "Error",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
})

/** A route's parameters: its path's, its query's, and a stream's Last-Event-ID. */
const parametersOf = (r: RouteOf, schemaOf: SchemaOf) => {
  const pathSchemas = (r.params ? (schemaOf(r.params).properties ?? {}) : {}) as Record<string, SchemaObject>
  const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1]!,
    in: "path" as const,
    required: true,
    schema: pathSchemas[m[1]!] ?? { type: "string" as const },
  }))
  // A query is decoded from strings (NumberFromString…); the document gives the decoded types.
  const query = r.query
    ? Object.entries((schemaOf(Schema.toType(r.query)).properties ?? {}) as Record<string, SchemaObject>).map(
        ([name, schema]) => ({
          name,
          in: "query" as const,
          required: false,
          schema,
        }),
      )
    : []
  // A live stream resumes after Last-Event-ID, held to the same rule as ?after= (a 400 otherwise).
  const resume = r.stream
    ? query
        .filter((q) => q.name === "after")
        .map((q) => ({
          name: "Last-Event-ID",
          in: "header" as const,
          required: false,
          description: "The id (a seq) of the last event a reconnecting client got; wins over ?after=",
          schema: q.schema,
        }))
    : []
  return [...params, ...query, ...resume]
}

/** A route's success answer. */
const successOf = (r: RouteOf, schemaOf: SchemaOf) => ({
  description:
    r.status === 202 ? "Accepted: to be done; the Location header says where to follow it" : "Success",
  ...(r.status === 202
    ? {
        headers: {
          Location: { description: "Where to follow it", schema: { type: "string" as const } },
        },
      }
    : {}),
  content: r.media
    ? { [r.media]: { schema: { type: "string" as const } } }
    : {
        ...(r.stream
          ? {
              // OpenAPI 3.1 has no schema for a stream's items: the text says what each is.
              "text/event-stream": {
                schema: {
                  type: "string" as const,
                  description: `Server-sent events; each data: line is a ${identifierOf(r.response)} as JSON`,
                },
              },
            }
          : { "application/json": { schema: schemaOf(r.response) } }),
        // Routes that can answer in another format (the Nightsong SVG map) say so (by Accept).
        ...Object.fromEntries(
          (r.alternatives ?? []).map((t) => [t, { schema: { type: "string" as const } }]),
        ),
      },
})

/** A route's operation: its parameters, body, success and the errors it may answer. */
const operationOf = (r: RouteOf, schemaOf: SchemaOf): OperationObject => {
  const statuses = [
    ...new Set([
      400,
      ...(r.auth ? [401, 403] : []),
      404,
      406,
      ...(r.method === "POST" ? [409, 413, 415, 422] : r.method === "DELETE" ? [409] : []),
      ...(r.alsoRefuses ?? []),
      429,
    ]),
  ].sort((x, y) => x - y)
  return {
    operationId: r.operationId,
    summary: r.summary,
    tags: [r.tag],
    ...(r.auth ? { security: [{ apiKey: [] }] } : {}),
    parameters: parametersOf(r, schemaOf),
    ...(r.body
      ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(r.body) } } } }
      : {}),
    responses: {
      [String(r.status)]: successOf(r, schemaOf),
      ...Object.fromEntries(
        statuses.filter((s) => s in ERROR_TEXT).map((s) => [String(s), errorResponse(s)]),
      ),
    },
  }
}

/** Probes for a load balancer (docs/deploy.md): outside the route table, never rate-limited. */
const addProbes = (builder: OpenApiBuilder): void => {
  const probe = (states: string[]): SchemaObject => ({
    type: "object",
    required: ["status", "database"],
    additionalProperties: false,
    properties: {
      status: { type: "string", enum: states },
      database: { type: "string", enum: ["sqlite", "postgres"] },
    },
  })
  const probeAnswer = (description: string, states: string[]) => ({
    description,
    content: { "application/json": { schema: probe(states) } },
  })
  builder.addPath("/health", {
    get: {
      operationId: "health",
      summary: "Is the process up? (liveness: it answers while it runs, draining or not)",
      tags: ["service"],
      responses: { "200": probeAnswer("Up", ["ok"]) },
    },
  })
  builder.addPath("/ready", {
    get: {
      operationId: "ready",
      summary: "May it be sent requests? (readiness: the database answers and it is not shutting down)",
      tags: ["service"],
      responses: {
        "200": probeAnswer("Ready", ["ready"]),
        "503": probeAnswer("Draining for shutdown, or the database does not answer", [
          "draining",
          "database unreachable",
        ]),
      },
    },
  })
}

/** Builds the document. */
export const openApiDocument = (version = SERVICE_VERSION) => {
  const definitions: Record<string, SchemaJson.Json> = {}
  const schemaOf = (s: Schema.Top): SchemaObject =>
    withoutBuiltinIds(
      SchemaJson.fragment(s, { definitions, definitionPath: "#/components/schemas/", target: "openApi3.1" }),
    ) as SchemaObject
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion("3.1.0")
    .addInfo({
      title: "Blight Rules API",
      version,
      description:
        "The Blight's rules over HTTP: content (core pack and homebrew packs), dice and exact odds, and Refuges " +
        "with their Ledger and Market trips. Every error has the shape `{error:{code,message,details}}`. Writes need " +
        "`Authorization: Bearer <key>` from `POST /v1/players`. The same operations are offered over GraphQL at /graphql.",
    })
    .addServer({ url: "/" })
    .addSecurityScheme("apiKey", {
      type: "http",
      scheme: "bearer",
      description: "The key from POST /v1/players",
    })
  builder.addSchema("Error", schemaOf(ErrorBody))
  for (const [name, s] of Object.entries(namedSchemas)) builder.addSchema(name, schemaOf(s))

  const paths: Record<string, Record<string, OperationObject>> = {}
  for (const r of routes)
    paths[r.path] = { ...(paths[r.path] ?? {}), [r.method.toLowerCase()]: operationOf(r, schemaOf) }
  for (const [path, item] of Object.entries(paths)) builder.addPath(path, item)
  retypeWideFields(definitions, schemaOf)
  for (const [name, def] of Object.entries(definitions))
    builder.addSchema(name, withoutBuiltinIds(def) as SchemaObject)
  addProbes(builder)
  return builder.getSpec()
}

const swaggerDir = (require("swagger-ui-dist") as { getAbsoluteFSPath: () => string }).getAbsoluteFSPath()
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blight Rules API — reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#ui", deepLinking: true, docExpansion: "list" })</script>
</body></html>`

/** Serves /docs and its assets, compressed as the client accepts (compressed.ts). */
export const docsPage = () => {
  const page = fixedAnswer(PAGE, { "content-type": "text/html; charset=utf-8" })
  // Each asset read from disk once, on its first ask (a fixed set of three files).
  const assets = new Map<string, Promise<(acceptEncoding: string | null) => Promise<Response>>>()
  return async (url: URL, acceptEncoding: string | null): Promise<Response> => {
    if (url.pathname === "/docs" || url.pathname === "/docs/") return page(acceptEncoding)
    const name = url.pathname.slice("/docs/".length)
    const type = ASSETS[name]
    if (!type)
      return new Response(JSON.stringify({ error: { code: "not_found", message: `no ${url.pathname}` } }), {
        status: 404,
        headers: { "content-type": "application/json" },
      })
    let asset = assets.get(name)
    if (asset === undefined) {
      asset = readFile(join(swaggerDir, name)).then((bytes) =>
        fixedAnswer(bytes, { "content-type": type, "cache-control": "public, max-age=86400" }),
      )
      assets.set(name, asset)
    }
    return (await asset)(acceptEncoding)
  }
}
