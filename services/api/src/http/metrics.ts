/**
 * What an operator sees (docs/deploy.md#metrics): Prometheus text from prom-client, at `GET
 * /metrics` with `Authorization: Bearer $METRICS_TOKEN` (no token set: no metrics, and nothing is
 * counted). One registry per service, so several services in one process (the tests) count apart.
 *
 * Requests are labelled by the route's pattern (`/v1/raids/{id}`), never the path as sent, so the
 * series are bounded by the route table. The queue, the workers and the pool are read when scraped:
 * the queue and the workers from the database (every instance reports the same figures), the pool
 * from this instance's own.
 */
import { hash, timingSafeEqual } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Response } from "@whatwg-node/server"
import type { Kysely } from "kysely"
import { sql } from "kysely"
import type pg from "pg"
import { Counter, Gauge, Histogram, Registry } from "prom-client"
import { ApiError, rateLimited, unauthorized } from "../app/ApiError.js"
import type { Database } from "../db/Database.js"
import type { RateLimiter } from "./RateLimit.js"

/** The limits whose refusals are counted. */
export type Limit = "requests" | "auth_failures" | "registrations"

export interface Metrics {
  /** One request answered (or left by its client: status "aborted"), by route pattern. */
  readonly request: (route: string, method: string, status: string, seconds: number) => void
  readonly refused: (limit: Limit) => void
  readonly listenReconnected: () => void
  /** The text to answer a scrape with, and its content type. */
  readonly scrape: () => Promise<{ readonly body: string; readonly contentType: string }>
}

export interface Sources {
  readonly db: Kysely<Database>
  readonly pool?: pg.Pool | undefined
  /** Live streams open now (SSE: REST followers and GraphQL subscriptions). */
  readonly streams: () => number
}

// Seconds: from a cached answer (well under a millisecond) to a slow write or a long poll.
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** A read at scrape time that fails leaves the figures as they were (the scrape still answers). */
const quietly = async (f: () => Promise<void>) => {
  try {
    await f()
  } catch {}
}

export const makeMetrics = ({ db, pool, streams }: Sources): Metrics => {
  const registry = new Registry()
  const requests = new Counter({
    name: "blight_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status (aborted: the client left before the answer was sent)",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: "blight_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte (or the client leaving), by route pattern and method",
    labelNames: ["route", "method"] as const,
    buckets: BUCKETS,
    registers: [registry],
  })
  const refusals = new Counter({
    name: "blight_rate_limit_refusals_total",
    help: "Requests refused by a rate limit (429): requests per client, failed API-key checks per address, registrations per address",
    labelNames: ["limit"] as const,
    registers: [registry],
  })
  new Gauge({
    name: "blight_sse_streams_open",
    help: "Live streams open on this instance (server-sent events: raid and campaign followers, GraphQL subscriptions)",
    registers: [registry],
    collect() {
      this.set(streams())
    },
  })
  const reconnects = new Counter({
    name: "blight_listen_reconnects_total",
    help: "Times this instance's PostgreSQL LISTEN connection was opened again after it dropped",
    registers: [registry],
  })
  simulationGauges(registry, db)
  if (pool) poolGauges(registry, db, pool)
  return {
    request: (route, method, status, seconds) => {
      requests.inc({ route, method, status })
      latency.observe({ route, method }, seconds)
    },
    refused: (limit) => refusals.inc({ limit }),
    listenReconnected: () => reconnects.inc(),
    scrape: async () => ({ body: await registry.metrics(), contentType: registry.contentType }),
  }
}

/** What a gauge read from the database sets: each value with its labels (none: the gauge's one value). */
type Readings = ReadonlyArray<readonly [Record<string, string> | undefined, number]>

/** A gauge read from the database when scraped (a failed read leaves it as it was). */
const dbGauge = (
  registry: Registry,
  config: { readonly name: string; readonly help: string; readonly labelNames?: ReadonlyArray<string> },
  read: () => Promise<Readings>,
) =>
  new Gauge({
    ...config,
    registers: [registry],
    async collect() {
      await quietly(async () => {
        for (const [labels, value] of await read()) {
          if (labels) this.set(labels, value)
          else this.set(value)
        }
      })
    },
  })

