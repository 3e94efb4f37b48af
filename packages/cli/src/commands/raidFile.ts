/**
 * The raid file: `{"format":"blight-raid@1","events":[…]}`, the raid's whole log. It is read with
 * bounds (size before reading, nesting depth before parsing, event count before decoding), so a
 * hostile or broken file is refused with one line, and written atomically (a temporary file in the
 * same directory, then a rename), so a rejected command or a crash never leaves half a log.
 */
import { resolve } from "node:path"
import { SchemaText } from "@blight/dice"
import { Battle, type BattleEvent, type BattleState, coreRegistry, formatProblem } from "@blight/rules"
import { Result } from "effect"
import {
  MAX_BYTES as BOUNDED_MAX_BYTES,
  depthOf,
  MAX_DEPTH,
  parseBounded,
  readBounded,
  writeAtomic,
} from "../BoundedFile.js"
import { type Io, UsageError } from "../Command.js"
import { loadPackFiles } from "./pack.js"

export const FORMAT = "blight-raid@1"
/** A raid of 20 rounds logs a few thousand events; 32 MiB leaves ample room. */
export const MAX_BYTES = BOUNDED_MAX_BYTES
export { depthOf, MAX_DEPTH, parseBounded, readBounded }
export const MAX_EVENTS = 200_000

/** A raid read from its file: the events, and the state they fold to. */
export interface RaidFile {
  readonly path: string
  readonly text: string
  readonly events: ReadonlyArray<BattleEvent.Event>
  readonly state: BattleState.State
  /** Which campaign state it was set up from (`raid new --campaign`, R-CAMPAIGN-40), kept as read. */
  readonly campaign?: unknown
}

/** The content a raid is played with: the core pack and the homebrew packs given with `--pack`. */
export type Env = ReturnType<typeof Battle.envOf>
export type Content = ReturnType<typeof coreRegistry>

/** The core pack with the `--pack` files on top; a broken pack is refused with its problems (at most 5). */
export const contentFrom = async (files: readonly string[], io: Io): Promise<Content> => {
  if (files.length === 0) return coreRegistry()
  const { registry } = await loadPackFiles(files, io)
  if (Result.isFailure(registry)) {
    const problems = registry.failure
    throw new UsageError(
      `--pack: ${problems
        .slice(0, 5)
        .map(formatProblem)
        .join(
          "; ",
        )}${problems.length > 5 ? `; and ${problems.length - 5} more (see \`blight pack validate\`)` : ""}`,
    )
  }
  return registry.success
}

/**
 * The Env for a raid: every pack its set-up recorded must be loaded (given again with `--pack`),
 * so a raid is never played on with content other than it was set up with.
 */
export const envFor = (state: BattleState.State, content: Content = coreRegistry()): Env =>
  Result.getOrThrowWith(
    Battle.envFor(state, content),
    (missing) =>
      new UsageError(
        `packs: this raid was set up with ${missing.join(", ")}; give ${missing.length === 1 ? "its file" : "their files"} with --pack FILE`,
      ),
  )

/** The events of a log file's JSON `{"format":…,"events":[…]}`, checked for its format and count. */
export const logEvents = (json: unknown, file: string, format: string, what: string): unknown[] => {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new UsageError(`${file}: a ${what} file is an object {"format":"${format}","events":[…]}`)
  const o = json as { format?: unknown; events?: unknown }
  if (o.format !== format)
    throw new UsageError(
      `${file}: format: expected "${format}", got ${JSON.stringify(o.format)?.slice(0, 40) ?? "nothing"}`,
    )
  if (!Array.isArray(o.events)) throw new UsageError(`${file}: events: expected an array of events`)
  if (o.events.length > MAX_EVENTS)
    throw new UsageError(`${file}: events: ${o.events.length} events, more than the ${MAX_EVENTS} allowed`)
  return o.events
}

/** The longest `--command` JSON a `do` takes. */
export const MAX_COMMAND_CHARS = 64 * 1024

/** A `do`'s command: its `--command` JSON (bounded), else its words read by `fromWords`. */
export const commandInput = (
  command: string | undefined,
  words: readonly string[],
  fromWords: (words: readonly string[]) => unknown,
): unknown => {
  if (command === undefined) return fromWords(words)
  if (command.length > MAX_COMMAND_CHARS)
    throw new UsageError(`--command: longer than ${MAX_COMMAND_CHARS} characters`)
  return parseBounded(command, "--command")
}

/** Reads and checks a raid file: bounded, the right format, events that decode and fold. */
export const readRaid = async (file: string, io: Io): Promise<RaidFile> => {
  const text = await readBounded(file, io)
  const json = parseBounded(text, file)
  const decoded = Battle.decodeEvents(logEvents(json, file, FORMAT, "raid"))
  // A campaign raid set up at the table carries the campaign's marker (R-CAMPAIGN-40).
  const campaign = (json as { campaign?: unknown }).campaign
  if (Result.isFailure(decoded)) {
    const [first] = SchemaText.problems(decoded.failure)
    throw new UsageError(
      `${file}: events${first?.path.length ? `[${first.path.join("].")}` : ""}: ${(first?.message ?? "invalid").split("\n")[0]!.slice(0, 160)}`,
    )
  }
  const events = decoded.success
  if (events[0]?.type !== "battle.setup")
    throw new UsageError(`${file}: events[0]: a raid's first event is its set-up (battle.setup)`)
  let state: BattleState.State
  try {
    state = Battle.replay(events)
  } catch (e) {
    throw new UsageError(
      `${file}: events: the log does not fold to a state (${e instanceof Error ? e.message : e})`,
    )
  }
  return {
    path: resolve(io.cwd ?? process.cwd(), file),
    text,
    events,
    state,
    ...(campaign !== undefined ? { campaign } : {}),
  }
}

/** The file's text for a log, with the campaign marker of a campaign raid (kept from set-up to the end). */
export const raidText = (events: ReadonlyArray<BattleEvent.Event>, campaign?: unknown): string =>
  `${JSON.stringify({ format: FORMAT, ...(campaign !== undefined ? { campaign } : {}), events })}\n`

/** Writes a raid file atomically: a temporary file beside it, then a rename over it. */
export const writeRaid = (
  path: string,
  events: ReadonlyArray<BattleEvent.Event>,
  campaign?: unknown,
): Promise<void> => writeAtomic(path, raidText(events, campaign), "raid")
