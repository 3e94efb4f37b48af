/**
 * Following a stream: every event after `after`, in order, then each new one as it is stored, until
 * the follower leaves or the service closes. Read from the database each time (a wake-up only says
 * "look"), so a follower sees the log exactly: no gap, no repeat, whatever it missed while slow.
 */
import type { Effect } from "effect"
import * as Repo from "../../db/repositories.js"
import type { ApiError } from "../ApiError.js"
import type { Deps } from "../Deps.js"
import type { Caller } from "../Keys.js"
import { runtimeOf } from "./runtime.js"

/** How long a follower waits for news before reading the log anyway (another server may have written). */
const RECHECK_MS = 15_000

/** Waits for a wake-up (news, an abort, or the recheck). */
const waitFor = (setWake: (wake: (() => void) | undefined) => void) =>
  new Promise<void>((resolve) => {
    setWake(resolve)
    setTimeout(resolve, RECHECK_MS).unref?.()
  }).finally(() => setWake(undefined))

/** `view` turns a run of stored rows into what a follower sees, one per row, in order. */
export async function* followStream<E extends { readonly seq: number }>(
  deps: Deps,
  id: string,
  after: number,
  signal: AbortSignal,
  view: (rows: ReadonlyArray<Repo.StoredEvent>) => ReadonlyArray<E>,
): AsyncGenerator<E> {
  const rt = runtimeOf(deps)
  rt.following++
  let last = after
  let woken = true
  let wake: (() => void) | undefined
  const unlisten = rt.notifier.listen(id, () => {
    woken = true
    wake?.()
  })
  const onAbort = () => wake?.()
  const closing = rt.closing.signal
  signal.addEventListener("abort", onAbort)
  closing.addEventListener("abort", onAbort)
  const over = () => signal.aborted || closing.aborted
  try {
    while (!over()) {
      if (!woken) {
        await waitFor((w) => {
          wake = w
        })
        if (over()) return
      }
      woken = false
      for (;;) {
        const rows = await Repo.eventsAfter(deps.db, id, last, { limit: 500 })
        if (rows.length === 0) break
        for (const e of view(rows)) {
          last = e.seq
          yield e
        }
        if (rows.length < 500) break
      }
    }
  } finally {
    rt.following--
    unlisten()
    signal.removeEventListener("abort", onAbort)
    closing.removeEventListener("abort", onAbort)
  }
}

/**
 * A stream as a transport follows it (an SSE route, a GraphQL subscription): `followable` checks
 * the caller may follow it (its id and version), `follow` gives its entries from a seq on.
 */
export interface Followed<E> {
  readonly followable: (
    deps: Deps,
    player: Caller,
    id: string,
  ) => Effect.Effect<{ readonly id: string; readonly version: number }, ApiError>
  readonly follow: (deps: Deps, id: string, after: number, signal: AbortSignal) => AsyncGenerator<E>
}
