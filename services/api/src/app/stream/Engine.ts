/**
 * What the event-stream module (app/stream) asks of a game to keep its games as streams: how to
 * read its stored events and fold them into a state, how to decide a command against a state, and
 * how to store an append. Raids and campaigns are two such engines; a new game brings its own
 * adapter and its routes, and the cycle (load, fold, decide, append, notify, follow) is this
 * module's.
 */
import type { Effect, Result } from "effect"
import type * as Repo from "../../db/repositories.js"
import type { ApiError } from "../ApiError.js"
import type { Deps } from "../Deps.js"

/** What the module reads of a stream's row: its id, its version (its last seq), its last snapshot. */
export interface StreamRow {
  readonly id: string
  readonly version: number
  /** The seq of the last snapshot saved (0 or absent: none). */
  readonly snapshotSeq?: number
}

/**
 * Why a command was refused, decided once: `seat` when it is another player's to give (403),
 * `rules` when the engine refuses it (400, with the clause and where in the body it points).
 */
export interface Rejection {
  readonly kind: "seat" | "rules"
  readonly reason: string
  readonly clause?: string | undefined
  /** Where in the request body a rules refusal points (absent: the command as a whole). */
  readonly path?: string
}

/** A command's events and the state after them. */
export interface Decided<S, E> {
  readonly events: ReadonlyArray<E>
  readonly state: S
}

/** The types one engine works with. */
export interface StreamTypes {
  readonly row: StreamRow
  readonly state: unknown
  readonly event: { readonly type: string }
  readonly command: unknown
  /** The row's status after an append (what the lists show). */
  readonly status: string
  /** What an append may carry besides the events (a raid's seats, a campaign's unlinking). */
  readonly extra: object
}

/** The row an append writes (see append.ts). */
export type StreamAppend<T extends StreamTypes> = Omit<Repo.Append, "status"> & {
  readonly status: T["status"]
} & Partial<T["extra"]>

export interface StreamEngine<T extends StreamTypes> {
  /** What the service's messages call one stream ("raid", "campaign"). */
  readonly noun: string
  /** How many streams' states are kept in memory (by version: a version names one state). */
  readonly kept: number
  /** The stored events, decoded (the log is the server's own: a row that doesn't decode is a defect). */
  readonly decode: (rows: ReadonlyArray<Repo.StoredEvent>) => ReadonlyArray<T["event"]>
  /** The state after `events`, from `from` (a kept state or a snapshot) or from nothing. */
  readonly fold: (events: ReadonlyArray<T["event"]>, from: T["state"] | undefined) => T["state"]
  /** Snapshots: taken when `every` events have been stored since the last and the state allows. */
  readonly snapshots?: {
    readonly every: number
    readonly decode: (json: string) => T["state"]
    readonly mayTake: (state: T["state"]) => boolean
  }
  readonly status: (state: T["state"]) => T["status"]
  /**
   * Decides a command once for the player: the events and the state after them, or the rejection
   * (a seat refusal is one of its kinds, not a second decision).
   */
  readonly decide: (
    deps: Deps,
    row: T["row"],
    player: Repo.Player,
    state: T["state"],
    command: T["command"],
  ) => Effect.Effect<Result.Result<Decided<T["state"], T["event"]>, Rejection>, ApiError>
  /** Stores an append if the stream is still at its `expected` version: the new version, or undefined. */
  readonly write: (deps: Deps, append: StreamAppend<T>) => Promise<number | undefined>
  /** Run after an append is stored (a campaign's raid that ended is folded into its campaign). */
  readonly appended?: (
    deps: Deps,
    row: T["row"],
    expected: number,
    version: number,
    state: T["state"],
  ) => Effect.Effect<void>
}
