/**
 * Appending to a stream: the events decided against `expected` are stored only if the stream is
 * still at that version (optimistic concurrency: of concurrent appends on one version exactly one
 * is stored), with a snapshot when due and, on PostgreSQL, the NOTIFY in the same transaction;
 * then the state is kept and listeners are told.
 */
import { Effect } from "effect"
import { noticeOf } from "../../live/Notifier.js"
import type { Deps } from "../Deps.js"
import type { Decided, StreamAppend, StreamEngine, StreamTypes } from "./Engine.js"
import { runtimeOf, statesOf } from "./runtime.js"

/** What is appended: events decided against `expected` on the stream `row`, and what goes with them. */
export interface Appending<T extends StreamTypes> {
  readonly row: T["row"]
  readonly expected: number
  readonly decided: Decided<T["state"], T["event"]>
  readonly extra?: T["extra"]
}

/** The row an append writes: the events after `expected`, the status, a snapshot when due, the notice. */
export const appendRow = <T extends StreamTypes>(
  engine: StreamEngine<T>,
  deps: Deps,
  { row, expected, decided, extra }: Appending<T>,
): StreamAppend<T> => {
  const next = expected + decided.events.length
  const notifier = runtimeOf(deps).notifier
  const snap = engine.snapshots
  // Far enough from the last one, and where the engine allows (a raid: at a dice roll, nothing to undo).
  const snapshot =
    snap && next - (row.snapshotSeq ?? 0) >= snap.every && snap.mayTake(decided.state)
      ? JSON.stringify(decided.state)
      : undefined
  return {
    stream: row.id,
    expected,
    events: decided.events.map((e) => ({ type: e.type, body: JSON.stringify(e) })),
    at: deps.now(),
    status: engine.status(decided.state),
    ...extra,
    ...(snapshot !== undefined ? { snapshot } : {}),
    ...(notifier.channel ? { notice: { channel: notifier.channel, payload: noticeOf(row.id, next) } } : {}),
  } as StreamAppend<T>
}

/** After a stored append: the state is kept at its version and listeners are told. */
export const appendedAt = <T extends StreamTypes>(
  engine: StreamEngine<T>,
  deps: Deps,
  id: string,
  version: number,
  state: T["state"],
): void => {
  statesOf(deps, engine).set(id, { version, state })
  runtimeOf(deps).notifier.committed(id, version)
}

/** Stores events decided against `expected`: the new version, or undefined when another wrote first. */
export const append = <T extends StreamTypes>(
  engine: StreamEngine<T>,
  deps: Deps,
  appending: Appending<T>,
): Effect.Effect<number | undefined> =>
  Effect.gen(function* () {
    const { row, expected, decided } = appending
    const version = yield* Effect.promise(() => engine.write(deps, appendRow(engine, deps, appending)))
    if (version === undefined) return undefined
    appendedAt(engine, deps, row.id, version, decided.state)
    if (engine.appended) yield* engine.appended(deps, row, expected, version, decided.state)
    return version
  })
