/**
 * `blight nightsong game new|do|show|legal|replay`: a Nightsong session at the table, kept in one
 * file (its event log, `gameFile.ts`), as `blight raid` keeps a raid. `do` appends a command's
 * events atomically, and nothing at all when the rules refuse it (one line naming the rule, exit 2).
 */
import { Game } from "@blight/nightsong"
import { Result } from "effect"
import { parseBounded, readBounded } from "../../BoundedFile.js"
import { type Command, EXIT, type Io, parse, UsageError, writeJson } from "../../Command.js"
import { seedFrom } from "../../Seed.js"
import { runSubverb, type Subverb } from "../../Subverbs.js"
import { commandInput } from "../raidFile.js"
import { gameText, readGame, writeGame } from "./gameFile.js"
import { eventWords, promptWords, stateLines } from "./gameSay.js"
import { fromWords, GRAMMAR, toLine } from "./gameWords.js"
import { nightsongContent } from "./packs.js"
import { loadLand } from "./world.js"

const usage = `usage:
  blight nightsong game new --players A,B,C [--referee NAME] [--seed N] [--manual] [--solo] [--pack FILE]… > game.json
      a new game: the players' seats and the Referee's (default "referee"); dice rolled by the
      game from a seed (a fresh one is drawn and shown without --seed), or typed in (--manual);
      --solo: solo play, every Check Nuanced and DR 12 unless stated (N-CHECK-03, N-NUANCED-03);
      --pack: Nightsong packs the game plays with (their creatures, Spells and tables), kept in
      the game file so a replay reads the same
  blight nightsong game legal GAME [--json] [--by SEAT]   what may be done now (--json: {"commands":[…]})
  blight nightsong game do GAME COMMAND… [--json] [--by SEAT]
  blight nightsong game do GAME --command '<json>' [--json] [--by SEAT]
      do a command as SEAT (default any: one person at every seat); its events are appended to
      GAME and printed in words (--json: as events)
  blight nightsong game show GAME [--json]        the game for people (--json: the state and its hash)
  blight nightsong game replay GAME [--json]      rebuild the state from the events alone: its hash,
                                                  and whether this engine re-decides the log the same
Exit 0: done; 2: bad arguments, a bad game file, or a command the rules refuse (one line, with the rule).

${GRAMMAR}`

const onlyFile = (positionals: readonly string[]): string => {
  const [file, extra] = positionals
  if (file === undefined) throw new UsageError("which game file? e.g. `blight nightsong game show game.json`")
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  return file
}

const gameNew = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    players: { type: "string" },
    referee: { type: "string" },
    seed: { type: "string" },
    manual: { type: "boolean" },
    solo: { type: "boolean" },
    pack: { type: "string", multiple: true },
  } as const)
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
  const players = (o.players ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
  if (players.length === 0) throw new UsageError("--players: the players' seats, as in --players ann,bo,cy")
  const referee = o.referee ?? "referee"
  if (players.includes(referee) || players.includes("any") || referee === "any")
    throw new UsageError("--players: each seat once; the Referee's seat and `any` are not players'")
  if (new Set(players).size !== players.length) throw new UsageError("--players: a seat is named twice")
  if (o.manual && o.seed !== undefined) throw new UsageError("--manual: dice typed in take no --seed")
  const seed = o.manual ? undefined : seedFrom(o.seed)
  const content = await nightsongContent(o.pack, io)
  const g = Game.newGame({ players, referee, seed, solo: o.solo === true, content })
  io.stdout.write(gameText(g.events))
  if (o.seed === undefined && !o.manual)
    io.stderr.write(`blight nightsong game new: dice seeded with --seed ${seed}\n`)
  return EXIT.ok
}

const gameLegal = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    json: { type: "boolean" },
    by: { type: "string" },
  } as const)
  const g = await readGame(onlyFile(positionals), io)
  const commands = Game.legal(g.state, o.by ?? "any")
  if (o.json) writeJson(io, { commands })
  else if (commands.length === 0) io.stdout.write(`nothing for ${o.by ?? "anyone"} to do now\n`)
  else io.stdout.write(`${commands.map((c) => toLine(c as Record<string, unknown>)).join("\n")}\n`)
  return EXIT.ok
}

/** Splits `do`'s own flags (--json, --by, --command) from the command's words. */
const doArgs = (args: readonly string[]) => {
  const words: string[] = []
  let json = false
  let by: string | undefined
  let command: string | undefined
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string
    const [flag, inline] = a.split(/=(.*)/s) as [string, string | undefined]
    if (a === "--json") json = true
    else if (flag === "--by" || flag === "--command") {
      const v = inline ?? args[++i]
      if (v === undefined) throw new UsageError(`${flag} needs a value`)
      if (flag === "--by") by = v
      else command = v
    } else words.push(a)
  }
  const [file, ...rest] = words
  if (file === undefined)
    throw new UsageError("which game file? e.g. `blight nightsong game do game.json session start`")
  if (command !== undefined && rest.length > 0)
    throw new UsageError("give the command as words or as --command '<json>', not both")
  return { file, words: rest, json, by, command }
}

