/**
 * The Nightsong game file: `{"format":"nightsong-game@1","events":[…]}`, the game's whole log.
 * Read with bounds (size, nesting depth, event count) and checked (each event an object with a
 * type, the first the game's start, the log folds); written atomically (a temporary file beside
 * it, then a rename), so a refused command or a crash never leaves half a log.
 */
import { resolve } from "node:path"
import { Game } from "@blight/nightsong"
import { MAX_BYTES, parseBounded, readBounded, writeAtomic } from "../../BoundedFile.js"
import { type Io, UsageError } from "../../Command.js"
import { logEvents } from "../raidFile.js"

export const FORMAT = "nightsong-game@1"
/** A game read from its file. */
export interface GameFile {
  readonly path: string
  readonly events: ReadonlyArray<Game.GameEvent>
  readonly state: Game.GameState
}

const checkEvents = (file: string, events: unknown[]): ReadonlyArray<Game.GameEvent> => {
  events.forEach((e, i) => {
    if (typeof e !== "object" || e === null || typeof (e as { type?: unknown }).type !== "string")
      throw new UsageError(`${file}: events[${i}]: an event is an object with a type`)
  })
  const first = events[0] as { type?: string; state?: unknown } | undefined
  if (first?.type !== "started" || typeof first.state !== "object")
    throw new UsageError(`${file}: events[0]: a game's first event is its start (started)`)
  return events as ReadonlyArray<Game.GameEvent>
}

/** Reads and checks a game file. */
export const readGame = async (file: string, io: Io): Promise<GameFile> => {
  const json = parseBounded(await readBounded(file, io, MAX_BYTES), file)
  const events = checkEvents(file, logEvents(json, file, FORMAT, "game"))
  let state: Game.GameState
  try {
    state = Game.rebuild(events)
  } catch (e) {
    throw new UsageError(
      `${file}: events: the log does not fold to a state (${e instanceof Error ? e.message : e})`,
    )
  }
  return { path: resolve(io.cwd ?? process.cwd(), file), events, state }
}

/** The file's text for a log. */
export const gameText = (events: ReadonlyArray<Game.GameEvent>): string =>
  `${JSON.stringify({ format: FORMAT, events })}\n`

/** Writes a game file atomically (a temporary file beside it, then a rename over it). */
export const writeGame = (path: string, events: ReadonlyArray<Game.GameEvent>): Promise<void> =>
  writeAtomic(path, gameText(events), "nightsong")
