/**
 * A command on a stream, the one cycle every engine shares: it is decided against the version the
 * caller names (409 when stale), once, by the engine (403 for a seat refusal, 400 for the rules'
 * with the clause), and its events are appended at that version (409 when another command was
 * stored first). Nothing is stored unless the whole command is.
 */
import { Effect, Result } from "effect"
import type * as Repo from "../../db/repositories.js"
import { type ApiError, badRequest, conflict, forbidden } from "../ApiError.js"
import type { Deps } from "../Deps.js"
import { append } from "./append.js"
import type { Decided, Rejection, StreamEngine, StreamTypes } from "./Engine.js"
import { stateAt } from "./state.js"

/** The answer to a refused command. */
export const refusal = (r: Rejection): ApiError =>
  r.kind === "seat"
    ? forbidden(r.reason)
    : badRequest(`refused: ${r.reason}`, [
        { path: r.path ?? "command", message: r.reason, ...(r.clause ? { clause: r.clause } : {}) },
      ])

/** A command that does not match its schema: 400 with each problem under `command.` ("path: message" lines). */
export const commandMismatch = (lines: ReadonlyArray<string>): ApiError =>
  badRequest(
    "the command does not match the schema",
    lines.map((line) => {
      const [path, ...rest] = line.split(": ")
      return { path: `command.${path}`, message: rest.join(": ") }
    }),
  )

/** 409 unless the stream is at the version the command was decided against. */
export const current = (
  noun: string,
  row: { readonly id: string; readonly version: number },
  version: number,
) =>
  row.version === version
    ? Effect.void
    : Effect.fail(
        conflict(
          `${noun} "${row.id}" is at version ${row.version}, not ${version}: reload it and decide again`,
        ),
      )

/** Decides a command against `version` and stores its events: the new version, the events and the state after. */
export const runCommand = <T extends StreamTypes>(
  engine: StreamEngine<T>,
  deps: Deps,
  player: Repo.Player,
  row: T["row"],
  version: number,
  command: T["command"],
): Effect.Effect<Decided<T["state"], T["event"]> & { readonly version: number }, ApiError> =>
  Effect.gen(function* () {
    yield* current(engine.noun, row, version)
    const state = yield* stateAt(engine, deps, row)
    const decided = yield* engine.decide(deps, row, player, state, command)
    if (Result.isFailure(decided)) return yield* Effect.fail(refusal(decided.failure))
    const stored = yield* append(engine, deps, { row, expected: version, decided: decided.success })
    if (stored === undefined)
      return yield* Effect.fail(
        conflict(`${engine.noun} "${row.id}" moved on while deciding: reload it and decide again`),
      )
    return { ...decided.success, version: stored }
  })
