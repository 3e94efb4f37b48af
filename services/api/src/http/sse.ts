/**
 * Streams of server-sent events for the REST routes that follow a log (a raid's, a campaign's):
 * `id:` the seq (a client resuming sends it back as Last-Event-ID), `event:` the event's type,
 * `data:` the entry as JSON; a comment every 15 s while idle.
 */
import { Effect, Schema } from "effect"
import type { ApiError } from "../app/ApiError.js"
import { decodeBody, decodeQuery } from "../app/App.js"
import { EventsQuery } from "../app/Raids.js"
import type { Followed } from "../app/stream/index.js"
import type { RouteContext } from "./route.js"

/** A stream of server-sent events (text/event-stream): the router sends it as it comes. */
export class Streamed {
  constructor(readonly body: ReadableStream<Uint8Array>) {}
}

/** Sent on an idle stream so proxies and clients know it is alive. */
const HEARTBEAT_MS = 15_000

/** A stream's query: where to start (the same bound as a page of the log's `after`). */
export const StreamQuery = Schema.Struct({ after: EventsQuery.fields.after })

/** The Last-Event-ID header, held to the same rule as `?after=`: a junk value is a 400, not a replay from 0. */
const LastEventId = Schema.Struct({ "Last-Event-ID": EventsQuery.fields.after })

/**
 * The seq a follower asks to start after: a reconnecting client's Last-Event-ID wins over
 * `?after=` (it is where it got to); 0 when neither is sent. Checked before the stream is read.
 */
export const resumeFrom = (
  query: Readonly<Record<string, string>>,
  lastEventId: string | undefined,
): Effect.Effect<number, ApiError> =>
  Effect.gen(function* () {
    const q = yield* decodeQuery(StreamQuery, query)
    if (lastEventId === undefined) return q.after ?? 0
    const h = yield* decodeBody(LastEventId, { "Last-Event-ID": lastEventId }, "Last-Event-ID header")
    return h["Last-Event-ID"] ?? 0
  })

/**
 * The entries `follow` yields as SSE; `follow` is given a signal aborted when the client goes away
 * (`signal`) or cancels the stream.
 */
export const sseOf = <E extends { readonly seq: number; readonly event: { readonly type: string } }>(
  signal: AbortSignal,
  follow: (signal: AbortSignal) => AsyncGenerator<E>,
): Streamed => {
  const abort = new AbortController()
  signal.addEventListener("abort", () => abort.abort(), { once: true })
  const events = follow(abort.signal)
  const encoder = new TextEncoder()
  let pending: Promise<IteratorResult<E>> | undefined
  return new Streamed(
    new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(encoder.encode("retry: 2000\n\n")),
      pull: async (controller) => {
        pending ??= events.next()
        let timer: NodeJS.Timeout | undefined
        const idle = new Promise<"idle">((resolve) => {
          timer = setTimeout(() => resolve("idle"), HEARTBEAT_MS)
        })
        const next = await Promise.race([pending, idle])
        clearTimeout(timer)
        if (next === "idle") {
          controller.enqueue(encoder.encode(": still here\n\n"))
          return
        }
        pending = undefined
        if (next.done) {
          controller.close()
          return
        }
        const e = next.value
        controller.enqueue(
          encoder.encode(`id: ${e.seq}\nevent: ${e.event.type}\ndata: ${JSON.stringify(e)}\n\n`),
        )
      },
      cancel: () => {
        abort.abort()
      },
    }),
  )
}

/** A stream's SSE route handler: checked before the stream opens, then from where the client resumes. */
export const followRoute =
  <E extends { readonly seq: number; readonly event: { readonly type: string } }>(stream: Followed<E>) =>
  (ctx: RouteContext) =>
    Effect.gen(function* () {
      const from = yield* resumeFrom(ctx.query, ctx.lastEventId)
      const row = yield* stream.followable(ctx.deps, ctx.player, ctx.params.id!)
      const after = Math.min(from, row.version)
      return sseOf(ctx.signal, (signal) => stream.follow(ctx.deps, row.id, after, signal))
    })