const decode = (input: unknown): Game.Command => {
  try {
    return Game.decodeCommand(input)
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
}

/** The largest character sheet `join … sheet=FILE` reads. */
const MAX_SHEET_BYTES = 1024 * 1024

/** The field of a command that words give as a JSON file: a sheet, another game's stat block. */
const FILE_FIELD: Readonly<Record<string, string>> = { join: "sheet", convert: "block" }

/**
 * `join … sheet=FILE` (as `blight nightsong character --json` prints it), `convert … block=FILE`
 * (a stat block as `blight nightsong convert` reads it): the JSON is read from FILE.
 */
const withSheet = async (input: unknown, io: Io): Promise<unknown> => {
  const o = input as Record<string, unknown> | null
  const field =
    typeof o?.type === "string" && Object.hasOwn(FILE_FIELD, o.type) ? FILE_FIELD[o.type] : undefined
  const file = field === undefined ? undefined : o?.[field]
  if (field === undefined || typeof file !== "string") return input
  return { ...o, [field]: parseBounded(await readBounded(file, io, MAX_SHEET_BYTES), file) }
}

/** `land load=FILE`: the saved Land is read from FILE and checked as `world --load` checks it. */
const withLand = async (input: unknown, io: Io): Promise<unknown> => {
  const o = input as { type?: unknown; load?: unknown } | null
  if (o?.type !== "land" || typeof o.load !== "string") return input
  const { load, ...rest } = o
  return { ...rest, world: await loadLand(load, io) }
}

const gameDo = async (args: readonly string[], io: Io): Promise<number> => {
  const a = doArgs(args)
  const g = await readGame(a.file, io)
  const input = await withLand(await withSheet(commandInput(a.command, a.words, fromWords), io), io)
  const r = Game.play({ events: g.events, state: g.state }, decode(input), a.by ?? "any")
  if (Result.isFailure(r)) {
    io.stderr.write(
      `blight nightsong game do: refused: ${r.failure.reason}${r.failure.clause ? ` (${r.failure.clause})` : ""}\n`,
    )
    return EXIT.usage
  }
  const fresh = r.success.events.slice(g.events.length)
  await writeGame(g.path, r.success.events)
  const prompt = r.success.state.pending?.prompt
  if (a.json) {
    writeJson(io, {
      events: fresh,
      ...(prompt ? { pending: prompt } : {}),
      hash: Game.hashOf(r.success.state),
    })
    return EXIT.ok
  }
  const lines = fresh.map(eventWords).filter((l): l is string => l !== undefined)
  const waiting = promptWords(prompt)
  if (waiting) lines.push(`waiting: ${waiting}`)
  io.stdout.write(lines.length ? `${lines.join("\n")}\n` : "")
  return EXIT.ok
}

const gameShow = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, { json: { type: "boolean" } } as const)
  const g = await readGame(onlyFile(positionals), io)
  if (o.json) writeJson(io, { hash: Game.hashOf(g.state), state: g.state })
  else io.stdout.write(`${stateLines(g.state).join("\n")}\n`)
  return EXIT.ok
}

const gameReplay = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, { json: { type: "boolean" } } as const)
  const g = await readGame(onlyFile(positionals), io)
  const folded = Game.hashOf(Game.replay(g.events))
  const again = Game.redecide(g.events)
  const same =
    Result.isSuccess(again) &&
    Game.hashOf(again.success.state) === folded &&
    again.success.events.length === g.events.length
  const why = Result.isFailure(again)
    ? `${again.failure.reason}${again.failure.clause ? ` (${again.failure.clause})` : ""}`
    : undefined
  if (o.json)
    writeJson(io, {
      hash: folded,
      events: g.events.length,
      redecided: same,
      ...(why ? { refused: why } : {}),
    })
  else
    io.stdout.write(
      `${g.events.length} events; hash ${folded}; ${same ? "this engine re-decides the log the same" : `this engine decides the log differently${why ? `: ${why}` : ""}`}\n`,
    )
  return same ? EXIT.ok : EXIT.failed
}

const subverbs: Record<string, Subverb> = {
  new: gameNew,
  legal: gameLegal,
  do: gameDo,
  show: gameShow,
  replay: gameReplay,
}

export const game: Command = {
  name: "game",
  summary: "play a Nightsong session: new, do commands, show it, list what is legal, replay it",
  usage,
  handlesHelp: true,
  run: (args, io) => runSubverb(subverbs, usage, args, io),
}
