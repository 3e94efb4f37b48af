/**
 * "Stream S has new events up to sequence N", told to every instance on the database
 * (docs/deploy.md). A notice carries no events: a listener reads them from the events table after
 * the last sequence it delivered. Notices can be late, repeated or merged without an event being
 * lost, repeated or reordered.
 *
 * - PostgreSQL: `NOTIFY` on one channel, sent inside the transaction that appends the events, so it
 *   goes out exactly when they are committed. Each instance holds one `LISTEN` connection. If that
 *   connection drops, the instance reconnects and tells every listener to catch up, because
 *   notices sent while it was away are gone.
 * - SQLite: an in-process signal. Other processes on the same file are caught by a slow poll of the
 *   streams someone is listening to.
 */
import { EventEmitter } from "node:events"
import pg from "pg"

export const CHANNEL = "blight_events"

/** A notice's payload: the stream and the last sequence now committed in it. */
export const noticeOf = (stream: string, sequence: number): string => JSON.stringify([stream, sequence])

export interface Notifier {
  /** The channel to NOTIFY in an appending transaction (PostgreSQL), or undefined (SQLite). */
  readonly channel?: string
  /** Tells listeners in this process at once (call after the append commits; PostgreSQL also notifies in the transaction). */
  readonly committed: (stream: string, sequence: number) => void
  /**
   * Calls `wake` when `stream` may have new events: after a notice about it, or (`sequence`
   * undefined) when notices may have been missed. Returns the unsubscribe function.
   */
  readonly listen: (stream: string, wake: (sequence: number | undefined) => void) => () => void
  readonly close: () => Promise<void>
}

const parse = (payload: string | undefined): [string, number] | undefined => {
  try {
    const v = JSON.parse(payload ?? "")
    return Array.isArray(v) && typeof v[0] === "string" && Number.isSafeInteger(v[1])
      ? [v[0], v[1]]
      : undefined
  } catch {
    return undefined
  }
}

/** Listeners by stream, on one emitter (many streams, a few listeners each). */
const listeners = () => {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  const streams = new Map<string, number>()
  return {
    emit: (stream: string, sequence: number | undefined) => emitter.emit(stream, sequence),
    everyone: () => {
      for (const s of streams.keys()) emitter.emit(s, undefined)
    },
    streams: () => [...streams.keys()],
    add: (stream: string, wake: (sequence: number | undefined) => void) => {
      emitter.on(stream, wake)
      streams.set(stream, (streams.get(stream) ?? 0) + 1)
      return () => {
        emitter.off(stream, wake)
        const n = (streams.get(stream) ?? 1) - 1
        if (n === 0) streams.delete(stream)
        else streams.set(stream, n)
      }
    },
  }
}

/**
 * On PostgreSQL: one LISTEN connection (opened on first use, reopened with back-off after it drops).
 * `connectionString` is the service's DATABASE_URL; `reconnected` hears of each reopening (metrics).
 */
export const postgresNotifier = (
  connectionString: string,
  log: (m: string) => void = () => {},
  reconnected: () => void = () => {},
): Notifier => {
  const local = listeners()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let delay = 100
  // Opened once already: the next opening is a reconnection.
  let opened = false

  const connect = (): Promise<void> => {
    if (connecting) return connecting
    connecting = (async () => {
      const c = new pg.Client({ connectionString, application_name: "blight-live" })
      c.on("notification", (n) => {
        const notice = n.channel === CHANNEL ? parse(n.payload) : undefined
        if (notice) local.emit(notice[0], notice[1])
      })
      const lost = () => {
        if (client !== c) return
        client = undefined
        connecting = undefined
        c.removeAllListeners("end")
        void c.end().catch(() => undefined)
        if (!closed) schedule()
      }
      c.on("error", lost)
      c.on("end", lost)
      try {
        await c.connect()
        await c.query(`LISTEN ${CHANNEL}`)
      } catch (e) {
        connecting = undefined
        void c.end().catch(() => undefined)
        if (!closed) {
          log(`live events: could not LISTEN (${e instanceof Error ? e.message : String(e)}); retrying`)
          schedule()
        }
        return
      }
      if (closed) {
        await c.end().catch(() => undefined)
        return
      }
      client = c
      delay = 100
      if (opened) reconnected()
      opened = true
      // Anything committed while no connection listened is found by a catch-up read.
      local.everyone()
    })()
    return connecting
  }
  const schedule = () => {
    if (retry || closed) return
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, delay)
    retry.unref()
    delay = Math.min(delay * 2, 5000)
  }

  return {
    channel: CHANNEL,
    committed: (stream, sequence) => local.emit(stream, sequence),
    listen: (stream, wake) => {
      void connect()
      return local.add(stream, wake)
    },
    close: async () => {
      closed = true
      if (retry) clearTimeout(retry)
      await connecting
      const c = client
      client = undefined
      await c?.end().catch(() => undefined)
    },
  }
}

/**
 * On SQLite: in-process notices, and a poll every `pollMs` (default 500) while anyone listens.
 * The poll only wakes the listeners (sequence undefined); they read the file themselves. This catches
 * what another process appended to the same file.
 */
export const localNotifier = (pollMs = 500): Notifier => {
  const local = listeners()
  let timer: NodeJS.Timeout | undefined
  const ensurePoll = () => {
    if (timer || pollMs <= 0) return
    timer = setInterval(() => {
      if (local.streams().length === 0) {
        clearInterval(timer)
        timer = undefined
        return
      }
      local.everyone()
    }, pollMs)
    timer.unref()
  }
  return {
    committed: (stream, sequence) => local.emit(stream, sequence),
    listen: (stream, wake) => {
      const off = local.add(stream, wake)
      ensurePoll()
      return off
    },
    close: async () => {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
}
