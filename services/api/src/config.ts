/**
 * The service's settings, from the environment (effect's `Config`), checked once at start with
 * readable errors. Every variable is listed, with its default and range, in `.env.example`.
 */
import { Result } from "effect"
import * as S from "./settings.js"

export interface Config {
  readonly host: string
  readonly port: number
  /** `file:PATH` (SQLite, embedded) or `postgres://…` */
  readonly databaseUrl: string
  /** Largest request body accepted, in bytes (413 above). */
  readonly maxBodyBytes: number
  /**
   * Requests per window per client (429 above; from the environment, `localRequests` on a
   * loopback-only server unless set); `authFailures` is the budget of failed API-key
   * checks per address; `maxClients` bounds the in-memory table (clients past it share one budget).
   */
  readonly rateLimit: {
    readonly requests: number
    readonly windowMs: number
    readonly authFailures: number
    readonly maxClients: number
    /** Players one address may register per `registrationWindowMs` (429 above). */
    readonly registrations: number
    readonly registrationWindowMs: number
  }
  /**
   * Addresses of the reverse proxies whose `X-Forwarded-For` is believed (exact addresses; none by
   * default, so the socket's address identifies a client).
   */
  readonly trustProxy: ReadonlyArray<string>
  /** Deepest GraphQL query accepted. */
  readonly graphqlMaxDepth: number
  /** Highest GraphQL query cost accepted. */
  readonly graphqlMaxCost: number
  /** Longest GraphQL document accepted, in characters. */
  readonly graphqlMaxQueryLength: number
  /** Bytes the kept answers (REST and GraphQL) and parsed GraphQL documents may hold in all. */
  readonly cacheBytes: number
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  readonly shutdownGraceMs: number
  /**
   * How long a client may take to send a request's headers, and the whole request (408 after): a
   * client trickling bytes (slowloris) holds a connection no longer than this.
   */
  readonly headersTimeoutMs: number
  readonly requestTimeoutMs: number
  /** Raids per chunk of a simulation (a chunk is one queue job). */
  readonly simulationChunkRaids: number
  /** On SQLite, the worker threads the server plays simulations' chunks on. */
  readonly simulationThreads: number
  /** Raids a player may have queued (not yet played) across their simulations (409 above). */
  readonly simulationMaxQueuedRaids: number
  /** The bearer token `GET /metrics` asks for (Prometheus text); empty: no /metrics (404). */
  readonly metricsToken: string
}

export const defaults: Config = {
  host: "127.0.0.1",
  port: 4000,
  databaseUrl: "file:./data/blight.db",
  maxBodyBytes: 1_000_000,
  rateLimit: {
    requests: 600,
    windowMs: 60_000,
    authFailures: 30,
    maxClients: 50_000,
    registrations: 30,
    registrationWindowMs: 3_600_000,
  },
  trustProxy: [],
  graphqlMaxDepth: 10,
  graphqlMaxCost: 5000,
  graphqlMaxQueryLength: 20_000,
  cacheBytes: 64 * 1024 * 1024,
  shutdownGraceMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  simulationChunkRaids: 500,
  simulationThreads: 1,
  simulationMaxQueuedRaids: 200_000,
  metricsToken: "",
}

/**
 * Requests a client may make per window when `RATE_LIMIT_REQUESTS` is not set and the server listens
 * only on a loopback address with no `TRUST_PROXY`: nothing but this machine's own programs can
 * reach it, and the example clients play two raids in seconds (over a thousand requests on one key).
 * Any other server keeps `defaults.rateLimit.requests`.
 */
export const localRequests = 6000

const loopback = (host: string) => host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host)

const int = (name: string, fallback: number, min: number, max: number) =>
  S.number(name, "integer", fallback).pipe(
    S.check(`${name}: expected a whole number from ${min} to ${max}`, (n) => n >= min && n <= max),
  )

const text = (name: string, fallback: string) =>
  S.text(name, fallback).pipe(
    // An empty variable means "not set", as it did before.
    S.map((s) => s || fallback),
  )

