/** A stream's state at its version: kept in memory, or folded from a kept state or snapshot and the events after it. */
import { Effect, Result } from "effect"
import * as Repo from "../../db/repositories.js"
import type { Deps } from "../Deps.js"
import type { StreamEngine, StreamTypes } from "./Engine.js"
import { statesOf } from "./runtime.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

/**
 * Decodes stored events with an engine's decoder: the log is the server's own writing, so a row
 * that doesn't decode is a defect, not the caller's.
 */
export const logDecoder =
  <E>(
    decode: (bodies: ReadonlyArray<unknown>) => Result.Result<ReadonlyArray<E>, { message: string }>,
    what: string,
  ) =>
  (rows: ReadonlyArray<Repo.StoredEvent>): ReadonlyArray<E> => {
    const decoded = decode(rows.map((r) => JSON.parse(r.body)))
    if (Result.isFailure(decoded)) throw new Error(`stored ${what} do not decode: ${decoded.failure.message}`)
    return decoded.success
  }

/** Where to fold from: the kept state when older than the row, else the row's snapshot, else nothing. */
const startOf = <T extends StreamTypes>(engine: StreamEngine<T>, deps: Deps, row: T["row"]) =>
  Effect.gen(function* () {
    const kept = statesOf(deps, engine).get(row.id)
    if (kept && kept.version < row.version)
      return { from: kept.state as T["state"] | undefined, after: kept.version }
    const seq = row.snapshotSeq ?? 0
    if (engine.snapshots && seq > 0) {
      const saved = yield* db(() => Repo.snapshotAt(deps.db, row.id, seq))
      if (saved !== undefined) return { from: engine.snapshots.decode(saved), after: seq }
    }
    return { from: undefined, after: 0 }
  })

/** The state of a stored stream at its version. */
export const stateAt = <T extends StreamTypes>(
  engine: StreamEngine<T>,
  deps: Deps,
  row: T["row"],
): Effect.Effect<T["state"]> =>
  Effect.gen(function* () {
    const kept = statesOf(deps, engine).get(row.id)
    if (kept && kept.version === row.version) return kept.state
    const { from, after } = yield* startOf(engine, deps, row)
    const rows = yield* db(() => Repo.eventsAfter(deps.db, row.id, after, { upTo: row.version }))
    const state = engine.fold(engine.decode(rows), from)
    statesOf(deps, engine).set(row.id, { version: row.version, state })
    return state
  })
