/** A stream's row as the use-cases read it, and its places (seats, members) waiting for their players. */
import { Effect } from "effect"
import type * as Repo from "../../db/repositories.js"
import { type ApiError, conflict, notFound } from "../ApiError.js"
import type { Deps } from "../Deps.js"

/** Reads a stream's row by id, 404 naming the `noun` when there is none. */
export const loader =
  <R>(noun: string, find: (db: Deps["db"], id: string) => Promise<R | undefined>) =>
  (deps: Deps, id: string): Effect.Effect<R, ApiError> =>
    Effect.flatMap(
      Effect.promise(() => find(deps.db, id)),
      (row) => (row ? Effect.succeed(row) : Effect.fail(notFound(`no ${noun} "${id.slice(0, 64)}"`))),
    )

/**
 * The player's first place still waiting for its Refuge: 409 when the stream is not waiting for
 * players or has no such place (`place`: what the game calls one, a seat, a member's place).
 */
export const openPlace = (
  noun: string,
  place: string,
  row: { readonly id: string; readonly status: string },
  places: ReadonlyArray<{ readonly player: string }>,
  refuges: ReadonlyArray<unknown>,
  player: Repo.Player,
): Effect.Effect<number, ApiError> => {
  const i = places.findIndex((p, k) => p.player === player.id && refuges[k] === null)
  return row.status !== "waiting" || i < 0
    ? Effect.fail(conflict(`${noun} "${row.id}" has no open ${place} of yours`))
    : Effect.succeed(i)
}

/** Stores a set-up with a place filled if it is still `before` (of two joiners one wins; 409 for the other). */
export const fillPlace = <S>(
  noun: string,
  deps: Deps,
  id: string,
  change: { readonly before: S; readonly after: S },
  fill: (db: Deps["db"], id: string, before: string, after: string, at: string) => Promise<boolean>,
): Effect.Effect<void, ApiError> =>
  Effect.flatMap(
    Effect.promise(() =>
      fill(deps.db, id, JSON.stringify(change.before), JSON.stringify(change.after), deps.now()),
    ),
    (stored) =>
      stored ? Effect.void : Effect.fail(conflict(`${noun} "${id}" changed while joining: try again`)),
  )

/** A set-up with one place's Refuge in. */
export const withRefuge = <R, S extends { readonly refuges: ReadonlyArray<R | null> }>(
  setup: S,
  place: number,
  refuge: R,
): S => ({ ...setup, refuges: setup.refuges.map((r, i) => (i === place ? refuge : r)) })