const settings = S.all({
  host: text("HOST", defaults.host),
  port: int("PORT", defaults.port, 0, 65535),
  databaseUrl: text("DATABASE_URL", defaults.databaseUrl).pipe(
    S.check("DATABASE_URL: expected file:PATH or postgres://…", (s) =>
      /^(file:.+|postgres(ql)?:\/\/.+)$/.test(s),
    ),
  ),
  maxBodyBytes: int("MAX_BODY_BYTES", defaults.maxBodyBytes, 1024, 100_000_000),
  rateLimit: S.all({
    // Unset (or empty): a default that depends on HOST and TRUST_PROXY, filled in below.
    requests: S.text("RATE_LIMIT_REQUESTS", "").pipe(
      S.check(
        "RATE_LIMIT_REQUESTS: expected a whole number from 1 to 10000000",
        (s) => s === "" || (Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 10_000_000),
      ),
      S.map((s) => (s === "" ? undefined : Number(s))),
    ),
    windowMs: int("RATE_LIMIT_WINDOW_MS", defaults.rateLimit.windowMs, 1000, 3_600_000),
    authFailures: int("RATE_LIMIT_AUTH_FAILURES", defaults.rateLimit.authFailures, 1, 1_000_000),
    maxClients: int("RATE_LIMIT_MAX_CLIENTS", defaults.rateLimit.maxClients, 10, 10_000_000),
    registrations: int("RATE_LIMIT_REGISTRATIONS", defaults.rateLimit.registrations, 1, 10_000_000),
    registrationWindowMs: int(
      "RATE_LIMIT_REGISTRATIONS_WINDOW_MS",
      defaults.rateLimit.registrationWindowMs,
      1000,
      86_400_000,
    ),
  }),
  trustProxy: text("TRUST_PROXY", "").pipe(
    S.map(
      (s): ReadonlyArray<string> =>
        s
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
    ),
  ),
  graphqlMaxDepth: int("GRAPHQL_MAX_DEPTH", defaults.graphqlMaxDepth, 2, 50),
  graphqlMaxCost: int("GRAPHQL_MAX_COST", defaults.graphqlMaxCost, 10, 1_000_000),
  graphqlMaxQueryLength: int("GRAPHQL_MAX_QUERY_LENGTH", defaults.graphqlMaxQueryLength, 1000, 1_000_000),
  cacheBytes: int("CACHE_BYTES", defaults.cacheBytes, 0, 4 * 1024 * 1024 * 1024),
  shutdownGraceMs: int("SHUTDOWN_GRACE_MS", defaults.shutdownGraceMs, 0, 600_000),
  headersTimeoutMs: int("HEADERS_TIMEOUT_MS", defaults.headersTimeoutMs, 100, 600_000),
  requestTimeoutMs: int("REQUEST_TIMEOUT_MS", defaults.requestTimeoutMs, 100, 3_600_000),
  simulationChunkRaids: int("SIM_CHUNK_RAIDS", defaults.simulationChunkRaids, 1, 10_000),
  simulationThreads: int("SIM_THREADS", defaults.simulationThreads, 1, 64),
  simulationMaxQueuedRaids: int("SIM_MAX_QUEUED_RAIDS", defaults.simulationMaxQueuedRaids, 1, 100_000_000),
  metricsToken: text("METRICS_TOKEN", defaults.metricsToken),
}).pipe(
  S.map(
    (c): Config => ({
      ...c,
      rateLimit: {
        ...c.rateLimit,
        requests:
          c.rateLimit.requests ??
          (loopback(c.host) && c.trustProxy.length === 0 ? localRequests : defaults.rateLimit.requests),
      },
    }),
  ),
)

/** Reads the settings from the environment; throws one readable Error on a bad value. */
export const fromEnv = (env: NodeJS.ProcessEnv = process.env): Config => {
  const read = S.read(settings, env)
  if (Result.isFailure(read)) throw new Error(read.failure)
  return read.success
}
