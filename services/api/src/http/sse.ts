/**
 * Streams of server-sent events for the REST routes that follow a log (a raid's, a campaign's):
 * `id:` the seq (a client resuming sends it back as Last-Event-ID), `event:` the event's type,
 * `data:` the entry as JSON; a comment every 15 s while idle.
 */

/** A stream of server-sent events (text/event-stream): the router sends it as it comes. */
export class Streamed {
  constructor(readonly body: ReadableStream<Uint8Array>) {}
}

/** Sent on an idle stream so proxies and clients know it is alive. */
const HEARTBEAT_MS = 15_000

/** Where a follower starts: a reconnecting client's Last-Event-ID wins over `?after=` (it is where it got to). */
export const resumeAt = (
  lastEventId: string | undefined,
  after: number | undefined,
  version: number,
): number => {
  const resume = Number(lastEventId ?? after ?? 0)
  return Number.isInteger(resume) && resume >= 0 ? Math.min(resume, version) : 0
}

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
