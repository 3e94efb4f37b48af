/** A stream's row as the use-cases read it, and its places (seats, members) waiting for their players. */
import { Effect } from "effect"
import type * as Repo from "../../db/repositories.js"
import { type ApiError, notFound } from "../ApiError.js"
import type { Deps } from "../Deps.js"

/** Reads a stream's row by id, 404 naming the `noun` when there is none. */
export const loader =
  <R>(noun: string, find: (db: Deps["db"], id: string) => Promise<R | undefined>) =>
  (deps: Deps, id: string): Effect.Effect<R, ApiError> =>
    Effect.flatMap(
      Effect.promise(() => find(deps.db, id)),
      (row) => (row ? Effect.succeed(row) : Effect.fail(notFound(`no ${noun} "${id.slice(0, 64)}"`))),
    )

/** The player's first place still waiting for its Refuge (-1: none). */
export const openPlace = (
  places: ReadonlyArray<{ readonly player: string }>,
  refuges: ReadonlyArray<unknown>,
  player: Repo.Player,
): number => places.findIndex((p, i) => p.player === player.id && refuges[i] === null)

/** A set-up with one place's Refuge in. */
export const withRefuge = <R, S extends { readonly refuges: ReadonlyArray<R | null> }>(
  setup: S,
  place: number,
  refuge: R,
): S => ({ ...setup, refuges: setup.refuges.map((r, i) => (i === place ? refuge : r)) })
