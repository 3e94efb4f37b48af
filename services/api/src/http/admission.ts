/**
 * The admission pipeline every request passes before it is routed to a handler: who is asking (the
 * verified key when the request needs one, else the address), refused while the address has failed
 * too many key checks, and counted against that identity's request budget (429 with Retry-After).
 */
import type { Response } from "@whatwg-node/server"
import { Exit } from "effect"
import { ApiError, unauthorized } from "../app/ApiError.js"
import * as App from "../app/App.js"
import type { Metrics } from "./metrics.js"
import type { RateLimiter } from "./RateLimit.js"

/** Answers a refusal in the shape of the endpoint asked (REST's JSON error, or GraphQL's). */
export type Refuse = (e: ApiError, headers?: Record<string, string>) => Response

/** The caller of a request that sent no key (made once: an error object is not free). */
export const noCaller: Promise<Exit.Exit<App.Caller, ApiError>> = Promise.resolve(Exit.fail(unauthorized()))

export type Admission = ReturnType<typeof makeAdmission>

export const makeAdmission = (deps: App.Deps, limiter: RateLimiter, metrics: Metrics | undefined) => {
  /** Checks the key a request carries; a failure spends the address's budget of failed checks. */
  const authenticate = async (header: string, address: string): Promise<Exit.Exit<App.Caller, ApiError>> => {
    const exit = await App.checkKey(deps, header)
    if (Exit.isFailure(exit)) await limiter.authFailed(address)
    return exit
  }

  /**
   * Who is asking: the verified key, when the request needs one (an invented key is not an
   * identity: it is checked, and a failure is counted against the address), else the address; the
   * request is counted against that identity's budget. Resolves to the refusal to answer, or the
   * key check's outcome (undefined when no key was needed or sent).
   */
  const admit = async (
    authorization: string | null | undefined,
    needsKey: boolean,
    address: string,
    refuse: Refuse,
  ): Promise<Response | Exit.Exit<App.Caller, ApiError> | undefined> => {
    let exit: Exit.Exit<App.Caller, ApiError> | undefined
    if (needsKey && authorization) {
      const blocked = await authRefusal(address, refuse)
      if (blocked) return blocked
      exit = await authenticate(authorization, address)
    }
    return (await spend(exit, address, refuse)) ?? exit
  }

  /** The refusal while the address has failed too many key checks, or undefined. */
  const authRefusal = async (address: string, refuse: Refuse) => {
    const blocked = await limiter.authBlocked(address)
    if (blocked > 0) metrics?.refused("auth_failures")
    return blocked > 0
      ? refuse(
          new ApiError({
            code: "rate_limited",
            message: `too many failed API keys; try again in ${blocked}s`,
          }),
          { "retry-after": String(blocked) },
        )
      : undefined
  }

  /** Counts the request against the verified key, else the address; the refusal when over budget. */
  const spend = async (
    exit: Exit.Exit<App.Caller, ApiError> | undefined,
    address: string,
    refuse: Refuse,
  ) => {
    const identity = exit && Exit.isSuccess(exit) ? `key:${exit.value.keyId}` : `ip:${address}`
    const wait = await limiter.hit(identity)
    if (wait > 0) metrics?.refused("requests")
    return wait > 0
      ? refuse(new ApiError({ code: "rate_limited", message: `too many requests; try again in ${wait}s` }), {
          "retry-after": String(wait),
        })
      : undefined
  }

  return { admit, authRefusal, spend, authFailed: (address: string) => limiter.authFailed(address) }
}
