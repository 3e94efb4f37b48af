/**
 * A use case's outcome as the answer sent: a value as JSON (or a stream, or raw bytes), a typed
 * failure as its error, a defect logged once and answered as an opaque 500; and an answer the
 * server writes on node's response itself (a plain read's).
 */
import { Response } from "@whatwg-node/server"
import { Cause, Effect, Exit, Option } from "effect"
import type { ApiError } from "../app/ApiError.js"
import { errorResponse, internalBody, json } from "./responses.js"
import { Raw, Streamed } from "./routes.js"

/** Runs a use-case: typed failures become their answer; a defect is logged once and answered as an opaque 500. */
export const run = async (
  effect: Effect.Effect<unknown, ApiError>,
  status: number,
  log: (msg: string) => void,
  requestId: string,
) => answerOf(await Effect.runPromiseExit(effect), status, log, requestId)

/** A use case's outcome as its answer (see {@link run}). */
export const answerOf = (
  exit: Exit.Exit<unknown, ApiError>,
  status: number,
  log: (msg: string) => void,
  requestId: string,
) => {
  if (Exit.isSuccess(exit)) {
    const v = exit.value
    if (v instanceof Streamed)
      return new Response(v.body, {
        status,
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          "x-accel-buffering": "no",
        },
      })
    return v instanceof Raw
      ? new Response(v.body, { status, headers: { "content-type": v.contentType, ...v.headers } })
      : json(status, v)
  }
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isSome(failure)) return errorResponse(failure.value, requestId)
  log(`[${requestId}] internal error: ${Cause.pretty(exit.cause)}`)
  return json(500, internalBody(requestId))
}

/** An answer the server writes on node's response itself (a plain read's). */
export interface PlainAnswer {
  readonly status: number
  /** Header names and values, in the order sent. */
  readonly headers: ReadonlyArray<string>
  readonly body: Uint8Array
}

/** A Response made here (a JSON body, no stream) as a {@link PlainAnswer}. */
export const plainOf = async (response: Response): Promise<PlainAnswer> => {
  const body = new Uint8Array(await response.arrayBuffer())
  const headers: string[] = []
  for (const [name, value] of response.headers) if (name !== "content-length") headers.push(name, value)
  headers.push("content-length", String(body.byteLength))
  return { status: response.status, headers, body }
}
