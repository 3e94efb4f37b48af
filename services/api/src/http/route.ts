/**
 * What a route is: its method, path, schemas and handler, and what a handler sees. Apart from the
 * list of routes (routes.ts) so the modules that add routes need nothing from that list.
 */
import { Effect, type Exit, type Schema } from "effect"
import type { ApiError } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import type { KeyedRead } from "../app/keyed.js"

/** What a handler sees. */
export interface RouteContext {
  readonly deps: App.Deps
  readonly params: Readonly<Record<string, string>>
  readonly query: Readonly<Record<string, string>>
  readonly body: unknown
  /** The request's Accept header (for routes that answer in more than one format). */
  readonly accept: string
  /** The caller, for routes with `auth: true` (the router answers 401 before the handler runs). */
  readonly player: App.Caller
  /** The request's Last-Event-ID header (an SSE client resuming), when sent. */
  readonly lastEventId?: string | undefined
  /** Aborted when the client goes away (ends a stream). */
  readonly signal: AbortSignal
  /** The address the request came from (as the rate limits see it). */
  readonly address: string
}

/** A route. `response` is the success body's schema (for the OpenAPI document). */
export interface Route {
  readonly method: "GET" | "POST" | "DELETE"
  readonly path: string
  readonly operationId: string
  readonly summary: string
  readonly tag:
    | "players"
    | "content"
    | "packs"
    | "dice"
    | "refuges"
    | "congregations"
    | "nightsong"
    | "raids"
    | "campaigns"
    | "simulations"
  readonly auth: boolean
  /** 202: accepted, to be done later (the answer's Location says where to look). */
  readonly status: 200 | 201 | 202
  /**
   * Error statuses the route answers beyond those of its method (the document lists them): a
   * read that is refused with 409 while the thing is not ready for it.
   */
  readonly alsoRefuses?: ReadonlyArray<409>
  readonly body?: Schema.Top
  /** The path parameters' schemas, where they are narrower than a string (for the document). */
  readonly params?: Schema.Top
  readonly query?: Schema.Top
  readonly response: Schema.Top
  /**
   * The answer depends on nothing but the request (given this query), so the server may keep it:
   * exact odds always; core content when no homebrew `packs` are asked for.
   */
  readonly pure?: (query: Readonly<Record<string, string>>) => boolean
  /** Other media types the route can answer in, chosen by Accept. */
  readonly alternatives?: ReadonlyArray<string>
  /** The route answers in this media type only (a string), not JSON: an HTML page. */
  readonly media?: string
  /** The route answers with a stream of server-sent events, each `data:` a `response`. */
  readonly stream?: true
  readonly handler: (ctx: RouteContext) => Effect.Effect<unknown, ApiError>
  /**
   * The same answer as `handler`, as a plain promise of its Exit (JSON bytes), for a hot read the
   * server answers without a fiber or the Fetch-API adapter (docs/performance.md), when `takes`
   * the request's Accept (else `handler` answers it: another media type asked for).
   */
  readonly plain?: {
    readonly takes: (accept: string) => boolean
    readonly read: (ctx: PlainContext) => Promise<Exit.Exit<Buffer<ArrayBuffer>, ApiError>>
    /** The same read with the key checked in the same round trip (app/keyed.ts), when it can. */
    readonly keyed?: (ctx: KeyedContext) => Promise<KeyedRead>
  }
}

/** What a plain read sees: the request's parts a read of one stored thing needs. */
export type PlainContext = Pick<RouteContext, "deps" | "params" | "player">
/** What a keyed read sees: the key's header instead of the caller. */
export type KeyedContext = Pick<RouteContext, "deps" | "params"> & { readonly authorization: string }

/** Routes for callers with a key (`auth`), under one tag of the document. */
export const callerRoutes = (
  tag: Route["tag"],
  routes: ReadonlyArray<Omit<Route, "tag" | "auth">>,
): Route[] => routes.map((r) => ({ ...r, tag, auth: true }))

/** A non-JSON answer (an SVG map): the router sends it as is. */
export class Raw {
  constructor(
    readonly contentType: string,
    readonly body: string | Uint8Array<ArrayBuffer>,
    /** Headers to send with it (a 202's Location). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** A use case's text answered as is, as `contentType`. */
export const rawAs =
  (contentType: string) =>
  <E>(text: Effect.Effect<string, E>): Effect.Effect<Raw, E> =>
    Effect.map(text, (body) => new Raw(contentType, body))
