/**
 * Readiness (`/ready`, docs/deploy.md): the database answers, and the instance is not shutting
 * down; `drain` turns it to 503 for good, so a load balancer stops sending new requests.
 */
import type { Response } from "@whatwg-node/server"
import type { Db } from "../db/connect.js"
import { json } from "./responses.js"

export const makeReadiness = (database: Pick<Db, "dialect" | "ping">) => {
  let draining = false
  const ready = async (): Promise<Response> => {
    if (draining) return json(503, { status: "draining", database: database.dialect })
    const reachable = await Promise.race([
      database.ping().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
    ])
    return reachable
      ? json(200, { status: "ready", database: database.dialect })
      : json(503, { status: "database unreachable", database: database.dialect })
  }
  return {
    ready,
    drain: () => {
      draining = true
    },
  }
}