/** The simulations' gauges: read from the whole database, so the same on every instance. */
const simulationGauges = (registry: Registry, db: Kysely<Database>): void => {
  dbGauge(
    registry,
    {
      name: "blight_simulations",
      help: "Simulations queued or running (the whole database: the same on every instance)",
      labelNames: ["status"],
    },
    async () => {
      const rows = await db
        .selectFrom("simulations")
        .select(["status", (eb) => eb.fn.countAll().as("n")])
        .where("status", "in", ["queued", "running"])
        .groupBy("status")
        .execute()
      return ["queued", "running"].map((status) => [
        { status },
        Number(rows.find((r) => r.status === status)?.n ?? 0),
      ])
    },
  )
  dbGauge(
    registry,
    {
      name: "blight_simulation_chunks",
      help: "Chunks of the simulations queued or running: waiting to be handed out, or being played (the whole database)",
      labelNames: ["state"],
    },
    async () => {
      const waiting = await db
        .selectFrom("simulations")
        .select(sql<string>`coalesce(sum(chunks - next_chunk), 0)`.as("n"))
        .where("status", "in", ["queued", "running"])
        .executeTakeFirst()
      const playing = await db
        .selectFrom("simulation_claims")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("done_at", "is", null)
        .executeTakeFirst()
      return [
        [{ state: "waiting" }, Number(waiting?.n ?? 0)],
        [{ state: "playing" }, Number(playing?.n ?? 0)],
      ]
    },
  )
  dbGauge(
    registry,
    {
      name: "blight_simulation_workers",
      help: "blight-worker processes beating (PostgreSQL: rows in simulation_workers; a stopped one is swept after WORKER_DEAD_AFTER)",
    },
    async () => {
      const r = await db
        .selectFrom("simulation_workers")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst()
      return [[undefined, Number(r?.n ?? 0)]]
    },
  )
}

/** The PostgreSQL pool's gauges, and the stalest worker's beat on the database's clock. */
const poolGauges = (registry: Registry, db: Kysely<Database>, pool: pg.Pool): void => {
  dbGauge(
    registry,
    {
      name: "blight_simulation_worker_last_beat_age_seconds",
      help: "Seconds since the stalest blight-worker's last beat, on the database's clock (0 with no worker)",
    },
    async () => {
      const r = await sql<{ age: string | number | null }>`
        select (extract(epoch from clock_timestamp()) * 1000 - min(seen_at)) / 1000.0 as age
        from simulation_workers`.execute(db)
      return [[undefined, Number(r.rows[0]?.age ?? 0)]]
    },
  )
  new Gauge({
    name: "blight_db_pool_connections",
    help: "This instance's PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount)
      this.set({ state: "idle" }, pool.idleCount)
      this.set({ state: "waiting" }, pool.waitingCount)
    },
  })
}

/** The paths answered outside the route table, labelled as themselves. */
const FIXED = new Set(["/", "/health", "/ready", "/metrics", "/graphql", "/openapi.json"])
/** Methods labelled as themselves (any other is "other": the label stays bounded). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

/**
 * A request's route label: its route's pattern (`/v1/raids/{id}`, from `patternOf`), one of the
 * service's own paths, `/docs`, or `unmatched` — never the path as sent, so the series stay bounded.
 */
export const routeLabel = (target: string, patternOf: (path: string) => string | undefined): string => {
  const q = target.indexOf("?")
  const path = q < 0 ? target : target.slice(0, q)
  if (FIXED.has(path)) return path
  if (path === "/docs" || path.startsWith("/docs/")) return "/docs"
  return patternOf(path) ?? "unmatched"
}

/**
 * Counts each request node's server is given, once its answer is sent or its client has left
 * ("aborted"), with the time from its arrival.
 */
export const measured =
  (metrics: Metrics, patternOf: (path: string) => string | undefined) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now()
    res.once("close", () =>
      metrics.request(
        routeLabel(req.url ?? "", patternOf),
        METHODS.has(req.method ?? "") ? req.method! : "other",
        res.writableFinished ? String(res.statusCode) : "aborted",
        (performance.now() - started) / 1000,
      ),
    )
  }

/** Whether an Authorization header is `Bearer <token>`, compared in constant time (as hashes). */
const bearerCheck = (token: string) => {
  const wanted = hash("sha256", token, "buffer")
  return (authorization: string | null): boolean => {
    const sent = /^Bearer\s+(\S{1,500})$/i.exec(authorization ?? "")?.[1]
    return sent !== undefined && token !== "" && timingSafeEqual(hash("sha256", sent, "buffer"), wanted)
  }
}

/**
 * `GET /metrics`, for the token's bearer alone: a wrong token spends the address's budget of failed
 * key checks, as a wrong API key does. `refuse` answers an error in the service's shape.
 */
export const metricsEndpoint = (
  metrics: Metrics,
  token: string,
  limiter: Pick<RateLimiter, "authBlocked" | "authFailed">,
) => {
  const isToken = bearerCheck(token)
  return async (
    request: Request,
    address: string,
    refuse: (e: ApiError, headers?: Record<string, string>) => Response,
  ): Promise<Response> => {
    if (request.method !== "GET")
      return refuse(new ApiError({ code: "method_not_allowed", message: "/metrics takes GET" }), {
        allow: "GET",
      })
    const blocked = await limiter.authBlocked(address)
    if (blocked > 0) {
      metrics.refused("auth_failures")
      return refuse(rateLimited(`too many failed keys; try again in ${blocked}s`, blocked))
    }
    if (!isToken(request.headers.get("authorization"))) {
      await limiter.authFailed(address)
      return refuse(unauthorized("/metrics needs Authorization: Bearer <METRICS_TOKEN>"))
    }
    const { body, contentType } = await metrics.scrape()
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } })
  }
}
