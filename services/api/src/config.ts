/**
 * The service's settings, from the environment, checked once at start with readable errors.
 */
export interface Config {
  readonly host: string
  readonly port: number
  /** `file:PATH` (SQLite, embedded) or `postgres://…` */
  readonly databaseUrl: string
  /** Largest request body accepted, in bytes (413 above). */
  readonly maxBodyBytes: number
  /** Requests per window per client (429 above). */
  readonly rateLimit: { readonly requests: number; readonly windowMs: number }
  /** Deepest GraphQL query accepted. */
  readonly graphqlMaxDepth: number
  /** Highest GraphQL query cost accepted. */
  readonly graphqlMaxCost: number
}

export const defaults: Config = {
  host: "127.0.0.1",
  port: 4000,
  databaseUrl: "file:./data/blight.db",
  maxBodyBytes: 1_000_000,
  rateLimit: { requests: 600, windowMs: 60_000 },
  graphqlMaxDepth: 10,
  graphqlMaxCost: 5000,
}

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`)
  return n
}

/** Reads the settings from the environment; throws one readable Error on a bad value. */
export const fromEnv = (env: NodeJS.ProcessEnv = process.env): Config => {
  const databaseUrl = env.DATABASE_URL || defaults.databaseUrl
  if (!/^(file:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    throw new Error(`DATABASE_URL: expected file:PATH or postgres://…, got ${JSON.stringify(databaseUrl)}`)
  }
  return {
    host: env.HOST || defaults.host,
    port: int(env, "PORT", defaults.port, 0, 65535),
    databaseUrl,
    maxBodyBytes: int(env, "MAX_BODY_BYTES", defaults.maxBodyBytes, 1024, 100_000_000),
    rateLimit: {
      requests: int(env, "RATE_LIMIT_REQUESTS", defaults.rateLimit.requests, 1, 10_000_000),
      windowMs: int(env, "RATE_LIMIT_WINDOW_MS", defaults.rateLimit.windowMs, 100, 3_600_000),
    },
    graphqlMaxDepth: int(env, "GRAPHQL_MAX_DEPTH", defaults.graphqlMaxDepth, 2, 50),
    graphqlMaxCost: int(env, "GRAPHQL_MAX_COST", defaults.graphqlMaxCost, 10, 1_000_000),
  }
}
