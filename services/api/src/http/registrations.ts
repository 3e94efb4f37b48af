/**
 * The budget of registrations per address (`RATE_LIMIT_REGISTRATIONS` per
 * `RATE_LIMIT_REGISTRATIONS_WINDOW_MS`): registering is free, so without it one address could make
 * players without end, each with its own request budget and its own simulations. Kept as the other
 * limits are (`RateLimit.ts`): in memory, or in PostgreSQL's `rate_limits` table shared by every
 * instance, with the same bounded table of identities.
 */
import type pg from "pg"
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible"
import { type Config, defaults } from "../config.js"
import { underLock } from "../db/connect.js"
import { identityTable } from "./RateLimit.js"

/** Counts a registration from `address`; resolves to the seconds to wait, or 0 when it may go ahead. */
export type Registrations = (address: string) => Promise<number>

/** `refused` hears of each registration refused (the metrics). */
export const makeRegistrations = async (
  config: Config,
  pool?: pg.Pool,
  refused: () => void = () => undefined,
): Promise<Registrations> => {
  // A settings object made before these two existed (a caller's own) gets their defaults.
  const points = config.rateLimit.registrations ?? defaults.rateLimit.registrations
  const registrationWindowMs =
    config.rateLimit.registrationWindowMs ?? defaults.rateLimit.registrationWindowMs
  const { maxClients } = config.rateLimit
  const duration = registrationWindowMs / 1000
  const memory = () => new RateLimiterMemory({ keyPrefix: "register", points, duration })
  const limiter = pool
    ? await underLock(
        pool,
        () =>
          new Promise<RateLimiterPostgres>((resolve, reject) => {
            const made: RateLimiterPostgres = new RateLimiterPostgres(
              {
                storeClient: pool,
                storeType: "pool",
                tableName: "rate_limits",
                keyPrefix: "register",
                points,
                duration,
                clearExpiredByTimeout: true,
                inMemoryBlockOnConsumed: points,
                insuranceLimiter: memory(),
              },
              (err?: unknown) => (err ? reject(err) : resolve(made)),
            )
          }),
      )
    : memory()
  const table = identityTable(maxClients, registrationWindowMs)
  return (address) =>
    limiter.consume(table.admit(address)).then(
      () => 0,
      (e: unknown) => {
        if (!(e instanceof RateLimiterRes)) throw e
        refused()
        return Math.max(1, Math.ceil(e.msBeforeNext / 1000))
      },
    )
}
